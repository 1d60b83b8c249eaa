"""The memory indexer end to end: DynamoDB Local's stream -> poller (as the event source
mapping) -> the real Lambda handler -> LocalIndex."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.memory_store import DynamoMemoryRepository, to_item
from engram.adapters.dynamodb.models import BoundModels
from engram.adapters.dynamodb.stream_poller import StreamPoller
from engram.adapters.lambda_context import LocalContext
from engram.adapters.local_index import LocalIndex
from engram.kernel.clock import ManualClock
from engram.memory.models import MemoryRecord, MemoryStatus, MemoryType, SearchFilter
from engram.wiring.crypto import bound_models, cipher_for
from functions.memory_indexer import handler as indexer_handler
from tests.conftest import EVENTS

pytestmark = pytest.mark.integration

DIMS = 4
TENANT, USER = "acme", "u-123"  # the sample event's owner
ACTIVE = SearchFilter(TENANT, USER)
ARCHIVED = SearchFilter(TENANT, USER, statuses=(MemoryStatus.ARCHIVED.value,))


class RecordingHandler:
    """The real lambda_handler, keeping every event and response (what the mapping saw)."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.responses: list[Any] = []

    def __call__(self, event: dict[str, Any], context: Any) -> Any:
        self.events.append(json.loads(json.dumps(event)))  # also proves it is JSON, like Lambda's
        response = indexer_handler.lambda_handler(event, context)
        self.responses.append(response)
        return response

    def records(self) -> list[dict[str, Any]]:
        return [r for e in self.events for r in e["Records"]]


@pytest.fixture
def index(tmp_path: Any, table: TableConfig) -> Iterator[LocalIndex]:
    idx = LocalIndex(tmp_path / "indexer-index", DIMS)  # not conftest's index_dir
    indexer_handler.use_index(idx, cipher_for(table))  # the table's sealed images open with its keys
    try:
        yield idx
    finally:
        indexer_handler.use_index(None)
        idx.close()


@pytest.fixture
def models(table: TableConfig) -> BoundModels:
    return bound_models(table)


@pytest.fixture
def repo(models: BoundModels) -> DynamoMemoryRepository:
    return DynamoMemoryRepository(models)


@pytest.fixture
def recorder(index: LocalIndex) -> RecordingHandler:
    return RecordingHandler()


@pytest.fixture
def poller(table: TableConfig, recorder: RecordingHandler) -> Iterator[StreamPoller]:
    p = StreamPoller(table, recorder, retry_attempts=2)
    yield p
    p.stop()


def memory(clock: ManualClock, memory_id: str, content: str, vector: list[float], **kw: Any) -> MemoryRecord:
    now = clock.now()
    fields: dict[str, Any] = {
        "memory_id": memory_id,
        "tenant_id": TENANT,
        "user_id": USER,
        "persona_id": "nurse",
        "type": MemoryType.PREFERENCE,
        "content": content,
        "importance": 0.6,
        "created_at": now,
        "updated_at": now,
        "embedding": vector,
    }
    fields.update(kw)
    return MemoryRecord(**fields)


def sample_event() -> dict[str, Any]:
    event: dict[str, Any] = json.loads((EVENTS / "dynamodb_stream_memory.json").read_text(encoding="utf-8"))
    return event


def no_failures(response: Any) -> bool:
    return bool(response == {"batchItemFailures": []})


def texts(index: LocalIndex, query: str, flt: SearchFilter = ACTIVE) -> list[str]:
    return sorted(h.doc_id for h in index.search_text(query, flt, 10))


# --------------------------------------------------------------------------- lifecycle


