"""C2: the memory block holds what is relevant to the question, not the K best of whatever exists."""

from __future__ import annotations

from engram.memory.models import IndexDocument
from engram.memory.retrieval import relevant
from engram.memory.search import ScoredMemory


def _hit(doc_id: str, fused: float, score: float, cos: float = 0.0, lexical: bool = False) -> ScoredMemory:
    doc = IndexDocument(doc_id, "t", "u", "p", "memory", "fact", "active", doc_id, None, 0.5, 0.0, 0.0)
    return ScoredMemory(doc_id, score, doc, similarity=cos, fused=fused, lexical=lexical)


def test_results_below_the_floor_of_the_best_are_dropped_whatever_their_rank() -> None:
    # "important" ranks second (importance and recency lift it) but barely relates to the question
    results = [_hit("answer", 1.0, 0.95), _hit("important", 0.2, 0.9), _hit("related", 0.5, 0.5)]
    assert [m.memory_id for m in relevant(results, 0.35)] == ["answer", "related"]


def test_the_floor_is_relative_to_the_best_result() -> None:
    results = [_hit("a", 0.4, 0.5), _hit("b", 0.3, 0.4), _hit("c", 0.1, 0.3)]
    assert [m.memory_id for m in relevant(results, 0.5)] == ["a", "b"]


def test_no_floor_keeps_everything_and_nothing_relevant_keeps_nothing() -> None:
    results = [_hit("a", 1.0, 0.5), _hit("b", 0.01, 0.4)]
    assert len(relevant(results, 0.0)) == 2
    assert relevant([_hit("a", 0.0, 0.5)], 0.35) == []
    assert relevant([], 0.35) == []


def test_without_shared_words_a_memory_must_be_close_to_the_best_cosine() -> None:
    # a small pool: the fused scores are all high, the cosines tell the answer from the rest
    results = [
        _hit("lactose", 1.0, 0.97, cos=0.85),
        _hit("thanks", 0.83, 0.84, cos=0.79),
        _hit("same-words", 0.7, 0.7, cos=0.70, lexical=True),
        _hit("close", 0.7, 0.69, cos=0.82),
    ]
    assert [m.memory_id for m in relevant(results, 0.35, cosine_gap=0.05)] == ["lactose", "same-words", "close"]
