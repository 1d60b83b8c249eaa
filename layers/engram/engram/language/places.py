"""The cities a text names ("one perk of living in Brooklyn", 台北的捷運, 京都は観光客多すぎて, 서울 집값).

A statement of where one lives often says only the city, and no verb of living: the embedder alone
places "台北的捷運今天又擠到爆" nearer work than home. The names are GeoNames' (places.txt, built by
scripts/build_places.py, which says which cities and names are in it and which everyday words are
not), matched as whole names: Latin ones capitalised, between word boundaries; Han, kana and Hangul
ones leftmost-longest (東京都 is 東京, not 京都), Hangul only at a word's start. A name followed by an
honorific is a person (松本さん, 수원 씨, Mr. Lincoln)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_NAMES = Path(__file__).with_name("places.txt")
_LATIN_RUN = re.compile(r"(?<![\w.])[A-Z][\w'-]*\.?(?:\s+[A-Z][\w'-]*\.?){0,3}")
_NATIVE_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_HONORIFIC = re.compile(r"\s?(?:さん|くん|君|ちゃん|様|先生|씨|님|선생|小姐|老師|老师)")
_TITLE = re.compile(r"(?:Mr|Mrs|Ms|Dr|Miss|Prof)\.?\s+$")
_LONGEST = 8  # characters of the longest native name looked for
_NUMERAL = "0123456789０１２３４５６７８９一二三四五六七八九十兩两幾几百千"
_SUFFIX = re.compile(r"(?:\s?City|都|府|県|縣|县|市|区|區|시|군|구)$")
_APOSTROPHE_S = re.compile(r"['’]s$")


@cache
def _names() -> tuple[frozenset[str], frozenset[str]]:
    latin: set[str] = set()
    native: set[str] = set()
    for line in _NAMES.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            (latin if line[0].isascii() else native).add(line)
    return frozenset(latin), frozenset(native)


def city_key(name: str) -> str:
    """One city's names said with and without what it is (東京都 / 東京, 台南市 / 台南, Hualien City)."""
    stem = _SUFFIX.sub("", name)
    return stem if len(stem) >= 2 else name  # 京都 is not 京, 대구 not 대


def named_places(text: str) -> tuple[str, ...]:
    """The city names in `text`, in order."""
    latin, native = _names()
    found: list[str] = []
    for run in _LATIN_RUN.finditer(text):
        words = [_APOSTROPHE_S.sub("", w) for w in run.group().split()]  # "Boston's winters"
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):  # the longest name starting at word i
                name = " ".join(words[i:j]).rstrip(".")
                if name in latin and not _TITLE.search(text[: run.start()] + " ".join(words[:i]) + " "):
                    found.append(name)
                    i = j
                    break
            else:
                i += 1
    for run in _NATIVE_RUN.finditer(text):
        chunk, start, i = run.group(), run.start(), 0
        while i < len(chunk):
            for size in range(min(_LONGEST, len(chunk) - i), 1, -1):
                name = chunk[i : i + size]
                if name not in native or (_HANGUL.match(name) and i and _HANGUL.match(chunk[i - 1])):
                    continue
                if start + i and text[start + i - 1] in _NUMERAL:  # 一台中古車: a numeral and its counter
                    continue
                if not _HONORIFIC.match(text, start + i + size):
                    found.append(name)
                i += size
                break
            else:
                i += 1
    return tuple(found)
