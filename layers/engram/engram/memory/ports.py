"""Long-term memory's ports: the repository, profiles, threads, the index, embedder, extractor and
compressor. Adapters implement them; the composition root (engram.wiring) plugs them in."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from engram.kernel.keys import SessionKey
from engram.memory.models import (
    ExistingMemory,
    ExpiredItem,
    Fact,
    Hit,
    IndexDocument,
    IndexKey,
    MemoryRecord,
    MemoryStatus,
    Namespace,
    Profile,
    RecordKey,
    SearchFilter,
)

if TYPE_CHECKING:  # numpy is not needed to import the ports (cold start)
    import numpy as np
    import numpy.typing as npt

    from engram.memory.change_events import ChangeEvent
    from engram.memory.models import DueRef, LifecycleEntry, ThreadState  # its settings import: ~170 ms
    from engram.memory.turn_batch import HeldRound, TurnReads, TurnWrites, TurnWritten

    Vector = npt.NDArray[np.float32]


class TurnBatch(Protocol):
    """The turn worker's one read and one write of a round (memory/turn_batch.py)."""

    def read(self, key: SessionKey, generation: int, seq: int, round_ids: builtins.list[str]) -> TurnReads: ...

    def write(self, writes: TurnWrites) -> TurnWritten:
        """One transaction; ErasureInProgress while the user (or persona) is erased."""
        ...


class ThreadStore(Protocol):
    """S5: the open thread of each conversation (one item, written under its version)."""

    def get(self, key: SessionKey) -> ThreadState | None: ...

    def put(self, key: SessionKey, state: ThreadState, expires_at: float) -> None:
        """Conflict when the stored version is not `state.version` (a concurrent writer)."""
        ...


class MemoryCompressor(Protocol):
    """R2: the short form of a memory whose score fell below the threshold, in its own language."""

    name: str

    def compress(self, text: str, max_bytes: int) -> str:
        """At most `max_bytes` UTF-8 bytes if the model obeys; the caller checks and falls back."""
        ...


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> Vector:
        """Query side. Rows are L2-normalised float32 vectors, one per text."""
        ...

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        """Stored side (asymmetric models such as e5 prefix "passage:" here)."""
        ...


class MemoryIndex(Protocol):
    """BM25 + k-NN over IndexDocuments. Filters run inside the query."""

    def upsert(self, docs: Sequence[IndexDocument]) -> None: ...

    def delete(self, tenant_id: str, user_id: str, doc_ids: Sequence[str]) -> None: ...

    def delete_user(self, tenant_id: str, user_id: str, doc_ids: Sequence[str] | None = None) -> int:
        """Delete by query: every document of the user (or only `doc_ids` of them); how many went."""
        ...

    def get(self, tenant_id: str, user_id: str, doc_id: str) -> IndexDocument | None: ...

    def search_text(self, query: str, flt: SearchFilter, k: int) -> list[Hit]: ...

    def search_vector(self, vector: Sequence[float], flt: SearchFilter, k: int) -> list[Hit]: ...

    def count(self, flt: SearchFilter) -> int: ...

    def page_keys(self, cursor: str | None, limit: int) -> tuple[list[IndexKey], str | None]:
        """R6 reconciliation: up to `limit` documents of every owner after `cursor`, and the
        cursor of the next page (None when this was the last)."""
        ...


