"""The lifecycle rules of one memory (R1–R5), pure: when it is next due, what archiving and
restoring make of it, and the log entries each step leaves.

Decay is derived when read (ARCHITECTURE §5); what is stored is the date the next lifecycle
step falls due — for an active memory the moment its effective score crosses the compression
threshold, for an archived one the end of its grace period. The repository writes that date
into the sparse `compression_due` index on every write, so the daily job reads only what is due.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engram.memory.models import (
    ArchiveInfo,
    ArchiveReason,
    LifecycleEntry,
    LifecycleEvent,
    MemoryRecord,
    MemoryStatus,
    Namespace,
)
from engram.memory.scoring import DAY_S, crossing_time, record_effective_importance

if TYPE_CHECKING:
    from engram.settings import Settings

ARCHIVED_STATUSES = (MemoryStatus.ARCHIVED, MemoryStatus.COMPRESSED)


def _round(score: float) -> float:
    return round(score, 6)


@dataclass(frozen=True, slots=True)
class LifecyclePolicy:
    settings: Settings

    @property
    def threshold(self) -> float:
        return self.settings.compress_below

    def effective(self, record: MemoryRecord, now: float) -> float:
        return record_effective_importance(record, now, self.settings)

    def decays(self, record: MemoryRecord) -> bool:
        """What the decay applies to: active memories, not pinned (core and safety facts), not
        conversation rounds (their retention is L5's 180 days) nor knowledge-base chunks."""
        return record.namespace == Namespace.MEMORY and record.status == MemoryStatus.ACTIVE and not record.pinned

    def crossing_at(self, record: MemoryRecord) -> float | None:
        if not self.decays(record):
            return None
        start = record.decay_from if record.decay_from is not None else record.created_at
        return crossing_time(record.importance, start, record.access_count, self.threshold, self.settings)

    def due_at(self, record: MemoryRecord) -> float | None:
        """When the lifecycle job must next look at this record (None: never)."""
        if record.status in ARCHIVED_STATUSES:
            return record.archive.retention_until if record.archive is not None else None
        return self.crossing_at(record)

    def is_below(self, record: MemoryRecord, now: float) -> bool:
        # ≤ with a hair of slack: at its due time the score equals the threshold to rounding
        return self.effective(record, now) <= self.threshold + 1e-9

    # --- archive and restore -------------------------------------------------------------
    def archived(
        self,
        record: MemoryRecord,
        *,
        reason: ArchiveReason,
        now: float,
        summary: str | None = None,
        method: str = "none",
    ) -> MemoryRecord:
        """The record as archived (version + 1). With a summary it is compressed: the summary
        becomes its content and the original text waits in the archive for a restore."""
        original_bytes = len(record.content.encode("utf-8"))
        compressed = summary is not None
        info = ArchiveInfo(
            reason=reason,
            archived_at=now,
            final_score=_round(self.effective(record, now)),
            original_bytes=original_bytes,
            compressed_bytes=len(summary.encode("utf-8")) if summary is not None else original_bytes,
            method=method if compressed else "none",
            retention_until=now + self.settings.archive_grace_days * DAY_S,
            summary=summary,
            original_content=record.content if compressed else None,
            original_search_text=record.search_text if compressed else None,
        )
        return dataclasses.replace(
            record,
            status=MemoryStatus.COMPRESSED if compressed else MemoryStatus.ARCHIVED,
            content=summary if summary is not None else record.content,
            search_text=None if compressed else record.search_text,
            archive=info,
            version=record.version + 1,
            updated_at=now,
        )

    def restored(self, record: MemoryRecord, now: float) -> MemoryRecord:
        """Active again with its original text (its embedding never left the record). The decay
        clock starts again at the restore and the base is at least R1's importance at birth:
        restoring is the user saying it matters, so it is not compressed again the next morning."""
        info = record.archive
        content = info.original_content if info is not None and info.original_content is not None else record.content
        search_text = info.original_search_text if info is not None and info.original_content is not None else None
        return dataclasses.replace(
            record,
            status=MemoryStatus.ACTIVE,
            content=content,
            search_text=search_text if search_text is not None else record.search_text,
            importance=max(record.importance, self.settings.importance_at_birth),
            decay_from=now,
            archive=None,
            version=record.version + 1,
            updated_at=now,
        )

    # --- log entries ----------------------------------------------------------------------
    def entry(
        self,
        record: MemoryRecord,
        event: LifecycleEvent,
        now: float,
        before: float | None = None,
        after: float | None = None,
        **details: Any,
    ) -> LifecycleEntry:
        return LifecycleEntry(
            tenant_id=record.tenant_id,
            user_id=record.user_id,
            memory_id=record.memory_id,
            event=event,
            at=now,
            score_before=None if before is None else _round(before),
            score_after=None if after is None else _round(after),
            details={"persona_id": record.persona_id, **details},
            version=record.version + 1,
        )

    def archive_entries(self, before: MemoryRecord, after: MemoryRecord, now: float) -> list[LifecycleEntry]:
        """The log of one archiving: the crossing (when decay caused it), then compress or archive."""
        info = after.archive
        assert info is not None
        score = info.final_score
        entries: list[LifecycleEntry] = []
        if info.reason is ArchiveReason.LOW_IMPORTANCE:
            entries.append(self.entry(before, LifecycleEvent.SCORE_UPDATE, now, self.threshold, score, crossed="below"))
        event = LifecycleEvent.COMPRESS if after.status == MemoryStatus.COMPRESSED else LifecycleEvent.ARCHIVE
        entries.append(
            self.entry(
                before,
                event,
                now,
                score,
                score,
                reason=info.reason.value,
                original_bytes=info.original_bytes,
                compressed_bytes=info.compressed_bytes,
                ratio=info.ratio,
                method=info.method,
                retention_until=info.retention_until,
            )
        )
        return entries

    def restore_entry(self, before: MemoryRecord, after: MemoryRecord, now: float) -> LifecycleEntry:
        return self.entry(before, LifecycleEvent.RESTORE, now, self.effective(before, now), self.effective(after, now))

    def delete_entry(self, record: MemoryRecord, now: float, reason: str) -> LifecycleEntry:
        score = self.effective(record, now)
        return self.entry(record, LifecycleEvent.DELETE, now, score, None, reason=reason)
