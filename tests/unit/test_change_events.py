"""Memory change events, pure: which change an old -> new image is, the event's fields (never
content), stable ids, and the EventBridge adapter's batches and failed entries."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engram.adapters.events.envelope import envelope
from engram.adapters.events.eventbridge import EventBridgeBus
from engram.adapters.events.local_bus import LocalEventBus, read_events
from engram.kernel.errors import StoreUnavailable
from engram.memory.change_events import (
    MEMORY_EVENT_FIELDS,
    MemoryChange,
    classify,
    event_id,
    memory_event,
    user_erased_event,
)
from engram.memory.models import ArchiveInfo, ArchiveReason, MemoryRecord, MemoryStatus, MemoryType, Namespace

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "events.schema.json").read_text(encoding="utf-8"))
KEYS = {"PK": "T#acme#U#u1#MEM", "SK": "M#m1"}
SECRET = "Kim's door code is 4512"


def record(**kw: Any) -> MemoryRecord:
    fields: dict[str, Any] = {
        "memory_id": "m1",
        "tenant_id": "acme",
        "user_id": "u1",
        "persona_id": "nurse",
        "type": MemoryType.FACT,
        "content": SECRET,
        "importance": 0.6,
        "created_at": 1.0,
        "updated_at": 1.0,
        "embedding": [0.1, 0.2],
        "topics": ["door"],
        "search_text": SECRET + " code",
    }
    fields.update(kw)
    return MemoryRecord(**fields)


ACTIVE = record()
ARCHIVE = ArchiveInfo(ArchiveReason.MANUAL, 2.0, 0.2, 30, 10, "none", original_content=SECRET)


@pytest.mark.parametrize(
    ("old", "new", "removed", "expected"),
    [
        (None, ACTIVE, False, MemoryChange.CREATED),
        (ACTIVE, replace(ACTIVE, version=2, importance=0.9), False, MemoryChange.UPDATED),
        (ACTIVE, replace(ACTIVE, version=2, content="other"), False, MemoryChange.UPDATED),
        (ACTIVE, replace(ACTIVE, version=2, superseded_by="m2", importance=0.18), False, MemoryChange.SUPERSEDED),
        (
            ACTIVE,
            replace(ACTIVE, version=2, status=MemoryStatus.ARCHIVED, archive=ARCHIVE),
            False,
            MemoryChange.ARCHIVED,
        ),
        (ACTIVE, replace(ACTIVE, version=2, status=MemoryStatus.COMPRESSED), False, MemoryChange.COMPRESSED),
        (replace(ACTIVE, status=MemoryStatus.COMPRESSED), replace(ACTIVE, version=2), False, MemoryChange.RESTORED),
        (replace(ACTIVE, status=MemoryStatus.ARCHIVED), replace(ACTIVE, version=2), False, MemoryChange.RESTORED),
        (ACTIVE, None, True, MemoryChange.DELETED),
        # an access: count and last access, same version -> bookkeeping, no event
        (ACTIVE, replace(ACTIVE, access_count=3, last_accessed_at=9.0), False, None),
        # rounds, threads and KB chunks are not memories of a user
        (None, replace(ACTIVE, namespace=Namespace.ROUND), False, None),
        (None, replace(ACTIVE, namespace=Namespace.KB), False, None),
        (replace(ACTIVE, namespace=Namespace.THREAD), None, True, None),
    ],
)
def test_classify(
    old: MemoryRecord | None, new: MemoryRecord | None, removed: bool, expected: MemoryChange | None
) -> None:
    assert classify(old, new, removed=removed) is expected


def test_a_removal_by_an_erasure_is_erased_not_deleted() -> None:
    assert classify(ACTIVE, None, removed=True, erased=True) is MemoryChange.ERASED


@pytest.mark.parametrize("change", [c for c in MemoryChange if c is not MemoryChange.ERASED])
def test_every_memory_event_validates_and_carries_no_content(change: MemoryChange) -> None:
    event = memory_event(change, ACTIVE, keys=KEYS, sequence_number="100", occurred_at=5.0)
    body = envelope(event, "bus")
    jsonschema.validate(body, SCHEMA)
    assert set(event.detail) <= MEMORY_EVENT_FIELDS
    assert "4512" not in json.dumps(body) and "door" not in json.dumps(body)
    assert body["detail-type"] == f"memory.{change.value}" and body["source"] == "engram"


def test_the_schema_refuses_content() -> None:
    event = memory_event(MemoryChange.CREATED, ACTIVE, keys=KEYS, sequence_number="1", occurred_at=5.0)
    body = envelope(event, "bus")
    body["detail"]["content"] = SECRET
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(body, SCHEMA)


def test_event_ids_are_stable_per_record_and_differ_between_records() -> None:
    assert event_id(KEYS, "100") == event_id(dict(reversed(KEYS.items())), "100")
    assert event_id(KEYS, "100") != event_id(KEYS, "101")
    assert event_id(KEYS, "100") != event_id({**KEYS, "SK": "M#m2"}, "100")
    erased = user_erased_event(
        tenant_id="acme", user_id="u1", receipt_id="er-1", scope="all", persona_id=None, occurred_at=1.0
    )
    jsonschema.validate(envelope(erased, "bus"), SCHEMA)
    again = user_erased_event(
        tenant_id="acme", user_id="u1", receipt_id="er-1", scope="all", persona_id=None, occurred_at=2.0
    )
    assert erased.event_id == again.event_id  # an erasure run that completes again announces the same id


class FakeEvents:
    def __init__(self, fail: list[set[int]]) -> None:
        self.calls: list[list[dict[str, Any]]] = []
        self._fail = fail  # per call: positions to refuse

    def put_events(self, Entries: list[dict[str, Any]]) -> dict[str, Any]:  # noqa: N803 (boto3's name)
        failing = self._fail.pop(0) if self._fail else set()
        self.calls.append(Entries)
        results = [
            {"ErrorCode": "ThrottlingException"} if i in failing else {"EventId": "x"} for i in range(len(Entries))
        ]
        return {"FailedEntryCount": len(failing), "Entries": results}


def _events(n: int) -> list[Any]:
    return [
        memory_event(MemoryChange.CREATED, ACTIVE, keys=KEYS, sequence_number=str(i), occurred_at=5.0) for i in range(n)
    ]


def test_eventbridge_sends_batches_of_ten_and_resends_only_the_refused() -> None:
    client = FakeEvents(fail=[{1, 3}])
    EventBridgeBus(client, "engram-bus").publish(_events(12))
    assert [len(c) for c in client.calls] == [10, 2, 2]
    resent = client.calls[1]
    assert [json.loads(e["Detail"])["event_id"] for e in resent] == [
        json.loads(client.calls[0][i]["Detail"])["event_id"] for i in (1, 3)
    ]
    entry = client.calls[0][0]
    assert entry["Source"] == "engram" and entry["DetailType"] == "memory.created"
    assert entry["EventBusName"] == "engram-bus" and SECRET not in entry["Detail"]


def test_eventbridge_raises_when_entries_stay_refused() -> None:
    client = FakeEvents(fail=[{0}, {0}])
    with pytest.raises(StoreUnavailable):
        EventBridgeBus(client, "engram-bus").publish(_events(1))


def test_the_local_bus_appends_envelopes_and_readers_skip_a_partial_line(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    LocalEventBus(path).publish(_events(2))
    with path.open("a", encoding="utf-8") as f:
        f.write('{"partial": ')
    events, offset = read_events(path)
    assert [e["detail"]["event_id"] for e in events] == [e.event_id for e in _events(2)]
    assert read_events(path, offset) == ([], offset)