class MemoryRepository(Protocol):
    """Long-term memory records in the system of record (DynamoDB)."""

    def put_new(self, record: MemoryRecord, held: HeldRound | None = None) -> bool:
        """Insert unless the id exists; False when it did (idempotent writers). `held`: the turn
        worker's job's conversation round, checked in the same write (RoundGone: it is not stored
        any more, nothing was written)."""
        ...

    def put_batch(self, records: builtins.list[MemoryRecord]) -> None:
        """Store new records in bulk, unconditionally (their ids must be fresh)."""
        ...

    def delete_batch(self, tenant_id: str, user_id: str, memory_ids: builtins.list[str]) -> None: ...

    def get(self, tenant_id: str, user_id: str, memory_id: str) -> MemoryRecord | None: ...

    def batch_get(
        self, tenant_id: str, user_id: str, memory_ids: builtins.list[str], consistent: bool = False
    ) -> builtins.list[MemoryRecord]: ...

    def replace(
        self,
        record: MemoryRecord,
        expected_version: int,
        log: Sequence[LifecycleEntry] = (),
        expected_access_count: int | None = None,
    ) -> MemoryRecord:
        """Optimistic concurrency: Conflict when the stored version is not `expected_version`
        (or, given, the access count not `expected_access_count`: accesses keep the version).
        `log`: R5 lifecycle lines written in the same transaction."""
        ...

    def delete(
        self,
        tenant_id: str,
        user_id: str,
        memory_id: str,
        *,
        expected_version: int | None = None,
        log: Sequence[LifecycleEntry] = (),
    ) -> bool: ...

    def append_log(self, entries: Sequence[LifecycleEntry]) -> None: ...

    def lifecycle_log(self, tenant_id: str, user_id: str, memory_id: str) -> builtins.list[LifecycleEntry]: ...

    # R1–R4: the lifecycle job's sparse index (every write keeps a record's due date current)
    def due(self, now: float, limit: int) -> builtins.list[DueRef]: ...

    def reschedule(self, record: MemoryRecord) -> None: ...

    def mark_capacity(self, tenant_id: str, user_id: str, now: float) -> None: ...

    def clear_capacity(self, tenant_id: str, user_id: str, marked_at: float) -> None: ...

    # L9: users whose memories the weekly consolidation must look at
    def mark_consolidation(self, tenant_id: str, user_id: str, due_at: float) -> None: ...

    def due_consolidation(self, now: float, limit: int) -> builtins.list[DueRef]: ...

    def clear_consolidation(self, tenant_id: str, user_id: str, due_at: float) -> None: ...

    # R6: the retention job's paged pass over the table's memory records
    def scan_keys(
        self, cursor: str | None, limit: int, now: float
    ) -> tuple[builtins.list[RecordKey], builtins.list[ExpiredItem], str | None]: ...

    def delete_expired(self, item: ExpiredItem, now: float) -> bool:
        """Delete an item of any kind if it is still past its TTL (a refreshed one stays)."""
        ...

    def touch_for_reindex(self, key: RecordKey, now: float) -> bool:
        """A no-op change (same version) the stream carries to the indexer; False if it moved."""
        ...

    def list(
        self,
        tenant_id: str,
        user_id: str,
        *,
        persona_id: str | None = None,
        namespaces: tuple[Namespace, ...] = ...,
        statuses: tuple[MemoryStatus, ...] | None = None,
        now: float | None = None,
    ) -> builtins.list[MemoryRecord]: ...

    def touch_access(
        self, tenant_id: str, user_id: str, memory_ids: builtins.list[str], now: float, job_id: str | None = None
    ) -> None:
        """R1: count an access once per job (`job_id`; without one, its time names it)."""
        ...


class ProfileStore(Protocol):
    def get(self, tenant_id: str, user_id: str, persona_id: str) -> Profile: ...

    def update(
        self,
        tenant_id: str,
        user_id: str,
        persona_id: str,
        *,
        pin: dict[str, str] | None = None,
        unpin: list[str] | None = None,
        topics: list[str] | None = None,
        mentions: int = 0,
        attempts: int = 5,
        held: HeldRound | None = None,
    ) -> Profile: ...

    def set_plan(self, tenant_id: str, user_id: str, persona_id: str, plan: str) -> None:
        """L10: the plan of the user's latest request, for work done without one (session end)."""
        ...

    def count_mention(self, tenant_id: str, user_id: str, persona_id: str) -> None:
        """L6: the user spoke with this persona once more (atomic, no read)."""
        ...


class Extractor(Protocol):
    """L2 extraction: candidates and merge decisions for one turn, in at most one model call."""

    name: str

    def extract(self, user_text: str, assistant_text: str, existing: Sequence[ExistingMemory]) -> list[Fact]: ...


def __getattr__(name: str) -> object:
    """`Vector` at run time for modules that import it (they use numpy anyway)."""
    if name == "Vector":
        import numpy as np
        import numpy.typing as npt

        return npt.NDArray[np.float32]
    raise AttributeError(name)


class ChangeEventBus(Protocol):
    """Where memory change events go: EventBridge in AWS, a local bus (a JSONL file) locally."""

    def publish(self, events: Sequence[ChangeEvent]) -> None:
        """All or raise (StoreUnavailable): the stream record is then retried and publishes
        again under the same event ids."""
        ...


class ErasureMarks(Protocol):
    """Tells a removal by an erasure from any other (the erasure publishes one user.erased)."""

    def erasing(self, tenant_id: str, user_id: str, at: float, persona_id: str, created_at: float) -> bool:
        """An erasure running at `at` (or now) removes this record of the user: one of all the
        user, or of the record's persona, whose window (a 'recent' one, a re-erasure's) holds its
        creation time. A removal outside every such scope is no erasure's: it publishes."""
        ...
