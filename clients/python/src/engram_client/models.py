# GENERATED FILE - do not edit. Made from docs/openapi.json by
# clients/python/scripts/generate_models.py (datamodel-code-generator); regenerate after the API changes.
# ruff: noqa: E501 (descriptions from the document, kept on one line)
"""Request and response bodies of the Engram API, as pydantic models."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints
from typing_extensions import TypeAliasType


class ArchiveListResponse(BaseModel):
    memories: Annotated[list[MemoryView], Field(title="Memories")]
    """
    Archived and compressed memories, last archived first
    """
    total: Annotated[int, Field(title="Total")]
    has_more: Annotated[bool, Field(title="Has More")]
    limit: Annotated[int, Field(title="Limit")]
    offset: Annotated[int, Field(title="Offset")]


class ArchiveResponse(BaseModel):
    memory: MemoryView
    archived_at: Annotated[float, Field(title="Archived At")]


class ArchiveView(BaseModel):
    """
    R2/R3: what the archive holds about an archived or compressed memory (no original text:
    a restore brings it back).
    """

    reason: Annotated[Literal["low_importance", "capacity_limit", "manual"], Field(title="Reason")]
    archived_at: Annotated[float, Field(title="Archived At")]
    retention_until: Annotated[float | None, Field(title="Retention Until")]
    """
    R3: deleted then unless restored (epoch seconds)
    """
    final_score: Annotated[float, Field(title="Final Score")]
    """
    R1 effective importance when it was archived
    """
    original_bytes: Annotated[int, Field(title="Original Bytes")]
    compressed_bytes: Annotated[int, Field(title="Compressed Bytes")]
    """
    Size of the short form (= original_bytes when not compressed)
    """
    ratio: Annotated[float, Field(title="Ratio")]
    """
    (original - compressed) / original bytes; 0 when archived as it was
    """
    method: Annotated[str, Field(title="Method")]
    """
    "none", "local-extractive" or the chat model that wrote the short form
    """
    summary: Annotated[str | None, Field(title="Summary")]
    """
    The short form (null: archived as it was)
    """


class AudioId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, pattern="^[A-Za-z0-9_.:@-]+$", title="Audio Id")]
    """
    Set when the message is a transcript of a voice message: one reply per audio id (D2).
    """


class AuditEntryView(BaseModel):
    at: Annotated[float, Field(title="At")]
    action: Annotated[str, Field(title="Action")]
    """
    METHOD and route template, or a job's step (erasure.completed)
    """
    actor_kind: Annotated[str, Field(title="Actor Kind")]
    """
    end_user, backend or system
    """
    actor: Annotated[str, Field(title="Actor")]
    """
    a backend's IAM principal, a job's name, or the user's own hash
    """
    outcome: Annotated[str, Field(title="Outcome")]
    """
    the HTTP status, or completed / failed
    """
    reason: Annotated[str, Field(title="Reason")]
    ip: Annotated[str, Field(title="Ip")]
    user_agent: Annotated[str, Field(title="User Agent")]
    request_id: Annotated[str, Field(title="Request Id")]


class AuditListResponse(BaseModel):
    subject: Annotated[str, Field(title="Subject")]
    """
    The user as the keyed hash receipts use
    """
    entries: Annotated[list[AuditEntryView], Field(title="Entries")]
    """
    Newest first
    """
    next_cursor: Annotated[str | None, Field(title="Next Cursor")]


class BlockView(BaseModel):
    name: Annotated[str, Field(title="Name")]
    tokens: Annotated[int, Field(title="Tokens")]
    items: Annotated[int, Field(title="Items")]
    trimmed: Annotated[int, Field(title="Trimmed")]
    budget: Annotated[int | None, Field(title="Budget")]
    """
    The block's own token budget (pinned ENGRAM_PINNED_TOKENS, summary ENGRAM_SUMMARY_BLOCK_TOKENS, memories ENGRAM_MEMORY_BLOCK_TOKENS); null where only the context's max_tokens bounds it
    """


class BufferedResponse(BaseModel):
    """
    202: a partial transcript was buffered; the final one (is_final) runs the turn.
    """

    status: Annotated[Literal["buffered"], Field(title="Status")]
    audio_id: Annotated[str, Field(title="Audio Id")]
    parts: Annotated[int, Field(title="Parts")]


class ChatCompletion(BaseModel):
    id: Annotated[str, Field(title="Id")]
    object: Annotated[Literal["chat.completion"], Field(title="Object")]
    created: Annotated[int, Field(title="Created")]
    model: Annotated[str, Field(title="Model")]
    choices: Annotated[list[Choice], Field(title="Choices")]
    usage: Usage
    engram: EngramView


class ChatCompletionRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    model: Annotated[str, Field(examples=["engram"], max_length=256, min_length=1, title="Model")]
    """
    `engram` (the deployment's chat model) or one GET /openai/v1/models lists
    """
    messages: Annotated[list[ChatMessage], Field(max_length=200, min_length=1, title="Messages")]
    """
    The client's own messages: system prompt and the history it keeps. Engram adds its memory context after the system messages and, when no earlier round is sent, its session window. At most 200 messages and 200000 characters as JSON (deployment defaults).
    """
    stream: Annotated[bool | None, Field(title="Stream")] = None
    """
    Server-sent events (delivered whole: see docs)
    """
    stream_options: StreamOptions | None = None
    n: Annotated[N | None, Field(title="N")] = None
    """
    One choice only
    """
    tools: Annotated[Tools | None, Field(title="Tools")] = None
    """
    Passed to the model unchanged. At most 64 tools and 100000 characters as JSON (deployment defaults; the same bound for tool_choice and response_format).
    """
    tool_choice: Annotated[str | dict[str, Any] | None, Field(title="Tool Choice")] = None
    """
    Passed to the model unchanged
    """
    parallel_tool_calls: Annotated[bool | None, Field(title="Parallel Tool Calls")] = None
    temperature: Annotated[Temperature | None, Field(title="Temperature")] = None
    top_p: Annotated[TopP | None, Field(title="Top P")] = None
    max_tokens: Annotated[MaxTokens | None, Field(title="Max Tokens")] = None
    max_completion_tokens: Annotated[MaxCompletionTokens | None, Field(title="Max Completion Tokens")] = None
    stop: Annotated[Stop | Stop1 | None, Field(title="Stop")] = None
    """
    Up to 4 sequences, as OpenAI takes them
    """
    presence_penalty: Annotated[PresencePenalty | None, Field(title="Presence Penalty")] = None
    frequency_penalty: Annotated[FrequencyPenalty | None, Field(title="Frequency Penalty")] = None
    seed: Annotated[int | None, Field(title="Seed")] = None
    response_format: Annotated[dict[str, Any] | None, Field(title="Response Format")] = None
    user: Annotated[User | None, Field(title="User")] = None
    """
    Accepted and not used (the caller is)
    """
    metadata: DoorMetadata | None = None


class ChatMessage(BaseModel):
    """
    One message, as OpenAI defines it; fields this model does not name pass through too.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    role: Annotated[Literal["system", "developer", "user", "assistant", "tool"], Field(title="Role")]
    content: Annotated[str | list[dict[str, Any]] | None, Field(title="Content")] = None
    """
    Text, or content parts ({type: text, text} and others, passed through)
    """
    name: Annotated[str | None, Field(title="Name")] = None
    tool_calls: Annotated[list[dict[str, Any]] | None, Field(title="Tool Calls")] = None
    """
    An assistant's tool calls
    """
    tool_call_id: Annotated[str | None, Field(title="Tool Call Id")] = None
    """
    A tool message: the call it answers
    """


class ChatRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    message: Annotated[str, Field(min_length=1, pattern="\\S", title="Message")]
    """
    The user's message. Size limit: ENGRAM_MAX_MESSAGE_BYTES.
    """
    idempotency_key: Annotated[IdempotencyKey | None, Field(title="Idempotency Key")] = None
    audio_id: Annotated[AudioId | None, Field(title="Audio Id")] = None
    """
    Set when the message is a transcript of a voice message: one reply per audio id (D2).
    """
    is_final: Annotated[bool, Field(title="Is Final")] = True
    """
    With audio_id: false buffers this partial transcript (1 h) and answers 202 'buffered'; the final one runs the turn once on all parts joined in order.
    """
    part: Annotated[Part | None, Field(title="Part")] = None
    """
    With audio_id: the partial's position; a redelivered part replaces itself instead of being joined twice. Without it, parts join in arrival order.
    """


class ChatResponse(BaseModel):
    status: Annotated[Literal["completed"], Field(title="Status")]
    reply: Annotated[str, Field(title="Reply")]
    model: Annotated[str, Field(title="Model")]
    request_id: Annotated[str, Field(title="Request Id")]
    turn: Annotated[int, Field(title="Turn")]
    gate: GateView
    context_tokens: Annotated[int, Field(title="Context Tokens")]
    blocks: Annotated[list[BlockView], Field(title="Blocks")]
    memory_ids: Annotated[list[str], Field(title="Memory Ids")]
    memories: Annotated[list[UsedMemoryView], Field(title="Memories")]
    """
    What entered the prompt, and why
    """
    trimmed_memories: Annotated[list[UsedMemoryView], Field(title="Trimmed Memories")]
    """
    Left out to fit the token budgets: pinned facts over the pinned block's budget, memories retrieved for this message over the memory block's or the prompt's
    """
    max_tokens: Annotated[int, Field(title="Max Tokens")]
    """
    The whole prompt's budget (ENGRAM_CONTEXT_MAX_TOKENS)
    """
    deduplicated: Annotated[bool, Field(title="Deduplicated")]
    latency_ms: Annotated[float, Field(title="Latency Ms")]
    session_ended: Annotated[bool, Field(title="Session Ended")]
    """
    This round reached the message limit (S6): the run is ended and its session memory is made; the next message starts a new run.
    """


class Choice(BaseModel):
    index: Annotated[int, Field(title="Index")]
    message: ResponseMessage
    finish_reason: Annotated[str, Field(title="Finish Reason")]
    logprobs: Annotated[None, Field(title="Logprobs")]


class ContextRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    message: Annotated[str, Field(min_length=1, pattern="\\S", title="Message")]
    preview: Annotated[bool, Field(title="Preview")] = False
    """
    true: inspect only. The memories in the prompt are not counted as accessed (no access boost, no co-retrieval link), so looking does not change what is looked at; the inspector sends it. Without it, as for a chat, they are (R1). No round is stored either way.
    """


class ContextResponse(BaseModel):
    messages: Annotated[list[MessageView], Field(title="Messages")]
    blocks: Annotated[list[BlockView], Field(title="Blocks")]
    total_tokens: Annotated[int, Field(title="Total Tokens")]
    encoding: Annotated[str, Field(title="Encoding")]
    gate: GateView
    memory_ids: Annotated[list[str], Field(title="Memory Ids")]
    memories: Annotated[list[UsedMemoryView], Field(title="Memories")]
    """
    What entered the prompt, and why
    """
    trimmed_memories: Annotated[list[UsedMemoryView], Field(title="Trimmed Memories")]
    """
    Left out to fit the token budgets: pinned facts over the pinned block's budget, memories retrieved for this message over the memory block's or the prompt's
    """
    max_tokens: Annotated[int, Field(title="Max Tokens")]
    """
    The whole prompt's budget (ENGRAM_CONTEXT_MAX_TOKENS)
    """


class ConversationLogResponse(BaseModel):
    session_id: Annotated[str, Field(title="Session Id")]
    persona_id: Annotated[str, Field(title="Persona Id")]
    rounds: Annotated[list[LoggedRoundView], Field(title="Rounds")]
    """
    Newest first
    """
    next_cursor: Annotated[str | None, Field(title="Next Cursor")]
    """
    Pass as `before` for the next page; null on the last page
    """


class CreateMemoryRequest1(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    persona_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[A-Za-z0-9.:@-][A-Za-z0-9_.:@-]{0,127}$", title="Persona Id")
    ]
    summary: Annotated[Summary | None, Field(title="Summary")]
    """
    A manual summary (stored as is, PII-masked). Without it, `messages` are summarised by the LLM.
    """
    messages: Annotated[Messages | None, Field(title="Messages")] = None
    type: Annotated[
        Literal["fact", "preference", "constraint", "decision", "todo", "timeline", "profile", "note", "summary"]
        | None,
        Field(title="Type"),
    ] = None
    """
    Default: note (manual) or timeline (from messages)
    """
    importance: Annotated[Importance | None, Field(title="Importance")] = None
    """
    0-1; default ENGRAM_IMPORTANCE_AT_BIRTH
    """
    pinned: Annotated[bool, Field(title="Pinned")] = False
    topics: Annotated[list[Topic] | None, Field(max_length=20, title="Topics")] = None
    session_id: Annotated[SessionId | None, Field(title="Session Id")] = None
    idempotency_key: Annotated[IdempotencyKey1 | None, Field(title="Idempotency Key")] = None
    """
    Any text naming this request: sent again with the same body within ENGRAM_DEDUP_MARKER_TTL_S (24 h), the first answer comes back (`deduplicated: true`) and nothing is written twice; with another body, 409 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 REQUEST_IN_PROGRESS (details.retry_after)
    """


class CreateMemoryRequest2(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    persona_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[A-Za-z0-9.:@-][A-Za-z0-9_.:@-]{0,127}$", title="Persona Id")
    ]
    summary: Annotated[Summary2 | None, Field(title="Summary")] = None
    """
    A manual summary (stored as is, PII-masked). Without it, `messages` are summarised by the LLM.
    """
    messages: Annotated[Messages | None, Field(title="Messages")]
    type: Annotated[
        Literal["fact", "preference", "constraint", "decision", "todo", "timeline", "profile", "note", "summary"]
        | None,
        Field(title="Type"),
    ] = None
    """
    Default: note (manual) or timeline (from messages)
    """
    importance: Annotated[Importance | None, Field(title="Importance")] = None
    """
    0-1; default ENGRAM_IMPORTANCE_AT_BIRTH
    """
    pinned: Annotated[bool, Field(title="Pinned")] = False
    topics: Annotated[list[Topic] | None, Field(max_length=20, title="Topics")] = None
    session_id: Annotated[SessionId | None, Field(title="Session Id")] = None
    idempotency_key: Annotated[IdempotencyKey1 | None, Field(title="Idempotency Key")] = None
    """
    Any text naming this request: sent again with the same body within ENGRAM_DEDUP_MARKER_TTL_S (24 h), the first answer comes back (`deduplicated: true`) and nothing is written twice; with another body, 409 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 REQUEST_IN_PROGRESS (details.retry_after)
    """


class CreateMemoryRequest(RootModel[CreateMemoryRequest1 | CreateMemoryRequest2]):
    root: Annotated[CreateMemoryRequest1 | CreateMemoryRequest2, Field(title="CreateMemoryRequest")]


class CreateMemoryResponse(BaseModel):
    memory: MemoryView
    archived: Annotated[list[str], Field(title="Archived")]
    """
    L10: ids the free-plan cap archived to make room
    """
    warning: WarningView | None
    """
    The first of `warnings`, or null
    """
    warnings: Annotated[list[WarningView], Field(title="Warnings")]
    model: Annotated[str | None, Field(title="Model")]
    """
    The summary model; raw-fallback after M4 retries
    """
    deduplicated: Annotated[bool, Field(title="Deduplicated")]
    """
    True: the stored answer to an earlier request with this idempotency_key
    """


class DeleteMemoryResponse(BaseModel):
    memory_id: Annotated[str, Field(title="Memory Id")]
    deleted: Annotated[bool, Field(title="Deleted")]


class DeletePersonaResponse(BaseModel):
    persona_id: Annotated[str, Field(title="Persona Id")]
    deleted_memories: Annotated[int, Field(title="Deleted Memories")]
    """
    Memories, mid-term memories and archive entries the erasure job has deleted so far (0 while state is confirmed or processing: the final count is in the receipt)
    """
    request_id: Annotated[str, Field(title="Request Id")]
    """
    The deletion's erasure request: GET /v1/me/erasure/{request_id}
    """
    state: Annotated[Literal["confirmed", "processing", "completed", "failed"], Field(title="State")]
    """
    completed, with the receipt; a very large persona finishes in the erasure schedule
    """
    receipt: Annotated[dict[str, Any] | None, Field(title="Receipt")]
    """
    Signed like an erasure receipt (kind persona_deletion), per store
    """


class DoorMetadata(BaseModel):
    """
    OpenAI's metadata map; Engram reads two keys (the X-Engram-* headers win over them).
    """

    model_config = ConfigDict(
        extra="allow",
    )
    __annotations__ = {
        "__pydantic_extra__": dict[Annotated[str, StringConstraints(max_length=64)], "DoorMetadataAdditionalProperty"],
    }
    engram_persona: Annotated[EngramPersona | None, Field(title="Engram Persona")] = None
    engram_session: Annotated[EngramSession | None, Field(title="Engram Session")] = None


DoorMetadataAdditionalProperty = TypeAliasType("DoorMetadataAdditionalProperty", Annotated[str, Field(max_length=512)])


class EngramPersona(RootModel[str]):
    root: Annotated[
        str,
        Field(max_length=128, min_length=1, pattern="^[A-Za-z0-9.:@-][A-Za-z0-9_.:@-]{0,127}$", title="Engram Persona"),
    ]


class EngramSession(RootModel[str]):
    root: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[A-Za-z0-9_.:@-]{1,128}$", title="Engram Session")
    ]


