"""S6: the session memory of a closed run, as long-term memory keeps it — implements the
conversation's SessionMemories port: summarised (M4 retries), masked (P5), stored once under the
run's id, and counted toward the free plan's cap (L10)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engram.conversation.models import ClosedRun, SessionSummary, Turn
from engram.conversation.ports import Summarizer
from engram.kernel.clock import Clock
from engram.kernel.keys import SessionKey
from engram.kernel.ports import MetricsSink
from engram.language.masking import mask_for_storage, masked_input
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.models import MemoryOrigin, MemoryRecord, MemoryStatus, MemoryType
from engram.memory.plan import apply_cap, plan_of
from engram.memory.ports import MemoryRepository, ProfileStore
from engram.memory.session_summary import summarize_session_with_retry

if TYPE_CHECKING:
    from engram.settings import Settings


@dataclass(slots=True)
class SessionMemoryStore:
    settings: Settings
    clock: Clock
    summarizer: Summarizer
    memories: MemoryRepository
    metrics: MetricsSink
    profiles: ProfileStore | None = None  # L10: the plan recorded from the user's last request

    def summarize(self, previous: str, turns: Sequence[Turn]) -> SessionSummary:
        return summarize_session_with_retry(
            self.summarizer, previous, list(turns), self.settings, self.clock, self.metrics
        )

    def store(self, run: ClosedRun, turns: Sequence[Turn], s: SessionSummary, memory_id: str) -> SessionSummary:
        key = run.key
        now = self.clock.now()
        # P5: long-term memory never stores PII; the summary and its topics are masked alike.
        read = masked_input([run.summary, *(text for t in turns for text in (t.user_text, t.assistant_text))])
        masked = mask_for_storage(s.summary, s.topics, read_from=read.pii_flags)
        s = replace(s, summary=masked.content, topics=tuple(masked.topics))
        record = MemoryRecord(
            memory_id=memory_id,
            tenant_id=key.tenant_id,
            user_id=key.user_id,
            persona_id=key.persona_id,
            type=MemoryType.TIMELINE,
            content=s.summary,
            importance=s.importance / 10.0,
            created_at=now,
            updated_at=now,
            source_turn_ids=[f"{key.session_id}:{run.generation}:{t.seq}" for t in turns],
            topics=list(s.topics),
            emotion=s.emotion,
            session_id=key.session_id,
            pii_flags=masked.pii_flags,
            origin=MemoryOrigin.SESSION,
        )
        if self.memories.put_new(record):
            return s
        # An earlier maker stored it and died before recording the result: that memory stands.
        existing = self.memories.get(key.tenant_id, key.user_id, memory_id)
        if existing is None:
            return s
        return SessionSummary(
            existing.content,
            tuple(existing.topics),
            s.emotion if existing.emotion is None else existing.emotion,  # type: ignore[arg-type]
            max(1, min(10, round(existing.importance * 10))),
            s.model,
            s.fallback,
            s.warning,
        )

    def cap(self, key: SessionKey, protect: str, plan: str | None) -> list[str]:
        """L10 on the free plan: the session memory counts toward the cap; it is never the one archived."""
        plan = plan_of(self.profiles, key.owner, key.persona_id, plan, self.settings.plan)
        archived = apply_cap(
            self.memories,
            self.metrics,
            key.owner,
            key.persona_id,
            plan=plan,
            limit=self.settings.free_plan_active_limit,
            now=self.clock.now(),
            protect=[protect],
            policy=LifecyclePolicy(self.settings),
        )
        return [r.memory_id for r in archived]

    def active(self, key: SessionKey, memory_id: str) -> tuple[str, str] | None:
        """A recorded session memory as it is now: never one the user deleted or archived since."""
        record = self.memories.get(key.tenant_id, key.user_id, memory_id)
        if record is None or record.status != MemoryStatus.ACTIVE:
            return None
        return record.memory_id, record.content
