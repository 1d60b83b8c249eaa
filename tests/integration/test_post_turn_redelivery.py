"""Post-turn work is finished by redelivery after a crash, and never applied twice by a redrive
(DynamoDB Local, injected clock). A crash is an exception raised from a hook between two steps;
the redelivery runs on a second container (a fresh process's state), as SQS redelivers to
whichever worker takes the message next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engram.adapters.dynamodb import access_jobs, keys
from engram.conversation.post_turn import access_job
from engram.kernel.clock import ManualClock
from engram.kernel.errors import StoreUnavailable
from engram.kernel.keys import SessionKey
from engram.memory.models import MemoryRecord, MemoryType, Namespace, ThreadState
from engram.memory.turn_batch import HeldRound, TurnWrites
from engram.settings import Settings
from engram.wiring import Container

KEY = SessionKey("default", "mika", "friend", "s1")
CONTROL = SessionKey("default", "mika", "friend", "s2")  # the same rounds, nothing killed
GARDEN = [
    "My tomato garden has new basil plants beside the tomatoes.",
    "The tomato garden needs peppers planted near the basil.",
    "I put cucumbers in the tomato garden this morning.",
    "The tomato garden soil stays wet after the rain.",
    "Snails ate two tomato plants in my garden last night.",
]


class Killed(Exception):
    """The worker process died here."""


def _jobs_of(c_factory: Callable[..., Container], settings: Settings, clock: ManualClock, key: SessionKey) -> list[Any]:
    jobs: list[dict[str, Any]] = []
    api = c_factory(settings, job_handler=jobs.append)  # rounds stored; their jobs wait in the "queue"
    for text in GARDEN:
        clock.advance(20)
        api.conversation.record_turn(key, text, "Nice!")
    return [j for j in jobs if j["kind"] == "after_turn"]


def _thread(c: Container, key: SessionKey) -> ThreadState:
    state = c.writer._threads._threads.get(key)  # type: ignore[union-attr]
    assert state is not None
    return state


def test_a_worker_killed_between_the_round_and_the_thread_loses_no_round(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    jobs = _jobs_of(make_container, settings, clock, KEY)
    first = make_container(settings)
    batch = first.writer._batch  # type: ignore[attr-defined]  # the round and its thread: one transaction
    write = batch.write

    def die_on_round_3(writes: TurnWrites) -> Any:
        if writes.thread is not None and writes.thread.last_seq == 3:
            raise Killed
        return write(writes)

    batch.write = die_on_round_3
    first.post_turn.handle(jobs[0])
    first.post_turn.handle(jobs[1])
    try:
        first.post_turn.handle(jobs[2])
        raise AssertionError("the hook did not fire")
    except Killed:
        pass
    second = make_container(settings)  # SQS redelivers job 3 (FIFO: before 4 and 5) to another worker
    for job in jobs[2:]:
        second.post_turn.handle(job)
    for job in _jobs_of(make_container, settings, clock, CONTROL):
        second.post_turn.handle(job)
    crashed, control = _thread(second, KEY), _thread(second, CONTROL)
    assert (crashed.start_seq, crashed.last_seq, crashed.rounds) == (1, 5, 5)
    assert crashed.words == control.words  # round 3's words are in the thread
    assert [round(x, 5) for x in crashed.centroid] == [round(x, 5) for x in control.centroid]


def test_a_partly_failed_access_job_redriven_after_a_later_one_counts_each_memory_once(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    first = make_container(settings)
    owner = KEY.owner
    for memory_id in ("mem-a", "mem-b"):
        record = MemoryRecord(memory_id, owner.tenant_id, owner.user_id, "friend", MemoryType.FACT, "x", 0.5, 1.0, 1.0)
        assert first.memories.put_new(record)
    clock.advance(60)
    failed = access_job(owner, ["mem-a", "mem-b"], clock.now())
    count = first.memories._count_access  # type: ignore[attr-defined]

    def throttled_on_b(tenant_id: str, user_id: str, memory_id: str, *rest: Any) -> Any:
        if memory_id == "mem-b":
            raise StoreUnavailable("throttled")
        return count(tenant_id, user_id, memory_id, *rest)

    first.memories._count_access = throttled_on_b  # type: ignore[attr-defined]
    with pytest.raises(StoreUnavailable):
        first.post_turn.handle(failed)  # mem-a counted, then the job failed: to the DLQ
    clock.advance(60)
    later = make_container(settings)
    later.post_turn.handle(access_job(owner, ["mem-a"], clock.now()))  # the user's next access
    later.post_turn.handle(failed)  # the dead letter, redriven
    later.post_turn.handle(failed)  # and delivered twice
    a, b = (later.memories.get(owner.tenant_id, owner.user_id, i) for i in ("mem-a", "mem-b"))
    assert a is not None and b is not None
    assert (a.access_count, b.access_count) == (2, 1)
    assert a.last_accessed_at == clock.now()  # the redriven older access does not move it back


def test_the_counted_jobs_a_memory_keeps_stay_bounded(
    settings: Settings, make_container: Callable[..., Container]
) -> None:
    c = make_container(settings)
    owner = KEY.owner
    assert c.memories.put_new(
        MemoryRecord("mem-a", owner.tenant_id, owner.user_id, "friend", MemoryType.FACT, "x", 0.5, 1, 1)
    )
    for n in range(60):
        c.memories.touch_access(owner.tenant_id, owner.user_id, ["mem-a"], 100.0 + n, f"a-{n}")
    c.memories.touch_access(owner.tenant_id, owner.user_id, ["mem-a"], 159.0, "a-59")  # the newest, again
    m = c.memories._m  # type: ignore[attr-defined]
    raw = m._get_connection().get_item(keys.memory_pk(owner.tenant_id, owner.user_id), keys.memory_sk("mem-a"))
    held = raw["Item"][access_jobs.ACCESS_JOBS.attr_name]["L"]
    assert access_jobs.KEPT <= len(held) <= access_jobs.TRIM_AT
    assert held[-1]["S"] == access_jobs.token("a-59")
    record = c.memories.get(owner.tenant_id, owner.user_id, "mem-a")
    assert record is not None and record.access_count == 60 and record.last_accessed_at == 159.0


def test_a_store_failure_writing_the_overflow_memories_is_a_domain_error(
    settings: Settings, make_container: Callable[..., Container], monkeypatch: pytest.MonkeyPatch
) -> None:
    """More new memories than one transaction holds go first, alone: a store failure there that
    is not a cancelled transaction (here: the connection refused) is StoreUnavailable like every
    other of the adapter's, not PynamoDB's exception escaping into the worker."""
    from pynamodb.exceptions import PynamoDBConnectionError

    from engram.adapters.dynamodb import turn_batch

    c = make_container(settings)
    owner = KEY.owner
    record = MemoryRecord("mem-a", owner.tenant_id, owner.user_id, "friend", MemoryType.FACT, "x", 0.5, 1.0, 1.0)

    class Refused:
        def __init__(self, **_: Any) -> None: ...

        def __enter__(self) -> Any:
            raise PynamoDBConnectionError("connection refused")

        def __exit__(self, *_: Any) -> None: ...

    monkeypatch.setattr(turn_batch, "TransactWrite", Refused)
    writes = TurnWrites(KEY, record, [], None, held_round=HeldRound(KEY, 1, 1))
    with pytest.raises(StoreUnavailable):
        c.writer._batch._put_memories(writes, [record])  # type: ignore[attr-defined]


def test_a_memory_id_taken_meanwhile_is_left_out_behind_the_round_check(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    """The round's check comes before the memories in the transaction: a memory whose id another
    delivery stored is still told by its own position (left out, the rest written)."""
    jobs = _jobs_of(make_container, settings, clock, KEY)
    c = make_container(settings)
    batch = c.writer._batch  # type: ignore[attr-defined]
    write = batch.write
    told: list[Any] = []

    def another_delivery_stored_the_first(writes: TurnWrites) -> Any:
        assert writes.held_round is not None
        if writes.new_memories and not told:
            assert c.memories.put_new(writes.new_memories[0])
            told.append(writes.new_memories[0].memory_id)
            result = write(writes)
            told.append(result)
            return result
        return write(writes)

    batch.write = another_delivery_stored_the_first
    for job in jobs:
        c.post_turn.handle(job)
    taken, result = told
    assert result.stored and result.existing == [taken] and not result.round_gone
    rounds = c.memories.list(KEY.tenant_id, KEY.user_id, namespaces=(Namespace.ROUND,), statuses=None)
    assert len(rounds) == len(GARDEN)  # every round written, the one with the taken id too