class EngramView(BaseModel):
    """
    What Engram did for this answer.
    """

    request_id: Annotated[str, Field(title="Request Id")]
    persona_id: Annotated[str, Field(title="Persona Id")]
    session_id: Annotated[str, Field(title="Session Id")]
    gate: Annotated[Literal["USE", "SKIP"], Field(title="Gate")]
    """
    Whether long-term memory was searched for this message
    """
    gate_reason: Annotated[str, Field(title="Gate Reason")]
    memories: Annotated[list[UsedMemoryView], Field(title="Memories")]
    """
    What entered the prompt, and why
    """
    recorded: Annotated[bool, Field(title="Recorded")]
    """
    The round was stored (false: the model answered with tool calls)
    """
    deduplicated: Annotated[bool, Field(title="Deduplicated")]
    """
    The stored answer of an earlier copy of this request (D1)
    """


class ErasureConfirmBody(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    token: Annotated[str, Field(max_length=200, min_length=1, title="Token")]
    """
    The confirmation_token of the request
    """


class ErasureCreatedView(BaseModel):
    request_id: Annotated[str, Field(title="Request Id")]
    state: Annotated[
        Literal["pending_confirmation", "confirmed", "processing", "completed", "failed"], Field(title="State")
    ]
    scope: Annotated[Literal["all", "recent"], Field(title="Scope")]
    requested_at: Annotated[float, Field(title="Requested At")]
    confirmed_at: Annotated[float | None, Field(title="Confirmed At")]
    completed_at: Annotated[float | None, Field(title="Completed At")]
    token_expires_at: Annotated[float, Field(title="Token Expires At")]
    """
    A pending request must be confirmed before this (24 h)
    """
    receipt: Annotated[dict[str, Any] | None, Field(title="Receipt")]
    """
    When completed: per store, the items found, deleted and anonymized and the verification query that returned zero; the user only as a keyed hash; signed by the deployment (check with `engram erasure verify`)
    """
    error: Annotated[str | None, Field(title="Error")]
    confirmation_token: Annotated[str, Field(title="Confirmation Token")]
    """
    Confirm with POST …/erasure/{request_id}/confirm within 24 h; shown once, stored only as a hash
    """


class ErasureRequestBody(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    scope: Annotated[Literal["all", "recent"], Field(title="Scope")] = "all"
    """
    all: everything held about the user; recent: what was written in the last 7 days
    """


class ErasureView(BaseModel):
    request_id: Annotated[str, Field(title="Request Id")]
    state: Annotated[
        Literal["pending_confirmation", "confirmed", "processing", "completed", "failed"], Field(title="State")
    ]
    scope: Annotated[Literal["all", "recent"], Field(title="Scope")]
    requested_at: Annotated[float, Field(title="Requested At")]
    confirmed_at: Annotated[float | None, Field(title="Confirmed At")]
    completed_at: Annotated[float | None, Field(title="Completed At")]
    token_expires_at: Annotated[float, Field(title="Token Expires At")]
    """
    A pending request must be confirmed before this (24 h)
    """
    receipt: Annotated[dict[str, Any] | None, Field(title="Receipt")]
    """
    When completed: per store, the items found, deleted and anonymized and the verification query that returned zero; the user only as a keyed hash; signed by the deployment (check with `engram erasure verify`)
    """
    error: Annotated[str | None, Field(title="Error")]


class ErrorBody(BaseModel):
    code: Annotated[str, Field(title="Code")]
    message: Annotated[str, Field(title="Message")]
    details: Annotated[dict[str, Any], Field(title="Details")]


class ErrorResponse(BaseModel):
    error: ErrorBody


class ExportAuditEntry(BaseModel):
    at: Annotated[float, Field(title="At")]
    action: Annotated[str, Field(title="Action")]
    actor_kind: Annotated[str, Field(title="Actor Kind")]
    actor: Annotated[str, Field(title="Actor")]
    outcome: Annotated[str, Field(title="Outcome")]
    reason: Annotated[str, Field(title="Reason")]
    ip: Annotated[str, Field(title="Ip")]
    user_agent: Annotated[str, Field(title="User Agent")]
    request_id: Annotated[str, Field(title="Request Id")]
    seq: Annotated[int, Field(title="Seq")]
    """
    The entry's place in the user's audit chain (1 = the first)
    """


class ExportJobView(BaseModel):
    export_id: Annotated[str, Field(title="Export Id")]
    state: Annotated[Literal["processing", "completed", "failed"], Field(title="State")]
    requested_at: Annotated[float, Field(title="Requested At")]
    completed_at: Annotated[float | None, Field(title="Completed At")]
    items: Annotated[int | None, Field(title="Items")]
    """
    Items in the document, once completed
    """
    url: Annotated[str | None, Field(title="Url")]
    """
    Once completed: where to fetch the JSON document (an S3 presigned URL valid ENGRAM_EXPORT_LINK_TTL_S, 15 min; a file:// URL on the local stack). Ask again for a fresh one.
    """
    expires_at: Annotated[float, Field(title="Expires At")]
    """
    The document and this record are deleted then (1 day)
    """


class ExportView(BaseModel):
    export_version: Annotated[int, Field(title="Export Version")]
    tenant_id: Annotated[str, Field(title="Tenant Id")]
    user_id: Annotated[str, Field(title="User Id")]
    exported_at: Annotated[float, Field(title="Exported At")]
    counts: Annotated[dict[str, int], Field(title="Counts")]
    """
    Items per store
    """
    stores: Annotated[dict[str, list[dict[str, Any]]], Field(title="Stores")]
    """
    sessions, rounds, request_markers, memories (with version, supersedes / superseded_by, valid_from / valid_to), midterm, archive (with the original text), lifecycle_log, profile, exports, kb (always empty: the KB is the tenant's): every item held about the user, as stored and readable, without table bookkeeping and without vectors
    """
    audit_entries: Annotated[list[ExportAuditEntry], Field(title="Audit Entries")]
    """
    P6: every audit entry about the user (who did what, when, why; no content)
    """


class FrequencyPenalty(RootModel[float]):
    root: Annotated[float, Field(ge=-2.0, le=2.0, title="Frequency Penalty")]


class GateView(BaseModel):
    decision: Annotated[Literal["USE", "SKIP"], Field(title="Decision")]
    reason: Annotated[str, Field(title="Reason")]
    language: Annotated[str, Field(title="Language")]


class GatewayErrorResponse(BaseModel):
    """
    What API Gateway itself answers before the function runs
    """

    message: str


class IdempotencyKey(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, title="Idempotency Key")]


class IdempotencyKey1(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, title="Idempotency Key")]
    """
    Any text naming this request: sent again with the same body within ENGRAM_DEDUP_MARKER_TTL_S (24 h), the first answer comes back (`deduplicated: true`) and nothing is written twice; with another body, 409 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 REQUEST_IN_PROGRESS (details.retry_after)
    """


