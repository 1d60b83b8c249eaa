"""One current answer (memory/current_answer.py): which statements a later answer to a one-at-a-time
value leaves out of a present-tense prompt. The embedder's placement is replaced by a table here;
tests/integration/test_current_answer.py runs the real one."""

from __future__ import annotations

from typing import Any

import numpy as np

from engram.memory.current_answer import SlotPlacer, keyed_placement, outdated_answers
from engram.memory.models import IndexDocument

PLACED = {0: ("job", "health"), 1: ("health", "job"), 2: ("pet", "chat"), 3: ("job", "chat"), 4: ("job", "hobby")}
MARGIN = {4: 0.001}  # 4: job by a hair over a hobby


class TablePlacer(SlotPlacer):
    """Places by the vector's first component (an index into PLACED)."""

    def __init__(self) -> None:
        super().__init__(lambda texts: np.zeros((len(texts), 1)))

    def placed(self, vector: np.ndarray[Any, Any]) -> tuple[tuple[str, ...], float]:
        return PLACED[int(vector[0])], MARGIN.get(int(vector[0]), 0.02)


def _doc(doc_id: str, text: str, day: float, turn: str | None = None) -> IndexDocument:
    return IndexDocument(
        doc_id,
        "t",
        "u",
        "p",
        "memory",
        "fact",
        "active",
        text,
        None,
        0.5,
        day * 86400,
        day * 86400,
        source_ids=[turn or doc_id],
    )


def _gone(
    docs: list[IndexDocument],
    placed: dict[str, int],
    pinned: frozenset[str] = frozenset(),
    closeness: dict[str, float] | None = None,
) -> set[str]:
    vectors = {d.doc_id: np.array([placed[d.doc_id]], dtype=np.float32) for d in docs}
    return outdated_answers(
        "job", docs, vectors, TablePlacer(), lambda d: d.doc_id in pinned, closeness, gap=0.03, margin=0.005
    )


def test_a_later_answer_ranked_first_outdates_the_earlier_one_and_what_its_turn_said() -> None:
    new = _doc("new", "first week at the insurance office", 30)
    old = _doc("old", "another shift at the pizza place", 1, turn="t-old")
    old_fact = _doc("old-fact", "User works shifts at a pizza place", 1, turn="t-old")
    other = _doc("cat", "my cat threw up", 2)
    assert _gone([new, old, old_fact, other], {"new": 0, "old": 0, "old-fact": 2, "cat": 2}) == {"old", "old-fact"}


def test_a_later_statement_ranked_below_leaves_the_earlier_one() -> None:
    old = _doc("old", "I work as a pharmacist at Walgreens", 1)
    remark = _doc("remark", "work was so busy today", 30)
    assert _gone([old, remark], {"old": 0, "remark": 3}) == set()


def test_a_statement_of_the_past_or_of_someone_else_is_no_current_answer() -> None:
    old = _doc("old", "I work at the bakery", 1)
    past = _doc("past", "I used to work at a bank", 30)
    son = _doc("son", "my son works at Google", 31)
    assert _gone([past, son, old], {"old": 0, "past": 0, "son": 0}) == set()


def test_a_guarded_document_never_goes() -> None:
    new = _doc("new", "first week at the insurance office", 30)
    pinned = _doc("pinned", "User works at a pizza place", 1)
    assert _gone([new, pinned], {"new": 0, "pinned": 0}, frozenset({"pinned"})) == set()


def test_a_later_answer_ranked_below_but_as_close_to_the_question_outdates_the_earlier_one() -> None:
    old = _doc("old", "another shift at the bakery at 5am", 1)
    new = _doc("new", "settling into the counter job at city hall", 30)
    assert _gone([old, new], {"old": 0, "new": 0}, closeness={"old": 0.859, "new": 0.842}) == {"old"}


def test_an_earlier_statement_placed_first_elsewhere_stays() -> None:
    new = _doc("new", "first week at the insurance office", 30)
    inhaler = _doc("inhaler", "picked up my inhaler refill, the pharmacy line was long", 1)
    assert _gone([new, inhaler], {"new": 0, "inhaler": 1}) == set()


