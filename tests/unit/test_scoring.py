"""R1 effective importance, L3 score fusion, weighted RRF and time decay: the formulas, exactly."""

from __future__ import annotations

import math
import statistics

import pytest

from engram.kernel.clock import ManualClock
from engram.memory.models import MemoryRecord, MemoryType
from engram.memory.scoring import (
    DAY_S,
    WEEK_S,
    cosine,
    effective_importance,
    reciprocal_rank_fusion,
    record_effective_importance,
    score_fusion,
    time_decay,
)
from engram.settings import Settings

S = Settings()
T0 = 1_767_225_600.0


def r1(base: float, weeks: float, accesses: int) -> float:
    """SPEC R1 written out: base × 0.95^weeks × (1 + 0.1 × accesses), clipped to [0, 1]."""
    return min(1.0, max(0.0, base * float(0.95**weeks) * (1 + 0.1 * accesses)))


@pytest.mark.parametrize(
    ("base", "weeks", "accesses"),
    [(0.5, 0, 0), (0.5, 1, 0), (0.5, 2, 3), (0.8, 0.5, 1), (0.3, 10, 0), (0.5, 52, 0), (0.7, 3, 7)],
)
def test_effective_importance_is_the_r1_formula(base: float, weeks: float, accesses: int) -> None:
    got = effective_importance(base, T0, accesses, T0 + weeks * WEEK_S, S)
    assert got == pytest.approx(r1(base, weeks, accesses), rel=1e-12)


def test_defaults_match_the_spec() -> None:
    assert (S.importance_at_birth, S.access_boost, S.weekly_decay, S.compress_below) == (0.5, 0.1, 0.95, 0.3)
    assert effective_importance(S.importance_at_birth, T0, 0, T0, S) == 0.5
    assert effective_importance(0.5, T0, 0, T0 + WEEK_S, S) == pytest.approx(0.475)
    assert effective_importance(0.5, T0, 1, T0, S) == pytest.approx(0.55)  # +0.1 per access


def test_clipped_to_the_unit_interval() -> None:
    assert effective_importance(0.9, T0, 5, T0, S) == 1.0  # 0.9 × 1.5 = 1.35 -> 1
    assert effective_importance(1.0, T0, 100, T0 + WEEK_S, S) == 1.0
    assert effective_importance(-0.2, T0, 0, T0, S) == 0.0
    assert effective_importance(0.0, T0, 50, T0, S) == 0.0


def test_no_growth_when_the_clock_runs_behind_creation() -> None:
    assert effective_importance(0.5, T0, 0, T0 - 30 * DAY_S, S) == 0.5


def test_decay_is_continuous_in_fractional_weeks() -> None:
    half = effective_importance(0.5, T0, 0, T0 + 3.5 * DAY_S, S)
    assert half == pytest.approx(0.5 * math.sqrt(0.95))
    assert effective_importance(0.5, T0, 0, T0 + WEEK_S, S) < half < 0.5


def test_configured_parameters_are_used() -> None:
    custom = Settings(weekly_decay=0.5, access_boost=0.5)
    assert effective_importance(0.8, T0, 1, T0 + 2 * WEEK_S, custom) == pytest.approx(0.8 * 0.25 * 1.5)


def test_a_simulated_year_of_decay_falls_below_the_compression_threshold() -> None:
    """X6: an untouched memory born at 0.5 crosses 0.3 in week 10 and is ~0.035 after a year."""
    clock = ManualClock(T0)
    record = MemoryRecord("m", "t", "u", "p", MemoryType.FACT, "x", S.importance_at_birth, T0, T0)
    crossed_at = None
    for week in range(1, 53):
        clock.advance(WEEK_S)
        score = record_effective_importance(record, clock.now(), S)
        if crossed_at is None and score < S.compress_below:
            crossed_at = week
    assert crossed_at == math.ceil(math.log(0.3 / 0.5) / math.log(0.95)) == 10
    year = record_effective_importance(record, clock.now(), S)
    assert year == pytest.approx(0.5 * 0.95**52) and year < 0.3
    # the same memory, used now and then, stays above the threshold
    record.access_count = 12
    assert record_effective_importance(record, T0 + 10 * WEEK_S, S) > S.compress_below


