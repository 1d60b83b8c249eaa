"""Request and response bodies of the HTTP API (validated; they make the OpenAPI document)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, BeforeValidator, ConfigDict, Field, model_validator
from pydantic.config import JsonDict


class _Model(BaseModel):
    # Validators are built on first use, not at import: ~70 ms of every API cold start.
    model_config = ConfigDict(defer_build=True)


class _Strict(_Model):
    # A request body means what its JSON types say, as the OpenAPI document declares them: strict,
    # so 0 is no boolean, false or "1" no integer, true no number (lax pydantic would coerce them).
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False, strict=True)


def _whole_number(value: object) -> object:
    """JSON Schema's integer is any number without a fraction: 2.0 is one (strict int refuses it)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


# After an integer's constraints (Annotated[int, Field(ge=...), WHOLE_NUMBER]), so they stay in the schema.
WHOLE_NUMBER = BeforeValidator(_whole_number)


# engram.kernel.ids: what every id must match; owner ids (users, personas) may not start with "_".
ID_PATTERN = r"^[A-Za-z0-9_.:@-]{1,128}$"
OWNER_ID_PATTERN = r"^[A-Za-z0-9.:@-][A-Za-z0-9_.:@-]{0,127}$"
Id = Annotated[str, Field(min_length=1, max_length=128, pattern=ID_PATTERN)]
OwnerId = Annotated[str, Field(min_length=1, max_length=128, pattern=OWNER_ID_PATTERN)]


# A text must hold something other than whitespace (engram.language.blank): said in the schema only,
# because regex engines disagree on whitespace and the domain's check is the lenient intersection.
NOT_BLANK: JsonDict = {"pattern": r"\S"}


def _one_of_required(*fields: str) -> JsonDict:
    """JSON Schema for "at least one of these fields, not null", the rule the model validator enforces."""
    return {"anyOf": [{"required": [name], "properties": {name: {"not": {"type": "null"}}}} for name in fields]}


class ChatRequest(_Strict):
    message: str = Field(
        min_length=1,
        json_schema_extra=NOT_BLANK,
        description="The user's message. Size limit: ENGRAM_MAX_MESSAGE_BYTES.",
    )
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=128)
    audio_id: str | None = Field(
        default=None,
        min_length=1,
        max_length=128,
        pattern=r"^[A-Za-z0-9_.:@-]+$",
        description="Set when the message is a transcript of a voice message: one reply per audio id (D2).",
    )
    is_final: bool = Field(
        default=True,
        description="With audio_id: false buffers this partial transcript (1 h) and answers 202 'buffered'; "
        "the final one runs the turn once on all parts joined in order.",
    )
    part: Annotated[int, Field(ge=0, le=1_000_000), WHOLE_NUMBER] | None = Field(
        default=None,
        description="With audio_id: the partial's position; a redelivered part replaces itself instead of "
        "being joined twice. Without it, parts join in arrival order.",
    )


class ContextRequest(_Strict):
    message: str = Field(min_length=1, json_schema_extra=NOT_BLANK)
    preview: bool = Field(
        default=False,
        description="true: inspect only. The memories in the prompt are not counted as accessed (no access "
        "boost, no co-retrieval link), so looking does not change what is looked at; the inspector sends it. "
        "Without it, as for a chat, they are (R1). No round is stored either way.",
    )


class TurnRequest(_Strict):
    user: str = Field(min_length=1, json_schema_extra=NOT_BLANK, description="What the user said")
    assistant: str = Field(min_length=1, json_schema_extra=NOT_BLANK, description="What the caller's own LLM answered")
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=128)


class GateView(_Model):
    decision: Literal["USE", "SKIP"]
    reason: str
    language: str


class BlockView(_Model):
    name: str
    tokens: int
    items: int
    trimmed: int
    budget: int | None = Field(
        default=None,
        description="The block's own token budget (pinned ENGRAM_PINNED_TOKENS, summary ENGRAM_SUMMARY_BLOCK_TOKENS, "
        "memories ENGRAM_MEMORY_BLOCK_TOKENS); null where only the context's max_tokens bounds it",
    )


