"""DynamoDB Streams records (Lambda shape) -> StreamChange, and the MemoryIndexer rules."""

from __future__ import annotations

import base64
import copy
import json
from datetime import UTC, datetime
from typing import Any

import pytest

from engram.adapters.dynamodb.memory_store import to_item
from engram.adapters.dynamodb.models import MemoryItem
from engram.adapters.dynamodb.stream_poller import failed_positions, to_lambda_record
from engram.adapters.dynamodb.stream_records import memory_image, memory_ref, to_change
from engram.adapters.local_index import LocalIndex
from engram.adapters.metrics import InMemoryMetrics
from engram.kernel.errors import ValidationFailed
from engram.memory.indexer import ChangeKind, MemoryIndexer, MemoryRef, Outcome, StreamChange
from engram.memory.models import MemoryRecord, MemoryStatus, MemoryType, SearchFilter
from tests.conftest import EVENTS

T0 = 1_767_225_600.0


def sample_event() -> dict[str, Any]:
    event: dict[str, Any] = json.loads((EVENTS / "dynamodb_stream_memory.json").read_text(encoding="utf-8"))
    return event


def record(memory_id: str = "m1", **overrides: Any) -> MemoryRecord:
    fields: dict[str, Any] = {
        "memory_id": memory_id,
        "tenant_id": "acme",
        "user_id": "u-123",
        "persona_id": "nurse",
        "type": MemoryType.FACT,
        "content": "Lives in Taipei",
        "importance": 0.5,
        "created_at": T0,
        "updated_at": T0,
        "embedding": [0.5, 0.5, 0.5, 0.5],  # exact in float32: round trips compare equal
        "topics": ["home"],
        "pii_flags": ["address"],
    }
    fields.update(overrides)
    return MemoryRecord(**fields)


def image(r: MemoryRecord) -> dict[str, Any]:
    """What Lambda delivers: DynamoDB JSON with base64 binaries."""
    return to_item(MemoryItem, r).to_dynamodb_dict()


def stream_record(
    name: str, new: dict[str, Any] | None = None, old: dict[str, Any] | None = None, seq: str = "100"
) -> dict[str, Any]:
    img = new or old
    assert img is not None
    ddb: dict[str, Any] = {
        "ApproximateCreationDateTime": int(T0),
        "Keys": {"PK": img["PK"], "SK": img["SK"]},
        "SequenceNumber": seq,
        "SizeBytes": 100,
        "StreamViewType": "NEW_AND_OLD_IMAGES",
    }
    if new is not None:
        ddb["NewImage"] = new
    if old is not None:
        ddb["OldImage"] = old
    return {
        "eventID": f"ev-{seq}",
        "eventName": name,
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": "us-east-1",
        "dynamodb": ddb,
        "eventSourceARN": "arn:aws:dynamodb:us-east-1:123456789012:table/engram/stream/x",
    }


# --------------------------------------------------------------------------- translation


def test_sample_event_translates() -> None:
    turn, insert, modify, ttl_remove = (to_change(r) for r in sample_event()["Records"])

    assert turn.ref is None and turn.new is None  # a TURN# item: never parsed, ignored
    assert turn.keys["SK"].startswith("TURN#")

    assert insert.event_name is ChangeKind.INSERT
    assert insert.ref == MemoryRef("acme", "u-123", "01JH5Q8Z6M1")
    assert insert.new is not None and insert.old is None
    assert insert.new.content == "Prefers oat milk in coffee"
    assert insert.new.embedding == pytest.approx([0.6, 0.8, 0.0, 0.0])
    assert insert.new.status is MemoryStatus.ACTIVE and insert.new.version == 1
    assert insert.sequence_number == "4421584500000000017450439092"
    assert insert.approximate_creation_time == T0
    assert not insert.expired

    assert modify.event_name is ChangeKind.MODIFY
    assert modify.new is not None and modify.old is not None
    assert (modify.new.status, modify.new.version) == (MemoryStatus.ARCHIVED, 2)
    assert (modify.old.status, modify.old.version) == (MemoryStatus.ACTIVE, 1)

    assert ttl_remove.event_name is ChangeKind.REMOVE
    assert ttl_remove.expired  # userIdentity: Service / dynamodb.amazonaws.com
    assert ttl_remove.new is None and ttl_remove.old is not None
    assert ttl_remove.ref == MemoryRef("acme", "u-123", "01JH5Q8Z6M2")


def test_image_round_trips_through_the_item_model() -> None:
    r = record(
        search_text="Lives in Taipei home",
        expires_at=T0 + 60,
        last_accessed_at=T0 + 1,
        pinned=True,
        session_id="s1",
        source_turn_ids=["s1:3"],
        own_embedding=[0.25, -0.5, 0.75, 1.0],  # exact at half precision
    )
    assert memory_image(image(r)) == r


def test_translation_does_not_mutate_the_event() -> None:
    event = sample_event()
    before = copy.deepcopy(event)
    for r in event["Records"]:
        to_change(r)
    assert event == before  # binaries are decoded on a copy