def test_rrf_is_the_weighted_sum_of_reciprocal_ranks() -> None:
    bm25 = ["a", "b", "c"]
    vector = ["c", "a", "d"]
    fused = reciprocal_rank_fusion([(bm25, 0.4), (vector, 0.6)], 60)
    assert fused == pytest.approx(
        {
            "a": 0.4 / 61 + 0.6 / 62,
            "b": 0.4 / 62,
            "c": 0.4 / 63 + 0.6 / 61,
            "d": 0.6 / 63,
        }
    )
    order = sorted(fused, key=lambda k: -fused[k])
    assert order == ["a", "c", "d", "b"]  # both lists beat one; a vector-only hit beats a BM25-only one


def test_rrf_edge_cases() -> None:
    assert reciprocal_rank_fusion([], 60) == {}
    assert reciprocal_rank_fusion([([], 0.4), ([], 0.6)], 60) == {}
    assert reciprocal_rank_fusion([(["x"], 1.0)], 1) == {"x": 0.5}
    # a document at the same rank in both lists gets the full weight: (0.4 + 0.6) / (k + 1)
    assert reciprocal_rank_fusion([(["x"], 0.4), (["x"], 0.6)], 60)["x"] == pytest.approx(1 / 61)


def test_score_fusion_is_bm25_share_plus_weighted_cosine_closeness() -> None:
    knn = [0.90, 0.86, 0.82]  # population std = 0.03266; span = 2 × std
    span = 2 * statistics.pstdev(knn)
    cosines = {"a": 0.90, "b": 0.86, "c": 0.82, "t": 0.70}
    fused = score_fusion({"a": 2.0, "t": 8.0}, knn, cosines, 0.5, 2.0)
    assert fused == pytest.approx(
        {
            "a": 2.0 / 8.0 + 0.5 * 1.0,
            "b": 0.5 * (1 - 0.04 / span),
            "c": 0.5 * max(0.0, 1 - 0.08 / span),
            "t": 1.0,  # the best BM25 hit, too far from the best cosine to earn any dense share
        }
    )
    assert fused["c"] == 0.0  # 0.08 below the best is more than two deviations: no dense credit


def test_score_fusion_keeps_how_far_apart_the_scores_are_where_rrf_does_not() -> None:
    """A far better BM25 hit stays far ahead; RRF would give ranks 1 and 2 nearly equal credit."""
    cosines = {"exact": 0.80, "weak": 0.80}
    fused = score_fusion({"exact": 12.0, "weak": 1.0}, [0.80, 0.80], cosines, 0.6, 7.5)
    assert fused["exact"] - fused["weak"] == pytest.approx(11 / 12)
    rrf = reciprocal_rank_fusion([(["exact", "weak"], 1.0)], 60)
    assert rrf["exact"] - rrf["weak"] < 0.001


def test_score_fusion_edges() -> None:
    assert score_fusion({}, [], {}, 0.6, 7.5) == {}
    assert score_fusion({"x": 3.0}, [], {"x": 0.0}, 0.6, 7.5) == {"x": 1.0}  # lexical only
    assert score_fusion({}, [0.7], {"x": 0.7}, 0.6, 7.5) == {"x": 0.6}  # one k-NN hit: it is the best
    assert score_fusion({"x": 0.0}, [0.7, 0.7], {"x": 0.7}, 0.6, 7.5) == {"x": 0.6}  # no spread, no BM25


@pytest.mark.parametrize("days", [0, 1, 30, 180, 365, 1000])
def test_time_decay_is_exp_minus_lambda_age(days: int) -> None:
    assert time_decay(T0, T0 + days * DAY_S, 0.002) == pytest.approx(math.exp(-0.002 * days))


def test_time_decay_edges() -> None:
    assert time_decay(T0, T0, 0.002) == 1.0
    assert time_decay(T0 + DAY_S, T0, 0.002) == 1.0  # a future timestamp never scores above 1
    assert time_decay(T0, T0 + 365 * DAY_S, 0.0) == 1.0
    assert time_decay(T0, T0 + 10 * DAY_S, 0.002) > time_decay(T0, T0 + 11 * DAY_S, 0.002)


def test_cosine() -> None:
    assert cosine([1, 0], [1, 0]) == pytest.approx(1.0)
    assert cosine([1, 0], [0, 1]) == pytest.approx(0.0)
    assert cosine([1, 1], [-1, -1]) == pytest.approx(-1.0)
    assert cosine([3, 4], [6, 8]) == pytest.approx(1.0)
    assert cosine([0, 0], [1, 1]) == 0.0
