"""The small interfaces the domain talks to. Each has a production adapter
(AWS / OpenAI) and a local one (DynamoDB Local, embedded index, heuristics)."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engram.domain.models import (
    AppendResult,
    Claim,
    ClosedRun,
    Completion,
    DueItem,
    GateResult,
    LoggedRound,
    OwnerKey,
    RequestMarker,
    SessionKey,
    SessionMeta,
    SessionSnapshot,
    SessionSummary,
    Turn,
)
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

    from engram.memory.lifecycle_policy import DueRef, LifecycleEntry  # its settings import: ~170 ms
    from engram.memory.threads import ThreadState
    from engram.privacy.audit import AuditEntry
    from engram.privacy.models import AnonymousMoment, ErasureLogEntry, ErasureRequest, UserItem

    Vector = npt.NDArray[np.float32]


class ConversationStore(Protocol):
    def load(self, key: SessionKey, recent: int, now: float) -> SessionSnapshot: ...

    def append_turn(
        self,
        key: SessionKey,
        user_text: str,
        assistant_text: str,
        request_id: str,
        now: float,
        emergency: bool = False,
        meta_hint: SessionMeta | None = None,
        tokens: int = 0,
        claim_owner: str | None = None,
        result: dict[str, Any] | None = None,
    ) -> AppendResult: ...

    def get_turn(self, key: SessionKey, generation: int, seq: int, now: float) -> Turn | None: ...

    def turns_between(self, key: SessionKey, generation: int, first: int, last: int, now: float) -> list[Turn]: ...

    def tail(
        self, key: SessionKey, generation: int, first: int, now: float
    ) -> tuple[SessionMeta | None, list[Turn]]: ...

    def claim_request(
        self, key: SessionKey, request_id: str, owner: str, lock_ttl_s: float, now: float
    ) -> RequestMarker: ...

    def claim_window(self, key: SessionKey, dedup_key: str, request_id: str, window_s: float, now: float) -> str:
        """D1: the request id a text repeats (accepted less than `window_s` ago), else `request_id`."""
        ...

    def get_request(self, key: SessionKey, request_id: str, now: float) -> RequestMarker | None: ...

    def release_request(self, key: SessionKey, request_id: str, owner: str) -> None: ...

    def commit_summary(
        self,
        key: SessionKey,
        generation: int,
        expected_cursor: int,
        new_cursor: int,
        summary: str,
        now: float,
        folded_tokens: int = 0,
    ) -> bool: ...

    def try_lease(self, key: SessionKey, name: str, holder: str, ttl_s: float, now: float) -> bool: ...

    def release_lease(self, key: SessionKey, name: str, holder: str) -> None: ...

    def get_meta(self, key: SessionKey, now: float) -> SessionMeta | None: ...

    def list_metas(self, tenant_id: str, user_id: str, now: float, limit: int) -> list[SessionMeta]:
        """The user's live sessions (any persona), most recently active first, reading at most
        `limit` of them."""
        ...

    def log_page(
        self, key: SessionKey, now: float, limit: int, before: tuple[int, int] | None = None
    ) -> tuple[list[LoggedRound], tuple[int, int] | None]: ...

    def keep_turn(self, key: SessionKey, generation: int, seq: int) -> bool: ...


class SessionRuns(Protocol):
    """Closed runs of a session and the session memory each leaves (S6)."""

    def close(
        self, key: SessionKey, meta: SessionMeta, reason: str, holder: str | None, now: float
    ) -> ClosedRun | None: ...

    def get(self, key: SessionKey, generation: int, now: float) -> ClosedRun | None: ...

    def take(self, run: ClosedRun, holder: str, now: float) -> ClosedRun | None: ...

    def complete(self, run: ClosedRun, holder: str, result: dict[str, Any]) -> bool: ...

    def due(self, idle_before: float, limit: int) -> list[DueItem]: ...


class ThreadStore(Protocol):
    """S5: the open thread of each conversation (one item, written under its version)."""

    def get(self, key: SessionKey) -> ThreadState | None: ...

    def put(self, key: SessionKey, state: ThreadState, expires_at: float) -> None:
        """Conflict when the stored version is not `state.version` (a concurrent writer)."""
        ...


class TurnOutbox(Protocol):
    """Post-turn work derived from what was stored. In AWS (and on the local stack) the
    table's stream is the outbox: a pipe turns each stored round and closed run into a
    job, so a crash after the write loses nothing. Tests and benchmarks run it inline."""

    def turn_stored(self, key: SessionKey, meta: SessionMeta, turn: Turn) -> None: ...

    def run_closed(self, run: ClosedRun) -> None: ...


class TranscriptBuffer(Protocol):
    """D2: partial transcripts of one audio id, kept until the final one arrives."""

    def add(self, owner: OwnerKey, audio_id: str, part: int | None, text: str, ttl_s: float, now: float) -> int: ...

    def parts(self, owner: OwnerKey, audio_id: str, now: float) -> list[str]: ...

    def clear(self, owner: OwnerKey, audio_id: str) -> None: ...


class IdempotencyStore(Protocol):
    def claim(self, owner_key: OwnerKey, scope: str, key: str, owner: str, lock_ttl_s: float, now: float) -> Claim: ...

    def complete(
        self,
        owner_key: OwnerKey,
        scope: str,
        key: str,
        owner: str,
        result: dict[str, Any],
        result_ttl_s: float,
        now: float,
    ) -> None: ...

    def release(self, owner_key: OwnerKey, scope: str, key: str, owner: str) -> None: ...

    def claim_all(
        self, claims: list[tuple[OwnerKey, str, str]], owner: str, lock_ttl_s: float, now: float
    ) -> list[bool]:
        """Many claims in one round trip: True where this call took the marker."""
        ...


class ChatModel(Protocol):
    """OpenAI chat completions (or any compatible server)."""

    name: str

    def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        max_tokens: int,
        temperature: float = 0.2,
        json_mode: bool = False,
    ) -> Completion: ...


class Responder(Protocol):
    name: str

    def reply(self, messages: Sequence[dict[str, str]]) -> Completion: ...


class Summarizer(Protocol):
    name: str

    def summarize_rounds(self, previous_summary: str, turns: Sequence[Turn], max_tokens: int) -> str: ...

    def compress(self, summary: str, max_tokens: int) -> str: ...

    def summarize_session(self, summary: str, turns: Sequence[Turn]) -> SessionSummary: ...


class MemoryCompressor(Protocol):
    """R2: the short form of a memory whose score fell below the threshold, in its own language."""

    name: str

    def compress(self, text: str, max_bytes: int) -> str:
        """At most `max_bytes` UTF-8 bytes if the model obeys; the caller checks and falls back."""
        ...


class GateClassifier(Protocol):
    """Decides the ambiguous cases the rules leave open."""

    name: str

    def classify(self, text: str, language: str) -> GateResult: ...


class TokenCounter(Protocol):
    encoding_name: str

    def count(self, text: str) -> int: ...

    def truncate(self, text: str, max_tokens: int) -> str: ...


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


class JobState(Protocol):
    """Cursors a scheduled job keeps between runs (a bounded page each run, resumed next time)."""

    def load(self, job: str) -> dict[str, str | None]: ...

    def save(self, job: str, state: dict[str, str | None]) -> None: ...


class MetricsSink(Protocol):
    """O1 metrics; Powertools EMF in Lambda, an in-memory counter locally."""

    def put(self, name: str, value: float = 1.0, unit: str = "Count", **dimensions: str) -> None: ...


class PostTurnQueue(Protocol):
    """Hands the slow part of a turn (summary, memory extraction) to a worker."""

    def submit(self, job: dict[str, Any]) -> None: ...


class MemoryRepository(Protocol):
    """Long-term memory records in the system of record (DynamoDB)."""

    def put_new(self, record: MemoryRecord) -> bool:
        """Insert unless the id exists; False when it did (idempotent writers)."""
        ...

    def put_batch(self, records: builtins.list[MemoryRecord]) -> None:
        """Store new records in bulk, unconditionally (their ids must be fresh)."""
        ...

    def delete_batch(self, tenant_id: str, user_id: str, memory_ids: builtins.list[str]) -> None: ...

    def put_round_counted(self, record: MemoryRecord, topics: builtins.list[str]) -> bool:
        """Insert a round memory and count it in its persona's profile, atomically; False when it existed."""
        ...

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


