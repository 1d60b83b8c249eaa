"""L9 weekly consolidation against DynamoDB Local: old memories of one topic and month become
one summary linked to its sources; superseded members lose importance; a second run (or a run
after a crash) never consolidates the same group twice; users come from a mark, not a scan."""

from __future__ import annotations

import pytest

from engram.kernel.clock import ManualClock
from engram.memory.consolidation import CONSOLIDATED_TAG, ConsolidationJob
from engram.memory.lifecycle import CapacityWatch
from engram.memory.models import MemoryRecord, MemoryType, Namespace
from engram.memory.retrieval import SUPERSEDED_TAG
from engram.memory.scoring import DAY_S
from engram.wiring import Container

T, U = "default", "mei"


def _fact(mid: str, content: str, created: float, topics: list[str], importance: float = 0.6) -> MemoryRecord:
    return MemoryRecord(
        memory_id=mid,
        tenant_id=T,
        user_id=U,
        persona_id="friend",
        type=MemoryType.FACT,
        content=content,
        importance=importance,
        created_at=created,
        updated_at=created,
        topics=topics,
        embedding=[0.5, 0.5, 0.5, 0.5],
    )


@pytest.fixture
def job(container: Container) -> ConsolidationJob:
    return container.consolidation_job


def _summaries(c: Container) -> list[MemoryRecord]:
    return [r for r in c.memories.list(T, U, namespaces=(Namespace.MEMORY,)) if r.type == MemoryType.SUMMARY]


def test_old_memories_of_one_topic_and_month_become_one_linked_summary(
    container: Container, job: ConsolidationJob, clock: ManualClock
) -> None:
    c = container
    march = clock.now()
    work = [
        _fact("w1", "User works at Google", march, ["work"]),
        _fact("w2", "User's manager is Ana", march + DAY_S, ["work"]),
        _fact("w3", "User leads the search team", march + 2 * DAY_S, ["work"]),
    ]
    pets = [_fact("p1", "User has a cat named Momo", march, ["pets"])]  # a group of one stays as it is
    c.memories.put_batch([*work, *pets])
    # writing memories marks the user; the weekly run looks a week later
    CapacityWatch(c.index, c.memories, c.settings, clock).after_write(T, U)
    assert job.run()["users"] == 0
    clock.set(march + 45 * DAY_S)  # old enough (30 days) and the mark is due
    result = job.run()
    assert result == {"users": 1, "summaries": 1, "members": 3, "demoted": 0}
    (summary,) = _summaries(c)
    assert summary.content.startswith("2026-01 · work: ") and "Google" in summary.content and "Ana" in summary.content
    assert summary.links == ["w1", "w2", "w3"] and "span:2026-01" in summary.topics
    for mid in ("w1", "w2", "w3"):
        member = c.memories.get(T, U, mid)
        assert member is not None and member.links == [summary.memory_id] and CONSOLIDATED_TAG in member.topics
    assert c.memories.get(T, U, "p1").links == []  # type: ignore[union-attr]
    # the mark is gone: the next weekly run reads nobody
    assert job.run()["users"] == 0


def test_superseded_members_lose_importance_and_stay_out_of_the_summary(
    container: Container, job: ConsolidationJob, clock: ManualClock
) -> None:
    c = container
    t0 = clock.now()
    c.memories.put_batch(
        [
            _fact("h1", "User lives in Tokyo", t0, ["home", SUPERSEDED_TAG], importance=0.2),
            _fact("h2", "User moved to Osaka", t0 + DAY_S, ["home"]),
            _fact("h3", "User's flat has a balcony", t0 + 2 * DAY_S, ["home"]),
        ]
    )
    c.memories.mark_consolidation(T, U, t0)
    clock.set(t0 + 40 * DAY_S)
    assert job.run()["demoted"] == 1
    (summary,) = _summaries(c)
    assert "Tokyo" not in summary.content and "Osaka" in summary.content
    assert c.memories.get(T, U, "h1").importance == 0.1  # type: ignore[union-attr]


def test_a_group_is_never_consolidated_twice_even_after_a_crash(
    container: Container, job: ConsolidationJob, clock: ManualClock
) -> None:
    c = container
    t0 = clock.now()
    c.memories.put_batch([_fact(f"w{i}", f"Work note {i}", t0 + i, ["work"]) for i in range(3)])
    c.memories.mark_consolidation(T, U, t0)
    clock.set(t0 + 40 * DAY_S)
    (mark,) = c.memories.due_consolidation(clock.now(), 10)
    job.consolidate_user(mark, clock.now())  # killed before the mark was cleared
    assert job.run() == {"users": 1, "summaries": 0, "members": 0, "demoted": 0}
    assert len(_summaries(c)) == 1
