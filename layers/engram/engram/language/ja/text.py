"""Japanese text-analysis words: topic words are Katakana runs and Kanji runs."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engram.language.text_pack import TextPack

_JA_STOP = frozenset(["今日", "昨日", "明日", "自分", "本当", "今回", "最近", "私", "僕", "俺"])
_KATAKANA = re.compile(r"[\u30a1-\u30faー]{2,}")
_KANJI_RUN = re.compile(r"[\u4e00-\u9fff々]{2,6}")


def _topic_words(text: str) -> Iterator[str]:
    yield from _KATAKANA.findall(text)
    for run in _KANJI_RUN.findall(text):
        if run not in _JA_STOP:
            yield run


TEXT = TextPack(bm25_stop_words=frozenset(), topic_words=_topic_words)
