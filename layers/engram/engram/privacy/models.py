"""Erasure requests, what an erasure found in each store, and the receipt it leaves (P1)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


class ErasureScope(StrEnum):
    ALL = "all"
    RECENT = "recent"  # the last ENGRAM_ERASURE_RECENT_DAYS (7)


class ErasureState(StrEnum):
    PENDING = "pending_confirmation"
    CONFIRMED = "confirmed"
    PROCESSING = "processing"
    COMPLETED = "completed"
    FAILED = "failed"


# The stores a receipt accounts for, in its order. "index" is the search index's documents.
STORES = (
    "sessions",  # session state, closed runs, leases, open threads
    "rounds",  # conversation rounds (hot history and conversation log)
    "request_markers",  # dedup markers, idempotency results, audio locks and buffers
    "memories",
    "midterm",  # S5 thread memories
    "archive",  # compressed or archived memories with their originals
    "lifecycle_log",
    "profile",
    "exports",  # P2: large exports made by the job, and their documents in the export archive
    "kb",  # knowledge-base entries the user owns: none can exist (the KB is the tenant's, backend-only)
    "index",
    "data_key",  # P3: the user's data key; without it no copy of their sealed content opens
)


@dataclass(frozen=True, slots=True)
class UserItem:
    """One item of a user as the inventory sees it: which store, where (opaque keys), when."""

    store: str
    pk: str
    sk: str
    at: float | None  # when it was written or last active; None: no time of its own
    important: bool = False  # an important moment (L5): anonymized instead of deleted by default


@dataclass(frozen=True, slots=True)
class AnonymousMoment:
    """An important moment kept without its person: masked text, the day, the kind."""

    moment_id: str
    tenant_id: str
    day: str  # YYYY-MM-DD: no finer time that could re-identify
    kind: str  # "memory" or "round"
    text: str


@dataclass(slots=True)
class StoreTally:
    found: int = 0
    deleted: int = 0
    anonymized: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"found": self.found, "deleted": self.deleted, "anonymized": self.anonymized}


@dataclass(frozen=True, slots=True)
class ErasureRequest:
    request_id: str
    tenant_id: str
    # dropped once a completed erasure's re-verification window (ENGRAM_ERASURE_REVERIFY_S) is over:
    # from then on only the keyed hash names the user
    user_id: str | None
    user_hash: str
    scope: ErasureScope
    state: ErasureState
    requested_at: float
    token_expires_at: float
    requested_by: str  # "user" or "backend"
    confirmed_at: float | None = None
    completed_at: float | None = None
    tallies: dict[str, StoreTally] = field(default_factory=dict)
    receipt: dict[str, object] | None = None
    error: str | None = None
    version: int = 1
    persona_id: str | None = None  # a persona's deletion (DELETE /v1/personas/{id}): only its data
    # a re-erasure after a restore: only what was written up to this time (what the erasure it
    # reapplies removed), so what the user wrote after it stays
    until: float | None = None
    reapplies: str | None = None  # the request id of that erasure


@dataclass(frozen=True, slots=True)
class ErasureLogEntry:
    """One completed erasure, kept apart from the table (its own table, its own backups) so a
    restored table can be erased again. The user appears only as the receipts' keyed hash."""

    tenant_id: str
    user_hash: str
    request_id: str
    scope: ErasureScope
    requested_at: float
    completed_at: float
    persona_id: str | None = None
    # what an erasure from before the fence covered when a chat wrote on (up to here); None since
    cutoff: float | None = None


@dataclass(frozen=True, slots=True)
class AuditEntry:
    tenant_id: str
    subject: str  # keyed hash of the user the action concerns
    at: float
    action: str  # "GET /v1/memories/{memory_id}", "erasure.completed", ...
    actor_kind: str  # end_user | backend | system
    actor: str  # the end user's own hash, a backend's IAM principal, a job's name
    outcome: str  # the HTTP status, or completed / failed
    reason: str = ""  # why: X-Engram-Reason from a backend, the route's purpose otherwise
    ip: str = ""
    user_agent: str = ""
    request_id: str = ""
    entry_id: str = ""
    # the subject's hash chain (privacy/audit_chain.py): position, the previous entry's hash,
    # this entry's content digest and its link hash; set by the writer
    seq: int = 0
    prev_hash: str = ""
    digest: str = ""
    hash: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def as_export(self) -> dict[str, Any]:
        """What the user's export holds: what happened, never the entry's key (tenant, subject,
        entry id) or chain fields, which would let a writer rebuild and overwrite the entry."""
        return {name: value for name, value in asdict(self).items() if name not in EXPORT_WITHHELD}


EXPORT_WITHHELD = frozenset({"tenant_id", "subject", "entry_id", "prev_hash", "digest", "hash"})
