"""M1 use cases: chat, context only (bring your own LLM), record a turn, read and end a session."""

from __future__ import annotations

import hashlib
import logging
import time
import uuid
from dataclasses import dataclass
from typing import Any

from engram.clock import Clock
from engram.domain.context import ContextAssembler, ContextInput
from engram.domain.gate import MemoryGate
from engram.domain.ids import check_id, request_id
from engram.domain.memory_slot import MemoryProvider, MemoryQuery, MemorySlot
from engram.domain.models import (
    AssembledContext,
    Claim,
    SessionKey,
    SessionMeta,
    SessionSnapshot,
    SessionSummary,
    Turn,
)
from engram.domain.post_turn import after_turn_job
from engram.domain.summaries import summarize_session_with_retry
from engram.errors import DuplicateRequest, NotFound, PayloadTooLarge, StoreUnavailable, ValidationFailed
from engram.memory.models import MemoryRecord, MemoryType
from engram.ports import (
    ConversationStore,
    IdempotencyStore,
    MemoryRepository,
    MetricsSink,
    PostTurnQueue,
    Responder,
    Summarizer,
    TokenCounter,
)
from engram.settings import Settings

logger = logging.getLogger(__name__)

CHAT_SCOPE = "chat"
AUDIO_SCOPE = "audio"


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    meta: SessionMeta
    turn: Turn
    duplicate: bool = False