class ProcessingResponse(_Model):
    """202: a duplicate of a request that is still being answered after a bounded wait. The
    answer comes from GET .../requests/{request_id} (or the same request again) after
    `retry_after` seconds (also in the Retry-After header)."""

    status: Literal["processing"]
    request_id: str
    deduplicated: bool
    retry_after: int


class BufferedResponse(_Model):
    """202: a partial transcript was buffered; the final one (is_final) runs the turn."""

    status: Literal["buffered"]
    audio_id: str
    parts: int


class ChatResponse(_Model):
    status: Literal["completed"]
    reply: str
    model: str
    request_id: str
    turn: int
    gate: GateView
    context_tokens: int
    blocks: list[BlockView]
    memory_ids: list[str]
    memories: list[UsedMemoryView] = Field(default_factory=list, description="What entered the prompt, and why")
    trimmed_memories: list[UsedMemoryView] = Field(
        default_factory=list,
        description="Left out to fit the token budgets: pinned facts over the pinned block's budget, "
        "memories retrieved for this message over the memory block's or the prompt's",
    )
    max_tokens: int = Field(default=0, description="The whole prompt's budget (ENGRAM_CONTEXT_MAX_TOKENS)")
    deduplicated: bool
    latency_ms: float
    session_ended: bool = Field(
        default=False,
        description="This round reached the message limit (S6): the run is ended and its session memory is made; "
        "the next message starts a new run.",
    )


class MessageView(_Model):
    role: Literal["system", "user", "assistant"]
    content: str


class UsedMemoryView(_Model):
    memory_id: str
    preview: str = Field(description="The memory's first 80 characters")
    source: Literal["pinned", "retrieved"] = Field(
        description="pinned: a core fact, always in the prompt (L4); retrieved: found for this message"
    )
    score: float | None = Field(description="The retrieval rank score; null for pinned facts")


class ContextResponse(_Model):
    messages: list[MessageView]
    blocks: list[BlockView]
    total_tokens: int
    encoding: str
    gate: GateView
    memory_ids: list[str]
    memories: list[UsedMemoryView] = Field(default_factory=list, description="What entered the prompt, and why")
    trimmed_memories: list[UsedMemoryView] = Field(
        default_factory=list,
        description="Left out to fit the token budgets: pinned facts over the pinned block's budget, "
        "memories retrieved for this message over the memory block's or the prompt's",
    )
    max_tokens: int = Field(default=0, description="The whole prompt's budget (ENGRAM_CONTEXT_MAX_TOKENS)")


class TurnView(_Model):
    seq: int
    user: str
    assistant: str
    request_id: str
    created_at: float


class LoggedRoundView(_Model):
    generation: int = Field(description="The run (conversation) the round belongs to")
    seq: int
    user: str
    assistant: str
    request_id: str
    created_at: float
    emergency: bool
    kept: bool = Field(
        description="Kept until erasure: an emergency or an important moment (R6); otherwise the round leaves "
        "the log ENGRAM_CONVERSATION_LOG_TTL_S (30 days) after it was said"
    )


class ConversationLogResponse(_Model):
    session_id: str
    persona_id: str
    rounds: list[LoggedRoundView] = Field(description="Newest first")
    next_cursor: str | None = Field(description="Pass as `before` for the next page; null on the last page")


class TurnResponse(_Model):
    turn: TurnView
    turn_count: int
    duplicate: bool
    session_ended: bool = False


class SessionResponse(_Model):
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


class SessionListItem(_Model):
    session_id: str
    persona_id: str
    status: Literal["ACTIVE", "IDLE", "ENDED"]
    turn_count: int
    summary_preview: str = Field(description="The rolling summary's first 160 characters")
    started_at: float
    last_activity_at: float
    expires_at: float


