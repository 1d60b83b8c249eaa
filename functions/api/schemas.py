"""Request and response bodies of the HTTP API (validated; they make the OpenAPI document)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)


class ChatRequest(_Strict):
    message: str = Field(min_length=1, description="The user's message. Size limit: ENGRAM_MAX_MESSAGE_BYTES.")
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=128)
    audio_id: str | None = Field(
        default=None,
        min_length=1,
        max_length=128,
        description="Set when the message is a transcript of a voice message: one reply per audio id (D2).",
    )


class ContextRequest(_Strict):
    message: str = Field(min_length=1)


class TurnRequest(_Strict):
    user: str = Field(min_length=1, description="What the user said")
    assistant: str = Field(min_length=1, description="What the caller's own LLM answered")
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=128)


class GateView(BaseModel):
    decision: Literal["USE", "SKIP"]
    reason: str
    language: str


class BlockView(BaseModel):
    name: str
    tokens: int
    items: int
    trimmed: int


class ProcessingResponse(BaseModel):
    """202: a duplicate of a request that is still being answered; retry to get the answer."""

    status: Literal["processing"]
    request_id: str
    deduplicated: bool


class ChatResponse(BaseModel):
    status: Literal["completed"]
    reply: str
    model: str
    request_id: str
    turn: int
    gate: GateView
    context_tokens: int
    blocks: list[BlockView]
    memory_ids: list[str]
    deduplicated: bool
    latency_ms: float


class MessageView(BaseModel):
    role: Literal["system", "user", "assistant"]
    content: str


class ContextResponse(BaseModel):
    messages: list[MessageView]
    blocks: list[BlockView]
    total_tokens: int
    encoding: str
    gate: GateView
    memory_ids: list[str]


class TurnView(BaseModel):
    seq: int
    user: str
    assistant: str
    request_id: str
    created_at: float


class TurnResponse(BaseModel):
    turn: TurnView
    turn_count: int
    duplicate: bool


class SessionResponse(BaseModel):
    session_id: str
    persona_id: str
    status: Literal["ACTIVE", "IDLE", "ENDED"]
    turn_count: int
    summary: str
    summary_cursor: int
    started_at: float
    last_activity_at: float
    expires_at: float
    recent: list[TurnView]


class SessionEndResponse(BaseModel):
    session_id: str
    status: Literal["ENDED"]
    memory_id: str
    summary: str
    topics: list[str]
    emotion: str
    importance: int
    model: str
    warning: str | None = None


class ErrorBody(BaseModel):
    code: str
    message: str
    details: dict[str, object] = Field(default_factory=dict)


class ErrorResponse(BaseModel):
    error: ErrorBody
