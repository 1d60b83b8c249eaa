"""L10 free-plan cap: which memories are archived, in which order, and under races."""

from __future__ import annotations

import dataclasses

import pytest

from engram.kernel.errors import Conflict
from engram.kernel.keys import OwnerKey
from engram.memory.models import MemoryOrigin, MemoryRecord, MemoryStatus, MemoryType, Namespace
from engram.memory.plan import enforce_cap, victims

OWNER = OwnerKey("t1", "alice")


class FakeRepo:
    """Just enough of MemoryRepository for enforce_cap: list / get / versioned replace."""

    def __init__(self, records: list[MemoryRecord]) -> None:
        self.records = {r.memory_id: r for r in records}
        self.fail_next_replace = 0

    def list(
        self,
        tenant_id: str,
        user_id: str,
        *,
        persona_id: str | None = None,
        namespaces: tuple[Namespace, ...] = (Namespace.MEMORY,),
        statuses: tuple[MemoryStatus, ...] | None = None,
        now: float | None = None,
    ) -> list[MemoryRecord]:
        out = [
            dataclasses.replace(r, embedding=None)  # like DynamoDB: list() omits embeddings
            for r in self.records.values()
            if r.tenant_id == tenant_id
            and r.user_id == user_id
            and (persona_id is None or r.persona_id == persona_id)
            and r.namespace in namespaces
            and (statuses is None or r.status in statuses)
        ]
        return sorted(out, key=lambda r: (r.created_at, r.memory_id), reverse=True)

    def get(self, tenant_id: str, user_id: str, memory_id: str) -> MemoryRecord | None:
        return self.records.get(memory_id)

    def replace(self, record: MemoryRecord, expected_version: int, log: object = ()) -> MemoryRecord:
        if self.fail_next_replace:
            self.fail_next_replace -= 1
            raise Conflict("raced")
        if self.records[record.memory_id].version != expected_version:
            raise Conflict("stale")
        self.records[record.memory_id] = record
        return record


def mem(memory_id: str, importance: float, created_at: float, **kw: object) -> MemoryRecord:
    fields: dict[str, object] = {
        "memory_id": memory_id,
        "tenant_id": "t1",
        "user_id": "alice",
        "persona_id": "p",
        "type": MemoryType.NOTE,
        "content": memory_id,
        "importance": importance,
        "created_at": created_at,
        "updated_at": created_at,
        "embedding": [1.0, 0.0],
        "origin": MemoryOrigin.API,  # counted (L10); extracted facts are not
        **kw,
    }
    return MemoryRecord(**fields)


def test_lowest_importance_then_oldest_goes_first() -> None:
    active = [
        mem("a", 0.9, 1),
        mem("b", 0.3, 2),
        mem("c", 0.3, 3),
        mem("d", 0.7, 4),
        mem("e", 0.3, 5),
        mem("f", 0.5, 6),
    ]
    assert [r.memory_id for r in victims(active, 5)] == ["b"]
    assert [r.memory_id for r in victims(active, 3)] == ["b", "c", "e"]
    assert victims(active, 6) == [] and victims(active, 10) == []


def test_pinned_never_count_nor_go_and_protected_never_go() -> None:
    active = [mem("a", 0.1, 1, pinned=True), mem("b", 0.2, 2), mem("c", 0.9, 3)]
    assert victims(active, 2) == []  # the pinned one does not count: two of two
    assert [r.memory_id for r in victims(active, 1)] == ["b"]
    assert [r.memory_id for r in victims(active, 0)] == ["b", "c"]  # never the pinned one
    assert [r.memory_id for r in victims(active, 1, protect={"b"})] == ["c"]


def test_only_session_and_api_memories_count() -> None:
    active = [
        mem("fact", 0.01, 1, origin=MemoryOrigin.EXTRACTED),
        mem("session", 0.5, 2, origin=MemoryOrigin.SESSION),
        mem("api", 0.4, 3),
    ]
    assert victims(active, 2) == []
    assert [r.memory_id for r in victims(active, 1)] == ["api"]


def test_enforce_cap_archives_with_version_bump_and_keeps_the_embedding() -> None:
    repo = FakeRepo([mem(f"m{i}", imp, i) for i, imp in enumerate([0.5, 0.2, 0.8, 0.2, 0.6, 0.7, 0.4])])
    repo.records["other"] = mem("other", 0.0, 0, persona_id="q")  # another persona is not counted
    archived = enforce_cap(repo, OWNER, "p", 5, now=100.0)
    assert [r.memory_id for r in archived] == ["m1", "m3"]
    for r in archived:
        stored = repo.records[r.memory_id]
        assert stored.status == MemoryStatus.ARCHIVED and stored.version == 2 and stored.updated_at == 100.0
        assert stored.embedding == [1.0, 0.0]  # read in full before the replace
    assert sum(r.status == MemoryStatus.ACTIVE for r in repo.records.values() if r.persona_id == "p") == 5
    assert repo.records["other"].status == MemoryStatus.ACTIVE
    assert enforce_cap(repo, OWNER, "p", 5, now=101.0) == []  # idempotent


def test_archived_and_other_namespaces_do_not_count() -> None:
    records = [mem(f"m{i}", 0.5, i) for i in range(5)]
    records.append(mem("old", 0.1, 0, status=MemoryStatus.ARCHIVED))
    records.append(mem("round", 0.1, 0, namespace=Namespace.ROUND))
    repo = FakeRepo(records)
    assert enforce_cap(repo, OWNER, "p", 5, now=10.0) == []


def test_a_lost_race_re_reads_instead_of_over_archiving() -> None:
    repo = FakeRepo([mem(f"m{i}", 0.1 * (i + 1), i) for i in range(6)])
    repo.fail_next_replace = 1
    archived = enforce_cap(repo, OWNER, "p", 5, now=50.0)
    assert [r.memory_id for r in archived] == ["m0"]
    assert sum(r.status == MemoryStatus.ACTIVE for r in repo.records.values()) == 5


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_never_more_active_than_the_limit(limit: int) -> None:
    repo = FakeRepo([mem(f"m{i}", (i * 37 % 10) / 10, i) for i in range(12)])
    enforce_cap(repo, OWNER, "p", limit, now=99.0)
    active = [r for r in repo.records.values() if r.status == MemoryStatus.ACTIVE]
    assert len(active) == limit
    kept = sorted(active, key=lambda r: (r.importance, r.created_at))
    gone = [r for r in repo.records.values() if r.status == MemoryStatus.ARCHIVED]
    assert all((g.importance, g.created_at) <= (kept[0].importance, kept[0].created_at) for g in gone)
