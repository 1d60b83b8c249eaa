"""A round is indexed with the rounds around it (L5): one found only through a neighbour in the block
stays out, but a round nearer the question in meaning than that neighbour is found for itself."""

from __future__ import annotations

from engram.memory.models import IndexDocument
from engram.memory.projection import expanded_text
from engram.memory.retrieval import _without_borrowed
from engram.memory.search import ScoredMemory


def _round(doc_id: str, said: str, keys: list[str]) -> IndexDocument:
    return IndexDocument(
        doc_id, "t", "u", "p", "round", "note", "active", expanded_text(said, keys), None, 0.5, 0.0, 0.0,
        source_ids=[doc_id],
    )  # fmt: skip


QUESTION = "Which inhaler do I use for my breathing in the morning?"
BREATHING = "I use the blue inhaler for my breathing every morning"


def test_a_round_found_through_its_neighbour_stays_out() -> None:
    breathing = _round("r1", BREATHING, [])
    cat = _round("r2", "The cat threw up twice today", [BREATHING])
    found = [ScoredMemory("r1", 1.0, breathing, similarity=0.9), ScoredMemory("r2", 0.8, cat, similarity=0.85)]
    assert [m.memory_id for m in _without_borrowed(found, QUESTION)] == ["r1"]


def test_a_round_nearer_the_question_than_its_neighbour_stays() -> None:
    # "where am I heading for the big birthday getaway?": the answer shares none of its words
    question = "where am i heading for the big birthday getaway?"
    neighbour = "our anniversary is in june and every year i forget to book the big dinner on the day"
    booked = _round("r1", "booked it!! lisbon for my 40th, leaving mid october", [neighbour])
    other = _round("r2", neighbour, [])
    found = [ScoredMemory("r1", 1.0, booked, similarity=0.83), ScoredMemory("r2", 0.9, other, similarity=0.82)]
    assert [m.memory_id for m in _without_borrowed(found, question)] == ["r1", "r2"]