class ErasureRequests(Protocol):
    """P1 erasure requests (their own items, outside every user's partitions)."""

    def create(self, request: ErasureRequest, token_hash: str) -> bool:
        """False when a request with this id exists already."""
        ...

    def get(self, tenant_id: str, request_id: str) -> tuple[ErasureRequest, str] | None:
        """The request and its confirmation token's hash (strongly consistent)."""
        ...

    def update(self, request: ErasureRequest, expected_version: int, holder: str | None = None) -> bool:
        """Write `request` (version = expected + 1) if the stored version is `expected_version`;
        `holder` keeps (or, None, releases) the processing lease. False when it moved."""
        ...

    def due(self, limit: int) -> builtins.list[ErasureRequest]:
        """Confirmed or still processing, oldest first (the sparse erasure_requests index)."""
        ...

    def claim(self, request: ErasureRequest, holder: str, lease_until: float, now: float) -> ErasureRequest | None:
        """Take the request for processing unless another live holder has it."""
        ...

    def reverifying(self, limit: int) -> builtins.list[ErasureRequest]:
        """Completed erasures that still keep their user id: checked again until their window ends."""
        ...


class ErasureFence(Protocol):
    """P1: while up for a user, every write that could create an item of theirs is refused."""

    def raise_for(self, tenant_id: str, user_id: str, request_id: str) -> None: ...

    def lower_for(self, tenant_id: str, user_id: str, request_id: str) -> None: ...


