"""Issue 29: the DynamoDB requests of the turn worker, counted on every client of the process
against DynamoDB Local: one read and one transaction per round, one fence check per transaction."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engram.adapters.dynamodb.request_count import RequestCount
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.settings import Settings
from engram.wiring import Container

KEY = SessionKey("default", "rina", "nurse", "s1")
TEXTS = [  # unrelated topics: most rounds close a thread (S5), the worst case for the worker
    "I coughed a lot last night and my chest felt tight.",
    "My daughter visits on Sunday, we will walk in the park.",
    "I took my inhaler at 8 and felt better after an hour.",
    "By the way, I like jazz and I play the piano.",
    "My daughter is called Mia and she lives in Osaka.",
    "The tomato garden needs peppers planted near the basil.",
]


def _worker_requests(settings: Settings, clock: ManualClock, make_container: Callable[..., Container]) -> RequestCount:
    jobs: list[dict[str, Any]] = []
    api = make_container(settings, job_handler=jobs.append)
    worker = make_container(settings)
    count = RequestCount(main_table=settings.table_name)
    for text in TEXTS:
        clock.advance(30)
        jobs.clear()
        api.conversation.record_turn(KEY, text, "Noted.")
        with count.counting():
            for job in jobs:
                if job["kind"] == "after_turn":
                    worker.post_turn.handle(job)
    return count


def test_the_worker_reads_once_and_writes_once_per_round(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    count = _worker_requests(settings, clock, make_container)
    labels = count.by_label()
    ops = count.by_operation()
    turns = len(TEXTS)
    # one BatchGetItem: the conversation round (still held?), the round memories, thread, profile
    reads = [label for label in labels if label.startswith("BatchGetItem")]
    assert all("TURN#" in r and "#THREAD#" in r and "PROFILE#" in r for r in reads), labels
    assert ops["BatchGetItem"] == turns and ops["GetItem"] == 0, labels
    # one transaction for the round: its facts, thread and profile count behind one fence check
    rounds = [label for label in labels if "Put M#rnd" in label]
    assert sum(labels[r] for r in rounds) == turns, labels
    assert all(r.count("ConditionCheck FENCE") == 1 and "Put #THREAD#" in r for r in rounds), labels
    assert "PutItem" not in ops, labels
    # what is left: the rolling summary (Query + UpdateItem ~META) and kept logs (UpdateItem TURN#)
    assert len(count) / turns <= 3.0, labels


def test_every_fenced_transaction_checks_the_fence_once(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    labels = _worker_requests(settings, clock, make_container).by_label()
    for label in labels:
        if label.startswith("TransactWriteItems"):
            assert label.count("ConditionCheck FENCE") == 1, label


def test_the_first_turn_of_a_new_conversation_is_one_transaction(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    """A container with no copy of the META guesses the conversation is new: no GetItem ~META.
    Where one exists, the failed guess hands it back and the round goes on from it, in order."""
    count = RequestCount(main_table=settings.table_name)
    jobs: list[dict[str, Any]] = []
    first, second = make_container(settings, job_handler=jobs.append), make_container(settings, job_handler=jobs.append)
    append = "TransactWriteItems main[ConditionCheck FENCE, Put TURN#, Put REQ#, Update ~META]"
    clock.advance(30)
    with count.counting():
        first.conversation.record_turn(KEY, "hello", "Hi.")
    labels = count.by_label()
    assert labels[append] == 1 and not [label for label in labels if label.startswith("GetItem main")], labels
    clock.advance(30)
    with count.counting():
        outcome = second.conversation.record_turn(KEY, "again", "Hi again.")  # cold too, and the META is live
    assert outcome.turn.seq == 2
    assert [t.user_text for t in first.conversation.store.load(KEY, 8, clock.now()).recent] == ["hello", "again"]


def test_a_recorded_turn_on_a_warm_container_is_one_transaction(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    """The append starts from the META the container wrote last: no GetItem ~META once warm.
    A rolling-summary commit by the worker (another container) costs that turn one failed try."""
    jobs: list[dict[str, Any]] = []
    api = make_container(settings, job_handler=jobs.append)
    worker = make_container(settings)
    count = RequestCount(main_table=settings.table_name)
    clock.advance(30)
    api.conversation.record_turn(KEY, "hello", "Hi.")  # cold: reads META once
    before = worker_summaries = 0
    for n, text in enumerate(TEXTS * 2):
        clock.advance(30)
        for job in jobs:
            if job["kind"] == "after_turn":
                worker.post_turn.handle(job)
        jobs.clear()
        meta = worker.conversation.store.get_meta(KEY, clock.now())  # the api's copy stays as it was
        assert meta is not None
        worker_summaries += meta.summary_version - before
        before = meta.summary_version
        with count.counting():
            outcome = api.conversation.record_turn(KEY, text, "Noted.", f"k-{n}")
        assert outcome.turn.seq == n + 2
    labels = count.by_label()
    assert "GetItem main ~META" not in labels, labels
    assert worker_summaries > 0  # the stale copy was met
    assert len(count) == len(TEXTS) * 2 + worker_summaries, labels