def test_explicit_delete_is_not_marked_expired() -> None:
    change = to_change(stream_record("REMOVE", old=image(record())))
    assert change.event_name is ChangeKind.REMOVE and not change.expired


def test_a_user_identity_that_is_not_the_ttl_sweeper_is_not_expiry() -> None:
    rec = stream_record("REMOVE", old=image(record()))
    rec["userIdentity"] = {"type": "Service", "principalId": "something.amazonaws.com"}
    assert not to_change(rec).expired


def test_remove_without_old_image_still_identifies_the_memory() -> None:
    rec = stream_record("REMOVE", old=image(record("m9")))
    del rec["dynamodb"]["OldImage"]
    change = to_change(rec)
    assert change.ref == MemoryRef("acme", "u-123", "m9") and change.old is None


@pytest.mark.parametrize(
    ("pk", "sk", "expected"),
    [
        ("T#a#U#b#MEM", "M#x", MemoryRef("a", "b", "x")),
        ("T#a#U#b#MEM", "PROFILE#nurse", None),
        ("T#a#U#b#P#p#S#s", "~META", None),
        ("T#a#U#b#P#p#S#s", "TURN#0000000000001#00000001", None),
        ("T#a#U#b#P#p#S#s", "REQ#r1", None),
        ("T#a#U#b#P#p#S#s", "#LEASE#summary", None),
        ("T#a#U#b#IDEM#chat#k", "~IDEM", None),
    ],
)
def test_only_memory_keys_have_a_ref(pk: str, sk: str, expected: MemoryRef | None) -> None:
    assert memory_ref({"PK": pk, "SK": sk}) == expected


def _poison(mutate: Any) -> dict[str, Any]:
    rec = stream_record("INSERT", new=image(record()), seq="777")
    mutate(rec)
    return rec


@pytest.mark.parametrize(
    "mutate",
    [
        pytest.param(lambda r: r.pop("eventName"), id="no-event-name"),
        pytest.param(lambda r: r.update(eventName="UPSERT"), id="unknown-event-name"),
        pytest.param(lambda r: r["dynamodb"].pop("Keys"), id="no-keys"),
        pytest.param(lambda r: r["dynamodb"].pop("SequenceNumber"), id="no-sequence"),
        pytest.param(lambda r: r["dynamodb"].pop("NewImage"), id="insert-without-new-image"),
        pytest.param(lambda r: r["dynamodb"]["NewImage"].pop("content"), id="missing-required-attribute"),
        pytest.param(lambda r: r["dynamodb"]["NewImage"].update(content={"N": "1"}), id="wrong-attribute-type"),
        pytest.param(lambda r: r["dynamodb"]["NewImage"].update(type={"S": "gossip"}), id="unknown-memory-type"),
        pytest.param(
            lambda r: r["dynamodb"]["NewImage"].update(embedding={"B": base64.b64encode(b"abc").decode()}),
            id="embedding-not-float32",
        ),
        pytest.param(lambda r: r["dynamodb"]["NewImage"].update(version={"N": "two"}), id="bad-number"),
        pytest.param(lambda r: r["dynamodb"]["NewImage"].update(memory_id={"S": "other"}), id="image-key-mismatch"),
        pytest.param(lambda r: r["dynamodb"]["Keys"].update(PK={"S": "T#acme#MEM"}), id="bad-memory-pk"),
        pytest.param(lambda r: r["dynamodb"].update(NewImage="not a map"), id="image-not-a-map"),
    ],
)
def test_malformed_records_raise_validation_failed(mutate: Any) -> None:
    with pytest.raises(ValidationFailed) as info:
        to_change(_poison(mutate))
    assert info.value.details["eventID"] == "ev-777"  # ids only: no content in errors


def test_a_malformed_non_memory_image_is_not_parsed() -> None:
    rec = sample_event()["Records"][0]
    rec["dynamodb"]["NewImage"] = {"garbage": {"X": 1}}
    assert to_change(rec).ref is None


# --------------------------------------------------------------------------- indexer rules


def change(kind: ChangeKind, r: MemoryRecord, *, expired: bool = False, seq: str = "1") -> StreamChange:
    return StreamChange(
        event_id=f"e{seq}",
        event_name=kind,
        keys={"PK": f"T#{r.tenant_id}#U#{r.user_id}#MEM", "SK": f"M#{r.memory_id}"},
        sequence_number=seq,
        ref=MemoryRef(r.tenant_id, r.user_id, r.memory_id),
        new=None if kind is ChangeKind.REMOVE else r,
        old=r if kind is ChangeKind.REMOVE else None,
        expired=expired,
    )


