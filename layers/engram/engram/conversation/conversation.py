"""M1 use cases: chat, context only (bring your own LLM), record a turn, read and end a session."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engram.conversation.client_chat import ClientRequest
from engram.conversation.context import ContextAssembler, ContextInput
from engram.conversation.gate import MemoryGate
from engram.conversation.models import (
    AppendResult,
    AssembledContext,
    Claim,
    Completion,
    LoggedRound,
    MemoryItemView,
    MemoryQuery,
    MemorySlot,
    RequestMarker,
    SessionMeta,
    SessionSnapshot,
    SessionStatus,
    Turn,
)
from engram.conversation.ports import (
    ClientModel,
    ConversationStore,
    IdempotencyStore,
    MemoryProvider,
    Responder,
    TranscriptBuffer,
    TurnOutbox,
)
from engram.conversation.session_end import END_REASONS, EndOutcome, SessionCloser
from engram.kernel.clock import Clock
from engram.kernel.errors import (
    Conflict,
    DuplicateRequest,
    LlmFailure,
    NotFound,
    PayloadTooLarge,
    StoreUnavailable,
    ValidationFailed,
)
from engram.kernel.ids import check_id, dedup_key, request_id
from engram.kernel.keys import OwnerKey, SessionKey
from engram.kernel.ports import MetricsSink, TokenCounter
from engram.language.blank import is_blank
from engram.language.read_window import read_window
from engram.observability.spans import traced
from engram.settings import Settings

logger = logging.getLogger(__name__)

CHAT_SCOPE = "chat"
AUDIO_SCOPE = "audio"


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    meta: SessionMeta
    turn: Turn
    duplicate: bool = False
    session_ended: bool = False


def _wait(seconds: float) -> None:
    # Waiting for another request to finish (not for a TTL): real time, bounded by the caller.
    time.sleep(seconds)


PREVIEW_CHARS = 80


def used_memories(ctx: AssembledContext, trimmed: bool = False) -> list[dict[str, Any]]:
    """What entered the prompt (or, `trimmed`, what was retrieved but left out for the token
    budgets), for the caller to show: id, the first words, pinned or retrieved, the score."""
    return [
        {"memory_id": m.memory_id, "preview": m.text[:PREVIEW_CHARS], "source": m.source, "score": m.score}
        for m in (ctx.trimmed if trimmed else ctx.used)
    ]


@dataclass(slots=True)
class ConversationService:
    settings: Settings
    clock: Clock
    store: ConversationStore
    idempotency: IdempotencyStore
    transcripts: TranscriptBuffer
    responder: Responder
    gate: MemoryGate
    assembler: ContextAssembler
    memory: MemoryProvider
    closer: SessionCloser
    outbox: TurnOutbox
    metrics: MetricsSink
    counter: TokenCounter
    wait: Callable[[float], None] = field(default=_wait)
    client_model: ClientModel | None = None  # the OpenAI-compatible door's model (chat_messages)

    def _tokens(self, user_text: str, assistant_text: str) -> int:
        return self.counter.count(user_text) + self.counter.count(assistant_text)

    # --- validation shared by every entry point ----------------------------------
    def _check_text(self, field: str, text: str) -> str:
        if is_blank(text):
            raise ValidationFailed(f"{field} must not be empty", details={"field": field})
        size = len(text.encode("utf-8"))
        if size > self.settings.max_message_bytes:
            raise PayloadTooLarge(
                f"{field} is {size} bytes; the limit is {self.settings.max_message_bytes}",
                details={"field": field, "limit": self.settings.max_message_bytes},
            )
        return text

    def _live(self, snapshot: SessionSnapshot, now: float) -> SessionSnapshot:
        """What the current run contributes to a prompt. An ended, idle or expired run
        contributes nothing — neither rounds nor rolling summary; its session memory,
        found by retrieval, is the bridge (S1, S6). `context` and `chat` share this rule."""
        meta = snapshot.meta
        if meta is None or not meta.is_open(now, self.settings.session_idle_timeout_s):
            return SessionSnapshot(meta=None, recent=())
        return snapshot

    def _bridge(self, key: SessionKey, meta: SessionMeta | None, now: float, close_idle: bool) -> MemoryItemView | None:
        """S6: the first prompt of a new run holds the previous run's session memory, whichever way
        that run closed; an idle one is closed (and its memory made) now, as part of this turn."""
        if not self.memory.bridges or meta is None or meta.is_open(now, self.settings.session_idle_timeout_s):
            return None
        found = self.closer.bridge(key, meta, close_idle)
        return MemoryItemView(found[0], found[1], 1.0) if found is not None else None

    # --- context -------------------------------------------------------------------
    def _context(
        self,
        key: SessionKey,
        text: str,
        snapshot: SessionSnapshot,
        record_access: bool = True,
        bridge: MemoryItemView | None = None,
        policy: str | None = None,
    ) -> tuple[AssembledContext, MemorySlot]:
        # the gate and retrieval read a long message, and a turn a short follow-up borrows, by their two ends
        window = self.settings.question_read_max_chars
        asked = read_window(text, window)
        gate = self.gate.decide(asked)
        meta = snapshot.meta
        summary = meta.summary if meta else ""
        recent = list(snapshot.recent)
        query = MemoryQuery(
            key=key,
            text=asked,
            summary=summary,
            recent_user_texts=tuple(read_window(t.user_text, window) for t in recent[-2:]),
            k=self.settings.retrieval_top_k,
            now=self.clock.now(),
            bridge=bridge,
        )
        slot = self.memory.slot(query, gate)
        ctx = self.assembler.assemble(
            ContextInput(text=text, summary=summary, recent=recent, memory=slot, gate=gate, policy=policy)
        )
        if ctx.memory_ids and record_access:
            self.memory.accessed(key, ctx.memory_ids, self.clock.now())  # R1 access boost, off the reply path
        return ctx, slot

    def context(
        self, key: SessionKey, text: str, record_access: bool = True
    ) -> tuple[AssembledContext, SessionSnapshot, MemorySlot]:
        """C3: the assembled prompt only, for callers that run their own LLM: no round is stored.
        The memories that enter the prompt are counted as accessed (R1), as for a chat, unless
        `record_access` is off (a preview that only inspects, such as the inspector's)."""
        self._check_text("message", text)
        now = self.clock.now()
        loaded = self.store.load(key, self.settings.recent_window_rounds, now)
        bridge = self._bridge(key, loaded.meta, now, close_idle=record_access)  # a preview closes nothing
        snapshot = self._live(loaded, now)
        ctx, slot = self._context(key, text, snapshot, record_access, bridge)
        return ctx, snapshot, slot

    # --- chat ------------------------------------------------------------------------
    def chat(
        self,
        key: SessionKey,
        text: str,
        idempotency_key: str | None = None,
        audio_id: str | None = None,
        is_final: bool = True,
        part: int | None = None,
    ) -> dict[str, Any]:
        """A full turn: context, reply, append.

        D1: a duplicate inside the window gets the first answer, never a second model call;
        one that arrives while the first is running waits (bounded) for its answer.
        D2: with an audio id, partial transcripts are buffered until the final one, then one
        lock per (user, audio id) runs the turn once on the joined text; a duplicate gets the
        cached result or a "processing" answer, and a crashed holder's lock expires by itself.
        """
        self._check_text("message", text)
        if audio_id is None:
            return self._chat_once(key, text, idempotency_key)
        check_id("audio_id", audio_id)
        s = self.settings
        now = self.clock.now()
        if not is_final:
            count = self.transcripts.add(key.owner, audio_id, part, text, float(s.audio_transcript_buffer_ttl_s), now)
            return {"status": "buffered", "audio_id": audio_id, "parts": count}
        owner = uuid.uuid4().hex
        try:
            claim = self.idempotency.claim(key.owner, AUDIO_SCOPE, "a-" + audio_id, owner, s.audio_lock_ttl_s, now)
        except StoreUnavailable:
            claim = Claim("in_progress")  # D2: a lock-store error counts as "not acquired"
        if claim.state == "completed" and claim.result is not None:
            self.metrics.put("request_deduplicated", scope=AUDIO_SCOPE)
            return {**claim.result, "status": "completed", "deduplicated": True}
        if claim.state == "in_progress":
            self.metrics.put("request_in_progress", scope=AUDIO_SCOPE)
            return self._processing(request_id(key, audio_id, 0, "audio:" + audio_id))
        try:
            joined = " ".join([*self.transcripts.parts(key.owner, audio_id, now), text])
            self._check_text("message", joined)
            result = self._chat_once(key, joined, "audio:" + audio_id)
        except BaseException:
            self.idempotency.release(key.owner, AUDIO_SCOPE, "a-" + audio_id, owner)
            raise
        if result.get("status") == "completed":
            self.idempotency.complete(
                key.owner, AUDIO_SCOPE, "a-" + audio_id, owner, result, float(s.audio_result_ttl_s), self.clock.now()
            )
            self.transcripts.clear(key.owner, audio_id)
        return result

    def chat_messages(self, key: SessionKey, request: ClientRequest) -> dict[str, Any]:
        """The OpenAI-compatible door (client_chat.py): a turn on the client's own messages, with
        /chat's dedup (D1), append and post-turn path; the answer's shape is /chat's, plus the
        model's finish_reason, usage and any tool_calls (a round they answer is not recorded)."""
        request.check_limits(self.settings)
        text = self._check_text("message", request.user_text)
        return self._chat_once(key, text, request.round_key(), client=request)

    def _processing(self, rid: str) -> dict[str, Any]:
        return {
            "status": "processing",
            "request_id": rid,
            "deduplicated": True,
            "retry_after": self.settings.duplicate_retry_after_s,
        }

    def _chat_once(
        self,
        key: SessionKey,
        text: str,
        idempotency_key: str | None,
        rid: str | None = None,
        client: ClientRequest | None = None,
    ) -> dict[str, Any]:
        s = self.settings
        now = self.clock.now()
        first_try = rid is None
        owner = uuid.uuid4().hex
        if rid is None and not idempotency_key:  # D1's window and the claim in one write (a new text)
            said = client.window_text(text) if client else text  # the door: the whole request, not its text
            fresh = request_id(key, said, int(now * 1000))
            window_s = s.dedup_window_ms / 1000
            marker = self.store.claim_text(
                key, dedup_key(key, said), fresh, window_s, owner, float(s.request_lock_ttl_s), now
            )
            rid = marker.request_id
        else:
            rid = rid or self._request_of(key, text, now, idempotency_key)
            marker = self.store.claim_request(key, rid, owner, float(s.request_lock_ttl_s), now)
        if marker.owner != owner or marker.state == "completed":
            answer = self._duplicate(key, marker)
            if answer is None:  # the first copy failed and let go: this copy runs it (once)
                return self._chat_once(key, text, idempotency_key, rid, client) if first_try else self._processing(rid)
            return answer
        try:
            result = self._run_turn(key, text, rid, owner, client)
        except BaseException:
            self.store.release_request(key, rid, owner)
            raise
        return {**result, "status": "completed", "deduplicated": False}

    def _request_of(self, key: SessionKey, text: str, now: float, idempotency_key: str | None) -> str:
        """D1: the request this text is. With the client's key, the key's; without one, the
        request the same text started less than `dedup_window_ms` ago, if any (a sliding
        window per conversation, not a clock bucket), else a new one."""
        rid = request_id(key, text, int(now * 1000), idempotency_key)
        if idempotency_key:
            return rid
        return self.store.claim_window(key, dedup_key(key, text), rid, self.settings.dedup_window_ms / 1000, now)

    def _duplicate(self, key: SessionKey, marker: RequestMarker) -> dict[str, Any] | None:
        """The first answer; if the first copy is still running, wait for it (bounded). None when
        the first copy failed and released its claim."""
        deadline = time.monotonic() + self.settings.duplicate_wait_s
        delay = 0.05
        current: RequestMarker | None = marker
        while current is not None and current.state != "completed" and time.monotonic() < deadline:
            self.wait(min(delay, max(0.0, deadline - time.monotonic())))
            delay = min(delay * 2, 0.5)
            current = self.store.get_request(key, marker.request_id, self.clock.now())
        if current is None:
            return None
        if current.state != "completed":
            self.metrics.put("request_in_progress", scope=CHAT_SCOPE)
            return self._processing(marker.request_id)
        self.metrics.put("request_deduplicated", scope=CHAT_SCOPE)
        return {**self.answer_of(key, current), "status": "completed", "deduplicated": True}

    def answer_of(self, key: SessionKey, marker: RequestMarker) -> dict[str, Any]:
        """The stored answer of a completed request. A round recorded without an answer (a
        recorded turn with the same id) is answered from the stored round: no model call."""
        if marker.result:
            return {**marker.result, "turn": marker.seq, "request_id": marker.request_id}
        turn = self.store.get_turn(key, marker.generation, marker.seq, self.clock.now())
        if turn is None:
            raise NotFound("the round of this request is no longer held", details={"request_id": marker.request_id})
        return {
            "reply": turn.assistant_text,
            "model": "stored",
            "request_id": marker.request_id,
            "turn": turn.seq,
            "gate": {"decision": "SKIP", "reason": "stored", "language": ""},
            "context_tokens": 0,
            "blocks": [],
            "memory_ids": [],
            "latency_ms": 0.0,
        }

    def request_status(self, key: SessionKey, rid: str) -> dict[str, Any]:
        """GET .../requests/{request_id}: the answer of a request that was answered 202."""
        marker = self.store.get_request(key, rid, self.clock.now())
        if marker is None:
            raise NotFound("no such request", details={"request_id": rid})
        if marker.state != "completed":
            return self._processing(rid)
        return {**self.answer_of(key, marker), "status": "completed", "deduplicated": True}

    @traced("engram.turn.record")
    def _reply(self, ctx: AssembledContext, client: ClientRequest | None) -> Completion:
        if client is None:
            return self.responder.reply(ctx.messages)
        if self.client_model is None:
            raise LlmFailure("no model serves the OpenAI-compatible door in this deployment")
        return self.client_model.reply_for_client(client.prompt(ctx), client.model, client.params)

    def _run_turn(
        self, key: SessionKey, text: str, rid: str, owner: str, client: ClientRequest | None = None
    ) -> dict[str, Any]:
        started = time.perf_counter()
        now = self.clock.now()
        snapshot = self.store.load(key, self.settings.recent_window_rounds, now)
        hint = snapshot.meta  # the append's condition is this META: a change meanwhile makes it decide again
        bridge = self._bridge(key, snapshot.meta, now, close_idle=True)
        if (
            self.memory.bridges
            and hint is not None
            and hint.status != SessionStatus.ENDED
            and not hint.is_open(now, self.settings.session_idle_timeout_s)
        ):
            hint = None  # the idle run may have been closed just now: the append decides again from the store
        live = self._live(snapshot, now)
        if client is not None and client.has_history:  # the client's history stands for the window
            live = SessionSnapshot(meta=live.meta, recent=())
        policy = client.policy(self.settings.system_policy) if client is not None else None
        ctx, _ = self._context(key, text, live, bridge=bridge, policy=policy)
        completion = self._reply(ctx, client)
        result: dict[str, Any] = {
            "reply": completion.text,
            "model": completion.model,
            "request_id": rid,
            "gate": {"decision": ctx.gate.decision.value, "reason": ctx.gate.reason, "language": ctx.gate.language},
            "context_tokens": ctx.total_tokens,
            "blocks": [
                {"name": b.name, "tokens": b.tokens, "items": b.items, "trimmed": b.trimmed, "budget": b.budget}
                for b in ctx.blocks
            ],
            "memory_ids": ctx.memory_ids,
            "memories": used_memories(ctx),
            "trimmed_memories": used_memories(ctx, trimmed=True),
            "max_tokens": ctx.max_tokens,
            "latency_ms": round((time.perf_counter() - started) * 1000, 1),
        }
        if client is not None:
            result["finish_reason"] = completion.finish_reason
            result["usage"] = {
                "prompt_tokens": completion.prompt_tokens,
                "completion_tokens": completion.completion_tokens,
            }
            if completion.tool_calls or not completion.text.strip():
                # Not a round yet (the client runs the tools and sends their results) or no answer
                # to keep: nothing is stored, and a retry runs again.
                self.store.release_request(key, rid, owner)
                return {**result, "tool_calls": list(completion.tool_calls), "turn": 0, "recorded": False}
        try:
            appended = self.store.append_turn(
                key,
                text,
                completion.text,
                rid,
                self.clock.now(),
                meta_hint=hint,
                tokens=self._tokens(text, completion.text),
                claim_owner=owner,
                result=result,
            )
        except Conflict:
            # Our claim expired and a retry took the request over: its answer is the answer.
            marker = self.store.get_request(key, rid, self.clock.now())
            if marker is None or marker.state != "completed":
                raise
            return self.answer_of(key, marker)
        self._after_turn(key, appended)
        return {**result, "turn": appended.turn.seq, "session_ended": appended.meta.status.value == "ENDED"}

    # --- bring-your-own-LLM turn -----------------------------------------------------------
    @traced("engram.turn.record")
    def record_turn(
        self, key: SessionKey, user_text: str, assistant_text: str, idempotency_key: str | None = None
    ) -> TurnOutcome:
        self._check_text("user", user_text)
        self._check_text("assistant", assistant_text)
        now = self.clock.now()
        rid = self._request_of(key, user_text, now, idempotency_key)
        try:
            appended = self.store.append_turn(
                key, user_text, assistant_text, rid, now, tokens=self._tokens(user_text, assistant_text)
            )
        except DuplicateRequest as dup:
            self.metrics.put("request_deduplicated")
            return self._stored_round(key, rid, dup)
        self._after_turn(key, appended)
        return TurnOutcome(appended.meta, appended.turn, session_ended=appended.meta.status.value == "ENDED")

    def _stored_round(self, key: SessionKey, rid: str, dup: DuplicateRequest) -> TurnOutcome:
        """The round a duplicate request stored, found through its marker (not the recent window)."""
        generation, seq = dup.details.get("generation"), dup.details.get("seq")
        now = self.clock.now()
        turn = self.store.get_turn(key, int(generation), int(seq), now) if generation and seq else None
        meta = self.store.get_meta(key, now)
        if turn is None or meta is None:
            raise DuplicateRequest("this request was already recorded", details={"request_id": rid})
        return TurnOutcome(meta, turn, duplicate=True)

    def _after_turn(self, key: SessionKey, appended: AppendResult) -> None:
        self.metrics.put("conversation_length", float(appended.meta.turn_count), unit="Count")
        self.outbox.turn_stored(key, appended.meta, appended.turn)
        if appended.closed is not None:  # an idle run this round replaced, or this run at the limit
            self.metrics.put("session_ended", reason=appended.closed.reason)
            self.outbox.run_closed(appended.closed)

    # --- read / end ------------------------------------------------------------------------
    def get_session(self, key: SessionKey) -> SessionSnapshot:
        snapshot = self.store.load(key, self.settings.recent_window_rounds, self.clock.now())
        if snapshot.meta is None:
            raise NotFound("session not found", details={"session_id": key.session_id})
        return snapshot

    def list_sessions(self, owner: OwnerKey, persona_id: str | None, limit: int) -> list[SessionMeta]:
        """The user's live sessions, most recently active first (the inspector's session list)."""
        metas = self.store.list_metas(
            owner.tenant_id, owner.user_id, self.clock.now(), self.settings.session_list_scan_max
        )
        return [m for m in metas if persona_id is None or m.key.persona_id == persona_id][:limit]

    def log(
        self, key: SessionKey, limit: int, before: tuple[int, int] | None = None
    ) -> tuple[list[LoggedRound], tuple[int, int] | None]:
        """S2 / R6: the session's rounds still held (the conversation log), newest first. A
        session that never existed, or whose log is gone, is an empty first page, not a 404:
        the log cannot tell "never" from "expired"."""
        return self.store.log_page(key, self.clock.now(), limit, before)

    def end_session(self, key: SessionKey, reason: str = "end", plan: str | None = None) -> EndOutcome:
        """S6: end the run (explicit end or "save conversation") and return its session memory."""
        if reason not in END_REASONS:
            raise ValidationFailed("unknown end reason", details={"field": "reason"})
        return self.closer.end(key, reason, plan)
