"""Post-turn work is finished by redelivery after a crash, and never applied twice by a redrive
(DynamoDB Local, injected clock). A crash is an exception raised from a hook between two steps;
the redelivery runs on a second container (a fresh process's state), as SQS redelivers to
whichever worker takes the message next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engram.bootstrap import Container
from engram.clock import ManualClock
from engram.domain.models import SessionKey
from engram.memory.threads import ThreadState
from engram.settings import Settings

KEY = SessionKey("default", "mika", "friend", "s1")
CONTROL = SessionKey("default", "mika", "friend", "s2")  # the same rounds, nothing killed
GARDEN = [
    "My tomato garden has new basil plants beside the tomatoes.",
    "The tomato garden needs peppers planted near the basil.",
    "I put cucumbers in the tomato garden this morning.",
    "The tomato garden soil stays wet after the rain.",
    "Snails ate two tomato plants in my garden last night.",
]


class Killed(Exception):
    """The worker process died here."""


def _jobs_of(c_factory: Callable[..., Container], settings: Settings, clock: ManualClock, key: SessionKey) -> list[Any]:
    jobs: list[dict[str, Any]] = []
    api = c_factory(settings, job_handler=jobs.append)  # rounds stored; their jobs wait in the "queue"
    for text in GARDEN:
        clock.advance(20)
        api.conversation.record_turn(key, text, "Nice!")
    return [j for j in jobs if j["kind"] == "after_turn"]


def _thread(c: Container, key: SessionKey) -> ThreadState:
    state = c.writer._threads._threads.get(key)  # type: ignore[union-attr]
    assert state is not None
    return state


def test_a_worker_killed_between_the_round_and_the_thread_loses_no_round(
    settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    jobs = _jobs_of(make_container, settings, clock, KEY)
    first = make_container(settings)
    store = first.writer._threads._threads  # type: ignore[union-attr]
    put = store.put

    def die_on_round_3(key: SessionKey, state: ThreadState, expires_at: float) -> None:
        if state.last_seq == 3:
            raise Killed
        put(key, state, expires_at)

    store.put = die_on_round_3  # type: ignore[method-assign]
    first.post_turn.handle(jobs[0])
    first.post_turn.handle(jobs[1])
    try:
        first.post_turn.handle(jobs[2])
        raise AssertionError("the hook did not fire")
    except Killed:
        pass
    second = make_container(settings)  # SQS redelivers job 3 (FIFO: before 4 and 5) to another worker
    for job in jobs[2:]:
        second.post_turn.handle(job)
    for job in _jobs_of(make_container, settings, clock, CONTROL):
        second.post_turn.handle(job)
    crashed, control = _thread(second, KEY), _thread(second, CONTROL)
    assert (crashed.start_seq, crashed.last_seq, crashed.rounds) == (1, 5, 5)
    assert crashed.words == control.words  # round 3's words are in the thread
    assert [round(x, 5) for x in crashed.centroid] == [round(x, 5) for x in control.centroid]