class IdempotencyKey3(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, title="Idempotency Key")]


class Importance(RootModel[float]):
    root: Annotated[float, Field(ge=0.0, le=1.0, title="Importance")]
    """
    0-1; default ENGRAM_IMPORTANCE_AT_BIRTH
    """


class Importance2(RootModel[float]):
    root: Annotated[float, Field(ge=0.0, le=1.0, title="Importance")]
    """
    0-1 (the stored scale)
    """


class KbDeleteResponse(BaseModel):
    doc_id: Annotated[str, Field(title="Doc Id")]
    deleted_chunks: Annotated[int, Field(title="Deleted Chunks")]


class KbDocumentListResponse(BaseModel):
    documents: Annotated[list[KbDocumentView], Field(title="Documents")]


class KbDocumentRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    title: Annotated[str, Field(max_length=200, min_length=1, pattern="\\S", title="Title")]
    text: Annotated[str, Field(min_length=1, pattern="\\S", title="Text")]
    """
    Plain text; limits ENGRAM_KB_MAX_DOCUMENT_BYTES (256 KB) and ENGRAM_KB_MAX_CHUNKS (600 chunks of ~200 tokens). The upload returns once the chunks are stored: they are found by their words at once and by their meaning once embedded in the background (`embedded` of the document's listing).
    """
    source: Annotated[Source | None, Field(title="Source")] = None


