"""Issue 29: an API container appends on the session META it last saw, without reading it. A
copy another container made stale (its rounds, an end, an erasure, the worker's summary) fails
the append's condition and the append decides again from the META the failure hands back:
never a lost, shared or misplaced round."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from engram.conversation.models import SessionStatus
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.settings import Settings
from engram.wiring import Container

KEY = SessionKey("default", "mika", "nurse", "s1")


def _seqs(c: Container, clock: ManualClock) -> list[int]:
    rounds, _ = c.conversation.log(KEY, 100)
    return sorted(r.turn.seq for r in rounds)


def test_two_containers_taking_turns_neither_lose_nor_share_a_round(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    a, b = make_container(settings), make_container(settings)
    for n in range(8):
        clock.advance(5)
        outcome = (a if n % 2 == 0 else b).conversation.record_turn(KEY, f"message {n}", "Noted.", f"k{n}")
        assert outcome.turn.seq == n + 1  # b's round made a's copy stale: a learns it from the failure
    assert _seqs(a, clock) == list(range(1, 9))


def test_concurrent_writers_on_two_containers_store_every_round_once(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    containers = [make_container(settings), make_container(settings)]
    clock.advance(5)
    for c in containers:  # both warm, with the same copy
        c.conversation.record_turn(KEY, f"warm {id(c)}", "Noted.")
    errors: list[BaseException] = []

    def write(c: Container, worker: int) -> None:
        try:
            for n in range(4):
                c.conversation.record_turn(KEY, f"w{worker} n{n}", "Noted.", f"w{worker}-{n}")
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(containers[i % 2], i)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert _seqs(containers[0], clock) == list(range(1, 2 + 16 + 1))


def test_a_session_ended_elsewhere_is_not_appended_to(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    a, b = make_container(settings), make_container(settings)
    clock.advance(5)
    first = a.conversation.record_turn(KEY, "I like tea.", "Noted.", "k1").meta.generation
    a.conversation.record_turn(KEY, "And green tea most.", "Noted.", "k2")
    b.conversation.end_session(KEY)
    clock.advance(5)
    outcome = a.conversation.record_turn(KEY, "Hello again.", "Hi.", "k3")
    assert outcome.turn.seq == 1 and outcome.meta.generation != first  # a new run, not round 3 of the ended one
    meta = b.conversation.store.get_meta(KEY, clock.now())
    assert meta is not None and meta.status == SessionStatus.ACTIVE and meta.generation == outcome.meta.generation


def test_a_session_erased_elsewhere_starts_over(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    a, b = make_container(settings), make_container(settings)
    clock.advance(5)
    for n in range(3):
        a.conversation.record_turn(KEY, f"secret {n}", "Noted.", f"k{n}")
    b.erasure_service.persona(KEY.tenant_id, KEY.user_id, KEY.persona_id)
    assert b.erasure_job.run()["requests_completed"] == 1
    clock.advance(5)
    outcome = a.conversation.record_turn(KEY, "Hello.", "Hi.", "k9")
    assert outcome.turn.seq == 1 and outcome.meta.summary == ""  # nothing of the erased run carried over
    assert _seqs(b, clock) == [1]


def test_the_rounds_job_names_the_summary_the_worker_committed_meanwhile(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    jobs: list[dict[str, Any]] = []
    a = make_container(settings, job_handler=jobs.append)
    worker = make_container(settings)
    for n in range(settings.summary_every_rounds + 2):
        clock.advance(5)
        jobs.clear()
        a.conversation.record_turn(KEY, f"I walked {n} km today with my dog.", "Noted.", f"k{n}")
        for job in jobs:
            if job["kind"] == "after_turn":
                worker.post_turn.handle(job)
    meta = worker.conversation.store.get_meta(KEY, clock.now())
    assert meta is not None and meta.summary_version > 0  # the worker moved the summary
    clock.advance(5)
    jobs.clear()
    a.conversation.record_turn(KEY, "One more.", "Noted.", "k-last")
    progress = next(j["progress"] for j in jobs if j["kind"] == "after_turn")
    assert progress["summary_cursor"] == meta.summary_cursor  # not the cursor of a's old copy
