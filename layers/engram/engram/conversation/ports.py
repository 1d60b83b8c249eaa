"""The conversation core's ports: its store, session runs, outbox, idempotency, the chat models
and the post-turn queue. Adapters implement them; the composition root (engram.wiring) plugs them in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engram.conversation.models import (
    AppendResult,
    Claim,
    ClosedRun,
    Completion,
    DueItem,
    GateResult,
    LoggedRound,
    MemoryQuery,
    MemorySlot,
    RequestMarker,
    SessionMeta,
    SessionSnapshot,
    SessionSummary,
    Turn,
)
from engram.kernel.keys import OwnerKey, SessionKey

if TYPE_CHECKING:  # numpy is not needed to import the ports (cold start)
    import numpy as np
    import numpy.typing as npt

    Vector = npt.NDArray[np.float32]


class ConversationStore(Protocol):
    def load(self, key: SessionKey, recent: int, now: float) -> SessionSnapshot: ...

    def append_turn(
        self,
        key: SessionKey,
        user_text: str,
        assistant_text: str,
        request_id: str,
        now: float,
        emergency: bool = False,
        meta_hint: SessionMeta | None = None,
        tokens: int = 0,
        claim_owner: str | None = None,
        result: dict[str, Any] | None = None,
    ) -> AppendResult: ...

    def get_turn(self, key: SessionKey, generation: int, seq: int, now: float) -> Turn | None: ...

    def turns_between(self, key: SessionKey, generation: int, first: int, last: int, now: float) -> list[Turn]: ...

    def tail(
        self, key: SessionKey, generation: int, first: int, now: float
    ) -> tuple[SessionMeta | None, list[Turn]]: ...

    def claim_request(
        self, key: SessionKey, request_id: str, owner: str, lock_ttl_s: float, now: float
    ) -> RequestMarker: ...

    def claim_text(
        self,
        key: SessionKey,
        dedup_key: str,
        request_id: str,
        window_s: float,
        owner: str,
        lock_ttl_s: float,
        now: float,
    ) -> RequestMarker:
        """D1: claim_window then claim_request, in one write when the text is new."""
        ...

    def claim_window(self, key: SessionKey, dedup_key: str, request_id: str, window_s: float, now: float) -> str:
        """D1: the request id a text repeats (accepted less than `window_s` ago), else `request_id`."""
        ...

    def get_request(self, key: SessionKey, request_id: str, now: float) -> RequestMarker | None: ...

    def release_request(self, key: SessionKey, request_id: str, owner: str) -> None: ...

    def commit_summary(
        self,
        key: SessionKey,
        generation: int,
        expected_cursor: int,
        new_cursor: int,
        summary: str,
        now: float,
        folded_tokens: int = 0,
    ) -> bool: ...

    def try_lease(self, key: SessionKey, name: str, holder: str, ttl_s: float, now: float) -> bool: ...

    def release_lease(self, key: SessionKey, name: str, holder: str) -> None: ...

    def get_meta(self, key: SessionKey, now: float) -> SessionMeta | None: ...

    def list_metas(self, tenant_id: str, user_id: str, now: float, limit: int) -> list[SessionMeta]:
        """The user's live sessions (any persona), most recently active first, reading at most
        `limit` of them."""
        ...

    def log_page(
        self, key: SessionKey, now: float, limit: int, before: tuple[int, int] | None = None
    ) -> tuple[list[LoggedRound], tuple[int, int] | None]: ...

    def keep_turn(self, key: SessionKey, generation: int, seq: int) -> bool: ...

    def withdraw_round(self, key: SessionKey, generation: int, seq: int, request_id: str) -> bool:
        """W4 (LINE unsend): the round leaves the history and the log, and its request marker keeps
        no answer (a replay still finds it done); False when the round was not held."""
        ...

    def rewrite_summary(self, key: SessionKey, generation: int, cursor: int, summary: str) -> bool:
        """Replace the rolling summary of rounds 1..cursor (recomputed without a withdrawn round);
        False when the run or the cursor moved meanwhile."""
        ...


class SessionRuns(Protocol):
    """Closed runs of a session and the session memory each leaves (S6)."""

    def close(
        self, key: SessionKey, meta: SessionMeta, reason: str, holder: str | None, now: float
    ) -> ClosedRun | None: ...

    def get(self, key: SessionKey, generation: int, now: float) -> ClosedRun | None: ...

    def take(self, run: ClosedRun, holder: str, now: float) -> ClosedRun | None: ...

    def complete(self, run: ClosedRun, holder: str, result: dict[str, Any]) -> bool: ...

    def due(self, idle_before: float, limit: int) -> list[DueItem]: ...


class TurnOutbox(Protocol):
    """Post-turn work derived from what was stored. In AWS (and on the local stack) the
    table's stream is the outbox: a pipe turns each stored round and closed run into a
    job, so a crash after the write loses nothing. Tests and benchmarks run it inline."""

    def turn_stored(self, key: SessionKey, meta: SessionMeta, turn: Turn) -> None: ...

    def run_closed(self, run: ClosedRun) -> None: ...


class TranscriptBuffer(Protocol):
    """D2: partial transcripts of one audio id, kept until the final one arrives."""

    def add(self, owner: OwnerKey, audio_id: str, part: int | None, text: str, ttl_s: float, now: float) -> int: ...

    def parts(self, owner: OwnerKey, audio_id: str, now: float) -> list[str]: ...

    def clear(self, owner: OwnerKey, audio_id: str) -> None: ...


class IdempotencyStore(Protocol):
    def claim(self, owner_key: OwnerKey, scope: str, key: str, owner: str, lock_ttl_s: float, now: float) -> Claim: ...

    def complete(
        self,
        owner_key: OwnerKey,
        scope: str,
        key: str,
        owner: str,
        result: dict[str, Any],
        result_ttl_s: float,
        now: float,
    ) -> None: ...

    def release(self, owner_key: OwnerKey, scope: str, key: str, owner: str) -> None: ...

    def claim_all(
        self, claims: list[tuple[OwnerKey, str, str]], owner: str, lock_ttl_s: float, now: float
    ) -> list[bool]:
        """Many claims in one round trip: True where this call took the marker."""
        ...


class ChatModel(Protocol):
    """OpenAI chat completions (or any compatible server)."""

    name: str

    def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        max_tokens: int,
        temperature: float = 0.2,
        json_mode: bool = False,
    ) -> Completion: ...


class Responder(Protocol):
    name: str

    def reply(self, messages: Sequence[dict[str, str]]) -> Completion: ...


class ClientModel(Protocol):
    """The reply model of the OpenAI-compatible door: the client's messages (content parts, tool
    calls and results as sent) and its own parameters (tools, tool_choice, temperature ...) reach
    the model unchanged; `model` None is the deployment's chat model."""

    name: str

    def reply_for_client(
        self, messages: Sequence[dict[str, Any]], model: str | None, params: dict[str, Any]
    ) -> Completion: ...


