"""L10 plan limits: the free plan keeps at most N active memories per persona.

Shared by the memory REST API (create, restore) and the write pipeline, so the
rule lives in one place: beyond the limit, the lowest importance (then the
oldest) active memory is archived — never deleted — and the caller is told.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection

from engram.domain.models import OwnerKey
from engram.errors import Conflict
from engram.memory.models import MemoryRecord, MemoryStatus, Namespace
from engram.ports import MemoryRepository

_ATTEMPTS = 5  # a conflict means a concurrent writer moved things: re-read and decide again


def _archive_order(r: MemoryRecord) -> tuple[bool, float, float, str]:
    # Unpinned before pinned (L4 core facts go last), then lowest importance, then oldest.
    return (r.pinned, r.importance, r.created_at, r.memory_id)


def victims(active: list[MemoryRecord], limit: int, protect: Collection[str] = ()) -> list[MemoryRecord]:
    """Which active memories go beyond `limit`, first to archive first (pure)."""
    excess = len(active) - limit
    if excess <= 0:
        return []
    candidates = sorted((r for r in active if r.memory_id not in protect), key=_archive_order)
    return candidates[:excess]


def archived_copy(record: MemoryRecord, now: float) -> MemoryRecord:
    return dataclasses.replace(record, status=MemoryStatus.ARCHIVED, version=record.version + 1, updated_at=now)


def enforce_cap(
    repo: MemoryRepository,
    owner: OwnerKey,
    persona_id: str,
    limit: int,
    now: float,
    *,
    protect: Collection[str] = (),
) -> list[MemoryRecord]:
    """Archive active "memory" records of one persona beyond `limit`; returns the archived ones.

    `protect` names ids that must stay active (a memory the user just restored).
    Each archive is a versioned replace, so two concurrent callers never archive
    more than needed: the loser of a race re-reads and finds the cap already met.
    """
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
                archived.append(repo.replace(archived_copy(record, now), expected_version=record.version))
        except Conflict:
            continue
        return archived
    return archived
