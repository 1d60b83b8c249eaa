"""Memory change events end to end: the real code paths write DynamoDB Local, its stream reaches
the real memory_indexer handler through the stream poller, and the handler publishes on the local
bus (a JSONL file). Each change kind publishes exactly one event of the documented shape
(docs/events.schema.json), none carries content, and an erasure publishes one user.erased and no
per-memory event."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.stream_poller import StreamPoller
from engram.adapters.dynamodb.stream_records import is_memory_record
from engram.adapters.events.local_bus import read_events
from engram.adapters.local_index import LocalIndex
from engram.adapters.metrics import InMemoryMetrics
from engram.kernel.clock import ManualClock
from engram.kernel.keys import OwnerKey, SessionKey
from engram.memory.change_events import MEMORY_EVENT_FIELDS, USER_ERASED_FIELDS
from engram.memory.models import MemoryStatus, Namespace
from engram.memory.scoring import DAY_S
from engram.privacy.models import ErasureScope
from engram.settings import Settings
from engram.wiring import Container, build_container
from engram.wiring.events import build_change_feed
from functions.memory_indexer import handler as indexer_handler
from tests.integration.test_lifecycle import RAMEN

pytestmark = pytest.mark.integration

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "events.schema.json").read_text(encoding="utf-8"))
OWNER = OwnerKey("default", "mika")
# what a memory's text, summary, search text or embedding would put in an event
CONTENT_KEYS = {"content", "text", "summary", "search_text", "embedding", "vector", "topics", "original_content"}


@pytest.fixture(autouse=True)
def _receipt_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the local receipt key is made under .local/ of the working dir


@pytest.fixture
def bus_file(tmp_path: Path) -> Path:
    return tmp_path / "events.jsonl"


@pytest.fixture
def c(
    settings: Settings, bus_file: Path, clock: ManualClock, metrics: InMemoryMetrics, local_index: LocalIndex
) -> Container:
    s = settings.model_copy(update={"local_event_bus_file": str(bus_file)})
    container = build_container(s, clock=clock, metrics=metrics, queue_mode="inline", index=local_index)
    container.erasure_trigger = lambda: None  # the test runs the job itself
    return container


@pytest.fixture
def poller(c: Container, table: TableConfig, local_index: LocalIndex) -> Iterator[StreamPoller]:
    indexer_handler.use_index(local_index, c.cipher, build_change_feed(c.settings, c.bound))
    p = StreamPoller(table, indexer_handler.lambda_handler, record_filter=is_memory_record)
    try:
        yield p
    finally:
        p.stop()
        indexer_handler.use_index(None)


class Bus:
    """What the local bus received since the last look."""

    def __init__(self, path: Path, poller: StreamPoller) -> None:
        self.path, self.poller, self.offset = path, poller, 0

    def new(self) -> list[dict[str, Any]]:
        # twice: DynamoDB Local may answer an iterator taken on a then empty shard with
        # TrimmedDataAccess once, which the poller meets by reopening at the horizon (a pass of 0)
        self.poller.drain()
        self.poller.drain()
        events, self.offset = read_events(self.path, self.offset)
        return events


@pytest.fixture
def bus(bus_file: Path, poller: StreamPoller) -> Bus:
    return Bus(bus_file, poller)


def assert_documented(event: dict[str, Any], *texts: str) -> None:
    jsonschema.validate(event, SCHEMA)
    detail = event["detail"]
    allowed = USER_ERASED_FIELDS if event["detail-type"] == "user.erased" else MEMORY_EVENT_FIELDS
    assert set(detail) <= allowed and not set(detail) & CONTENT_KEYS, detail
    line = json.dumps(event, ensure_ascii=False)
    for text in texts:
        for word in text.split()[:6]:
            if len(word) > 4:
                assert word not in line, (word, event)


def one(events: list[dict[str, Any]], detail_type: str, memory_id: str | None = None) -> dict[str, Any]:
    assert [e["detail-type"] for e in events] == [detail_type], events
    (event,) = events
    if memory_id is not None:
        assert event["detail"]["memory_id"] == memory_id
    return event


def test_each_change_kind_publishes_exactly_one_documented_event_without_content(
    c: Container, bus: Bus, clock: ManualClock
) -> None:
    svc = c.memory_service
    assert bus.new() == []

    made = svc.create(OWNER, "friend", summary=RAMEN).record
    mid = made.memory_id
    created = one(bus.new(), "memory.created", mid)
    assert_documented(created, RAMEN)
    assert created["source"] == "engram" and created["detail"]["change"] == "created"
    assert created["detail"] | {"event_id": None, "occurred_at": None} == {
        "schema_version": 1,
        "event_id": None,
        "change": "created",
        "occurred_at": None,
        "tenant_id": "default",
        "user_id": "mika",
        "persona_id": "friend",
        "memory_id": mid,
        "type": made.type.value,
        "importance": made.importance,
        "pinned": False,
        "status": "active",
        "version": 1,
        "superseded_by": None,
    }

    edited = svc.patch(OWNER, mid, version=made.version, importance=0.9, pinned=True)
    updated = one(bus.new(), "memory.updated", mid)
    assert_documented(updated, RAMEN)
    assert updated["detail"]["importance"] == 0.9 and updated["detail"]["pinned"] is True
    assert updated["detail"]["version"] == edited.version

    svc.patch(OWNER, mid, version=edited.version, pinned=False)
    bus.new()
    svc.archive(OWNER, mid)
    archived = one(bus.new(), "memory.archived", mid)
    assert_documented(archived, RAMEN)
    assert archived["detail"]["status"] == "archived"

    svc.restore(OWNER, mid)
    restored = one(bus.new(), "memory.restored", mid)
    assert_documented(restored, RAMEN)
    assert restored["detail"]["status"] == "active"

    # an access is bookkeeping (no new version): no event
    svc.search(OWNER, "ramen")
    assert [e for e in bus.new() if e["detail-type"] != "memory.updated" or e["detail"]["memory_id"] != mid] == []

    # the lifecycle job compresses it a year later (R2)
    clock.advance(365 * DAY_S)
    assert c.lifecycle_job.run()["compressed"] == 1
    compressed = one(bus.new(), "memory.compressed", mid)
    assert_documented(compressed, RAMEN)
    assert compressed["detail"]["status"] == "compressed"

    svc.delete(OWNER, mid)
    deleted = one(bus.new(), "memory.deleted", mid)
    assert_documented(deleted, RAMEN)
    assert deleted["detail"]["expired"] is False

    ids = [e["detail"]["event_id"] for e in (created, updated, archived, restored, compressed, deleted)]
    assert len(set(ids)) == len(ids)


def test_a_contradiction_publishes_superseded_for_the_old_fact_and_created_for_the_new(
    c: Container, bus: Bus, clock: ManualClock
) -> None:
    key = SessionKey("default", OWNER.user_id, "friend", "s1")
    c.conversation.record_turn(key, "I work at Google.", "Nice.")
    first = [e for e in bus.new() if e["detail-type"].startswith("memory.")]
    assert first and {e["detail-type"] for e in first} == {"memory.created"}
    clock.advance(40 * DAY_S)
    c.conversation.record_turn(SessionKey("default", OWNER.user_id, "friend", "s2"), "I now work at Stripe.", "Wow.")
    events = bus.new()
    facts = {r.memory_id: r for r in c.memories.list("default", OWNER.user_id, namespaces=(Namespace.MEMORY,))}
    (old,) = [r for r in facts.values() if "Google" in r.content]
    superseded = [e for e in events if e["detail-type"] == "memory.superseded"]
    assert [e["detail"]["memory_id"] for e in superseded] == [old.memory_id]
    assert superseded[0]["detail"]["superseded_by"] == old.superseded_by
    assert superseded[0]["detail"]["status"] == "superseded"
    assert old.superseded_by in [e["detail"]["memory_id"] for e in events if e["detail-type"] == "memory.created"]
    for event in events:
        assert_documented(event, "I work at Google.", "I now work at Stripe.")
        assert "Google" not in json.dumps(event) and "Stripe" not in json.dumps(event)


def test_an_erasure_publishes_one_user_erased_and_no_per_memory_event(c: Container, bus: Bus) -> None:
    svc = c.memory_service
    made = [
        svc.create(OWNER, "friend", summary=f"Mika keeps secret number {n} in the drawer.").record for n in range(3)
    ]
    svc.archive(OWNER, made[0].memory_id)
    neighbour = svc.create(OwnerKey("default", "noa"), "friend", summary="Noa likes tea.").record
    assert len(bus.new()) == 5

    request, token = c.erasure_service.request("default", OWNER.user_id, ErasureScope.ALL, "user")
    c.erasure_service.confirm("default", OWNER.user_id, request.request_id, token)
    assert c.erasure_job.run()["requests_completed"] == 1
    assert c.memories.list("default", OWNER.user_id, statuses=None) == []
    # the stream delivers the removals only now, after the fence came down: still the erasure's
    events = bus.new()
    erased = one(events, "user.erased")
    assert_documented(erased, "Mika keeps secret number")
    assert erased["detail"] | {"event_id": None, "occurred_at": None} == {
        "schema_version": 1,
        "event_id": None,
        "change": "erased",
        "occurred_at": None,
        "tenant_id": "default",
        "user_id": OWNER.user_id,
        "persona_id": None,
        "receipt_id": request.request_id,
        "scope": "all",
        "since": None,
        "until": None,
    }
    assert "secret" not in json.dumps(events)

    # the neighbour's changes still publish, and so does a deletion of the erased user's new life
    svc.delete(OwnerKey("default", "noa"), neighbour.memory_id)
    assert one(bus.new(), "memory.deleted", neighbour.memory_id)
    assert c.memories.list("default", OWNER.user_id, statuses=(MemoryStatus.ACTIVE,)) == []


def _during_the_erasure(c: Container, action: Callable[[], None]) -> None:
    """Runs `action` once, inside the erasure job's first pass (the fence up, nothing erased yet)."""
    inventory = c.erasure_job.data.inventory
    done: list[bool] = []

    def hooked(*args: Any, **kwargs: Any) -> Any:
        if not done:
            done.append(True)
            action()
        return inventory(*args, **kwargs)

    c.erasure_job.data.inventory = hooked  # type: ignore[method-assign]


