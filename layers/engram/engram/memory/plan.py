"""L10 plan limits: the free plan keeps at most N active memories per persona.

What counts is what seed 002 calls memories: session memories and memories created
through the API (MemoryOrigin.SESSION / API). Extracted facts never count, and a pinned
memory (core and safety facts are pinned) neither counts nor is ever archived. Shared by
the memory API (create, restore) and the session closer, so the rule lives in one place:
beyond the limit, the lowest importance (then the oldest) of the others is archived —
never deleted, never the memory just made — and the caller is told which.
"""

from __future__ import annotations

from collections.abc import Collection

from engram.kernel.errors import Conflict
from engram.kernel.keys import OwnerKey
from engram.kernel.ports import MetricsSink
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.models import CAPPED_ORIGINS, ArchiveReason, MemoryRecord, MemoryStatus, Namespace
from engram.memory.ports import MemoryRepository, ProfileStore
from engram.settings import get_settings

_ATTEMPTS = 5  # a conflict means a concurrent writer moved things: re-read and decide again


FREE = "free"


def counts_toward_cap(r: MemoryRecord) -> bool:
    return r.origin in CAPPED_ORIGINS and not r.pinned and r.namespace == Namespace.MEMORY


def _archive_order(r: MemoryRecord) -> tuple[float, float, str]:
    return (r.importance, r.created_at, r.memory_id)  # lowest importance, then oldest


def victims(active: list[MemoryRecord], limit: int, protect: Collection[str] = ()) -> list[MemoryRecord]:
    """Which active memories go beyond `limit`, first to archive first (pure)."""
    counted = [r for r in active if counts_toward_cap(r)]
    excess = len(counted) - limit
    if excess <= 0:
        return []
    candidates = sorted((r for r in counted if r.memory_id not in protect), key=_archive_order)
    return candidates[:excess]


def plan_of(profiles: ProfileStore | None, owner: OwnerKey, persona_id: str, stated: str | None, default: str) -> str:
    """The plan that applies: the request's; else the one recorded from the user's last request
    that stated one (work without a request, such as an idle session's memory); else the default."""
    if stated is not None:
        return stated
    recorded = profiles.get(owner.tenant_id, owner.user_id, persona_id).plan if profiles is not None else None
    return recorded or default


def apply_cap(
    repo: MemoryRepository,
    metrics: MetricsSink,
    owner: OwnerKey,
    persona_id: str,
    *,
    plan: str,
    limit: int,
    now: float,
    protect: Collection[str] = (),
    policy: LifecyclePolicy | None = None,
) -> list[MemoryRecord]:
    """`enforce_cap` on the free plan (paid: unlimited), counted in the metrics. Pinned memories
    never count and are never archived, so the pinned block never changes here."""
    if plan != FREE:
        return []
    archived = enforce_cap(repo, owner, persona_id, limit, now, protect=protect, policy=policy)
    if archived:
        metrics.put("memory_archived", float(len(archived)), reason="capacity_limit")
    return archived


def enforce_cap(
    repo: MemoryRepository,
    owner: OwnerKey,
    persona_id: str,
    limit: int,
    now: float,
    *,
    protect: Collection[str] = (),
    policy: LifecyclePolicy | None = None,
) -> list[MemoryRecord]:
    """Archive active "memory" records of one persona beyond `limit`; returns the archived ones.

    `protect` names ids that must stay active (a memory the user just restored).
    Each archive is a versioned replace, so two concurrent callers never archive
    more than needed: the loser of a race re-reads and finds the cap already met.
    """
    policy = policy or LifecyclePolicy(get_settings())
    archived: list[MemoryRecord] = []
    for _ in range(_ATTEMPTS):
        active = repo.list(
            owner.tenant_id,
            owner.user_id,
            persona_id=persona_id,
            namespaces=(Namespace.MEMORY,),
            statuses=(MemoryStatus.ACTIVE,),
            now=now,
        )
        todo = victims(active, limit, protect)
        if not todo:
            return archived
        try:
            for listed in todo:
                # list() omits embeddings; replace() writes the whole item, so read it in full first.
                record = repo.get(owner.tenant_id, owner.user_id, listed.memory_id)
                if record is None or record.status != MemoryStatus.ACTIVE:
                    raise Conflict("changed while enforcing the cap")
                after = policy.archived(record, reason=ArchiveReason.CAPACITY_LIMIT, now=now)
                log = policy.archive_entries(record, after, now)
                archived.append(repo.replace(after, expected_version=record.version, log=log))
        except Conflict:
            continue
        return archived
    return archived