class KbDocumentView(BaseModel):
    doc_id: Annotated[str, Field(title="Doc Id")]
    title: Annotated[str, Field(title="Title")]
    source: Annotated[str | None, Field(title="Source")]
    chunks: Annotated[int, Field(title="Chunks")]
    created_at: Annotated[float, Field(title="Created At")]
    embedded: Annotated[int, Field(title="Embedded")]
    """
    Chunks embedded so far; equals `chunks` when the document is fully searchable
    """


class LifecycleEntryView(BaseModel):
    event: Annotated[Literal["score_update", "compress", "archive", "restore", "delete"], Field(title="Event")]
    at: Annotated[float, Field(title="At")]
    score_before: Annotated[float | None, Field(title="Score Before")]
    score_after: Annotated[float | None, Field(title="Score After")]
    details: Annotated[dict[str, str | float | int | bool | None], Field(title="Details")]
    """
    reason, sizes, ratio, method, retention_until, crossed (above / below), cause; never content
    """


class LifecycleLogResponse(BaseModel):
    memory_id: Annotated[str, Field(title="Memory Id")]
    entries: Annotated[list[LifecycleEntryView], Field(title="Entries")]
    """
    R5: oldest first; append-only, kept after a delete
    """


class LoggedRoundView(BaseModel):
    generation: Annotated[int, Field(title="Generation")]
    """
    The run (conversation) the round belongs to
    """
    seq: Annotated[int, Field(title="Seq")]
    user: Annotated[str, Field(title="User")]
    assistant: Annotated[str, Field(title="Assistant")]
    request_id: Annotated[str, Field(title="Request Id")]
    created_at: Annotated[float, Field(title="Created At")]
    emergency: Annotated[bool, Field(title="Emergency")]
    kept: Annotated[bool, Field(title="Kept")]
    """
    Kept until erasure: an emergency or an important moment (R6); otherwise the round leaves the log ENGRAM_CONVERSATION_LOG_TTL_S (30 days) after it was said
    """


