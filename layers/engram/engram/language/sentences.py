"""Sentence splitting that works for English and CJK punctuation."""

from __future__ import annotations

import re

_SPLIT = re.compile(r"(?<=[.!?。！？])\s*|\n+")


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SPLIT.split(text) if s and s.strip()]
