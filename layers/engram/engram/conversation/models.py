"""Plain domain values. No I/O, no SDK types."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from engram.kernel.keys import SessionKey
from engram.language.masking import mask_text


@dataclass(frozen=True, slots=True)
class Turn:
    """One round: the user's input and the assistant's output (S2)."""

    seq: int
    user_text: str
    assistant_text: str
    request_id: str
    created_at: float
    emergency: bool = False

    @property
    def turn_id(self) -> str:
        return f"{self.seq}"

    def masked(self) -> Turn:
        """The round as a summary or an extraction reads it: its PII masked whole (P5)."""
        user, assistant = mask_text(self.user_text), mask_text(self.assistant_text)
        if (user, assistant) == (self.user_text, self.assistant_text):
            return self
        return Turn(self.seq, user, assistant, self.request_id, self.created_at, self.emergency)


@dataclass(frozen=True, slots=True)
class LoggedRound:
    """A round as the conversation log holds it (R6: 30 days, or kept with an important moment)."""

    generation: int
    turn: Turn
    kept: bool  # no expiry: an emergency, or linked to an important moment

    @property
    def cursor(self) -> str:
        return f"{self.generation}:{self.turn.seq}"


class SessionStatus(StrEnum):
    ACTIVE = "ACTIVE"
    IDLE = "IDLE"
    ENDED = "ENDED"


@dataclass(frozen=True, slots=True)
class SummaryProgress:
    """Enough of the meta to decide whether a rolling summary is due, without a read."""

    generation: int
    turn_count: int
    summary_cursor: int
    pending_tokens: int


@dataclass(frozen=True, slots=True)
class SessionMeta:
    """The ~META item: state, rolling summary and its cursor (S1, S4)."""

    key: SessionKey
    generation: int  # start time in ms of the current run of this session id
    turn_count: int
    summary: str
    summary_cursor: int  # rounds 1..cursor are folded into `summary`
    summary_version: int
    status: SessionStatus
    started_at: float
    last_activity_at: float
    expires_at: float
    ended_at: float | None = None
    pending_tokens: int = 0  # tokens of the rounds not yet folded into the summary (S4 size trigger)
    # S6: the run this one continues without a pause (the previous run closed at the message
    # limit): its generation and last round, so the first rounds here take theirs as context
    continues: tuple[int, int] | None = None

    @property
    def progress(self) -> SummaryProgress:
        return SummaryProgress(self.generation, self.turn_count, self.summary_cursor, self.pending_tokens)

    def is_idle(self, now: float, idle_timeout_s: float) -> bool:
        return now - self.last_activity_at >= idle_timeout_s

    def is_open(self, now: float, idle_timeout_s: float) -> bool:
        """Rounds appended now continue this run (not ended, not idle, not expired)."""
        return self.status != SessionStatus.ENDED and not self.is_idle(now, idle_timeout_s) and self.expires_at > now


@dataclass(frozen=True, slots=True)
class SessionSnapshot:
    """What one Query returns: the meta and the last N rounds, oldest first."""

    meta: SessionMeta | None
    recent: tuple[Turn, ...]


@dataclass(frozen=True, slots=True)
class RequestMarker:
    """D1: what the conversation knows of one request id (REQ# item)."""

    request_id: str
    state: Literal["in_progress", "completed"]
    owner: str | None = None
    generation: int = 0
    seq: int = 0
    result: dict[str, object] | None = None


class RunState(StrEnum):
    CLOSING = "closing"  # closed to new rounds; its session memory is being made
    DONE = "done"


@dataclass(frozen=True, slots=True)
class ClosedRun:
    """S6: a run of a session that takes no more rounds (RUN# item), and the session memory it left."""

    key: SessionKey
    generation: int
    turn_count: int
    summary: str  # the rolling summary at the time it closed
    reason: str  # end | save | idle | max_messages
    state: RunState
    closed_at: float
    holder: str | None = None
    lease_until: float = 0.0
    result: dict[str, object] | None = None

    def lease_free(self, now: float) -> bool:
        return self.holder is None or self.lease_until <= now


@dataclass(frozen=True, slots=True)
class DueItem:
    """An entry of the sparse active-sessions index whose time has come (idle job)."""

    key: SessionKey
    generation: int  # a closed run's; 0 for a session (its META says which run is current)
    last_activity_at: float
    kind: Literal["session", "run"]  # an open session gone idle, or a closed run whose maker died


@dataclass(frozen=True, slots=True)
class AppendResult:
    meta: SessionMeta
    turn: Turn
    closed: ClosedRun | None = None  # a run this append closed: the idle one it replaced, or its own at the limit


@dataclass(frozen=True, slots=True)
class Claim:
    """Result of trying to claim an idempotency key (D1 / D2)."""

    state: Literal["acquired", "in_progress", "completed"]
    result: dict[str, object] | None = None
    owner: str | None = None


class GateDecision(StrEnum):
    USE = "USE"
    SKIP = "SKIP"


@dataclass(frozen=True, slots=True)
class GateResult:
    decision: GateDecision
    reason: str  # rule id, "llm" or "default"
    language: str


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """S6: the memory a finished session leaves behind."""

    summary: str
    topics: tuple[str, ...]
    emotion: Literal["joy", "sadness", "stress", "calm", "excitement"]
    importance: int  # 1..10
    model: str
    fallback: bool = False
    warning: str | None = None


@dataclass(frozen=True, slots=True)
class Completion:
    text: str
    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    # The OpenAI-compatible door: the model's tool calls, as it sent them (passed back unchanged),
    # and why it stopped ("stop", "length", "tool_calls" ...)
    tool_calls: tuple[dict[str, Any], ...] = ()
    finish_reason: str = "stop"


@dataclass(slots=True)
class ContextBlock:
    name: Literal["system", "pinned", "summary", "memories", "recent", "input"]
    text: str
    tokens: int
    items: int = 0
    trimmed: int = 0
    budget: int | None = None  # the block's own token budget (C2); None where only the total bounds it


@dataclass(frozen=True, slots=True)
class UsedMemory:
    """A memory that entered the prompt, and why: a pinned core fact or retrieved for the question."""

    memory_id: str
    text: str
    source: Literal["pinned", "retrieved"]
    score: float | None = None  # the retrieval rank score; None for pinned facts


@dataclass(slots=True)
class AssembledContext:
    messages: list[dict[str, str]]
    blocks: list[ContextBlock]
    total_tokens: int
    gate: GateResult
    memory_ids: list[str] = field(default_factory=list)
    encoding: str = ""
    used: list[UsedMemory] = field(default_factory=list)
    trimmed: list[UsedMemory] = field(default_factory=list)  # retrieved, but left out for the budgets
    max_tokens: int = 0


# --- what long-term memory contributes to one prompt (C1): pinned facts + retrieved items ---
@dataclass(frozen=True, slots=True)
class MemoryItemView:
    memory_id: str
    text: str
    score: float = 0.0


@dataclass(frozen=True, slots=True)
class MemorySlot:
    pinned: tuple[MemoryItemView, ...] = ()  # L4 core facts (no score: they are not ranked)
    items: tuple[MemoryItemView, ...] = ()
    retrieval_ms: float = 0.0
    searched: bool = False


@dataclass(frozen=True, slots=True)
class MemoryQuery:
    key: SessionKey
    text: str
    summary: str
    recent_user_texts: tuple[str, ...] = field(default_factory=tuple)
    k: int = 8
    now: float = 0.0
    # S6: the previous run's session memory, for the first prompt of a new run (first, even on SKIP)
    bridge: MemoryItemView | None = None
