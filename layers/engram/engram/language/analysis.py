"""Text analysis for BM25, shared by indexing and querying.

The chain mirrors the OpenSearch analyzer the index template uses, so the
embedded index and OpenSearch rank the same tokens:

    OpenSearch (custom analyzer)          here
    ----------------------------          ----
    standard tokenizer                    word runs / CJK runs split by script
    cjk_width                             NFKC (a superset: also folds fullwidth
                                          ASCII and halfwidth katakana)
    lowercase                             str.lower()
    cjk_bigram                            overlapping bigrams per CJK run; a
                                          one-character run emits the unigram
    stop (_english_)                      STOPWORDS (the packs' `bm25_stop_words`:
                                          Lucene's English list)
    porter_stem                           engram.language.porter (same algorithm)

Han, Hiragana, Katakana and Hangul are one CJK class, as in `cjk_bigram` with all
scripts enabled: "東京に行く" -> 東京 京に に行 行く. Whitespace or punctuation
ends a run, so Korean words separated by spaces are bigrammed separately.

Apostrophes are dropped inside words ("don't" -> "dont") after the English
possessive "'s" is removed, so every token is made of letters and digits only
and survives any tokenizer (SQLite FTS5 `unicode61`) unchanged.
"""

from __future__ import annotations

import re
import unicodedata

from engram.language.lazy_pattern import lazy_compile
from engram.language.packs import PACKS
from engram.language.porter import porter_stem

__all__ = ["STOPWORDS", "analyze", "detect_language"]

# Every pack's BM25 stop words; Lucene's English list (OpenSearch `_english_`) is the only one.
STOPWORDS: frozenset[str] = frozenset(word for pack in PACKS for word in pack.text.bm25_stop_words)

_HAN = (
    "\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3038-\u303b"  # radicals, 々〆〇, Suzhou numerals
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"  # unified + compatibility ideographs
)
_KANA = "\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f"  # ・ (U+30FB) is punctuation
_HANGUL = "\u1100-\u11ff\u3131-\u318e\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff"
_CJK = _HAN + _KANA + _HANGUL
_APOSTROPHES = "'\u2019"

# A word is letters/digits (not CJK) with optional inner apostrophes.
_WORD = rf"[^\W_{_CJK}]+(?:[{_APOSTROPHES}][^\W_{_CJK}]+)*"
_TOKEN_RE = lazy_compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>{_WORD})")

_HAN_RE = lazy_compile(f"[{_HAN}]")
_KANA_RE = lazy_compile(f"[{_KANA}]")
_HANGUL_RE = lazy_compile(f"[{_HANGUL}]")
_LATIN_WORD_RE = lazy_compile(r"[^\W\d_]+", re.ASCII)


def _normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


def _word_token(word: str) -> str | None:
    """Possessive, apostrophe, stopword and stemming rules for one non-CJK word."""
    if "'" in word or "\u2019" in word:
        word = word.replace("\u2019", "'")
        if word.endswith("'s"):
            word = word[:-2]
        word = word.replace("'", "")
    if word in STOPWORDS:
        return None
    return porter_stem(word)  # every word, as porter_stem does in OpenSearch


def analyze(text: str) -> list[str]:
    """Tokens for BM25, in text order (duplicates kept: they are term frequency)."""
    tokens: list[str] = []
    append = tokens.append
    for match in _TOKEN_RE.finditer(_normalize(text)):
        run = match.group("cjk")
        if run is not None:
            if len(run) == 1:
                append(run)
            else:
                tokens.extend(run[i : i + 2] for i in range(len(run) - 1))
            continue
        token = _word_token(match.group("word"))
        if token:
            append(token)
    return tokens


def detect_language(text: str) -> str:
    """Return "en" | "zh" | "ja" | "ko" | "und" from script counts.

    Kana only occurs in Japanese and Hangul only in Korean; Han without either is
    Chinese. A CJK character weighs as much as a whole Latin word, so a Chinese
    sentence quoting an English term stays "zh" while an English sentence naming
    a place in Han ("I visited 台北 last week") stays "en".
    """
    normalized = unicodedata.normalize("NFKC", text)
    kana = len(_KANA_RE.findall(normalized))
    hangul = len(_HANGUL_RE.findall(normalized))
    han = len(_HAN_RE.findall(normalized))
    latin_words = len(_LATIN_WORD_RE.findall(normalized))
    cjk = kana + hangul + han
    if cjk == 0 or latin_words > cjk:
        return "en" if latin_words else "und"
    if hangul > kana:
        return "ko"
    if kana:
        return "ja"
    return "zh"
