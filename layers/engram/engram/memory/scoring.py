"""Pure scoring functions: effective importance (R1), fusion (L3), rerank (L3), salience inputs."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engram.memory.models import MemoryRecord

if TYPE_CHECKING:  # settings (pydantic-settings) are not needed to import the scoring functions
    from engram.settings import Settings

DAY_S = 86_400.0
WEEK_S = 7 * DAY_S


def effective_importance(base: float, created_at: float, access_count: int, now: float, settings: Settings) -> float:
    """R1: base × 0.95^weeks_since_creation × (1 + 0.1 × accesses), clipped to [0, 1].

    Derived when read — no job rewrites every memory every day (ARCHITECTURE §5).
    """
    weeks = max(0.0, now - created_at) / WEEK_S
    score: float = base * settings.weekly_decay**weeks * (1 + settings.access_boost * access_count)
    return min(1.0, max(0.0, score))


def record_effective_importance(record: MemoryRecord, now: float, settings: Settings) -> float:
    start = record.decay_from if record.decay_from is not None else record.created_at
    return effective_importance(record.importance, start, record.access_count, now, settings)


def crossing_time(base: float, start: float, access_count: int, threshold: float, settings: Settings) -> float | None:
    """R1: when base × decay^weeks × (1 + boost × accesses) falls below `threshold` (epoch
    seconds; `start` if it already is), or None if it never does. The clip at 1 does not move
    the crossing of a threshold below 1."""
    boosted = base * (1 + settings.access_boost * access_count)
    if boosted < threshold:
        return start
    if settings.weekly_decay >= 1.0 or threshold <= 0:
        return None
    weeks = math.log(threshold / boosted) / math.log(settings.weekly_decay)
    return start + weeks * WEEK_S


def time_decay(created_at: float, now: float, lambda_per_day: float) -> float:
    """L3: exp(−λ · age_days)."""
    return math.exp(-lambda_per_day * max(0.0, now - created_at) / DAY_S)


def reciprocal_rank_fusion(rankings: Sequence[tuple[Sequence[str], float]], k: int) -> dict[str, float]:
    """Weighted RRF: Σ weight / (k + rank), rank starting at 1."""
    fused: dict[str, float] = {}
    for ids, weight in rankings:
        for rank, doc_id in enumerate(ids, start=1):
            fused[doc_id] = fused.get(doc_id, 0.0) + weight / (k + rank)
    return fused


def score_fusion(
    text_scores: dict[str, float],
    knn_cosines: Sequence[float],
    cosines: dict[str, float],
    vector_weight: float,
    cosine_spread: float,
    lexical_weight: float = 1.0,
) -> dict[str, float]:
    """L3 score fusion: BM25 / best BM25 + weight × max(0, 1 − (best − cos) / span).

    ``knn_cosines`` are the k-NN hits' similarities; ``span`` is ``cosine_spread`` of their
    standard deviations, so the fusion adapts to an embedder's cosine range (e5's sit in a
    narrow band near 0.8, OpenAI's spread far wider). ``cosines`` holds every candidate's.
    """
    best_text = max(text_scores.values(), default=0.0)
    best_cos = max(knn_cosines, default=0.0)
    span = cosine_spread * statistics.pstdev(knn_cosines) if len(knn_cosines) > 1 else 0.0
    fused: dict[str, float] = {}
    for doc_id, cos in cosines.items():
        lexical = lexical_weight * text_scores.get(doc_id, 0.0) / best_text if best_text > 0 else 0.0
        dense = max(0.0, 1.0 - (best_cos - cos) / span) if span > 0 else float(bool(knn_cosines) and cos >= best_cos)
        fused[doc_id] = lexical + vector_weight * dense
    return fused


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0