def test_insert_modify_delete_reach_the_index(
    repo: DynamoMemoryRepository,
    models: BoundModels,
    poller: StreamPoller,
    recorder: RecordingHandler,
    index: LocalIndex,
    clock: ManualClock,
) -> None:
    oat = memory(clock, "m-oat", "Prefers oat milk in coffee", [1.0, 0.0, 0.0, 0.0])
    tea = memory(clock, "m-tea", "Drinks green tea in the afternoon", [0.0, 1.0, 0.0, 0.0])
    assert repo.put_new(oat) and repo.put_new(tea)

    assert poller.drain() == 2
    assert all(no_failures(r) for r in recorder.responses)
    assert index.count(ACTIVE) == 2
    assert texts(index, "oat milk") == ["m-oat"]
    top = index.search_vector([0.0, 1.0, 0.0, 0.0], ACTIVE, 1)
    assert [h.doc_id for h in top] == ["m-tea"]
    doc = index.get(TENANT, USER, "m-oat")
    assert doc is not None and doc.vector == [1.0, 0.0, 0.0, 0.0] and doc.persona_id == "nurse"

    # Archive (a MODIFY): still indexed, but filtered out of active searches.
    clock.advance(60)
    archived = memory(
        clock, "m-oat", oat.content, oat.embedding or [], created_at=oat.created_at,
        status=MemoryStatus.ARCHIVED, version=2,
    )  # fmt: skip
    to_item(models.memory, archived).save()
    assert poller.drain() == 1
    assert recorder.records()[-1]["eventName"] == "MODIFY"
    assert texts(index, "oat milk") == []
    assert texts(index, "oat milk", ARCHIVED) == ["m-oat"]
    assert index.count(ACTIVE) == 1

    # Explicit delete (erasure, retention): gone from the index.
    models.memory.get(oat_pk := f"T#{TENANT}#U#{USER}#MEM", "M#m-tea").delete()
    assert poller.drain() == 1
    assert recorder.records()[-1]["eventName"] == "REMOVE"
    assert index.get(TENANT, USER, "m-tea") is None
    assert index.count(ACTIVE) == 0
    assert models.memory.get(oat_pk, "M#m-oat").status == "archived"  # untouched


def test_non_memory_items_are_ignored(
    container: Any, poller: StreamPoller, recorder: RecordingHandler, index: LocalIndex, clock: ManualClock
) -> None:
    from engram.kernel.keys import SessionKey

    # A real chat round: ~META, TURN#, REQ# items all go through the stream.
    container.conversation.store.append_turn(
        SessionKey(TENANT, USER, "nurse", "s1"), "hello", "hi", "req-1", clock.now()
    )
    assert poller.drain() >= 2
    assert all(no_failures(r) for r in recorder.responses)
    assert index.count(SearchFilter(TENANT, USER, namespaces=("memory", "round", "kb"), statuses=("active",))) == 0


def test_ttl_removal_deletes_the_document(
    repo: DynamoMemoryRepository, poller: StreamPoller, index: LocalIndex, clock: ManualClock
) -> None:
    # The sample's REMOVE record is the TTL sweeper deleting memory 01JH5Q8Z6M2.
    expiring = memory(clock, "01JH5Q8Z6M2", "Allergic to peanuts", [0.0, 0.0, 0.6, 0.8], expires_at=clock.now() + 60)
    assert repo.put_new(expiring)
    poller.drain()
    assert index.get(TENANT, USER, "01JH5Q8Z6M2") is not None

    ttl_remove = sample_event()["Records"][3]
    assert ttl_remove["userIdentity"] == {"type": "Service", "principalId": "dynamodb.amazonaws.com"}
    response = indexer_handler.lambda_handler({"Records": [ttl_remove]}, LocalContext())
    assert no_failures(response)
    assert index.get(TENANT, USER, "01JH5Q8Z6M2") is None


# --------------------------------------------------------------------------- failures and replays


def test_a_poison_record_fails_alone(
    repo: DynamoMemoryRepository,
    table: TableConfig,
    poller: StreamPoller,
    recorder: RecordingHandler,
    index: LocalIndex,
    clock: ManualClock,
) -> None:
    assert repo.put_new(memory(clock, "m-1", "Likes jazz", [1.0, 0.0, 0.0, 0.0]))
    # A memory item a buggy writer left without content/type/...: a real malformed NewImage.
    dynamodb_client(table).put_item(
        TableName=table.table_name,
        Item={"PK": {"S": f"T#{TENANT}#U#{USER}#MEM"}, "SK": {"S": "M#m-bad"}, "memory_id": {"S": "m-bad"}},
    )
    assert repo.put_new(memory(clock, "m-2", "Plays the cello", [0.0, 1.0, 0.0, 0.0]))

    poller.drain()

    first_batch = recorder.events[0]["Records"]
    bad_seq = next(
        r["dynamodb"]["SequenceNumber"] for r in first_batch if r["dynamodb"]["Keys"]["SK"]["S"] == "M#m-bad"
    )
    assert recorder.responses[0] == {"batchItemFailures": [{"itemIdentifier": bad_seq}]}
    # Re-delivered from the poison record (with what follows it), then given up on.
    assert len(recorder.events) == 1 + poller.retry_attempts
    assert recorder.events[1]["Records"][0]["dynamodb"]["SequenceNumber"] == bad_seq
    assert poller.stats.skipped == [bad_seq]
    assert texts(index, "jazz") == ["m-1"] and texts(index, "cello") == ["m-2"]
    assert index.get(TENANT, USER, "m-bad") is None

    # The shard moved on: later writes are delivered normally.
    assert repo.put_new(memory(clock, "m-3", "Reads poetry", [0.0, 0.0, 1.0, 0.0]))
    assert poller.drain() == 1
    assert no_failures(recorder.responses[-1])
    assert index.count(ACTIVE) == 3


