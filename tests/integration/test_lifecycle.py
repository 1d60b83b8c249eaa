"""R1–R5 against DynamoDB Local with an injected clock: a simulated year (X6), capacity (R4),
the lifecycle log, and the daily job killed midway or run twice at once."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from engram import runtime
from engram.kernel.clock import ManualClock
from engram.kernel.keys import OwnerKey
from engram.local.gateway import GatewayResponse, LocalGateway
from engram.memory.lifecycle import CapacityWatch, LifecycleJob
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.models import MemoryOrigin, MemoryRecord, MemoryStatus, MemoryType
from engram.memory.scoring import DAY_S, WEEK_S
from engram.memory.service import MemoryService
from engram.settings import Settings
from engram.wiring import Container
from tests.integration.test_memory_api import auth

OWNER = OwnerKey("default", "yuki")
RAMEN = (
    "On Saturday I went to the ramen shop by the station with my sister. I had the miso ramen, which was "
    "excellent. Next time I want to try the salt ramen they recommended."
)
RAMEN_JA = (
    "今日のランチは駅前のラーメン屋に行った。味噌ラーメンが美味しかった。"
    "次回は塩ラーメンを試したい。店員さんがとても親切だった。"
)


@pytest.fixture
def svc(container: Container) -> MemoryService:
    return container.memory_service


@pytest.fixture
def job(container: Container) -> LifecycleJob:
    return container.lifecycle_job


def _record(c: Container, memory_id: str, importance: float, created_at: float, content: str = RAMEN) -> MemoryRecord:
    vector = [float(x) for x in c.models.embedder.embed_documents([content])[0]]
    return MemoryRecord(
        memory_id=memory_id,
        tenant_id=OWNER.tenant_id,
        user_id=OWNER.user_id,
        persona_id="friend",
        type=MemoryType.NOTE,
        content=content,
        importance=importance,
        created_at=created_at,
        updated_at=created_at,
        embedding=vector,
        origin=MemoryOrigin.API,
    )


def _events(svc: MemoryService, memory_id: str) -> list[str]:
    return [e.event.value for e in svc.lifecycle_log(OWNER, memory_id)]


def test_a_simulated_year_decay_compress_restore_archive_again_delete(
    container: Container, svc: MemoryService, job: LifecycleJob, clock: ManualClock
) -> None:
    """X6 with every number of R1–R3 checked."""
    s = container.settings
    t0 = clock.now()
    created = svc.create(OWNER, "friend", summary=RAMEN)
    memory = created.record
    mid = memory.memory_id
    assert memory.importance == s.importance_at_birth == 0.5
    # R1: 0.5 × 0.95^w = 0.3  ⇒  w = ln(0.6) / ln(0.95) ≈ 9.96 weeks
    crossing = svc.crosses_threshold_at(memory)
    assert crossing is not None and abs((crossing - t0) / WEEK_S - 9.959) < 0.01

    clock.set(t0 + 9 * WEEK_S)
    assert job.run()["due"] == 0  # not due: the job reads nothing
    assert svc.get(OWNER, mid).status == MemoryStatus.ACTIVE

    clock.set(t0 + 365 * DAY_S)  # a year untouched
    year_score = svc.effective_importance(svc.get(OWNER, mid))
    assert year_score == pytest.approx(0.5 * 0.95 ** (365 / 7), rel=1e-6) and year_score < 0.3
    result = job.run()
    assert result["due"] == 1 and result["compressed"] == 1
    compressed = svc.get(OWNER, mid)
    info = compressed.archive
    assert compressed.status == MemoryStatus.COMPRESSED and info is not None
    assert info.reason.value == "low_importance" and info.original_content == RAMEN
    assert info.ratio >= 0.7 and info.compressed_bytes == len(compressed.content.encode())
    assert info.original_bytes == len(RAMEN.encode()) and compressed.content == info.summary
    assert info.final_score == pytest.approx(year_score, abs=1e-6)
    assert info.retention_until == pytest.approx(clock.now() + 90 * DAY_S)
    assert compressed.embedding == memory.embedding  # the original embedding stays with the record
    log = svc.lifecycle_log(OWNER, mid)
    assert [e.event.value for e in log] == ["score_update", "compress"]
    assert log[0].score_before == s.compress_below and log[0].score_after == pytest.approx(year_score, abs=1e-6)
    assert log[1].details["ratio"] == info.ratio and log[1].details["reason"] == "low_importance"
    assert container.metrics.total("memory_compression_rate") == pytest.approx(info.ratio * 100)  # type: ignore[attr-defined]

    # R3: restore brings the original text and embedding back; the decay clock starts again
    clock.advance(DAY_S)
    restored, _ = svc.restore(OWNER, mid)
    assert restored.status == MemoryStatus.ACTIVE and restored.content == RAMEN and restored.archive is None
    assert restored.embedding == memory.embedding and restored.importance == 0.5
    assert restored.decay_from == clock.now() and svc.effective_importance(restored) == pytest.approx(0.5)
    assert job.run()["due"] == 0  # not compressed again the next morning

    clock.advance(11 * WEEK_S)  # ... but left alone again it decays again
    assert job.run()["compressed"] == 1
    archived_at = clock.now()
    clock.set(archived_at + 89 * DAY_S)
    assert job.run().get("deleted", 0) == 0
    clock.set(archived_at + 90 * DAY_S + 1)
    assert job.run()["deleted"] == 1
    assert svc.repo.get(OWNER.tenant_id, OWNER.user_id, mid) is None
    assert _events(svc, mid) == ["score_update", "compress", "restore", "score_update", "compress", "delete"]


def test_access_boosts_delay_the_crossing_and_move_the_due_date(
    container: Container, svc: MemoryService, job: LifecycleJob, clock: ManualClock
) -> None:
    t0 = clock.now()
    plain = svc.create(OWNER, "friend", summary=RAMEN).record
    read = svc.create(OWNER, "friend", summary=RAMEN + " Again.").record
    for _ in range(3):
        clock.advance(1)
        container.memories.touch_access(OWNER.tenant_id, OWNER.user_id, [read.memory_id], clock.now())
    boosted = svc.get(OWNER, read.memory_id)
    assert boosted.access_count == 3
    # 0.5 × 1.3 × 0.95^w = 0.3  ⇒  w = ln(0.3 / 0.65) / ln(0.95) ≈ 15.07 weeks (vs 9.96)
    crossing = svc.crosses_threshold_at(boosted)
    assert crossing is not None and abs((crossing - t0) / WEEK_S - 15.07) < 0.01
    clock.set(t0 + 12 * WEEK_S)
    result = job.run()
    assert result["due"] == 1 and result["compressed"] == 1  # only the one nobody read
    assert svc.get(OWNER, plain.memory_id).status == MemoryStatus.COMPRESSED
    assert svc.get(OWNER, read.memory_id).status == MemoryStatus.ACTIVE
    clock.set(t0 + 16 * WEEK_S)
    assert job.run()["compressed"] == 1


def test_an_access_that_lifts_a_due_score_back_over_the_threshold_is_logged_and_rescheduled(
    container: Container, svc: MemoryService, job: LifecycleJob, clock: ManualClock
) -> None:
    t0 = clock.now()
    m = svc.create(OWNER, "friend", summary=RAMEN).record
    clock.set(t0 + 10.5 * WEEK_S)  # just below 0.3: due, but the job has not run yet
    container.memories.touch_access(OWNER.tenant_id, OWNER.user_id, [m.memory_id], clock.now())
    log = svc.lifecycle_log(OWNER, m.memory_id)
    assert [(e.event.value, e.details.get("crossed")) for e in log] == [("score_update", "above")]
    assert log[0].score_before is not None and log[0].score_before < 0.3 < (log[0].score_after or 0)
    assert job.run()["due"] == 0  # the index moved with the access


def test_short_memories_are_archived_without_pretending_to_compress(
    svc: MemoryService, job: LifecycleJob, clock: ManualClock
) -> None:
    t0 = clock.now()
    m = svc.create(OWNER, "friend", summary="Likes green tea.").record
    clock.set(t0 + 365 * DAY_S)
    assert job.run()["archived"] == 1
    archived = svc.get(OWNER, m.memory_id)
    info = archived.archive
    assert archived.status == MemoryStatus.ARCHIVED and info is not None
    assert info.summary is None and info.ratio == 0.0 and info.method == "none"
    assert archived.content == "Likes green tea."
    assert _events(svc, m.memory_id) == ["score_update", "archive"]


def test_pinned_memories_and_rounds_never_decay(
    container: Container, svc: MemoryService, job: LifecycleJob, clock: ManualClock
) -> None:
    t0 = clock.now()
    pinned = svc.create(OWNER, "friend", summary="Severely allergic to peanuts. " * 5, pinned=True).record
    clock.set(t0 + 5 * 365 * DAY_S)
    assert job.run()["due"] == 0
    assert svc.get(OWNER, pinned.memory_id).status == MemoryStatus.ACTIVE
    assert svc.crosses_threshold_at(pinned) is None


def test_japanese_memory_compresses_in_japanese(svc: MemoryService, job: LifecycleJob, clock: ManualClock) -> None:
    t0 = clock.now()
    m = svc.create(OWNER, "friend", summary=RAMEN_JA).record
    clock.set(t0 + 365 * DAY_S)
    assert job.run()["compressed"] == 1
    compressed = svc.get(OWNER, m.memory_id)
    assert compressed.archive is not None and compressed.archive.ratio >= 0.7
    assert "ラーメン" in compressed.content or "ランチ" in compressed.content


def test_manual_archive_and_plan_cap_archive_record_reason_and_retention(
    svc: MemoryService, clock: ManualClock
) -> None:
    m = svc.create(OWNER, "friend", summary=RAMEN).record
    archived = svc.archive(OWNER, m.memory_id)
    assert archived.archive is not None and archived.archive.reason.value == "manual"
    assert archived.archive.retention_until == pytest.approx(clock.now() + 90 * DAY_S)
    assert archived.content == RAMEN  # a manual archive keeps the text as it is
    for i in range(6):
        clock.advance(1)
        svc.create(OWNER, "friend", summary=f"Session {i} went well.", plan="free")
    capped = [r for r in svc.archive_list(OWNER).items if r.archive and r.archive.reason.value == "capacity_limit"]
    assert len(capped) == 1
    assert _events(svc, capped[0].memory_id) == ["archive"]


# --- R4 capacity ----------------------------------------------------------------------------


@pytest.fixture
def small(make_container: Any, settings: Settings) -> Container:
    return make_container(settings.model_copy(update={"user_capacity": 20}))  # type: ignore[no-any-return]


def test_capacity_at_90_percent_compresses_lowest_first_at_most_10_percent_per_run(
    small: Container, clock: ManualClock
) -> None:
    c, now = small, clock.now()
    # 18 of 20 (90 %): five below 0.3, the rest well above; the index knows them all
    importances = [0.1, 0.25, 0.05, 0.2, 0.15] + [0.9] * 13
    records = [_record(c, f"m{i:02d}", imp, now) for i, imp in enumerate(importances)]
    c.memories.put_batch(records)
    from engram.memory.projection import to_index_document

    c.index.upsert([to_index_document(r) for r in records])
    watch = CapacityWatch(c.index, c.memories, c.settings, clock)
    assert watch.after_write(OWNER.tenant_id, OWNER.user_id) is True
    job = c.lifecycle_job
    # lowest first, 2 a run (10 % of 20)
    refs = [r for r in c.memories.due(now, 100) if r.memory_id is None]
    assert len(refs) == 1
    counts = job.capacity(refs[0], now)
    assert counts["capacity_compressed"] == 2
    gone = {r.memory_id for r in c.memories.list("default", "yuki", statuses=(MemoryStatus.COMPRESSED,))}
    assert gone == {"m02", "m00"}  # 0.05 and 0.1: the lowest two
    # more below the threshold remain, so the mark stays; but 16 of 20 is under 90 %: the next
    # check compresses nothing for capacity and drops the mark
    marks = [r for r in c.memories.due(now, 100) if r.memory_id is None]
    assert len(marks) == 1
    assert job.capacity(marks[0], now)["capacity_compressed"] == 0
    assert [r for r in c.memories.due(now, 100) if r.memory_id is None] == []
    # the daily pass compresses the rest below 0.3 for their own low score
    assert job.run(now)["compressed"] == 3
    info = c.memories.get("default", "yuki", "m00")
    assert info is not None and info.archive is not None and info.archive.reason.value == "capacity_limit"
    info = c.memories.get("default", "yuki", "m04")
    assert info is not None and info.archive is not None and info.archive.reason.value == "low_importance"


def test_capacity_below_90_percent_marks_nothing(small: Container, clock: ManualClock) -> None:
    c, now = small, clock.now()
    records = [_record(c, f"m{i:02d}", 0.1, now) for i in range(17)]
    from engram.memory.projection import to_index_document

    c.index.upsert([to_index_document(r) for r in records])
    watch = CapacityWatch(c.index, c.memories, c.settings, clock)
    assert watch.after_write(OWNER.tenant_id, OWNER.user_id) is False
    assert [r for r in c.memories.due(now, 100) if r.memory_id is None] == []


# --- jobs: killed midway, concurrent ---------------------------------------------------------


def _due_population(c: Container, clock: ManualClock, n: int) -> list[str]:
    t0 = clock.now()
    records = [_record(c, f"d{i:03d}", 0.5, t0 - 400 * DAY_S) for i in range(n)]
    c.memories.put_batch(records)
    return [r.memory_id for r in records]


def test_a_run_killed_midway_and_run_again_finishes_without_duplicates(
    container: Container, job: LifecycleJob, svc: MemoryService, clock: ManualClock
) -> None:
    ids = _due_population(container, clock, 12)
    calls = iter(range(1000))

    def remaining() -> float:  # time runs out after 5 items: the rest stays due
        return 1000.0 if next(calls) < 5 else 0.0

    first = job.run(remaining_s=remaining)
    assert first["stopped_early"] == 1 and first["compressed"] == 5
    second = job.run()
    assert second["due"] == 7 and second["compressed"] == 7
    assert job.run()["due"] == 0
    for mid in ids:
        assert _events(svc, mid) == ["score_update", "compress"]


def test_two_concurrent_runs_process_each_memory_once(
    container: Container, svc: MemoryService, clock: ManualClock
) -> None:
    ids = _due_population(container, clock, 30)
    jobs = [container.lifecycle_job, LifecycleJob(**{**vars(container.lifecycle_job)})]
    results: list[dict[str, int]] = []
    barrier = threading.Barrier(2)

    def run(j: LifecycleJob) -> None:
        barrier.wait()
        results.append(j.run())

    threads = [threading.Thread(target=run, args=(j,)) for j in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(r.get("compressed", 0) for r in results) == 30
    for mid in ids:
        assert _events(svc, mid) == ["score_update", "compress"]
        assert svc.get(OWNER, mid).status == MemoryStatus.COMPRESSED


def test_items_read_are_the_items_due(container: Container, job: LifecycleJob, clock: ManualClock) -> None:
    """The daily run reads the sparse index, never the table: 40 memories, 6 due, 6 read."""
    now = clock.now()
    fresh = [_record(container, f"f{i:03d}", 0.9, now) for i in range(34)]
    container.memories.put_batch(fresh)
    _due_population(container, clock, 6)
    assert job.run()["due"] == 6


# --- through the API ------------------------------------------------------------------------


@pytest.fixture
def gw(container: Container, settings: Settings) -> Iterator[LocalGateway]:
    runtime.set_container(container)
    yield LocalGateway(settings)
    runtime.set_container(None)


def _call(gw: LocalGateway, method: str, path: str, h: dict[str, str], body: Any = None) -> GatewayResponse:
    return gw.handle(method, path, h, json.dumps(body).encode() if body is not None else None)


def test_api_shows_effective_importance_archive_and_lifecycle_log(
    gw: LocalGateway, settings: Settings, job: LifecycleJob, clock: ManualClock
) -> None:
    h = auth(settings, "yuki")
    created = _call(gw, "POST", "/v1/memories", h, {"persona_id": "friend", "summary": RAMEN}).json()["memory"]
    mid = created["memory_id"]
    assert created["effective_importance"] == 0.5 and created["archive"] is None
    assert created["decay_from"] == created["created_at"]
    assert created["crosses_threshold_at"] == pytest.approx(created["created_at"] + 9.959 * WEEK_S, abs=3600)
    clock.advance(365 * DAY_S)
    job.run()
    archive = _call(gw, "GET", "/v1/memories/archive", h)
    assert archive.status == 200, archive.body
    page = archive.json()
    assert page["total"] == 1 and page["has_more"] is False
    view = page["memories"][0]
    assert view["status"] == "compressed" and view["archive"]["reason"] == "low_importance"
    assert view["archive"]["ratio"] >= 0.7 and view["archive"]["original_bytes"] == len(RAMEN.encode())
    assert view["archive"]["retention_until"] == pytest.approx(clock.now() + 90 * DAY_S)
    assert view["crosses_threshold_at"] is None
    log = _call(gw, "GET", f"/v1/memories/{mid}/lifecycle", h)
    assert log.status == 200 and [e["event"] for e in log.json()["entries"]] == ["score_update", "compress"]
    clock.advance(60)
    restored = _call(gw, "POST", f"/v1/memories/{mid}/restore", h).json()["memory"]
    assert restored["content"] == RAMEN and restored["status"] == "active"
    assert restored["decay_from"] == clock.now()
    assert [e["event"] for e in _call(gw, "GET", f"/v1/memories/{mid}/lifecycle", h).json()["entries"]][-1] == (
        "restore"
    )
    # another user sees neither the memory nor its log
    other = auth(settings, "mallory")
    assert _call(gw, "GET", f"/v1/memories/{mid}/lifecycle", other).status == 404
    assert _call(gw, "GET", "/v1/memories/archive", other).json()["total"] == 0
    # a deleted memory's log still answers, ending with the delete
    clock.advance(60)
    assert _call(gw, "DELETE", f"/v1/memories/{mid}", h).status == 200
    entries = _call(gw, "GET", f"/v1/memories/{mid}/lifecycle", h).json()["entries"]
    assert entries[-1]["event"] == "delete" and entries[-1]["details"]["reason"] == "manual"
    assert all("content" not in e["details"] for e in entries)


def test_lifecycle_job_through_the_handler_on_its_eventbridge_sample(
    container: Container, svc: MemoryService, clock: ManualClock
) -> None:
    from engram.local.scheduler import run_once

    t0 = clock.now()
    m = svc.create(OWNER, "friend", summary=RAMEN).record
    clock.set(t0 + 365 * DAY_S)
    runtime.set_container(container)
    try:
        result: Any = run_once("lifecycle")
    finally:
        runtime.set_container(None)
    assert result["job"] == "lifecycle" and result["status"] == "done" and result["compressed"] == 1
    assert svc.get(OWNER, m.memory_id).status == MemoryStatus.COMPRESSED


def test_policy_due_dates_are_what_the_index_holds(container: Container, clock: ManualClock) -> None:
    policy = LifecyclePolicy(container.settings)
    r = _record(container, "p1", 0.5, clock.now())
    container.memories.put_new(r)
    due = policy.due_at(r)
    assert due is not None
    assert [x.memory_id for x in container.memories.due(due - 1, 10)] == []
    assert [x.memory_id for x in container.memories.due(due + 1, 10)] == ["p1"]


def test_a_simulated_year_from_the_cli(
    container: Container, svc: MemoryService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """`engram job lifecycle --now 2027-...`: the real handler on its EventBridge sample, clock injected."""
    from datetime import UTC, datetime

    from engram.local import cli

    m = svc.create(OWNER, "friend", summary=RAMEN).record
    monkeypatch.setenv("ENGRAM_TABLE_NAME", container.settings.table_name)
    host = str(container.settings.dynamodb_endpoint)
    a_year_later = datetime.fromtimestamp(clock.now() + 365 * DAY_S, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert cli.main(["job", "lifecycle", "--now", a_year_later, "--ddb-endpoint", host]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])  # the result is the last line
    assert out["job"] == "lifecycle" and out["compressed"] == 1 and out["due"] == 1
    assert svc.get(OWNER, m.memory_id).status == MemoryStatus.COMPRESSED
    for job_name in ("retention", "consolidation"):
        assert cli.main(["job", job_name, "--now", a_year_later, "--ddb-endpoint", host]) == 0
        assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["status"] == "done"


# --- R2 with the small model: the real OpenAI client against the local stub ---------------------


@pytest.mark.parametrize(
    ("answer", "method"),
    [("Ramen by the station with my sister.", "gpt-4o-mini"), (RAMEN + " " + RAMEN, "local")],
    ids=["fits", "overlong-falls-back"],
)
def test_compression_with_the_small_model(
    make_container: Any, openai_settings: Settings, openai_stub: Any, clock: ManualClock, answer: str, method: str
) -> None:
    c = make_container(openai_settings)
    svc = c.memory_service
    m = svc.create(OWNER, "friend", summary=RAMEN).record
    prompts: list[str] = []

    def reply(request: dict[str, Any]) -> str:
        prompt = request["messages"][-1]["content"]
        prompts.append(prompt)
        return answer if prompt.startswith("Shorten this memory") else "ok"

    openai_stub.state.reply = reply
    clock.advance(365 * DAY_S)
    assert c.lifecycle_job.run()["compressed"] == 1
    compressed = svc.get(OWNER, m.memory_id)
    info = compressed.archive
    assert info is not None and info.ratio >= 0.7
    shorten = [p for p in prompts if p.startswith("Shorten this memory")]
    assert len(shorten) == 1 and RAMEN in shorten[0]  # one call per memory
    if method == "local":
        assert info.method == "local-heuristic" and compressed.content != answer
    else:
        assert info.method == c.models.summarizer.name and compressed.content == answer


class _PausedAfterRead:
    """The job's repository: after it reads `memory_id`, the job waits until `go` is set."""

    def __init__(self, inner: Any, memory_id: str) -> None:
        self._inner = inner
        self._memory_id = memory_id
        self.read, self.go = threading.Event(), threading.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def get(self, tenant_id: str, user_id: str, memory_id: str) -> MemoryRecord | None:
        record = self._inner.get(tenant_id, user_id, memory_id)
        if memory_id == self._memory_id:
            self.read.set()
            assert self.go.wait(20)
        return record  # type: ignore[no-any-return]