class UserData(Protocol):
    """Everything the table holds of one user, found through the by_user index and the user's
    own partitions (never a scan)."""

    def inventory(
        self,
        tenant_id: str,
        user_id: str,
        since: float | None,
        limit: int,
        persona_id: str | None = None,
        until: float | None = None,
    ) -> builtins.list[UserItem]:
        """Up to `limit` items of the user (with `since`: only those written since then; with
        `until`: only those written up to then; with `persona_id`: only that persona's)."""
        ...

    def content(self, item: UserItem) -> str | None: ...

    def read_items(self, tenant_id: str, user_id: str, limit: int) -> builtins.list[tuple[str, dict[str, Any]]]:
        """P2: the user's items, whole (more than `limit`: the list stops at limit + 1)."""
        ...

    def put_anonymous(self, moment: AnonymousMoment) -> None:
        """Idempotent: a moment already there stays as it is."""
        ...

    def delete(self, items: Sequence[UserItem]) -> int: ...

    def by_user_count(self, tenant_id: str, user_id: str) -> int:
        """What the by_user index still lists for the user (the verification query)."""
        ...

    def delete_data_key(self, tenant_id: str, user_id: str) -> bool:
        """P3 crypto-shredding: delete the user's data key; True when there was one."""
        ...

    def has_data_key(self, tenant_id: str, user_id: str) -> bool: ...


class ErasureLog(Protocol):
    """P1 / O4: completed erasures, in a table of their own, read again after a restore."""

    def append(self, entry: ErasureLogEntry) -> None:
        """Idempotent: an entry already there stays."""
        ...

    def entries(self) -> builtins.list[ErasureLogEntry]: ...


class TableUsers(Protocol):
    """The users a (restored) table holds, a bounded page at a time (the by_user index)."""

    def page(self, cursor: str | None, limit: int) -> tuple[builtins.list[tuple[str, str]], str | None]:
        """(tenant, user) pairs of one page, and the cursor of the next (None: the end)."""
        ...


class ReceiptSigner(Protocol):
    """Signs receipts with the deployment's key: KMS asymmetric in AWS, a key file locally."""

    @property
    def key_id(self) -> str: ...

    def sign(self, digest: bytes) -> bytes:
        """ECDSA P-256 over a SHA-256 digest, DER-encoded."""
        ...

    def public_key_pem(self) -> str: ...


class AuditWriter(Protocol):
    """P6: appends only (a conditional put of a new entry); it cannot read, change or delete."""

    def append(self, entry: AuditEntry) -> None: ...


class AuditReader(Protocol):
    def list(
        self, tenant_id: str, subject: str, limit: int, before: str | None = None
    ) -> tuple[builtins.list[AuditEntry], str | None]:
        """A subject's entries, newest first, and the position to go on from (None: the end)."""
        ...
