"""The slow part of a turn, run by the turn worker: rolling summary, memory writes, access counts."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from typing import Any

from engram.conversation.models import ClosedRun, SummaryProgress, Turn
from engram.conversation.summaries import RollingSummarizer
from engram.kernel.errors import ErasureInProgress, ValidationFailed
from engram.kernel.ids import job_group, user_job_group
from engram.kernel.keys import OwnerKey, SessionKey
from engram.kernel.ports import MetricsSink

logger = logging.getLogger(__name__)

# key, run (generation), round, and the run it continues (generation, last seq) if any (S6)
MemoryWriterFn = Callable[[SessionKey, int, Turn, tuple[int, int] | None], Any]
AccessFn = Callable[[OwnerKey, list[str], float, str], None]  # ..., the job id: each job counts once
EndRunFn = Callable[[SessionKey, int], Any]
KbEmbedFn = Callable[[dict[str, Any]], Any]


def _key_body(key: SessionKey) -> dict[str, str]:
    return {
        "tenant_id": key.tenant_id,
        "user_id": key.user_id,
        "persona_id": key.persona_id,
        "session_id": key.session_id,
    }


def after_turn_job(
    key: SessionKey, progress: SummaryProgress, turn: Turn, continues: tuple[int, int] | None = None
) -> dict[str, Any]:
    """The message a turn leaves for the worker (SQS FIFO body; group = conversation). `continues`:
    the run this round's run continues (S6), named only while its last rounds are this one's context."""
    job = {
        "kind": "after_turn",
        "key": _key_body(key),
        "group": job_group(key),
        "dedup": f"t-{progress.generation}-{turn.seq}",
        "generation": progress.generation,
        "progress": {
            "generation": progress.generation,
            "turn_count": progress.turn_count,
            "summary_cursor": progress.summary_cursor,
            "pending_tokens": progress.pending_tokens,
        },
        "request_id": turn.request_id,
        "turn": {
            "seq": turn.seq,
            "user_text": turn.user_text,
            "assistant_text": turn.assistant_text,
            "request_id": turn.request_id,
            "created_at": turn.created_at,
            "emergency": turn.emergency,
        },
    }
    if continues is not None:
        job["continues"] = list(continues)
    return job


def end_run_job(run: ClosedRun) -> dict[str, Any]:
    """S6: make the session memory of a closed run (the run's own FIFO group)."""
    return {
        "kind": "end_run",
        "key": _key_body(run.key),
        "group": job_group(run.key),
        "dedup": f"r-{run.generation}",
        "generation": run.generation,
    }


def access_job(owner: OwnerKey, memory_ids: list[str], now: float) -> dict[str, Any]:
    """R1 access counts. One FIFO group per user, so a user's access jobs apply in order; each
    memory records the jobs that counted it, so a redelivered or redriven job counts it once."""
    return {
        "kind": "access",
        "key": {"tenant_id": owner.tenant_id, "user_id": owner.user_id, "persona_id": "-", "session_id": "-"},
        "group": user_job_group(owner.tenant_id, owner.user_id),
        "dedup": f"a-{uuid.uuid4().hex}",  # every access is its own message (no dedup across requests)
        "memory_ids": memory_ids,
        "now": now,
        "request_id": f"access-{int(now * 1000)}",
    }


class PostTurnProcessor:
    def __init__(
        self,
        rolling: RollingSummarizer,
        memory_writer: MemoryWriterFn | None = None,
        on_access: AccessFn | None = None,
        end_run: EndRunFn | None = None,
        kb_embed: KbEmbedFn | None = None,
        metrics: MetricsSink | None = None,
    ) -> None:
        self._rolling = rolling
        self._metrics = metrics
        self.memory_writer = memory_writer
        self.on_access = on_access
        self.end_run = end_run
        self.kb_embed = kb_embed

    def handle(self, job: dict[str, Any]) -> None:
        try:
            self._handle(job)
        except ErasureInProgress:
            # P1: the user is being erased, and with them what this job was derived from: dropped,
            # not retried (a retry would land after the erasure and bring the content back)
            if self._metrics is not None:
                self._metrics.put("post_turn_erasure_dropped")

    def _handle(self, job: dict[str, Any]) -> None:
        kind = job.get("kind")
        try:
            key = SessionKey(**job["key"])
        except (KeyError, TypeError) as exc:
            raise ValidationFailed("malformed job") from exc
        if kind == "access":
            if self.on_access is not None:
                # the message's own id; a job queued before it had one is named by its time
                job_id = str(job.get("dedup") or job.get("request_id") or "")
                self.on_access(key.owner, list(job["memory_ids"]), float(job["now"]), job_id)
            return
        if kind == "end_run":
            if self.end_run is not None:
                self.end_run(key, int(job["generation"]))
            return
        if kind == "kb_embed":
            if self.kb_embed is not None:
                self.kb_embed(job)
            return
        if kind != "after_turn":
            raise ValidationFailed("unknown job kind", details={"kind": kind})
        progress = job.get("progress")
        self._rolling.run(key, SummaryProgress(**progress) if progress else None)
        if self.memory_writer is not None and "turn" in job:
            turn = Turn(**job["turn"])
            generation = int(job["generation"])
            cont = job.get("continues")
            self.memory_writer(key, generation, turn, (int(cont[0]), int(cont[1])) if cont else None)
