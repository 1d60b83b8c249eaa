"""Publishes the change events of the table's stream (memory/change_events.py) on the event bus.

Run by the memory indexer after it applied a record to the index: the stream has one consumer
for both, and a record whose publication fails is reported failed like one the index refused, so
the mapping redelivers it (the index write is idempotent, the event id the same).
"""

from __future__ import annotations

from engram.kernel.clock import Clock, SystemClock
from engram.kernel.ports import MetricsSink
from engram.memory.change_events import ChangeEvent, MemoryChange, classify, memory_event
from engram.memory.indexer import ChangeKind, StreamChange
from engram.memory.ports import ChangeEventBus, ErasureMarks


class ChangeFeed:
    def __init__(
        self,
        bus: ChangeEventBus,
        marks: ErasureMarks | None = None,
        clock: Clock | None = None,
        metrics: MetricsSink | None = None,
    ) -> None:
        self._bus = bus
        self._marks = marks
        self._clock = clock or SystemClock()
        self._metrics = metrics

    def event_of(self, change: StreamChange) -> ChangeEvent | None:
        """The event this stream change publishes, or None (not a memory, bookkeeping, erasure)."""
        ref = change.ref
        if ref is None:
            return None
        removed = change.event_name is ChangeKind.REMOVE
        occurred = change.approximate_creation_time or self._clock.now()
        record = change.old if removed else change.new
        if record is None:  # a REMOVE without its old image (KEYS_ONLY): nothing to say who it was
            return None
        kind = classify(change.old, change.new, removed=removed)
        if kind is None:
            return None
        # only a removal an erasure's scope covers is the erasure's (its user.erased says so); a
        # deletion of anything else, while an erasure of another persona or window runs, publishes
        if (
            kind is MemoryChange.DELETED
            and not change.expired  # the TTL sweeper is no erasure
            and self._marks is not None
            and self._marks.erasing(ref.tenant_id, ref.user_id, occurred, record.persona_id, record.created_at)
        ):
            return None
        return memory_event(
            kind,
            record,
            keys=change.keys,
            sequence_number=change.sequence_number,
            occurred_at=occurred,
            expired=change.expired,
        )

    def publish(self, change: StreamChange) -> ChangeEvent | None:
        event = self.event_of(change)
        if event is not None:
            self._bus.publish([event])
            if self._metrics is not None:
                self._metrics.put("memory_events_published")
        return event
