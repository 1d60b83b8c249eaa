"""Memory change events: what one stream change of a memory tells subscribers, never its content.

Derived from the stream record's old and new images (a pure function: the table is the only
truth, and every path that changes a memory — API, pipeline, lifecycle, retention, TTL — is
seen the same way). An event carries ids, tenant, persona, type, importance, pinned and the
change; consumers fetch the text through the API with their own rights. Its id is a hash of the
item key and the stream sequence number: a redelivered record publishes the same id, so
consumers deduplicate on it (delivery is at least once, EventBridge's and the stream's).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engram.memory.models import MemoryRecord, MemoryStatus, Namespace

SOURCE = "engram"  # the EventBridge `source` of every event
SCHEMA_VERSION = 1
USER_ERASED = "user.erased"


class MemoryChange(StrEnum):
    CREATED = "created"
    UPDATED = "updated"  # content, importance, pin, topics ... (a new version, same state)
    SUPERSEDED = "superseded"  # a newer fact replaced it (superseded_by set)
    ARCHIVED = "archived"
    COMPRESSED = "compressed"  # archived with its text replaced by a summary (R2)
    RESTORED = "restored"  # archived or compressed -> active
    DELETED = "deleted"  # by a caller, the retention pass, or its TTL (`expired`)
    ERASED = "erased"  # removed by an erasure: never published per memory (one user.erased instead)

    @property
    def detail_type(self) -> str:
        return f"memory.{self.value}"


# What every event carries, memory change or erasure.
ENVELOPE_FIELDS = frozenset(
    {"schema_version", "event_id", "change", "occurred_at", "tenant_id", "user_id", "persona_id"}
)
# Every key a memory event's detail may hold (docs/events.schema.json says the same): no content,
# summary, search text, embedding, topics or source turns, which all carry what the user said.
MEMORY_EVENT_FIELDS = ENVELOPE_FIELDS | {
    "memory_id",
    "type",
    "importance",
    "pinned",
    "status",
    "version",
    "superseded_by",
    "expired",
}
USER_ERASED_FIELDS = ENVELOPE_FIELDS | {"receipt_id", "scope", "since", "until"}


@dataclass(frozen=True, slots=True)
class ChangeEvent:
    """One event as the bus carries it: EventBridge's detail-type and a JSON detail."""

    event_id: str
    detail_type: str
    occurred_at: float
    detail: dict[str, Any]


def event_id(keys: dict[str, str] | Any, sequence_number: str) -> str:
    """Stable per stream record: the same record re-delivered gives the same id."""
    key = "|".join(f"{name}={keys[name]}" for name in sorted(keys))
    return hashlib.sha256(f"{key}|{sequence_number}".encode()).hexdigest()[:32]


def classify(
    old: MemoryRecord | None, new: MemoryRecord | None, *, removed: bool, erased: bool = False
) -> MemoryChange | None:
    """The change from `old` to `new` image; None when it is not a change of the memory.

    Writes that keep the version (an access: its count, last access, co-retrieval links) are
    bookkeeping, not a change. Rounds, threads and knowledge-base chunks are not memories of a
    user in this sense: only the memory namespace publishes."""
    image = new or old
    if image is None or image.namespace is not Namespace.MEMORY:
        return None
    if removed:
        return MemoryChange.ERASED if erased else MemoryChange.DELETED
    if new is None:
        return None
    if old is None:
        return MemoryChange.CREATED
    if new.version == old.version:
        return None
    if new.superseded_by and not old.superseded_by:
        return MemoryChange.SUPERSEDED
    if old.status is not new.status:
        if new.status is MemoryStatus.ACTIVE:
            return MemoryChange.RESTORED
        return MemoryChange.COMPRESSED if new.status is MemoryStatus.COMPRESSED else MemoryChange.ARCHIVED
    return MemoryChange.UPDATED


def memory_event(
    change: MemoryChange,
    record: MemoryRecord,
    *,
    keys: dict[str, str] | Any,
    sequence_number: str,
    occurred_at: float,
    expired: bool = False,
) -> ChangeEvent:
    """The event of one change; `record` is the new image (the old one for a deletion)."""
    ident = event_id(keys, sequence_number)
    detail: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "event_id": ident,
        "change": change.value,
        "occurred_at": occurred_at,
        "tenant_id": record.tenant_id,
        "user_id": record.user_id,
        "persona_id": record.persona_id,
        "memory_id": record.memory_id,
        "type": record.type.value,
        "importance": record.importance,
        "pinned": record.pinned,
        "status": "superseded" if record.superseded_by else record.status.value,
        "version": record.version,
        "superseded_by": record.superseded_by,
    }
    if change is MemoryChange.DELETED:
        detail["expired"] = expired
    return ChangeEvent(ident, change.detail_type, occurred_at, detail)


def user_erased_event(
    *,
    tenant_id: str,
    user_id: str,
    receipt_id: str,
    scope: str,
    persona_id: str | None,
    occurred_at: float,
    since: float | None = None,
    until: float | None = None,
) -> ChangeEvent:
    """One per completed erasure (the receipt id is the erasure request's id): subscribers erase
    their own copies of what it covers — the persona's (`persona_id`) or all the user's, created
    from `since` (a 'recent' erasure) up to `until` (a re-erasure; None: up to `occurred_at`). No
    per-memory event is published for what the erasure deleted; anything else deleted meanwhile
    publishes its memory.deleted."""
    ident = hashlib.sha256(f"user.erased|{tenant_id}|{receipt_id}".encode()).hexdigest()[:32]
    detail: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "event_id": ident,
        "change": "erased",
        "occurred_at": occurred_at,
        "tenant_id": tenant_id,
        "user_id": user_id,
        "persona_id": persona_id,
        "receipt_id": receipt_id,
        "scope": scope,
        "since": since,
        "until": until,
    }
    return ChangeEvent(ident, USER_ERASED, occurred_at, detail)
