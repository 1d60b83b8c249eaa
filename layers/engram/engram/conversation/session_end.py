"""S6 session end: every run of a session leaves exactly one session memory.

A run is closed first — atomically, so no round can join it afterwards and a round
that raced the close either made it in or starts the next run — and its memory is
made afterwards under a lease on the closed run (RUN#). Four triggers close a run:
an explicit end (or "save conversation"), the idle_sessions schedule, a new message
that finds the run idle, and the message limit. Whoever closes it, the memory is
made once: the lease says who makes it, the result is recorded on the run, and a
second end answers with that result instead of calling the model again.
"""

from __future__ import annotations

import hashlib
import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engram.conversation.models import ClosedRun, RunState, SessionMeta, SessionStatus, SessionSummary
from engram.conversation.ports import ConversationStore, SessionMemories, SessionRuns, TurnOutbox
from engram.kernel.clock import Clock
from engram.kernel.errors import Conflict, NotFound
from engram.kernel.keys import SessionKey
from engram.kernel.ports import MetricsSink

if TYPE_CHECKING:  # type only: pydantic-settings is imported when the settings are read, not here
    from engram.settings import Settings

logger = logging.getLogger(__name__)

END_REASONS = ("end", "save")


def _wait(seconds: float) -> None:
    # Waiting for another worker's model call (not for a TTL): real time, bounded by the caller.
    time.sleep(seconds)


@dataclass(frozen=True, slots=True)
class EndOutcome:
    run: ClosedRun
    summary: SessionSummary
    memory_id: str | None  # None: the run's rounds had expired, nothing to remember
    already_ended: bool = False
    archived: tuple[str, ...] = ()  # L10: what the free plan's cap archived to make room for it


def session_memory_id(key: SessionKey, generation: int) -> str:
    """Deterministic: one run can never leave two memories."""
    digest = hashlib.sha1(f"{key}|{generation}".encode(), usedforsecurity=False).hexdigest()[:20]
    return f"ses-{digest}"


def _summary_from(result: dict[str, Any]) -> SessionSummary:
    return SessionSummary(
        summary=str(result.get("summary", "")),
        topics=tuple(result.get("topics", ())),
        emotion=result.get("emotion", "calm"),
        importance=int(result.get("importance", 1)),
        model=str(result.get("model", "")),
        fallback=bool(result.get("fallback", False)),
        warning=result.get("warning"),
    )


