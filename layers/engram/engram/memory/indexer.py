"""Keeps the search index in step with the memory records in the system of record.

Fed by the table's change stream (DynamoDB Streams -> memory_indexer Lambda, or the
local stream poller). The stream delivers at least once and a failed batch is
re-delivered from its first failed record, so every change here is idempotent:
upserts are keyed by memory id, deletes of a missing doc are no-ops, and an older
image never overwrites a newer document already in the index.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engram.kernel.errors import ValidationFailed
from engram.kernel.ports import MetricsSink
from engram.memory.models import IndexDocument, MemoryRecord
from engram.memory.ports import MemoryIndex
from engram.memory.projection import to_index_document


class ChangeKind(StrEnum):
    INSERT = "INSERT"
    MODIFY = "MODIFY"
    REMOVE = "REMOVE"


@dataclass(frozen=True, slots=True)
class MemoryRef:
    """Which memory a change is about, known from the item key alone (no image needed)."""

    tenant_id: str
    user_id: str
    memory_id: str


@dataclass(frozen=True, slots=True)
class StreamChange:
    """One change of one item of the table, as the stream reports it."""

    event_id: str
    event_name: ChangeKind
    keys: Mapping[str, str]  # the item's primary key, e.g. {"PK": ..., "SK": ...}
    sequence_number: str
    approximate_creation_time: float | None = None  # epoch seconds
    ref: MemoryRef | None = None  # None: not a memory item (sessions, turns, markers, profiles)
    new: MemoryRecord | None = None  # INSERT / MODIFY
    old: MemoryRecord | None = None  # MODIFY / REMOVE (NEW_AND_OLD_IMAGES)
    expired: bool = False  # REMOVE done by the TTL sweeper, not by a caller

    @property
    def is_memory(self) -> bool:
        return self.ref is not None


class Outcome(StrEnum):
    UPSERTED = "upserted"
    DELETED = "deleted"
    EXPIRED = "expired"  # deleted because its TTL passed
    STALE = "stale"  # an older image than the indexed document: left alone
    IGNORED = "ignored"  # not a memory item


def _is_older(incoming: IndexDocument, indexed: IndexDocument) -> bool:
    # Every change of a record is a conditional write that adds 1 to its version, so the
    # version orders images even when two changes share a clock tick; updated_at decides
    # only for documents indexed before they carried a version (0). Equal images are
    # re-applied: a replay of the same image is a no-op upsert.
    if incoming.version and indexed.version and incoming.version != indexed.version:
        return incoming.version < indexed.version
    return incoming.updated_at < indexed.updated_at


class MemoryIndexer:
    """Applies stream changes to a MemoryIndex. The only writer of the index."""

    def __init__(self, index: MemoryIndex, metrics: MetricsSink | None = None) -> None:
        self._index = index
        self._metrics = metrics

    @property
    def index(self) -> MemoryIndex:
        return self._index

    def apply(self, changes: Sequence[StreamChange]) -> list[Outcome]:
        """In stream order; a failure stops at the failing change (the stream retries from it)."""
        return [self.apply_one(change) for change in changes]

    def apply_one(self, change: StreamChange) -> Outcome:
        outcome = self._apply(change)
        if self._metrics is not None and outcome is not Outcome.IGNORED:
            # One metric name per outcome, no dimensions: aggregated into one EMF line per batch.
            self._metrics.put(f"memory_index_{outcome.value}")
        return outcome

    def _apply(self, change: StreamChange) -> Outcome:
        ref = change.ref
        if ref is None:
            return Outcome.IGNORED
        if change.event_name is ChangeKind.REMOVE:
            # Deletes always win: ids are never reused, so nothing newer can exist.
            self._index.delete(ref.tenant_id, ref.user_id, [ref.memory_id])
            return Outcome.EXPIRED if change.expired else Outcome.DELETED
        if change.new is None:
            raise ValidationFailed(f"{change.event_name} of memory {ref.memory_id} carries no new image")
        doc = to_index_document(change.new)
        indexed = self._index.get(ref.tenant_id, ref.user_id, doc.doc_id)
        if indexed is not None and _is_older(doc, indexed):
            return Outcome.STALE
        self._index.upsert([doc])
        return Outcome.UPSERTED