def test_replaying_a_batch_is_idempotent(
    repo: DynamoMemoryRepository,
    models: BoundModels,
    poller: StreamPoller,
    recorder: RecordingHandler,
    index: LocalIndex,
    clock: ManualClock,
) -> None:
    first = memory(clock, "m-a", "Runs every morning", [1.0, 0.0, 0.0, 0.0])
    assert repo.put_new(first)
    assert repo.put_new(memory(clock, "m-b", "Vegetarian", [0.0, 1.0, 0.0, 0.0]))
    clock.advance(5)
    to_item(models.memory, memory(clock, "m-a", "Runs every evening", [1.0, 0.0, 0.0, 0.0], version=2)).save()
    models.memory.get(f"T#{TENANT}#U#{USER}#MEM", "M#m-b").delete()
    poller.drain()
    records = recorder.records()
    assert [r["eventName"] for r in records] == ["INSERT", "INSERT", "MODIFY", "REMOVE"]

    def state() -> tuple[int, int, Any, Any]:
        return (
            index.count(ACTIVE),
            index.count(SearchFilter(TENANT, USER, statuses=tuple(MemoryStatus))),
            index.get(TENANT, USER, "m-a"),
            index.get(TENANT, USER, "m-b"),
        )

    before = state()
    assert before[0] == 1 and before[2].text == "Runs every evening" and before[3] is None
    for _ in range(2):  # at-least-once delivery: the same batch twice
        assert no_failures(indexer_handler.lambda_handler({"Records": records}, LocalContext()))
        assert state() == before


def test_an_older_image_never_overwrites_a_newer_document(
    repo: DynamoMemoryRepository,
    models: BoundModels,
    poller: StreamPoller,
    recorder: RecordingHandler,
    index: LocalIndex,
    clock: ManualClock,
) -> None:
    v1 = memory(clock, "m-x", "Works at a bakery", [1.0, 0.0, 0.0, 0.0])
    assert repo.put_new(v1)
    poller.drain()
    insert_v1 = recorder.records()[-1]
    clock.advance(30)
    v2 = memory(clock, "m-x", "Works at a library", [0.0, 1.0, 0.0, 0.0], created_at=v1.created_at, version=2)
    to_item(models.memory, v2).save()
    poller.drain()
    doc = index.get(TENANT, USER, "m-x")
    assert doc is not None and doc.text == "Works at a library"

    # A late replay of the v1 INSERT (e.g. a re-driven DLQ batch) is applied as a no-op.
    assert no_failures(indexer_handler.lambda_handler({"Records": [insert_v1]}, LocalContext()))
    doc = index.get(TENANT, USER, "m-x")
    assert doc is not None and doc.text == "Works at a library" and doc.updated_at == v2.updated_at
    assert texts(index, "bakery") == [] and texts(index, "library") == ["m-x"]


def test_the_sample_event_runs_through_the_handler(index: LocalIndex) -> None:
    response = indexer_handler.lambda_handler(sample_event(), LocalContext())
    assert no_failures(response)
    # INSERT then MODIFY (archived) of 01JH5Q8Z6M1; TTL REMOVE of 01JH5Q8Z6M2; TURN# ignored.
    assert index.count(ACTIVE) == 0
    assert texts(index, "oat milk", ARCHIVED) == ["01JH5Q8Z6M1"]
    assert index.get(TENANT, USER, "01JH5Q8Z6M2") is None


def test_the_background_poller_indexes_new_writes(
    table: TableConfig, repo: DynamoMemoryRepository, index: LocalIndex, clock: ManualClock
) -> None:
    import time

    poller = StreamPoller(table, indexer_handler.lambda_handler, interval_s=0.05, start_position="LATEST")
    assert poller.poll_once() == 0  # LATEST: position the shards before anything is written
    poller.start()
    try:
        deadline = time.monotonic() + 5
        assert repo.put_new(memory(clock, "m-bg", "Collects stamps", [1.0, 0.0, 0.0, 0.0]))
        while index.get(TENANT, USER, "m-bg") is None and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        poller.stop()
    assert texts(index, "stamps") == ["m-bg"]