@dataclass(slots=True)
class SessionCloser:
    settings: Settings
    clock: Clock
    store: ConversationStore
    runs: SessionRuns
    memories: SessionMemories  # long-term memory makes and keeps the session memory
    metrics: MetricsSink
    outbox: TurnOutbox
    wait: Callable[[float], None] = field(default=_wait)

    # --- explicit end / save ----------------------------------------------------------
    def end(self, key: SessionKey, reason: str = "end", plan: str | None = None) -> EndOutcome:
        """End the current run now and return its session memory (a second end: the first result).
        `plan`: the caller's (L10); None = the one recorded from the user's last request."""
        for _ in range(self.settings.append_max_attempts):
            now = self.clock.now()
            meta = self.store.get_meta(key, now)
            if meta is None:
                raise NotFound("session not found", details={"session_id": key.session_id})
            if meta.status == SessionStatus.ENDED:
                run = self.runs.get(key, meta.generation, now)
                if run is None:
                    raise NotFound("session not found", details={"session_id": key.session_id})
                return self._settle(run, plan)
            holder = uuid.uuid4().hex
            run = self.runs.close(key, meta, reason, holder, now)
            if run is not None:
                self.metrics.put("session_ended", reason=reason)
                return self._make_memory(run, holder, plan)
            # A round arrived (it is in the run we close next time) or another closer won: look again.
        raise Conflict("the session keeps changing; retry", details={"session_id": key.session_id})

    def _settle(self, run: ClosedRun, plan: str | None) -> EndOutcome:
        now = self.clock.now()
        if run.state == RunState.DONE and run.result is not None:
            return self._outcome(run, run.result, already_ended=True)
        if not run.lease_free(now):
            raise Conflict(
                "the session is being ended; retry shortly for its session memory",
                details={"session_id": run.key.session_id},
            )
        holder = uuid.uuid4().hex
        taken = self.runs.take(run, holder, now)
        if taken is None:
            current = self.runs.get(run.key, run.generation, now)
            if current is not None and current.state == RunState.DONE and current.result is not None:
                return self._outcome(current, current.result, already_ended=True)
            raise Conflict("the session is being ended", details={"session_id": run.key.session_id})
        return self._make_memory(taken, holder, plan)

    # --- the bridge: the previous run's memory in a returning user's first prompt ------
    def bridge(self, key: SessionKey, meta: SessionMeta, close_idle: bool = True) -> tuple[str, str] | None:
        """The session memory (id, text) of the run a new run follows, for the first prompt of that
        new run: `meta` is the conversation's META, no longer open (ended, or idle).

        An idle run is closed here (`close_idle`) and its memory made now, as part of the turn: the
        turn's own append would close it only after the prompt, and its memory would come later still.
        A run closed elsewhere (end, idle job, message limit) has its memory, or gets it here when
        nobody is making it, or within `session_bridge_wait_s` when somebody is. None: nothing to remember, a
        round reopened the run meanwhile, or the memory did not come in time (retrieval finds it later)."""
        now = self.clock.now()
        if meta.status != SessionStatus.ENDED:
            if not close_idle:
                return None
            holder = uuid.uuid4().hex
            run = self.runs.close(key, meta, "idle", holder, now)
            if run is not None:
                self.metrics.put("session_ended", reason="idle")
                made = self._bridge_made(run, holder)
                self.outbox.run_closed(run)  # what else a closed run asks for (S5: its open thread)
                return made
            current = self.store.get_meta(key, now)  # another closer won, or a round arrived
            if current is None or current.status != SessionStatus.ENDED:
                return None
            meta = current
        deadline = time.monotonic() + self.settings.session_bridge_wait_s
        delay = 0.05
        while True:
            run = self.runs.get(key, meta.generation, self.clock.now())
            if run is None:
                return None
            if run.state == RunState.DONE and run.result is not None:
                return self._held(key, run.result)
            if run.lease_free(self.clock.now()):
                holder = uuid.uuid4().hex
                taken = self.runs.take(run, holder, self.clock.now())
                if taken is not None:
                    return self._bridge_made(taken, holder)
            if time.monotonic() >= deadline:
                self.metrics.put("session_bridge_late")
                return None
            self.wait(min(delay, max(0.0, deadline - time.monotonic())))
            delay = min(delay * 2, 0.5)

    def _bridge_made(self, run: ClosedRun, holder: str) -> tuple[str, str] | None:
        try:
            outcome = self._make_memory(run, holder)
        except Conflict:  # taken over by a worker (our lease ran out): the turn goes on without it
            return None
        return (outcome.memory_id, outcome.summary.summary) if outcome.memory_id else None

    def _held(self, key: SessionKey, result: dict[str, Any]) -> tuple[str, str] | None:
        """A recorded session memory as it is now: never one the user deleted or archived since."""
        memory_id = result.get("memory_id")
        if not memory_id:
            return None
        return self.memories.active(key, str(memory_id))

    # --- closed elsewhere (idle on a new message, message limit, idle job) -----------
    def finish_pending(self, key: SessionKey, generation: int) -> EndOutcome | None:
        """Worker side: make the memory of a closed run unless it is made or being made."""
        now = self.clock.now()
        run = self.runs.get(key, generation, now)
        if run is None or run.state == RunState.DONE or not run.lease_free(now):
            return None  # done, or its maker is alive (the idle job takes over if it dies)
        holder = uuid.uuid4().hex
        taken = self.runs.take(run, holder, now)
        return self._make_memory(taken, holder) if taken is not None else None

    def sweep_idle(self) -> dict[str, int]:
        """idle_sessions job: close every run idle for the timeout, found through the sparse
        index (reads only what is due); finish closed runs whose maker died."""
        now = self.clock.now()
        s = self.settings
        due = self.runs.due(now - s.session_idle_timeout_s, s.idle_sweep_limit)
        counts = {"due": len(due), "closed": 0, "recovered": 0, "failed": 0}
        for item in due:
            try:  # one run that fails (a model error, a throttled write) never stops the others
                outcome = self._sweep_one(item.key, item.generation, item.kind, now)
            except Exception:
                logger.exception("idle session not closed; retried at the next tick")
                self.metrics.put("idle_session_failed")
                counts["failed"] += 1
                continue
            if outcome:
                counts[outcome] += 1
        return counts

    def _sweep_one(self, key: SessionKey, generation: int, kind: str, now: float) -> str | None:
        s = self.settings
        if kind == "run":
            return "recovered" if self.finish_pending(key, generation) is not None else None
        meta = self.store.get_meta(key, now)
        if meta is None or meta.status == SessionStatus.ENDED or not meta.is_idle(now, s.session_idle_timeout_s):
            return None
        run = self.runs.close(key, meta, "idle", None, now)
        if run is None:  # a concurrent sweep, end or message won: then it is theirs
            return None
        self.metrics.put("session_ended", reason="idle")
        self.outbox.run_closed(run)
        return "closed"

    # --- making the memory ------------------------------------------------------------
    def _make_memory(self, run: ClosedRun, holder: str, plan: str | None = None) -> EndOutcome:
        now = self.clock.now()
        key = run.key
        turns = self.store.turns_between(key, run.generation, 1, run.turn_count, now)
        memory_id: str | None = None
        archived: list[str] = []
        if turns:
            summary = self.memories.summarize(run.summary, turns)
            memory_id = session_memory_id(key, run.generation)
            summary = self.memories.store(run, turns, summary, memory_id)
            archived = self.memories.cap(key, memory_id, plan)
        else:  # every round expired before the run was ended: there is nothing to remember
            summary = SessionSummary("", (), "calm", 1, "none")
        result = {
            "memory_id": memory_id,
            "summary": summary.summary,
            "topics": list(summary.topics),
            "emotion": summary.emotion,
            "importance": summary.importance,
            "model": summary.model,
            "fallback": summary.fallback,
            "warning": summary.warning,
            "reason": run.reason,
            "archived": archived,
        }
        if not self.runs.complete(run, holder, result):
            current = self.runs.get(key, run.generation, self.clock.now())
            if current is not None and current.state == RunState.DONE and current.result is not None:
                return self._outcome(current, current.result, already_ended=True)
            raise Conflict("the session memory was taken over by another worker")
        return EndOutcome(run, summary, memory_id, archived=tuple(archived))

    @staticmethod
    def _outcome(run: ClosedRun, result: dict[str, Any], already_ended: bool) -> EndOutcome:
        memory_id = result.get("memory_id")
        archived = tuple(str(i) for i in result.get("archived") or ())
        return EndOutcome(run, _summary_from(result), str(memory_id) if memory_id else None, already_ended, archived)
