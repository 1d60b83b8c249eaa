"""Korean text-analysis words: topic words are Hangul words without their particle."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engram.language.text_pack import TextPack

_KO_PARTICLES = re.compile(
    r"(?:이에요|예요|이랑|에서|에게|한테|으로|까지|부터|처럼|보다|은|는|이|가|을|를|에|의|로|도|와|과|랑|요)$"
)
_KO_STOP = frozenset(
    [
        "그리고",
        "그런데",
        "하지만",
        "그래서",
        "오늘",
        "어제",
        "내일",
        "정말",
        "진짜",
        "너무",
        "조금",
        "많이",
        "제가",
        "저는",
        "나는",
        "우리",
        "있어요",
        "없어요",
        "했어요",
        "해요",
    ]
)
_KO_PREDICATE = re.compile(r"(?:요|다|니다|죠)$")
_HANGUL_WORD = re.compile(r"[\uac00-\ud7a3]{2,}")


def _topic_words(text: str) -> Iterator[str]:
    for word in _HANGUL_WORD.findall(text):
        if _KO_PREDICATE.search(word):
            continue  # "갔어요", "괜찮아요": a verb or adjective, not a topic
        stem = _KO_PARTICLES.sub("", word)
        if len(stem) >= 2 and stem not in _KO_STOP and word not in _KO_STOP:
            yield stem


TEXT = TextPack(bm25_stop_words=frozenset(), topic_words=_topic_words)