def test_a_deletion_outside_a_persona_erasure_publishes_memory_deleted(c: Container, bus: Bus) -> None:
    """While persona A is erased, a memory of persona B deleted by the user (or the retention job)
    publishes its memory.deleted: the user.erased event is scoped to A, so without it subscribers
    would keep B's memory for good. (It used to be suppressed as the erasure's, during the
    erasure and for any removal the stream delivered before the fence's mark.)"""
    svc = c.memory_service
    erased = [svc.create(OWNER, "nurse", summary=f"Mika's dose plan number {n}.").record for n in range(2)]
    other = svc.create(OWNER, "coach", summary="Mika runs five kilometres.").record
    assert len(bus.new()) == 3

    _during_the_erasure(c, lambda: svc.delete(OWNER, other.memory_id))
    request = c.erasure_service.persona("default", OWNER.user_id, "nurse")
    assert c.erasure_job.run()["requests_completed"] == 1
    assert {r.memory_id for r in c.memories.list("default", OWNER.user_id, statuses=None)} == set()
    events = bus.new()  # delivered after the fence came down, the mark beside it
    by_type = {e["detail-type"]: e for e in events}
    assert sorted(e["detail-type"] for e in events) == ["memory.deleted", "user.erased"], events
    assert by_type["memory.deleted"]["detail"]["memory_id"] == other.memory_id
    assert by_type["memory.deleted"]["detail"]["persona_id"] == "coach"
    scope = by_type["user.erased"]["detail"]
    assert (scope["persona_id"], scope["receipt_id"], scope["since"], scope["until"]) == (
        "nurse",
        request.request_id,
        None,
        None,
    )
    for event in events:
        assert_documented(event, "Mika's dose plan number")
    assert not {r.memory_id for r in erased} & {e["detail"].get("memory_id") for e in events}


