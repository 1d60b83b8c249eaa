"""R2's local fallback: an extractive short form within a byte budget, in the memory's own words.

No model: the sentence that carries most of the memory's salient and frequent words (the
first one, where a memory usually says what it is about, gets a head start) is kept, cut at a
word — in CJK text a character — boundary with an ellipsis when it is longer than the budget;
other sentences follow, in their order, while they fit. The result never exceeds the budget,
so the ratio the caller asks for is always met.
"""

from __future__ import annotations

import re
from collections import Counter

from engram.adapters.local_models import LOCAL_MODEL
from engram.adapters.local_models.lexicon import SALIENT
from engram.language.analysis import analyze
from engram.language.sentences import split_sentences

ELLIPSIS = "…"
_CLAUSE = re.compile(r"(?<=[,;:，、；：])\s*")


def _bytes(text: str) -> int:
    return len(text.encode("utf-8"))


def cut_to_bytes(text: str, max_bytes: int) -> str:
    """The longest prefix within `max_bytes` including the ellipsis, ending at a word boundary
    when the text has spaces (CJK text is cut between characters)."""
    room = max_bytes - _bytes(ELLIPSIS)
    if room <= 0:
        return ""
    prefix = text.encode("utf-8")[:room].decode("utf-8", errors="ignore")
    if " " in prefix.strip() and len(prefix) < len(text) and not text[len(prefix)].isspace():
        prefix = prefix[: prefix.rstrip().rfind(" ")] if prefix.rstrip().rfind(" ") > 0 else prefix
    prefix = prefix.rstrip(" ,;:，、；：")
    return prefix + ELLIPSIS if prefix else ""


class ExtractiveCompressor:
    name = LOCAL_MODEL

    def compress(self, text: str, max_bytes: int) -> str:
        sentences = split_sentences(text)
        units = sentences if len(sentences) > 1 else [c for c in _CLAUSE.split(text) if c.strip()]
        if not units:
            return ""
        weights = Counter(analyze(text))

        def score(i: int) -> float:
            unit = units[i]
            content = sum(weights[w] for w in set(analyze(unit))) + 3.0 * len(SALIENT.findall(unit))
            return content / (1.0 + _bytes(unit) / 160.0) * (1.5 if i == 0 else 1.0)

        ranked = sorted(range(len(units)), key=lambda i: -score(i))
        best = units[ranked[0]].strip()
        if _bytes(best) > max_bytes:
            return cut_to_bytes(best, max_bytes)
        chosen = [ranked[0]]
        used = _bytes(best)
        for i in ranked[1:]:
            cost = _bytes(units[i].strip()) + 1
            if used + cost <= max_bytes:
                chosen.append(i)
                used += cost
        return " ".join(units[i].strip() for i in sorted(chosen))