class MaxCompletionTokens(RootModel[int]):
    root: Annotated[int, Field(ge=1, title="Max Completion Tokens")]


class MaxTokens(RootModel[int]):
    root: Annotated[int, Field(ge=1, title="Max Tokens")]


class MemoryListResponse(BaseModel):
    memories: Annotated[list[MemoryView], Field(title="Memories")]
    total: Annotated[int, Field(title="Total")]
    has_more: Annotated[bool, Field(title="Has More")]
    limit: Annotated[int, Field(title="Limit")]
    offset: Annotated[int, Field(title="Offset")]


class MemoryLoadResponse(BaseModel):
    memories: Annotated[list[MemoryView], Field(title="Memories")]


class MemoryMessage(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    role: Annotated[Literal["user", "assistant", "system"], Field(title="Role")]
    content: Annotated[str, Field(min_length=1, pattern="\\S", title="Content")]
    """
    Size limit per message: ENGRAM_MAX_MESSAGE_BYTES.
    """


class MemoryResponse(BaseModel):
    memory: MemoryView


class MemoryView(BaseModel):
    memory_id: Annotated[str, Field(title="Memory Id")]
    persona_id: Annotated[str, Field(title="Persona Id")]
    namespace: Annotated[Literal["memory", "round", "kb"], Field(title="Namespace")]
    type: Annotated[
        Literal["fact", "preference", "constraint", "decision", "todo", "timeline", "profile", "note", "summary"],
        Field(title="Type"),
    ]
    content: Annotated[str, Field(title="Content")]
    importance: Annotated[float, Field(title="Importance")]
    """
    0-1 (stored scale; a session end reports it as 1-10, x 10)
    """
    effective_importance: Annotated[float, Field(title="Effective Importance")]
    """
    R1: importance x 0.95^weeks x (1 + 0.1 x accesses), in [0, 1]
    """
    topics: Annotated[list[str], Field(title="Topics")]
    emotion: Annotated[str | None, Field(title="Emotion")]
    status: Annotated[Literal["active", "archived", "compressed"], Field(title="Status")]
    pinned: Annotated[bool, Field(title="Pinned")]
    version: Annotated[int, Field(title="Version")]
    pii_flags: Annotated[list[str], Field(title="Pii Flags")]
    access_count: Annotated[int, Field(title="Access Count")]
    last_accessed_at: Annotated[float | None, Field(title="Last Accessed At")]
    created_at: Annotated[float, Field(title="Created At")]
    updated_at: Annotated[float, Field(title="Updated At")]
    session_id: Annotated[str | None, Field(title="Session Id")]
    decay_from: Annotated[float, Field(title="Decay From")]
    """
    R1: when the decay clock started (creation, or the last restore / edit)
    """
    crosses_threshold_at: Annotated[float | None, Field(title="Crosses Threshold At")]
    """
    R1/R2: when the effective importance falls below ENGRAM_COMPRESS_BELOW (0.3) and the daily lifecycle job compresses it; null when it never decays (pinned, rounds, archived)
    """
    archive: ArchiveView | None
    """
    Set while archived or compressed
    """
    links: Annotated[list[str], Field(title="Links")]
    """
    L7 related memories: the round that stated a fact, facts sharing its topic, a consolidation summary's sources or its summary
    """
    co_retrieved: Annotated[dict[str, int], Field(title="Co Retrieved")]
    """
    L7: memories retrieved together with this one and how often (at most ENGRAM_MAX_LINKS); twice or more makes them neighbours retrieval may pull in
    """
    supersedes: Annotated[str | None, Field(title="Supersedes")]
    """
    The fact this one replaced
    """
    superseded_by: Annotated[str | None, Field(title="Superseded By")]
    """
    The fact that replaced this one
    """
    valid_from: Annotated[float | None, Field(title="Valid From")]
    """
    A successor fact holds from here (epoch seconds)
    """
    valid_to: Annotated[float | None, Field(title="Valid To")]
    """
    A replaced fact held until here; prompts leave it out unless the question asks about the past
    """


class MessageView(BaseModel):
    role: Annotated[Literal["system", "user", "assistant"], Field(title="Role")]
    content: Annotated[str, Field(title="Content")]


class Messages(RootModel[list[MemoryMessage]]):
    root: Annotated[list[MemoryMessage], Field(max_length=200, min_length=1, title="Messages")]


class ModelCard(BaseModel):
    id: Annotated[str, Field(title="Id")]
    object: Annotated[Literal["model"], Field(title="Object")]
    created: Annotated[int, Field(title="Created")]
    owned_by: Annotated[str, Field(title="Owned By")]


class ModelList(BaseModel):
    object: Annotated[Literal["list"], Field(title="Object")]
    data: Annotated[list[ModelCard], Field(title="Data")]


class N(RootModel[int]):
    root: Annotated[int, Field(ge=1, le=1, title="N")]
    """
    One choice only
    """


class OpenAIErrorBody(BaseModel):
    message: Annotated[str, Field(title="Message")]
    type: Annotated[str, Field(title="Type")]
    param: Annotated[str | None, Field(title="Param")]
    code: Annotated[str | None, Field(title="Code")]


class OpenAIErrorResponse(BaseModel):
    error: OpenAIErrorBody


class Part(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=1000000, title="Part")]
    """
    With audio_id: the partial's position; a redelivered part replaces itself instead of being joined twice. Without it, parts join in arrival order.
    """