@dataclass(slots=True)
class ConversationService:
    settings: Settings
    clock: Clock
    store: ConversationStore
    idempotency: IdempotencyStore
    responder: Responder
    summarizer: Summarizer
    gate: MemoryGate
    assembler: ContextAssembler
    memory: MemoryProvider
    memories: MemoryRepository
    queue: PostTurnQueue
    metrics: MetricsSink
    counter: TokenCounter

    def _tokens(self, user_text: str, assistant_text: str) -> int:
        return self.counter.count(user_text) + self.counter.count(assistant_text)

    # --- validation shared by every entry point ----------------------------------
    def _check_text(self, field: str, text: str) -> str:
        if not text or not text.strip():
            raise ValidationFailed(f"{field} must not be empty", details={"field": field})
        size = len(text.encode("utf-8"))
        if size > self.settings.max_message_bytes:
            raise PayloadTooLarge(
                f"{field} is {size} bytes; the limit is {self.settings.max_message_bytes}",
                details={"field": field, "limit": self.settings.max_message_bytes},
            )
        return text

    # --- context -------------------------------------------------------------------
    def _context(self, key: SessionKey, text: str, snapshot: SessionSnapshot) -> tuple[AssembledContext, MemorySlot]:
        gate = self.gate.decide(text)
        meta = snapshot.meta
        summary = meta.summary if meta else ""
        recent = [t for t in snapshot.recent if meta is None or t.seq > 0]
        query = MemoryQuery(
            key=key,
            text=text,
            summary=summary,
            recent_user_texts=tuple(t.user_text for t in recent[-2:]),
            k=self.settings.retrieval_top_k,
            now=self.clock.now(),
        )
        slot = self.memory.slot(query, gate)
        ctx = self.assembler.assemble(ContextInput(text=text, summary=summary, recent=recent, memory=slot, gate=gate))
        if ctx.memory_ids:
            self.memory.accessed(key, ctx.memory_ids, self.clock.now())  # R1 access boost, off the reply path
        return ctx, slot

    def context(self, key: SessionKey, text: str) -> tuple[AssembledContext, SessionSnapshot, MemorySlot]:
        """C3: the assembled prompt only, for callers that run their own LLM. Writes nothing."""
        self._check_text("message", text)
        snapshot = self.store.load(key, self.settings.recent_window_rounds, self.clock.now())
        if snapshot.meta is not None and snapshot.meta.is_idle(self.clock.now(), self.settings.session_idle_timeout_s):
            snapshot = SessionSnapshot(meta=None, recent=())  # an idle session starts afresh (S1)
        ctx, slot = self._context(key, text, snapshot)
        return ctx, snapshot, slot

    # --- chat ------------------------------------------------------------------------
    def chat(
        self, key: SessionKey, text: str, idempotency_key: str | None = None, audio_id: str | None = None
    ) -> dict[str, Any]:
        """A full turn: context, reply, append.

        D1: a duplicate inside the window gets the first answer, never a second model call.
        D2: with an audio id, one lock per (user, audio id); a duplicate gets the cached
        result or a "processing" answer, and a crashed holder's lock expires by itself.
        """
        self._check_text("message", text)
        s = self.settings
        now = self.clock.now()
        if audio_id is not None:
            scope, rid = AUDIO_SCOPE, "a-" + check_id("audio_id", audio_id)
            lock_ttl, result_ttl = float(s.audio_lock_ttl_s), float(s.audio_result_ttl_s)
        else:
            scope, rid = CHAT_SCOPE, request_id(key.user_id, text, int(now * 1000), s.dedup_window_ms, idempotency_key)
            lock_ttl, result_ttl = float(s.request_lock_ttl_s), float(s.dedup_marker_ttl_s)
        owner = uuid.uuid4().hex
        try:
            claim = self.idempotency.claim(key.owner, scope, rid, owner, lock_ttl, now)
        except StoreUnavailable:
            if audio_id is None:
                raise
            claim = Claim("in_progress")  # D2: a lock-store error counts as "not acquired"
        if claim.state == "completed" and claim.result is not None:
            self.metrics.put("request_deduplicated", scope=scope)
            return {**claim.result, "status": "completed", "deduplicated": True}
        if claim.state == "in_progress":
            self.metrics.put("request_in_progress", scope=scope)
            return {"status": "processing", "request_id": rid, "deduplicated": True}
        try:
            result = self._run_turn(key, text, rid)
        except BaseException:
            self.idempotency.release(key.owner, scope, rid, owner)
            raise
        self.idempotency.complete(key.owner, scope, rid, owner, result, result_ttl, self.clock.now())
        return {**result, "status": "completed", "deduplicated": False}

    def _run_turn(self, key: SessionKey, text: str, rid: str) -> dict[str, Any]:
        started = time.perf_counter()
        snapshot = self.store.load(key, self.settings.recent_window_rounds, self.clock.now())
        hint = snapshot.meta
        if hint is not None and hint.is_idle(self.clock.now(), self.settings.session_idle_timeout_s):
            snapshot = SessionSnapshot(meta=hint, recent=())
        ctx, _ = self._context(key, text, snapshot)
        completion = self.responder.reply(ctx.messages)
        try:
            meta, turn = self.store.append_turn(
                key,
                text,
                completion.text,
                rid,
                self.clock.now(),
                meta_hint=hint,
                tokens=self._tokens(text, completion.text),
            )
        except DuplicateRequest:
            # A previous attempt stored this round but never recorded its answer: return what was stored.
            meta, turn = self._stored_round(key, rid)
        self._after_turn(key, meta, turn)
        return {
            "reply": turn.assistant_text,
            "model": completion.model,
            "request_id": rid,
            "turn": turn.seq,
            "gate": {"decision": ctx.gate.decision.value, "reason": ctx.gate.reason, "language": ctx.gate.language},
            "context_tokens": ctx.total_tokens,
            "blocks": [
                {"name": b.name, "tokens": b.tokens, "items": b.items, "trimmed": b.trimmed} for b in ctx.blocks
            ],
            "memory_ids": ctx.memory_ids,
            "latency_ms": round((time.perf_counter() - started) * 1000, 1),
        }

    # --- bring-your-own-LLM turn -----------------------------------------------------------
    def record_turn(
        self, key: SessionKey, user_text: str, assistant_text: str, idempotency_key: str | None = None
    ) -> TurnOutcome:
        self._check_text("user", user_text)
        self._check_text("assistant", assistant_text)
        now = self.clock.now()
        rid = request_id(key.user_id, user_text, int(now * 1000), self.settings.dedup_window_ms, idempotency_key)
        try:
            meta, turn = self.store.append_turn(
                key, user_text, assistant_text, rid, now, tokens=self._tokens(user_text, assistant_text)
            )
        except DuplicateRequest:
            self.metrics.put("request_deduplicated")
            return TurnOutcome(*self._stored_round(key, rid), duplicate=True)
        self._after_turn(key, meta, turn)
        return TurnOutcome(meta, turn)

    def _stored_round(self, key: SessionKey, rid: str) -> tuple[SessionMeta, Turn]:
        """The round a duplicate request already stored (it is among the latest rounds)."""
        stored = self.store.load(key, self.settings.recent_hard_cap, self.clock.now())
        match = next((t for t in stored.recent if t.request_id == rid), None)
        if stored.meta is None or match is None:
            raise DuplicateRequest("this request was already recorded", details={"request_id": rid})
        return stored.meta, match

    def _after_turn(self, key: SessionKey, meta: SessionMeta, turn: Turn) -> None:
        self.metrics.put("conversation_length", float(meta.turn_count), unit="Count")
        self.queue.submit(after_turn_job(key, meta.progress, turn))

    # --- read / end ------------------------------------------------------------------------
    def get_session(self, key: SessionKey) -> SessionSnapshot:
        snapshot = self.store.load(key, self.settings.recent_window_rounds, self.clock.now())
        if snapshot.meta is None:
            raise NotFound("session not found", details={"session_id": key.session_id})
        return snapshot

    def end_session(self, key: SessionKey) -> tuple[SessionMeta, SessionSummary, str]:
        """S6: summarise the whole session (M4 retries, raw fallback), store it, mark the session ended."""
        now = self.clock.now()
        meta = self.store.get_meta(key, now)
        if meta is None:
            raise NotFound("session not found", details={"session_id": key.session_id})
        turns = self.store.turns_between(key, meta.generation, 1, meta.turn_count, now)
        result = summarize_session_with_retry(
            self.summarizer, meta.summary, turns, self.settings, self.clock, self.metrics
        )
        memory_id = self._store_session_memory(key, meta, turns, result)
        ended = self.store.end_session(key, meta.generation, self.clock.now())
        return ended, result, memory_id

    def _store_session_memory(self, key: SessionKey, meta: SessionMeta, turns: list[Turn], s: SessionSummary) -> str:
        # Deterministic id: ending the same session twice cannot leave two memories.
        digest = hashlib.sha1(f"{key}|{meta.generation}".encode(), usedforsecurity=False).hexdigest()[:20]
        memory_id = f"ses-{digest}"
        now = self.clock.now()
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
            source_turn_ids=[f"{key.session_id}:{meta.generation}:{t.seq}" for t in turns],
            topics=list(s.topics),
            emotion=s.emotion,
            session_id=key.session_id,
        )
        self.memories.put_new(record)
        return memory_id