class Summarizer(Protocol):
    name: str

    def summarize_rounds(self, previous_summary: str, turns: Sequence[Turn], max_tokens: int) -> str: ...

    def compress(self, summary: str, max_tokens: int) -> str: ...

    def summarize_session(self, summary: str, turns: Sequence[Turn]) -> SessionSummary: ...


class GateClassifier(Protocol):
    """Decides the ambiguous cases the rules leave open."""

    name: str

    def classify(self, text: str, language: str) -> GateResult: ...


class PostTurnQueue(Protocol):
    """Hands the slow part of a turn (summary, memory extraction) to a worker."""

    def submit(self, job: dict[str, Any]) -> None: ...


class MemoryProvider(Protocol):
    """Filled by the long-term memory module; returns pinned facts even on SKIP (L4)."""

    bridges: bool  # puts a query's bridge in the prompt: worth closing an idle run for (S6)

    def slot(self, query: MemoryQuery, gate: GateResult) -> MemorySlot: ...

    def accessed(self, key: SessionKey, memory_ids: list[str], now: float) -> None: ...


class SessionMemories(Protocol):
    """S6: where a closed run's session memory is made and kept (long-term memory implements it)."""

    def summarize(self, previous: str, turns: Sequence[Turn]) -> SessionSummary: ...

    def store(self, run: ClosedRun, turns: Sequence[Turn], s: SessionSummary, memory_id: str) -> SessionSummary:
        """Stores it once under `memory_id`; a memory already there stands (its summary is returned)."""
        ...

    def cap(self, key: SessionKey, protect: str, plan: str | None) -> list[str]:
        """L10: the memories archived to keep the free plan's cap, never `protect`."""
        ...

    def active(self, key: SessionKey, memory_id: str) -> tuple[str, str] | None:
        """(id, content) of the memory while it is active, else None."""
        ...