class SessionListResponse(_Model):
    sessions: list[SessionListItem] = Field(description="Live sessions, most recently active first")


class WarningView(_Model):
    """Something the caller should know about a request that succeeded."""

    code: Literal["MEMORY_LIMIT_REACHED", "LLM_SUMMARY_FAILED"] = Field(
        description="MEMORY_LIMIT_REACHED: the free plan's cap (L10) archived other memories to make room "
        "(never deleted: restore brings one back). LLM_SUMMARY_FAILED: the model failed after retries and "
        "the raw text was stored instead (M4)."
    )
    message: str
    archived: list[str] = Field(default_factory=list, description="MEMORY_LIMIT_REACHED: the ids archived")


def warnings(*, archived: list[str], summary_failed: bool, about: str) -> dict[str, object]:
    """`warning` (the first, or null) and `warnings` (all) of a response that may archive or fall back."""
    found = []
    if archived:
        found.append(
            WarningView(
                code="MEMORY_LIMIT_REACHED",
                message=f"the free plan's limit was reached: {len(archived)} other memories archived to keep {about}",
                archived=archived,
            )
        )
    if summary_failed:
        found.append(WarningView(code="LLM_SUMMARY_FAILED", message="the summary model failed; the raw text was kept"))
    return {"warning": found[0] if found else None, "warnings": found}


class SessionEndResponse(_Model):
    """S6: the session memory of the ended run. Ending an ended run answers with the first
    result (`already_ended: true`) and never calls the model again; while another request is
    still making it, 409 CONFLICT (retry shortly)."""

    session_id: str
    status: Literal["ENDED"]
    memory_id: str | None = Field(description="null when every round had expired: nothing to remember")
    summary: str
    topics: list[str]
    emotion: str
    importance: int = Field(description="1-10 (seed 002); the memory stores importance / 10 on the 0-1 scale")
    model: str
    warning: WarningView | None = Field(default=None, description="The first of `warnings`, or null")
    warnings: list[WarningView] = Field(default_factory=list)
    archived: list[str] = Field(default_factory=list, description="L10: ids the free-plan cap archived to make room")
    reason: Literal["end", "save", "idle", "max_messages"]
    already_ended: bool = False


class ErrorBody(_Model):
    code: str
    message: str
    details: dict[str, object] = Field(default_factory=dict)


class ErrorResponse(_Model):
    error: ErrorBody


# --- M2 memories, L4 pinned facts, L8 knowledge base ------------------------------------

MemoryTypeName = Literal[
    "fact", "preference", "constraint", "decision", "todo", "timeline", "profile", "note", "summary"
]
Topic = Annotated[str, Field(min_length=1, max_length=64)]
_SUMMARY = AliasChoices("summary", "content")  # seed 002 calls it summary; the record calls it content


class MemoryMessage(_Strict):
    role: Literal["user", "assistant", "system"]
    content: str = Field(
        min_length=1, json_schema_extra=NOT_BLANK, description="Size limit per message: ENGRAM_MAX_MESSAGE_BYTES."
    )


class CreateMemoryRequest(_Strict):
    model_config = ConfigDict(json_schema_extra=_one_of_required("summary", "messages"))

    persona_id: OwnerId
    summary: str | None = Field(
        default=None,
        min_length=1,
        json_schema_extra=NOT_BLANK,
        validation_alias=_SUMMARY,
        description="A manual summary (stored as is, PII-masked). Without it, `messages` are summarised by the LLM.",
    )
    messages: list[MemoryMessage] | None = Field(default=None, min_length=1, max_length=200)
    type: MemoryTypeName | None = Field(default=None, description="Default: note (manual) or timeline (from messages)")
    importance: float | None = Field(default=None, ge=0, le=1, description="0-1; default ENGRAM_IMPORTANCE_AT_BIRTH")
    pinned: bool = False
    topics: list[Topic] = Field(default_factory=list, max_length=20)
    session_id: Id | None = None
    idempotency_key: str | None = Field(
        default=None,
        min_length=1,
        max_length=128,
        description="Any text naming this request: sent again with the same body within "
        "ENGRAM_DEDUP_MARKER_TTL_S (24 h), the first answer comes back (`deduplicated: true`) and "
        "nothing is written twice; with another body, 409 IDEMPOTENCY_KEY_REUSED; while the first "
        "is still running, 409 REQUEST_IN_PROGRESS (details.retry_after)",
    )

    @model_validator(mode="after")
    def _has_content(self) -> CreateMemoryRequest:
        if self.summary is None and self.messages is None:
            raise ValueError("give a summary or messages")
        return self


