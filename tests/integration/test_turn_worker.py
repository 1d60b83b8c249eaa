"""The turn worker Lambda on its sample SQS events: FIFO order with partial failures, the
table's stream as the outbox, idempotent redelivery of fully and half-processed jobs."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engram import runtime
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.stream_poller import StreamPoller
from engram.adapters.lambda_context import LocalContext
from engram.adapters.queues import SqsFifoQueue
from engram.conversation.post_turn import access_job
from engram.kernel.errors import StoreUnavailable
from engram.kernel.ids import job_group
from engram.kernel.keys import OwnerKey, SessionKey
from engram.local.sqs import LocalSqsDelivery, OutboxPipe
from engram.memory.models import MemoryRecord, MemoryType, Namespace
from engram.settings import Settings
from engram.wiring import Container
from tests.support.outbox import store_rounds

EVENTS = Path(__file__).resolve().parents[2] / "events"
TURN_EVENT = EVENTS / "sqs" / "turn_job.json"
END_EVENT = EVENTS / "sqs" / "end_run_job.json"
ACCESS_EVENT = EVENTS / "sqs" / "access_job.json"


def _event(path: Path) -> dict[str, Any]:
    event: dict[str, Any] = json.loads(path.read_text())
    return event


def _handler() -> Callable[[dict[str, Any], Any], dict[str, Any]]:
    from functions.turn_worker.handler import lambda_handler

    return lambda_handler


@pytest.fixture
def worker(container: Container) -> Any:
    runtime.set_container(container)
    handler = _handler()
    # the rounds the records describe are in the table, as they are when the pipe reads them
    yield lambda event, context: handler(store_rounds(container.settings, event), context)
    runtime.set_container(None)


def _everything(c: Container, user: str = "user-123") -> set[tuple[str, int]]:
    return {
        (r.memory_id, r.version) for r in c.memories.list("default", user, namespaces=tuple(Namespace), statuses=None)
    }


def _rounds(c: Container, user: str = "user-123") -> list[MemoryRecord]:
    return c.memories.list("default", user, namespaces=(Namespace.ROUND,))


def _copy(record: dict[str, Any], message_id: str, body: str | None = None, group: str | None = None) -> dict[str, Any]:
    out = copy.deepcopy(record)
    out["messageId"] = message_id
    if body is not None:
        out["body"] = body
    if group is not None:
        out["attributes"]["MessageGroupId"] = group
    return out


def _turn_body(user: str, seq: int, text: str) -> str:
    """The sample stream record of a stored round, for another user / round."""
    record = json.loads(_event(TURN_EVENT)["Records"][0]["body"])
    image = record["dynamodb"]["NewImage"]
    pk = image["PK"]["S"].replace("user-123", user)
    sk = image["SK"]["S"].rsplit("#", 1)[0] + f"#{seq:08d}"
    for where in (record["dynamodb"]["Keys"], image):
        where["PK"]["S"], where["SK"]["S"] = pk, sk
    image["seq"]["N"], image["user_text"]["S"] = str(seq), text
    return json.dumps(record, ensure_ascii=False)


def test_sample_turn_event_writes_memories_and_a_replay_writes_nothing(container: Container, worker: Any) -> None:
    result = worker(_event(TURN_EVENT), LocalContext())
    assert result["batchItemFailures"] == []
    rounds = _rounds(container)
    assert len(rounds) == 1 and "咳嗽" in rounds[0].content  # kept in Chinese
    before = _everything(container)
    profile = container.profiles.get("default", "user-123", "nurse")
    # SQS delivers at least once: the same message again writes nothing new, counts nothing twice
    assert worker(_event(TURN_EVENT), LocalContext())["batchItemFailures"] == []
    assert _everything(container) == before
    assert container.profiles.get("default", "user-123", "nurse").persona_mentions == profile.persona_mentions == 1


def test_fifo_batch_stops_a_conversation_at_its_first_failure_and_others_go_on(
    container: Container, worker: Any
) -> None:
    good = _event(TURN_EVENT)["Records"][0]
    group_a = good["attributes"]["MessageGroupId"]
    event = {
        "Records": [
            _copy(good, "a-1", _turn_body("user-123", 3, "I live in Tokyo."), group_a),
            _copy(good, "a-2", "{not json", group_a),  # fails
            _copy(good, "a-3", _turn_body("user-123", 4, "I moved to Osaka."), group_a),  # must wait behind a-2
            _copy(good, "b-1", _turn_body("user-456", 3, "My cat is called Mochi."), "another-conversation"),
        ]
    }
    result = worker(event, LocalContext())
    assert sorted(f["itemIdentifier"] for f in result["batchItemFailures"]) == ["a-2", "a-3"]
    assert [r.content for r in _rounds(container)] == ["I live in Tokyo."]  # "moved to Osaka" not before it
    assert [r.content for r in _rounds(container, "user-456")] == ["My cat is called Mochi."]


def test_local_delivery_redelivers_through_the_real_handler_then_gives_up(container: Container, worker: Any) -> None:
    writer = container.post_turn.memory_writer
    assert writer is not None
    failures = {"left": 2}

    def flaky(*args: Any) -> Any:  # the store throttles twice, then recovers
        if failures["left"]:
            failures["left"] -= 1
            raise StoreUnavailable("throttled")
        return writer(*args)

    container.post_turn.memory_writer = flaky
    body = json.loads(_event(TURN_EVENT)["Records"][0]["body"])
    store_rounds(container.settings, {"Records": [{"body": json.dumps(body)}]})  # the round the record is of
    LocalSqsDelivery(max_receives=3).send(body, "g", "d")
    assert failures["left"] == 0 and len(_rounds(container)) == 1

    failures["left"] = 10
    calls: list[int] = []

    def counting(event: dict[str, Any], context: Any) -> dict[str, Any]:
        calls.append(1)
        return worker(event, context)

    LocalSqsDelivery(counting, max_receives=3).send(json.loads(_turn_body("user-9", 1, "hello")), "g", "d2")
    assert len(calls) == 3 and _rounds(container, "user-9") == []  # then given up (the DLQ's part), not forever


def test_a_half_processed_job_redelivered_completes_without_duplicates(container: Container, worker: Any) -> None:
    event = {
        "Records": [
            _copy(
                _event(TURN_EVENT)["Records"][0],
                "m-1",
                _turn_body("user-123", 3, "I am allergic to penicillin and I live in Tokyo."),
            )
        ]
    }
    batch = container.writer._batch  # type: ignore[attr-defined]
    real = batch.write
    crashes = {"left": 1}

    def crash_at_the_round(*args: Any) -> Any:  # pinned facts are stored, then the worker dies
        if crashes["left"]:
            crashes["left"] -= 1
            raise StoreUnavailable("the worker died here")
        return real(*args)

    batch.write = crash_at_the_round
    assert worker(event, LocalContext())["batchItemFailures"] == [{"itemIdentifier": "m-1"}]
    facts_after_crash = {r.memory_id for r in container.memories.list("default", "user-123")}
    assert facts_after_crash and _rounds(container) == []  # the allergy (pinned) went first
    assert worker(event, LocalContext())["batchItemFailures"] == []  # redelivered
    after = container.memories.list("default", "user-123")
    assert facts_after_crash <= {r.memory_id for r in after}  # any others came with the round
    assert len({r.content for r in after}) == len(after)  # nothing twice
    assert len(_rounds(container)) == 1
    assert container.profiles.get("default", "user-123", "nurse").persona_mentions == 1


def test_a_crash_between_storing_a_round_and_queueing_its_job_loses_nothing(
    settings: Settings, make_container: Callable[..., Container]
) -> None:
    # "thread" mode: the API side sends nothing itself; the stream pipe derives the job. The
    # API process is killed right after the append: no in-process hand-off can save the job.
    api = make_container(settings, queue_mode="thread")
    key = SessionKey("default", "frank", "nurse", "s1")
    stored = api.conversation.record_turn(key, "My inhaler is the blue one.", "Noted.")
    assert _rounds(api, "frank") == []  # nothing processed it yet
    worker = make_container(settings)  # the turn worker's own container
    runtime.set_container(worker)
    try:
        pipe = StreamPoller(
            TableConfig.from_settings(settings), OutboxPipe(LocalSqsDelivery()), record_filter=OutboxPipe.accepts
        )
        pipe.drain()
    finally:
        runtime.set_container(None)
    rounds = _rounds(worker, "frank")
    assert [r.content for r in rounds] == ["My inhaler is the blue one."]
    assert rounds[0].source_turn_ids == [f"s1:{stored.meta.generation}:1"]


def test_end_run_event_makes_the_session_memory_once(container: Container, worker: Any) -> None:
    key = SessionKey("default", "user-123", "nurse", "sess-001")
    c = container
    for text in ("I walked 2 km today.", "My knee felt fine."):
        c.clock.advance(1)  # type: ignore[attr-defined]
        c.conversation.record_turn(key, text, "Great!")
    meta = c.conversation.store.get_meta(key, c.clock.now())
    assert meta is not None
    run = c.closer.runs.close(key, meta, "idle", None, c.clock.now())
    assert run is not None
    event = _event(END_EVENT)
    body = json.loads(event["Records"][0]["body"])
    body["dynamodb"]["Keys"]["SK"]["S"] = body["dynamodb"]["NewImage"]["SK"]["S"] = f"RUN#{meta.generation:013d}"
    event["Records"][0]["body"] = json.dumps(body)
    assert worker(event, LocalContext())["batchItemFailures"] == []
    assert worker(event, LocalContext())["batchItemFailures"] == []  # redelivered: nothing more
    memories = [r for r in c.memories.list("default", "user-123", statuses=None) if r.memory_id.startswith("ses-")]
    assert len(memories) == 1 and "2 km" in memories[0].content


def test_access_job_redelivered_counts_once(container: Container, worker: Any) -> None:
    c = container
    for memory_id in ("mem-1", "mem-2"):
        record = MemoryRecord(memory_id, "default", "user-123", "nurse", MemoryType.FACT, "x", 0.5, 1.0, 1.0)
        assert c.memories.put_new(record)
    for _ in range(2):
        assert worker(_event(ACCESS_EVENT), LocalContext())["batchItemFailures"] == []
    assert [c.memories.get("default", "user-123", m).access_count for m in ("mem-1", "mem-2")] == [1, 1]  # type: ignore[union-attr]


def test_message_group_ids_stay_within_sqs_limits_for_the_longest_ids() -> None:
    longest = SessionKey("t" * 128, "u" * 128, "p" * 128, "s" * 128)
    assert len(job_group(longest)) <= 128
    sent: list[dict[str, Any]] = []

    class Client:
        def send_message(self, **kwargs: Any) -> None:
            sent.append(kwargs)

    SqsFifoQueue("https://sqs.example/q.fifo", "us-east-1", client=Client()).submit(
        access_job(OwnerKey("t" * 128, "u" * 128), ["m"], 1.0)
    )
    assert len(sent[0]["MessageGroupId"]) <= 128 and len(sent[0]["MessageDeduplicationId"]) <= 128


def test_local_fifo_delivery_drops_a_deduplication_id_seen_within_five_minutes() -> None:
    calls: list[str] = []

    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        calls.append(event["Records"][0]["attributes"]["MessageDeduplicationId"])
        return {"batchItemFailures": []}

    delivery = LocalSqsDelivery(handler)
    for dedup in ("t-1-1", "t-1-1", "t-1-2"):
        delivery.send({"kind": "x"}, "g", dedup)
    assert calls == ["t-1-1", "t-1-2"]


def test_a_job_that_died_before_pinning_pins_on_redelivery(container: Container, worker: Any) -> None:
    body = _turn_body("user-123", 3, "I am severely allergic to peanuts.")
    event = {"Records": [_copy(_event(TURN_EVENT)["Records"][0], "p-1", body)]}
    real = container.profiles.update
    crashes = {"left": 1}

    def crash_on_pin(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("pin") and crashes["left"]:
            crashes["left"] -= 1
            raise StoreUnavailable("died before pinning")
        return real(*args, **kwargs)

    container.writer._profiles.update = crash_on_pin  # type: ignore[method-assign]
    assert worker(event, LocalContext())["batchItemFailures"] == [{"itemIdentifier": "p-1"}]
    assert container.profiles.get("default", "user-123", "nurse").pinned == {}
    assert worker(event, LocalContext())["batchItemFailures"] == []
    pinned = container.profiles.get("default", "user-123", "nurse").pinned
    assert len(pinned) == 1 and "peanut" in next(iter(pinned.values()))


def test_an_access_count_is_never_overwritten_by_an_older_read(container: Container) -> None:
    c = container
    assert c.memories.put_new(MemoryRecord("mem-a", "default", "u", "nurse", MemoryType.FACT, "x", 0.5, 1.0, 1.0))
    before = c.memories.get("default", "u", "mem-a")
    assert before is not None
    c.memories.touch_access("default", "u", ["mem-a"], 10.0)  # an access between the read and the write
    c.memories.replace(dataclasses.replace(before, content="y", version=before.version + 1), before.version)
    after = c.memories.get("default", "u", "mem-a")
    assert after is not None and after.content == "y" and after.access_count == 1 and after.last_accessed_at == 10.0