def test_indexer_upserts_skips_stale_and_deletes() -> None:
    index = LocalIndex.in_memory(4)
    metrics = InMemoryMetrics()
    indexer = MemoryIndexer(index, metrics)
    v1 = record()
    v2 = record(content="Lives in Tainan now", updated_at=T0 + 10, version=2)
    flt = SearchFilter("acme", "u-123")

    assert indexer.apply([change(ChangeKind.INSERT, v1), change(ChangeKind.MODIFY, v2)]) == [
        Outcome.UPSERTED,
        Outcome.UPSERTED,
    ]
    assert indexer.apply_one(change(ChangeKind.INSERT, v1)) is Outcome.STALE  # older replay
    doc = index.get("acme", "u-123", "m1")
    assert doc is not None and doc.text == "Lives in Tainan now"
    assert indexer.apply_one(change(ChangeKind.MODIFY, v2)) is Outcome.UPSERTED  # same image again: no-op
    assert index.count(flt) == 1

    assert indexer.apply_one(change(ChangeKind.REMOVE, v2, expired=True)) is Outcome.EXPIRED
    assert index.get("acme", "u-123", "m1") is None
    assert indexer.apply_one(change(ChangeKind.REMOVE, v2)) is Outcome.DELETED  # deleting twice is fine
    assert metrics.total("memory_index_upserted") == 3
    assert metrics.total("memory_index_stale") == 1


def test_indexer_orders_images_of_one_clock_tick_by_version() -> None:
    """Two changes in the same clock tick: a replay of the older one must not win."""
    index = LocalIndex.in_memory(4)
    indexer = MemoryIndexer(index)
    v2 = record(content="Lives in Taipei", updated_at=T0 + 10, version=2)
    v3 = record(content="Lives in Tainan now", updated_at=T0 + 10, version=3)
    assert indexer.apply([change(ChangeKind.MODIFY, v2), change(ChangeKind.MODIFY, v3)]) == [Outcome.UPSERTED] * 2
    assert indexer.apply_one(change(ChangeKind.MODIFY, v2)) is Outcome.STALE
    doc = index.get("acme", "u-123", "m1")
    assert doc is not None and doc.text == "Lives in Tainan now" and doc.version == 3


def test_indexer_ignores_non_memory_changes() -> None:
    index = LocalIndex.in_memory(4)
    ignored = StreamChange("e", ChangeKind.INSERT, {"PK": "x", "SK": "~META"}, "1")
    assert MemoryIndexer(index).apply_one(ignored) is Outcome.IGNORED


def test_indexer_refuses_a_memory_upsert_without_image() -> None:
    c = change(ChangeKind.INSERT, record())
    broken = StreamChange(c.event_id, c.event_name, c.keys, c.sequence_number, ref=c.ref)
    with pytest.raises(ValidationFailed):
        MemoryIndexer(LocalIndex.in_memory(4)).apply_one(broken)


# --------------------------------------------------------------------------- local event shape


def test_get_records_output_becomes_the_lambda_shape() -> None:
    raw = {
        "eventID": "e1",
        "eventName": "REMOVE",
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": "ddblocal",
        "dynamodb": {
            "ApproximateCreationDateTime": datetime(2026, 1, 1, tzinfo=UTC),
            "Keys": {"PK": {"S": "p"}, "SK": {"S": "M#1"}},
            "OldImage": {
                "embedding": {"B": b"\x00\x01"},
                "m": {"M": {"l": {"L": [{"B": b"\x02"}, {"S": "s"}]}, "bs": {"BS": [b"\x03"]}}},
            },
            "SequenceNumber": "000000000000000000007",
            "SizeBytes": 20,
            "StreamViewType": "NEW_AND_OLD_IMAGES",
        },
        "userIdentity": {"PrincipalId": "dynamodb.amazonaws.com", "Type": "Service"},
    }
    out = to_lambda_record(raw, "arn:stream")
    json.dumps(out)  # JSON-serialisable, like a real event
    assert out["eventSourceARN"] == "arn:stream"
    assert out["userIdentity"] == {"type": "Service", "principalId": "dynamodb.amazonaws.com"}
    ddb = out["dynamodb"]
    assert ddb["ApproximateCreationDateTime"] == int(T0)
    assert ddb["OldImage"]["embedding"] == {"B": "AAE="}
    assert ddb["OldImage"]["m"]["M"]["l"]["L"][0] == {"B": "Ag=="}
    assert ddb["OldImage"]["m"]["M"]["bs"] == {"BS": ["Aw=="]}
    assert "NewImage" not in ddb


def test_failed_positions_follow_lambda_rules() -> None:
    records = [{"dynamodb": {"SequenceNumber": s}} for s in ("1", "2", "3")]
    assert failed_positions(records, {"batchItemFailures": []}) == []
    assert failed_positions(records, None) == []
    assert failed_positions(records, {"batchItemFailures": [{"itemIdentifier": "3"}, {"itemIdentifier": "2"}]}) == [
        1,
        2,
    ]
    assert failed_positions(records, {"batchItemFailures": [{"itemIdentifier": "9"}]}) == [0, 1, 2]
    assert failed_positions(records, "nonsense") == [0, 1, 2]