class PatchMemoryRequest(_Strict):
    model_config = ConfigDict(json_schema_extra=_one_of_required("summary", "importance", "pinned"))

    version: Annotated[int, Field(ge=1), WHOLE_NUMBER] = Field(
        description="The version you read; a stale one gets 409 CONFLICT"
    )
    summary: str | None = Field(default=None, min_length=1, json_schema_extra=NOT_BLANK, validation_alias=_SUMMARY)
    importance: float | None = Field(default=None, ge=0, le=1, description="0-1 (the stored scale)")
    pinned: bool | None = None

    @model_validator(mode="after")
    def _changes_something(self) -> PatchMemoryRequest:
        if self.summary is None and self.importance is None and self.pinned is None:
            raise ValueError("nothing to change")
        return self


class ArchiveView(_Model):
    """R2/R3: what the archive holds about an archived or compressed memory (no original text:
    a restore brings it back)."""

    reason: Literal["low_importance", "capacity_limit", "manual"]
    archived_at: float
    retention_until: float | None = Field(description="R3: deleted then unless restored (epoch seconds)")
    final_score: float = Field(description="R1 effective importance when it was archived")
    original_bytes: int
    compressed_bytes: int = Field(description="Size of the short form (= original_bytes when not compressed)")
    ratio: float = Field(description="(original - compressed) / original bytes; 0 when archived as it was")
    method: str = Field(description='"none", "local-extractive" or the chat model that wrote the short form')
    summary: str | None = Field(description="The short form (null: archived as it was)")


class MemoryView(_Model):
    memory_id: str
    persona_id: str
    namespace: Literal["memory", "round", "kb"]
    type: MemoryTypeName
    content: str
    importance: float = Field(description="0-1 (stored scale; a session end reports it as 1-10, x 10)")
    effective_importance: float = Field(description="R1: importance x 0.95^weeks x (1 + 0.1 x accesses), in [0, 1]")
    topics: list[str]
    emotion: str | None
    status: Literal["active", "archived", "compressed"]
    pinned: bool
    version: int
    pii_flags: list[str]
    access_count: int
    last_accessed_at: float | None
    created_at: float
    updated_at: float
    session_id: str | None
    decay_from: float = Field(description="R1: when the decay clock started (creation, or the last restore / edit)")
    crosses_threshold_at: float | None = Field(
        default=None,
        description="R1/R2: when the effective importance falls below ENGRAM_COMPRESS_BELOW (0.3) and the daily "
        "lifecycle job compresses it; null when it never decays (pinned, rounds, archived)",
    )
    archive: ArchiveView | None = Field(default=None, description="Set while archived or compressed")
    links: list[str] = Field(
        default_factory=list,
        description="L7 related memories: the round that stated a fact, facts sharing its topic, a consolidation "
        "summary's sources or its summary",
    )
    co_retrieved: dict[str, int] = Field(
        default_factory=dict,
        description="L7: memories retrieved together with this one and how often (at most ENGRAM_MAX_LINKS); "
        "twice or more makes them neighbours retrieval may pull in",
    )
    supersedes: str | None = Field(default=None, description="The fact this one replaced")
    superseded_by: str | None = Field(default=None, description="The fact that replaced this one")
    valid_from: float | None = Field(default=None, description="A successor fact holds from here (epoch seconds)")
    valid_to: float | None = Field(
        default=None,
        description="A replaced fact held until here; prompts leave it out unless the question asks about the past",
    )


