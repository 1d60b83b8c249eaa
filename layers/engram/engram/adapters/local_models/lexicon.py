"""The local heuristics' word lists, joined from the language packs' signal words."""

from __future__ import annotations

import re

from engram.language.packs import PACKS

# Each pattern joins every language pack's words (language/<code>/signals.py) in registry order.
EMOTION_PATTERNS: dict[str, re.Pattern[str]] = {
    name: re.compile("|".join(pack.signals.emotion_words[name] for pack in PACKS), re.I)
    for name in dict.fromkeys(name for pack in PACKS for name in pack.signals.emotion_words)
}

SALIENT = re.compile("|".join(pack.signals.salient for pack in PACKS), re.I)

HIGH_IMPORTANCE = re.compile("|".join(pack.signals.high_importance for pack in PACKS), re.I)

STOP_TOPICS = frozenset(word for pack in PACKS for word in pack.signals.summary_stop_topics)


def emotion_of(text: str) -> str:
    scores = {name: len(p.findall(text)) for name, p in EMOTION_PATTERNS.items()}
    best = max(scores, key=lambda k: scores[k])
    return best if scores[best] else "calm"
