"""TurnOutbox adapters: the table's stream (AWS, local stack) or inline (tests, benchmarks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engram.conversation.models import ClosedRun, SessionMeta, Turn
from engram.conversation.post_turn import after_turn_job, end_run_job
from engram.kernel.keys import SessionKey

Job = dict[str, Any]


class StreamOutbox:
    """Nothing to send: the stored item is the message. The stream pipe (EventBridge Pipes in
    AWS, the stream poller locally) derives the job from it, so a crash right after the write
    cannot lose the job."""

    def turn_stored(self, key: SessionKey, meta: SessionMeta, turn: Turn) -> None:
        return None

    def run_closed(self, run: ClosedRun) -> None:
        return None


class InlineOutbox:
    """Runs the job the stream would derive, in-process and at once: deterministic for tests."""

    def __init__(self, handler: Callable[[Job], None]) -> None:
        self._handler = handler

    def turn_stored(self, key: SessionKey, meta: SessionMeta, turn: Turn) -> None:
        self._handler(after_turn_job(key, meta.progress, turn, meta.continues))

    def run_closed(self, run: ClosedRun) -> None:
        self._handler(end_run_job(run))