class PatchMemoryRequest1(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    version: Annotated[int, Field(ge=1, title="Version")]
    """
    The version you read; a stale one gets 409 CONFLICT
    """
    summary: Annotated[Summary4 | None, Field(title="Summary")]
    importance: Annotated[Importance2 | None, Field(title="Importance")] = None
    """
    0-1 (the stored scale)
    """
    pinned: Annotated[bool | None, Field(title="Pinned")] = None


class PatchMemoryRequest2(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    version: Annotated[int, Field(ge=1, title="Version")]
    """
    The version you read; a stale one gets 409 CONFLICT
    """
    summary: Annotated[Summary6 | None, Field(title="Summary")] = None
    importance: Annotated[Importance2 | None, Field(title="Importance")]
    """
    0-1 (the stored scale)
    """
    pinned: Annotated[bool | None, Field(title="Pinned")] = None


class PatchMemoryRequest3(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    version: Annotated[int, Field(ge=1, title="Version")]
    """
    The version you read; a stale one gets 409 CONFLICT
    """
    summary: Annotated[Summary8 | None, Field(title="Summary")] = None
    importance: Annotated[Importance2 | None, Field(title="Importance")] = None
    """
    0-1 (the stored scale)
    """
    pinned: Annotated[bool | None, Field(title="Pinned")]


class PatchMemoryRequest(RootModel[PatchMemoryRequest1 | PatchMemoryRequest2 | PatchMemoryRequest3]):
    root: Annotated[PatchMemoryRequest1 | PatchMemoryRequest2 | PatchMemoryRequest3, Field(title="PatchMemoryRequest")]


class PersonaId(RootModel[str]):
    root: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[A-Za-z0-9.:@-][A-Za-z0-9_.:@-]{0,127}$", title="Persona Id")
    ]


class PinnedFactView(BaseModel):
    memory_id: Annotated[str, Field(title="Memory Id")]
    text: Annotated[str, Field(title="Text")]


class PinnedMemoryId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, pattern="^[A-Za-z0-9_.:@-]{1,128}$")]