class LifecycleEntryView(_Model):
    event: Literal["score_update", "compress", "archive", "restore", "delete"]
    at: float
    score_before: float | None
    score_after: float | None
    details: dict[str, str | float | int | bool | None] = Field(
        description="reason, sizes, ratio, method, retention_until, crossed (above / below), cause; never content"
    )


class LifecycleLogResponse(_Model):
    memory_id: str
    entries: list[LifecycleEntryView] = Field(description="R5: oldest first; append-only, kept after a delete")


class ArchiveListResponse(_Model):
    memories: list[MemoryView] = Field(description="Archived and compressed memories, last archived first")
    total: int
    has_more: bool
    limit: int
    offset: int


class CreateMemoryResponse(_Model):
    memory: MemoryView
    archived: list[str] = Field(description="L10: ids the free-plan cap archived to make room")
    warning: WarningView | None = Field(default=None, description="The first of `warnings`, or null")
    warnings: list[WarningView] = Field(default_factory=list)
    model: str | None = Field(default=None, description="The summary model; raw-fallback after M4 retries")
    deduplicated: bool = Field(
        default=False, description="True: the stored answer to an earlier request with this idempotency_key"
    )


class MemoryListResponse(_Model):
    memories: list[MemoryView]
    total: int
    has_more: bool
    limit: int
    offset: int


class MemoryLoadResponse(_Model):
    memories: list[MemoryView]


class MemoryResponse(_Model):
    memory: MemoryView


class ArchiveResponse(_Model):
    memory: MemoryView
    archived_at: float


class RestoreResponse(_Model):
    memory: MemoryView
    archived: list[str] = Field(description="L10: others the free-plan cap archived to make room")
    warning: WarningView | None = Field(default=None, description="The first of `warnings`, or null")
    warnings: list[WarningView] = Field(default_factory=list)


class DeleteMemoryResponse(_Model):
    memory_id: str
    deleted: bool


class SearchResultView(_Model):
    memory: MemoryView
    score: float | None = Field(description="Rank score; null when only filters were given")
    from_kb: bool


class SearchResponse(_Model):
    results: list[SearchResultView]


class TimelineMonth(_Model):
    month: str = Field(description="YYYY-MM (UTC) of created_at")
    count: int
    memories: list[MemoryView]


class TimelineResponse(_Model):
    months: list[TimelineMonth]


class SummarizeRequest(_Strict):
    messages: list[MemoryMessage] = Field(min_length=1, max_length=200)
    persona_id: OwnerId | None = None
    session_id: Id | None = None


class SummarizeResponse(_Model):
    summary: str
    topics: list[str]
    emotion: str
    importance: int = Field(description="1-10 (seed 002); a memory made from it stores importance / 10 (0-1)")
    model: str
    warning: WarningView | None = Field(default=None, description="The first of `warnings`, or null")
    warnings: list[WarningView] = Field(default_factory=list)


class PinnedFactView(_Model):
    memory_id: str
    text: str


class ProfileResponse(_Model):
    persona_id: str
    pinned: list[PinnedFactView]
    topic_counts: dict[str, int]
    persona_mentions: int
    version: int


class PutProfileRequest(_Strict):
    pinned_memory_ids: list[Id] = Field(
        max_length=50, description="Exactly these memories become the persona's pinned facts (L4)"
    )


class DeletePersonaResponse(_Model):
    persona_id: str
    deleted_memories: int = Field(
        description="Memories, mid-term memories and archive entries the erasure job has deleted so far "
        "(0 while state is confirmed or processing: the final count is in the receipt)"
    )
    request_id: str = Field(description="The deletion's erasure request: GET /v1/me/erasure/{request_id}")
    state: Literal["confirmed", "processing", "completed", "failed"] = Field(
        description="completed, with the receipt; a very large persona finishes in the erasure schedule"
    )
    receipt: dict[str, Any] | None = Field(
        default=None, description="Signed like an erasure receipt (kind persona_deletion), per store"
    )


