"""R6 index reconciliation, index side: documents whose record is gone (orphans) are removed.

Runs inside the memory indexer (its daily schedule), so the indexer stays the only writer of
the index. Each run reads one bounded page of documents, from a cursor kept between runs, and
checks them against the table with consistent reads (a record written a moment ago never
looks gone). The other direction — records missing from the index — is the retention job's:
it touches them, and the stream brings them here in order.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from engram.kernel.ports import JobState, MetricsSink
from engram.memory.models import IndexKey
from engram.memory.ports import MemoryIndex, MemoryRepository

JOB = "index_reconcile"


@dataclass
class IndexReconciler:
    index: MemoryIndex
    repo: MemoryRepository
    state: JobState
    page_items: int
    metrics: MetricsSink | None = None

    def run(self) -> dict[str, int]:
        cursors = self.state.load(JOB)
        page, next_cursor = self.index.page_keys(cursors.get("index"), self.page_items)
        removed = self._orphans(page)
        self.state.save(JOB, {"index": next_cursor})
        if removed and self.metrics is not None:
            self.metrics.put("index_orphans_removed", float(removed))
        return {"index_documents_read": len(page), "index_orphans_removed": removed}

    def _orphans(self, page: list[IndexKey]) -> int:
        by_owner: dict[tuple[str, str], list[str]] = defaultdict(list)
        for key in page:
            by_owner[(key.tenant_id, key.user_id)].append(key.doc_id)
        removed = 0
        for (tenant_id, user_id), ids in by_owner.items():
            present = {r.memory_id for r in self.repo.batch_get(tenant_id, user_id, ids, consistent=True)}
            orphans = [i for i in ids if i not in present]
            if orphans:
                self.index.delete(tenant_id, user_id, orphans)
                removed += len(orphans)
        return removed