def test_a_recent_erasure_publishes_the_deletion_of_an_older_memory(c: Container, bus: Bus, clock: ManualClock) -> None:
    """A 'recent' erasure removes what was made in its window only: an older memory deleted just
    before it (the stream delivering the removal after the fence came down) publishes
    memory.deleted, and user.erased says from when the erasure reached back. (A removal up to the
    fence's lowering used to be the erasure's, whatever it was and however early it happened.)"""
    svc = c.memory_service
    old = svc.create(OWNER, "friend", summary="Mika moved to Osaka years ago.").record
    clock.advance(30 * DAY_S)
    recent = svc.create(OWNER, "friend", summary="Mika started the violin this week.").record
    assert len(bus.new()) == 2

    svc.delete(OWNER, old.memory_id)  # the user's own deletion (the fence refuses it while it runs)
    request, token = c.erasure_service.request("default", OWNER.user_id, ErasureScope.RECENT, "user")
    c.erasure_service.confirm("default", OWNER.user_id, request.request_id, token)
    assert c.erasure_job.run()["requests_completed"] == 1
    assert c.memories.get("default", OWNER.user_id, recent.memory_id) is None
    events = bus.new()
    assert sorted(e["detail-type"] for e in events) == ["memory.deleted", "user.erased"], events
    (deleted,) = [e for e in events if e["detail-type"] == "memory.deleted"]
    assert deleted["detail"]["memory_id"] == old.memory_id
    (erased,) = [e for e in events if e["detail-type"] == "user.erased"]
    assert erased["detail"]["scope"] == "recent" and erased["detail"]["persona_id"] is None
    since = erased["detail"]["since"]
    assert since == request.requested_at - c.settings.erasure_recent_days * DAY_S
    assert old.created_at < since <= recent.created_at
    for event in events:
        assert_documented(event, "Mika started the violin")


def test_a_redelivered_record_publishes_the_same_event_id(c: Container, bus: Bus, table: TableConfig) -> None:
    """At least once: a stream batch redelivered (here: read again by a second poller from the
    trim horizon) publishes again under the same ids, which consumers deduplicate on."""
    c.memory_service.create(OWNER, "friend", summary="Mika plays the cello.")
    (first,) = bus.new()
    again = StreamPoller(table, indexer_handler.lambda_handler, record_filter=is_memory_record)
    again.drain()
    events, _ = read_events(bus.path, bus.offset)
    assert [e["detail"]["event_id"] for e in events] == [first["detail"]["event_id"]]