class PresencePenalty(RootModel[float]):
    root: Annotated[float, Field(ge=-2.0, le=2.0, title="Presence Penalty")]


class ProcessingResponse(BaseModel):
    """
    202: a duplicate of a request that is still being answered after a bounded wait. The
    answer comes from GET .../requests/{request_id} (or the same request again) after
    `retry_after` seconds (also in the Retry-After header).
    """

    status: Annotated[Literal["processing"], Field(title="Status")]
    request_id: Annotated[str, Field(title="Request Id")]
    deduplicated: Annotated[bool, Field(title="Deduplicated")]
    retry_after: Annotated[int, Field(title="Retry After")]


class ProfileResponse(BaseModel):
    persona_id: Annotated[str, Field(title="Persona Id")]
    pinned: Annotated[list[PinnedFactView], Field(title="Pinned")]
    topic_counts: Annotated[dict[str, int], Field(title="Topic Counts")]
    persona_mentions: Annotated[int, Field(title="Persona Mentions")]
    version: Annotated[int, Field(title="Version")]


class PutProfileRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    pinned_memory_ids: Annotated[list[PinnedMemoryId], Field(max_length=50, title="Pinned Memory Ids")]
    """
    Exactly these memories become the persona's pinned facts (L4)
    """


class ResponseMessage(BaseModel):
    role: Annotated[Literal["assistant"], Field(title="Role")]
    content: Annotated[str | None, Field(title="Content")]
    tool_calls: Annotated[list[dict[str, Any]] | None, Field(title="Tool Calls")]
    refusal: Annotated[str | None, Field(title="Refusal")]


class RestoreResponse(BaseModel):
    memory: MemoryView
    archived: Annotated[list[str], Field(title="Archived")]
    """
    L10: others the free-plan cap archived to make room
    """
    warning: WarningView | None
    """
    The first of `warnings`, or null
    """
    warnings: Annotated[list[WarningView], Field(title="Warnings")]


class SearchResponse(BaseModel):
    results: Annotated[list[SearchResultView], Field(title="Results")]


class SearchResultView(BaseModel):
    memory: MemoryView
    score: Annotated[float | None, Field(title="Score")]
    """
    Rank score; null when only filters were given
    """
    from_kb: Annotated[bool, Field(title="From Kb")]


class SessionEndResponse(BaseModel):
    """
    S6: the session memory of the ended run. Ending an ended run answers with the first
    result (`already_ended: true`) and never calls the model again; while another request is
    still making it, 409 CONFLICT (retry shortly).
    """

    session_id: Annotated[str, Field(title="Session Id")]
    status: Annotated[Literal["ENDED"], Field(title="Status")]
    memory_id: Annotated[str | None, Field(title="Memory Id")]
    """
    null when every round had expired: nothing to remember
    """
    summary: Annotated[str, Field(title="Summary")]
    topics: Annotated[list[str], Field(title="Topics")]
    emotion: Annotated[str, Field(title="Emotion")]
    importance: Annotated[int, Field(title="Importance")]
    """
    1-10 (seed 002); the memory stores importance / 10 on the 0-1 scale
    """
    model: Annotated[str, Field(title="Model")]
    warning: WarningView | None
    """
    The first of `warnings`, or null
    """
    warnings: Annotated[list[WarningView], Field(title="Warnings")]
    archived: Annotated[list[str], Field(title="Archived")]
    """
    L10: ids the free-plan cap archived to make room
    """
    reason: Annotated[Literal["end", "save", "idle", "max_messages"], Field(title="Reason")]
    already_ended: Annotated[bool, Field(title="Already Ended")]


class SessionId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, pattern="^[A-Za-z0-9_.:@-]{1,128}$", title="Session Id")]


class SessionListItem(BaseModel):
    session_id: Annotated[str, Field(title="Session Id")]
    persona_id: Annotated[str, Field(title="Persona Id")]
    status: Annotated[Literal["ACTIVE", "IDLE", "ENDED"], Field(title="Status")]
    turn_count: Annotated[int, Field(title="Turn Count")]
    summary_preview: Annotated[str, Field(title="Summary Preview")]
    """
    The rolling summary's first 160 characters
    """
    started_at: Annotated[float, Field(title="Started At")]
    last_activity_at: Annotated[float, Field(title="Last Activity At")]
    expires_at: Annotated[float, Field(title="Expires At")]


class SessionListResponse(BaseModel):
    sessions: Annotated[list[SessionListItem], Field(title="Sessions")]
    """
    Live sessions, most recently active first
    """


class SessionResponse(BaseModel):
    session_id: Annotated[str, Field(title="Session Id")]
    persona_id: Annotated[str, Field(title="Persona Id")]
    status: Annotated[Literal["ACTIVE", "IDLE", "ENDED"], Field(title="Status")]
    turn_count: Annotated[int, Field(title="Turn Count")]
    summary: Annotated[str, Field(title="Summary")]
    summary_cursor: Annotated[int, Field(title="Summary Cursor")]
    started_at: Annotated[float, Field(title="Started At")]
    last_activity_at: Annotated[float, Field(title="Last Activity At")]
    expires_at: Annotated[float, Field(title="Expires At")]
    recent: Annotated[list[TurnView], Field(title="Recent")]


class Source(RootModel[str]):
    root: Annotated[str, Field(max_length=1000, min_length=1, title="Source")]