def test_a_later_remark_further_from_the_question_leaves_the_earlier_answer() -> None:
    old = _doc("old", "I work as a pharmacist at Walgreens", 1)
    remark = _doc("remark", "work was so busy today", 30)
    assert _gone([old, remark], {"old": 0, "remark": 0}, closeness={"old": 0.857, "remark": 0.798}) == set()


def test_a_statement_halfway_between_two_classes_outdates_nothing() -> None:
    violin = _doc("violin", "I play second violin in a community orchestra", 30)
    old = _doc("old", "twelve years as a dental hygienist", 1)
    assert _gone([violin, old], {"violin": 4, "old": 0}) == set()


def test_a_pinned_fact_is_outdated_only_by_the_questions_best_answer_as_close_to_the_question() -> None:
    best = _doc("best", "I play tennis on Saturdays", 20)
    later = _doc("later", "first week at the insurance office", 30)
    pinned = _doc("pinned", "User works at a pizza place", 1)
    pinned.topics = ["profile", "subject:job"]
    placer = TablePlacer()
    vectors = {"best": np.array([2.0]), "later": np.array([0.0])}

    def gone(docs: list[IndexDocument], near: dict[str, float], pinned_cosine: float) -> set[str]:
        return outdated_answers(
            "job", docs, vectors, placer, lambda d: False, near, 0.03, 0.0, lambda: [(pinned, pinned_cosine)]
        )

    assert gone([best, later], {"best": 0.85, "later": 0.84}, 0.80) == set()  # not the best match
    assert gone([later], {"later": 0.84}, 0.80) == {"pinned"}
    assert gone([later], {"later": 0.84}, 0.90) == set()  # a remark further from the question than the fact


def test_a_keyed_fact_is_placed_by_its_subject_without_a_vector() -> None:
    new = _doc("new", "first week at the insurance office", 30)
    pinned = _doc("pinned", "User works at a pizza place", 1)
    pinned.topics = ["profile", "subject:job"]
    hobby = _doc("hobby", "User plays violin in an orchestra", 31)
    hobby.topics = ["preference", "subject:hobby:violin"]
    vectors = {"new": np.array([0], dtype=np.float32)}  # only what no rule keyed is embedded
    near = {"new": 0.9, "hobby": 0.8}
    gone = outdated_answers(
        "job", [new, hobby], vectors, TablePlacer(), lambda d: False, near, 0.03, 0.0, lambda: [(pinned, 0.85)]
    )
    assert gone == {"pinned"}
    assert keyed_placement(hobby) == (("keyed",), 1.0)
    assert keyed_placement(new) is None


def test_the_pinned_facts_are_read_only_for_the_questions_best_answer() -> None:
    reads: list[int] = []

    def pinned() -> list[tuple[IndexDocument, float]]:
        reads.append(1)
        fact = _doc("pinned", "User works at a pizza place", 1)
        fact.topics = ["profile", "subject:job"]
        return [(fact, 0.8)]

    best = _doc("best", "I play tennis on Saturdays", 20)
    new = _doc("new", "first week at the insurance office", 30)
    placer, vectors = TablePlacer(), {"best": np.array([2.0]), "new": np.array([0.0])}
    kept = outdated_answers(
        "job", [best, new], vectors, placer, lambda d: False, {"best": 0.9, "new": 0.8}, 0.03, 0.0, pinned
    )
    assert kept == set() and reads == []  # the answer is not the best match: nothing read
    gone = outdated_answers(
        "job", [new, best], vectors, placer, lambda d: False, {"new": 0.9, "best": 0.8}, 0.03, 0.0, pinned
    )
    assert gone == {"pinned"} and reads == [1]


def test_someone_elses_earlier_job_is_no_earlier_answer() -> None:
    son = _doc("son", "my son works at the bank downtown", 1)
    old = _doc("old", "I work at the bakery", 2)
    new = _doc("new", "I got a job as an accountant", 30)
    assert _gone([new, son, old], {"new": 0, "son": 0, "old": 0}) == {"old"}
