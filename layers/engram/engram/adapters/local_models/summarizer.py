"""Extractive summariser: keeps the most informative sentences, in the user's own words."""

from __future__ import annotations

from collections.abc import Sequence

from engram.adapters.local_models import LOCAL_MODEL
from engram.adapters.local_models.lexicon import HIGH_IMPORTANCE, SALIENT, STOP_TOPICS, emotion_of
from engram.conversation.models import SessionSummary, Turn
from engram.kernel.ports import TokenCounter
from engram.language.analysis import detect_language
from engram.language.sentences import split_sentences
from engram.language.topics import topics


def _score(sentence: str) -> float:
    # Salient words (health, identity, numbers) and length, capped so one long line cannot dominate.
    return 2.0 * len(SALIENT.findall(sentence)) + min(len(sentence), 120) / 40.0


class LocalSummarizer:
    name = LOCAL_MODEL

    def __init__(self, counter: TokenCounter, ratio: float = 0.2) -> None:
        self._counter = counter
        self._ratio = ratio  # S4 target: >= 80 % saving per chunk

    def _pick(self, sentences: list[str], budget: int) -> str:
        ranked = sorted(range(len(sentences)), key=lambda i: -_score(sentences[i]))
        chosen: list[int] = []
        used = 0
        for i in ranked:
            cost = self._counter.count(sentences[i]) + 1
            if used + cost > budget:
                continue
            chosen.append(i)
            used += cost
        return " ".join(sentences[i] for i in sorted(chosen))

    def summarize_rounds(self, previous_summary: str, turns: Sequence[Turn], max_tokens: int) -> str:
        user_sentences = [s for t in turns for s in split_sentences(t.user_text)]
        chunk_tokens = sum(self._counter.count(t.user_text) + self._counter.count(t.assistant_text) for t in turns)
        budget = max(12, int(chunk_tokens * self._ratio))
        new_part = self._pick(user_sentences, budget)
        if not new_part and user_sentences:  # every sentence is longer than the budget: cut the best one
            best = max(user_sentences, key=_score)
            new_part = self._counter.truncate(best, budget)
        merged = f"{previous_summary} {new_part}".strip() if previous_summary else new_part
        return merged if self._counter.count(merged) <= max_tokens else self.compress(merged, max_tokens)

    def compress(self, summary: str, max_tokens: int) -> str:
        """Keep the most informative sentences within the budget; order preserved."""
        target = max(8, max_tokens * 2 // 3)  # leave room for the next chunks
        picked = self._pick(split_sentences(summary), target)
        return picked or self._counter.truncate(summary, target)

    def summarize_session(self, summary: str, turns: Sequence[Turn]) -> SessionSummary:
        user_text = " ".join(t.user_text for t in turns)
        sentences = split_sentences(user_text) or split_sentences(summary)
        best = sorted(sentences, key=lambda s: -_score(s))[:2]
        text = " ".join(s for s in sentences if s in best) or summary[:200]
        importance = 3 + min(4, len(SALIENT.findall(user_text)) // 2) + (3 if HIGH_IMPORTANCE.search(user_text) else 0)
        return SessionSummary(
            summary=text,
            topics=tuple(_topics(user_text + " " + summary)),
            emotion=emotion_of(user_text),  # type: ignore[arg-type]
            importance=max(1, min(10, importance)),
            model=self.name,
        )


def _topics(text: str, n: int = 5) -> list[str]:
    return [t for t in topics(text, detect_language(text), n) if t not in STOP_TOPICS]