class Stop(RootModel[str]):
    root: Annotated[str, Field(max_length=256, title="Stop")]
    """
    Up to 4 sequences, as OpenAI takes them
    """


class Stop1Item(RootModel[str]):
    root: Annotated[str, Field(max_length=256)]


class Stop1(RootModel[list[Stop1Item]]):
    root: Annotated[list[Stop1Item], Field(max_length=4, title="Stop")]
    """
    Up to 4 sequences, as OpenAI takes them
    """


class StreamOptions(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    include_usage: Annotated[bool | None, Field(title="Include Usage")] = None
    """
    A last chunk with usage and no choices
    """


class SummarizeRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    messages: Annotated[list[MemoryMessage], Field(max_length=200, min_length=1, title="Messages")]
    persona_id: Annotated[PersonaId | None, Field(title="Persona Id")] = None
    session_id: Annotated[SessionId | None, Field(title="Session Id")] = None


class SummarizeResponse(BaseModel):
    summary: Annotated[str, Field(title="Summary")]
    topics: Annotated[list[str], Field(title="Topics")]
    emotion: Annotated[str, Field(title="Emotion")]
    importance: Annotated[int, Field(title="Importance")]
    """
    1-10 (seed 002); a memory made from it stores importance / 10 (0-1)
    """
    model: Annotated[str, Field(title="Model")]
    warning: WarningView | None
    """
    The first of `warnings`, or null
    """
    warnings: Annotated[list[WarningView], Field(title="Warnings")]


class Summary(RootModel[str]):
    root: Annotated[str, Field(min_length=1, pattern="\\S", title="Summary")]
    """
    A manual summary (stored as is, PII-masked). Without it, `messages` are summarised by the LLM.
    """


class Summary2(RootModel[str]):
    root: Annotated[str, Field(min_length=1, pattern="\\S", title="Summary")]
    """
    A manual summary (stored as is, PII-masked). Without it, `messages` are summarised by the LLM.
    """


class Summary4(RootModel[str]):
    root: Annotated[str, Field(min_length=1, pattern="\\S", title="Summary")]


class Summary6(RootModel[str]):
    root: Annotated[str, Field(min_length=1, pattern="\\S", title="Summary")]


class Summary8(RootModel[str]):
    root: Annotated[str, Field(min_length=1, pattern="\\S", title="Summary")]


class Temperature(RootModel[float]):
    root: Annotated[float, Field(ge=0.0, le=2.0, title="Temperature")]


class TimelineMonth(BaseModel):
    month: Annotated[str, Field(title="Month")]
    """
    YYYY-MM (UTC) of created_at
    """
    count: Annotated[int, Field(title="Count")]
    memories: Annotated[list[MemoryView], Field(title="Memories")]


class TimelineResponse(BaseModel):
    months: Annotated[list[TimelineMonth], Field(title="Months")]


class Tools(RootModel[list[dict[str, Any]]]):
    root: Annotated[list[dict[str, Any]], Field(max_length=64, title="Tools")]
    """
    Passed to the model unchanged. At most 64 tools and 100000 characters as JSON (deployment defaults; the same bound for tool_choice and response_format).
    """


class TopP(RootModel[float]):
    root: Annotated[float, Field(ge=0.0, le=1.0, title="Top P")]


class Topic(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1)]


class TurnRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    user: Annotated[str, Field(min_length=1, pattern="\\S", title="User")]
    """
    What the user said
    """
    assistant: Annotated[str, Field(min_length=1, pattern="\\S", title="Assistant")]
    """
    What the caller's own LLM answered
    """
    idempotency_key: Annotated[IdempotencyKey3 | None, Field(title="Idempotency Key")] = None


class TurnResponse(BaseModel):
    turn: TurnView
    turn_count: Annotated[int, Field(title="Turn Count")]
    duplicate: Annotated[bool, Field(title="Duplicate")]
    session_ended: Annotated[bool, Field(title="Session Ended")]


class TurnView(BaseModel):
    seq: Annotated[int, Field(title="Seq")]
    user: Annotated[str, Field(title="User")]
    assistant: Annotated[str, Field(title="Assistant")]
    request_id: Annotated[str, Field(title="Request Id")]
    created_at: Annotated[float, Field(title="Created At")]


class Usage(BaseModel):
    prompt_tokens: Annotated[int, Field(title="Prompt Tokens")]
    completion_tokens: Annotated[int, Field(title="Completion Tokens")]
    total_tokens: Annotated[int, Field(title="Total Tokens")]


class UsedMemoryView(BaseModel):
    memory_id: Annotated[str, Field(title="Memory Id")]
    preview: Annotated[str, Field(title="Preview")]
    """
    The memory's first 80 characters
    """
    source: Annotated[Literal["pinned", "retrieved"], Field(title="Source")]
    """
    pinned: a core fact, always in the prompt (L4); retrieved: found for this message
    """
    score: Annotated[float | None, Field(title="Score")]
    """
    The retrieval rank score; null for pinned facts
    """


class User(RootModel[str]):
    root: Annotated[str, Field(max_length=256, title="User")]
    """
    Accepted and not used (the caller is)
    """


class WarningView(BaseModel):
    """
    Something the caller should know about a request that succeeded.
    """

    code: Annotated[Literal["MEMORY_LIMIT_REACHED", "LLM_SUMMARY_FAILED"], Field(title="Code")]
    """
    MEMORY_LIMIT_REACHED: the free plan's cap (L10) archived other memories to make room (never deleted: restore brings one back). LLM_SUMMARY_FAILED: the model failed after retries and the raw text was stored instead (M4).
    """
    message: Annotated[str, Field(title="Message")]
    archived: Annotated[list[str], Field(title="Archived")]
    """
    MEMORY_LIMIT_REACHED: the ids archived
    """
