"""The daily retention job (R6): what TTL leaves behind, and records the index lost.

DynamoDB's TTL removes expired items (rounds after 180 days, hot history after 24 h, ...) and
the stream carries each removal to the index — but TTL runs late (hours to days; DynamoDB
Local not at all), and an index can drift (a lost batch, a restored backup). Each run reads
one bounded page of memory records from a cursor saved between runs, so a full pass over any
size of table costs a fixed amount per day:
- a record past its `expires_at` is deleted (the stream removes its document), and so is any
  other item past it (session state, conversation log rounds, markers) still there;
- a record missing from the index, or indexed at an older version, is touched so the stream
  re-indexes it (the indexer stays the only writer of documents, in stream order).
Documents whose record is gone are the indexer's own daily pass (memory/reconcile.py).
Important moments carry no `expires_at` (L5), so nothing here ever removes them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from engram.kernel.clock import Clock
from engram.kernel.ports import JobState, MetricsSink
from engram.memory.models import ExpiredItem, RecordKey
from engram.memory.ports import MemoryIndex, MemoryRepository
from engram.settings import Settings

JOB = "retention"


@dataclass
class RetentionJob:
    repo: MemoryRepository
    index: MemoryIndex | None  # read only; None: nothing to compare with (the index is another process's)
    state: JobState
    settings: Settings
    clock: Clock
    metrics: MetricsSink

    def run(self, now: float | None = None, remaining_s: Callable[[], float] | None = None) -> dict[str, int]:
        now = self.clock.now() if now is None else now
        counts: Counter[str] = Counter()
        cursors = self.state.load(JOB)
        records, expired, next_records = self.repo.scan_keys(
            cursors.get("records"), self.settings.retention_page_items, now
        )
        counts["records_read"] = len(records)
        steps: list[Callable[[], str]] = [partial(self._record, key, now) for key in records]
        steps += [partial(self._expired, item, now) for item in expired]
        for step in steps:
            if remaining_s is not None and remaining_s() < self.settings.lifecycle_stop_margin_s:
                counts["stopped_early"] = 1
                next_records = cursors.get("records")  # this page again next time: every step is idempotent
                break
            counts[step()] += 1
        cursors["records"] = next_records
        self.state.save(JOB, cursors)
        counts.pop("kept", None)
        if counts["expired_deleted"]:
            self.metrics.put("retention_deleted", float(counts["expired_deleted"]))
        if counts["reindexed"]:
            self.metrics.put("index_reindexed", float(counts["reindexed"]))
        return dict(counts)

    def _expired(self, item: ExpiredItem, now: float) -> str:
        """Session state, conversation log rounds, markers ...: TTL's work, done when TTL is late."""
        return "expired_deleted" if self.repo.delete_expired(item, now) else "skipped"

    def _record(self, key: RecordKey, now: float) -> str:
        if key.expires_at is not None and key.expires_at <= now:
            deleted = self.repo.delete(key.tenant_id, key.user_id, key.memory_id, expected_version=key.version)
            return "expired_deleted" if deleted else "skipped"
        if self.index is None:
            return "kept"
        doc = self.index.get(key.tenant_id, key.user_id, key.memory_id)
        if doc is not None and (not doc.version or doc.version >= key.version):
            return "kept"
        return "reindexed" if self.repo.touch_for_reindex(key, now) else "skipped"