def test_an_access_between_the_jobs_read_and_its_write_keeps_the_memory_active(
    container: Container, svc: MemoryService, job: LifecycleJob, clock: ManualClock
) -> None:
    t0 = clock.now()
    m = svc.create(OWNER, "friend", summary=RAMEN).record
    clock.set(t0 + 10.5 * WEEK_S)  # just below 0.3: due
    paused = _PausedAfterRead(job.repo, m.memory_id)
    racing = LifecycleJob(**{**vars(job), "repo": paused})
    results: list[dict[str, int]] = []
    runner = threading.Thread(target=lambda: results.append(racing.run()))
    runner.start()
    assert paused.read.wait(20)  # the job has read the memory below the threshold ...
    clock.advance(60)
    container.memories.touch_access(OWNER.tenant_id, OWNER.user_id, [m.memory_id], clock.now())  # ... a chat uses it
    paused.go.set()
    runner.join(30)
    assert results and results[0].get("compressed", 0) == 0 and results[0].get("archived", 0) == 0
    after = svc.get(OWNER, m.memory_id)
    assert after.status == MemoryStatus.ACTIVE and after.access_count == 1
    assert not job.policy.is_below(after, clock.now())  # the access lifted it back over the threshold
    assert "compress" not in _events(svc, m.memory_id)
    assert job.run()["due"] == 0  # and it is no longer due: the access moved its date
