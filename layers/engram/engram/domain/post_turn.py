"""The slow part of a turn, run by the turn worker: rolling summary, then memory writes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engram.domain.models import SessionKey, SummaryProgress
from engram.domain.summaries import RollingSummarizer
from engram.errors import ValidationFailed

MemoryWriter = Callable[[SessionKey, dict[str, Any]], None]


class PostTurnProcessor:
    def __init__(self, rolling: RollingSummarizer, memory_writer: MemoryWriter | None = None) -> None:
        self._rolling = rolling
        self._memory_writer = memory_writer

    def handle(self, job: dict[str, Any]) -> None:
        if job.get("kind") != "after_turn":
            raise ValidationFailed("unknown job kind", details={"kind": job.get("kind")})
        key = SessionKey(**job["key"])
        progress = job.get("progress")
        self._rolling.run(key, SummaryProgress(**progress) if progress else None)
        if self._memory_writer is not None:
            self._memory_writer(key, job)