class KbDocumentRequest(_Strict):
    title: str = Field(min_length=1, max_length=200, json_schema_extra=NOT_BLANK)
    text: str = Field(
        min_length=1,
        json_schema_extra=NOT_BLANK,
        description=(
            "Plain text; limits ENGRAM_KB_MAX_DOCUMENT_BYTES (256 KB) and ENGRAM_KB_MAX_CHUNKS (600 chunks of"
            " ~200 tokens). The upload returns once the chunks are stored: they are found by their words at"
            " once and by their meaning once embedded in the background (`embedded` of the document's listing)."
        ),
    )
    source: str | None = Field(default=None, min_length=1, max_length=1000)


class KbDocumentView(_Model):
    doc_id: str
    title: str
    source: str | None
    chunks: int
    created_at: float
    embedded: int = Field(description="Chunks embedded so far; equals `chunks` when the document is fully searchable")


class KbDocumentListResponse(_Model):
    documents: list[KbDocumentView]


class KbDeleteResponse(_Model):
    doc_id: str
    deleted_chunks: int


class ErasureRequestBody(_Strict):
    scope: Literal["all", "recent"] = Field(
        default="all", description="all: everything held about the user; recent: what was written in the last 7 days"
    )


class ErasureConfirmBody(_Strict):
    token: str = Field(min_length=1, max_length=200, description="The confirmation_token of the request")


class ErasureView(_Model):
    request_id: str
    state: Literal["pending_confirmation", "confirmed", "processing", "completed", "failed"]
    scope: Literal["all", "recent"]
    requested_at: float
    confirmed_at: float | None = None
    completed_at: float | None = None
    token_expires_at: float = Field(description="A pending request must be confirmed before this (24 h)")
    receipt: dict[str, Any] | None = Field(
        default=None,
        description="When completed: per store, the items found, deleted and anonymized and the verification "
        "query that returned zero; the user only as a keyed hash; signed by the deployment "
        "(check with `engram erasure verify`)",
    )
    error: str | None = None


class ErasureCreatedView(ErasureView):
    confirmation_token: str = Field(
        description="Confirm with POST …/erasure/{request_id}/confirm within 24 h; shown once, stored only as a hash"
    )


class ExportJobView(_Model):
    export_id: str
    state: Literal["processing", "completed", "failed"]
    requested_at: float
    completed_at: float | None = None
    items: int | None = Field(default=None, description="Items in the document, once completed")
    url: str | None = Field(
        default=None,
        description="Once completed: where to fetch the JSON document (an S3 presigned URL valid "
        "ENGRAM_EXPORT_LINK_TTL_S, 15 min; a file:// URL on the local stack). Ask again for a fresh one.",
    )
    expires_at: float = Field(description="The document and this record are deleted then (1 day)")


class ExportAuditEntry(_Model):
    at: float
    action: str
    actor_kind: str
    actor: str
    outcome: str
    reason: str
    ip: str
    user_agent: str
    request_id: str
    seq: int = Field(description="The entry's place in the user's audit chain (1 = the first)")


class ExportView(_Model):
    export_version: int
    tenant_id: str
    user_id: str
    exported_at: float
    counts: dict[str, int] = Field(description="Items per store")
    stores: dict[str, list[dict[str, Any]]] = Field(
        description="sessions, rounds, request_markers, memories (with version, supersedes / superseded_by, "
        "valid_from / valid_to), midterm, archive (with the original text), lifecycle_log, profile, exports, kb "
        "(always empty: the KB is the tenant's): every item held about the user, as stored and readable, "
        "without table bookkeeping and without vectors"
    )
    audit_entries: list[ExportAuditEntry] = Field(
        default_factory=list, description="P6: every audit entry about the user (who did what, when, why; no content)"
    )
