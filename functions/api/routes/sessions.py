"""M1 routes: chat, context only, record a turn, read a session, end or save a session,
and fetch the answer of a request that was answered 202.

Every route exists twice: under /v1/personas/... for end users (JWT) and under
/v1/users/{user_id}/personas/... for trusted backends (IAM).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

from engram.kernel.ids import check_id
from engram.kernel.keys import OwnerKey, SessionKey
from engram.runtime import get_container

from .. import auth, plans
from ..errors import StillProcessing
from ..schemas import (
    OWNER_ID_PATTERN,
    BufferedResponse,
    ChatRequest,
    ChatResponse,
    ContextRequest,
    ContextResponse,
    ConversationLogResponse,
    ErrorResponse,
    LoggedRoundView,
    ProcessingResponse,
    SessionEndResponse,
    SessionListItem,
    SessionListResponse,
    SessionResponse,
    TurnRequest,
    TurnResponse,
    TurnView,
    warnings,
)

if TYPE_CHECKING:  # not at import: the conversation package pulls settings, the gate's word lists and the
    # PII masker into every cold start (issue 29: the API handler's import <= 1.1x the bare resolver's)
    from engram.conversation.models import SessionMeta, SessionSnapshot, SessionStatus, Turn
    from engram.conversation.session_end import EndOutcome

router = Router()


ACCEPTED: dict[int, OpenAPIResponse] = {
    200: {
        "description": "The answer (first copy, or the stored answer of a duplicate)",
        "content": {"application/json": {"model": ChatResponse}},
    },
    202: {
        "description": "A duplicate whose first copy is still running after a bounded wait (fetch the answer "
        "from .../requests/{request_id} after Retry-After seconds), or a buffered partial transcript",
        "headers": {"Retry-After": {"description": "seconds to wait (processing only)", "schema": {"type": "integer"}}},
        "content": {"application/json": {"model": ProcessingResponse | BufferedResponse}},
    },
}


ENDED: dict[int, OpenAPIResponse] = {
    200: {
        "description": "The run's session memory; for a run that had ended already, the first result "
        "(already_ended: true) without a second model call",
        "content": {"application/json": {"model": SessionEndResponse}},
    },
    404: {"description": "NOT_FOUND: no such session", "content": {"application/json": {"model": ErrorResponse}}},
    409: {
        "description": "CONFLICT: another request is making this run's session memory right now; retry shortly",
        "content": {"application/json": {"model": ErrorResponse}},
    },
}


USER = "/personas/<persona_id>/sessions/<session_id>"
BACKEND = "/users/<user_id>/personas/<persona_id>/sessions/<session_id>"


def _key(persona_id: str, session_id: str, user_id: str | None) -> SessionKey:
    return _key_and_plan(persona_id, session_id, user_id)[0]


def _owner(event: dict[str, Any], user_id: str | None) -> OwnerKey:
    """The end user of the token, or the user a trusted backend names."""
    settings = get_container().settings
    return auth.end_user(event, settings) if user_id is None else auth.backend(event, user_id, settings)


def _key_and_plan(persona_id: str, session_id: str, user_id: str | None) -> tuple[SessionKey, str | None]:
    """Who, and on which plan (L10: recorded, so a session memory made later applies it too)."""
    event: dict[str, Any] = router.current_event.raw_event
    owner = _owner(event, user_id)
    key = SessionKey(
        owner.tenant_id, owner.user_id, check_id("persona_id", persona_id), check_id("session_id", session_id)
    )
    return key, plans.of_request(event, user_id, owner, key.persona_id)


def _turn_view(t: Turn) -> TurnView:
    return TurnView(
        seq=t.seq, user=t.user_text, assistant=t.assistant_text, request_id=t.request_id, created_at=t.created_at
    )


def _answer(result: dict[str, Any]) -> ChatResponse:
    if result["status"] == "processing":
        processing = ProcessingResponse.model_validate(result)
        raise StillProcessing(processing, processing.retry_after)
    if result["status"] == "buffered":
        raise StillProcessing(BufferedResponse.model_validate(result))
    return ChatResponse.model_validate(result)


def _chat(key: SessionKey, body: ChatRequest) -> ChatResponse:
    conversation = get_container().conversation
    return _answer(conversation.chat(key, body.message, body.idempotency_key, body.audio_id, body.is_final, body.part))


def _request_status(key: SessionKey, request_id: str) -> ChatResponse:
    return _answer(get_container().conversation.request_status(key, check_id("request_id", request_id)))


def _context(key: SessionKey, body: ContextRequest) -> ContextResponse:
    from engram.conversation.conversation import used_memories  # the container has imported it already

    ctx, _, _ = get_container().conversation.context(key, body.message, record_access=not body.preview)
    return ContextResponse.model_validate(
        {
            "messages": ctx.messages,
            "blocks": [
                {"name": b.name, "tokens": b.tokens, "items": b.items, "trimmed": b.trimmed, "budget": b.budget}
                for b in ctx.blocks
            ],
            "total_tokens": ctx.total_tokens,
            "encoding": ctx.encoding,
            "gate": {"decision": ctx.gate.decision.value, "reason": ctx.gate.reason, "language": ctx.gate.language},
            "memory_ids": ctx.memory_ids,
            "memories": used_memories(ctx),
            "trimmed_memories": used_memories(ctx, trimmed=True),
            "max_tokens": ctx.max_tokens,
        }
    )


def _record_turn(key: SessionKey, body: TurnRequest) -> TurnResponse:
    outcome = get_container().conversation.record_turn(key, body.user, body.assistant, body.idempotency_key)
    return TurnResponse(
        turn=_turn_view(outcome.turn),
        turn_count=outcome.meta.turn_count,
        duplicate=outcome.duplicate,
        session_ended=outcome.session_ended,
    )


def _status(meta: SessionMeta, idle_timeout_s: float, now: float) -> SessionStatus:
    from engram.conversation.models import SessionStatus

    if meta.status == SessionStatus.ACTIVE and meta.is_idle(now, idle_timeout_s):
        return SessionStatus.IDLE
    return meta.status


def _session_view(snapshot: SessionSnapshot, idle_timeout_s: float, now: float) -> SessionResponse:
    meta = snapshot.meta
    assert meta is not None
    status = _status(meta, idle_timeout_s, now)
    return SessionResponse(
        session_id=meta.key.session_id,
        persona_id=meta.key.persona_id,
        status=status.value,
        turn_count=meta.turn_count,
        summary=meta.summary,
        summary_cursor=meta.summary_cursor,
        started_at=meta.started_at,
        last_activity_at=meta.last_activity_at,
        expires_at=meta.expires_at,
        recent=[_turn_view(t) for t in snapshot.recent],
    )


def _get_session(key: SessionKey) -> SessionResponse:
    c = get_container()
    snapshot = c.conversation.get_session(key)
    return _session_view(snapshot, c.settings.session_idle_timeout_s, c.clock.now())


def _list_sessions(user_id: str | None, persona_id: str | None, limit: int) -> SessionListResponse:
    c = get_container()
    owner = _owner(router.current_event.raw_event, user_id)
    if persona_id is not None:
        check_id("persona_id", persona_id)
    now, idle = c.clock.now(), c.settings.session_idle_timeout_s
    return SessionListResponse(
        sessions=[
            SessionListItem(
                session_id=m.key.session_id,
                persona_id=m.key.persona_id,
                status=_status(m, idle, now).value,
                turn_count=m.turn_count,
                summary_preview=m.summary[:160],
                started_at=m.started_at,
                last_activity_at=m.last_activity_at,
                expires_at=m.expires_at,
            )
            for m in c.conversation.list_sessions(owner, persona_id, limit)
        ]
    )


SessionLimit = Annotated[int, Query(ge=1, le=100, description="At most this many sessions")]
PersonaQuery = Annotated[str | None, Query(min_length=1, max_length=128, pattern=OWNER_ID_PATTERN)]


@router.get("/sessions", summary="List the caller's live sessions, most recently active first", tags=["sessions"])
def list_sessions(persona_id: PersonaQuery = None, limit: SessionLimit = 50) -> SessionListResponse:
    return _list_sessions(None, persona_id, limit)


@router.get("/users/<user_id>/sessions", summary="List a user's live sessions (trusted backend)", tags=["backend"])
def backend_list_sessions(
    user_id: str, persona_id: PersonaQuery = None, limit: SessionLimit = 50
) -> SessionListResponse:
    return _list_sessions(user_id, persona_id, limit)


LogLimit = Annotated[int, Query(ge=1, le=100)]
LogCursor = Annotated[
    str | None, Query(pattern=r"^[0-9]{1,13}:[0-9]{1,8}$", description="next_cursor of the last page")
]


def _log(key: SessionKey, limit: int, before: str | None) -> ConversationLogResponse:
    position = None
    if before:
        generation, seq = before.split(":")
        position = (int(generation), int(seq))
    rounds, more = get_container().conversation.log(key, limit, position)
    return ConversationLogResponse(
        session_id=key.session_id,
        persona_id=key.persona_id,
        rounds=[
            LoggedRoundView(
                generation=r.generation,
                seq=r.turn.seq,
                user=r.turn.user_text,
                assistant=r.turn.assistant_text,
                request_id=r.turn.request_id,
                created_at=r.turn.created_at,
                emergency=r.turn.emergency,
                kept=r.kept,
            )
            for r in rounds
        ],
        next_cursor=f"{more[0]}:{more[1]}" if more else None,
    )


def _end_view(outcome: EndOutcome) -> SessionEndResponse:
    summary = outcome.summary
    return SessionEndResponse.model_validate(
        {
            "session_id": outcome.run.key.session_id,
            "status": "ENDED",
            "memory_id": outcome.memory_id,
            "summary": summary.summary,
            "topics": list(summary.topics),
            "emotion": summary.emotion,
            "importance": summary.importance,
            "model": summary.model,
            **warnings(
                archived=list(outcome.archived), summary_failed=bool(summary.warning), about="the session memory"
            ),
            "archived": list(outcome.archived),
            "reason": outcome.run.reason,
            "already_ended": outcome.already_ended,
        }
    )


def _end_session(key_plan: tuple[SessionKey, str | None], reason: str = "end") -> SessionEndResponse:
    key, plan = key_plan
    return _end_view(get_container().conversation.end_session(key, reason, plan))


# --- routes: the same use case for end users (JWT) and trusted backends (IAM) ---


@router.post(
    USER + "/chat", summary="Send a message and get a reply that uses memory", tags=["sessions"], responses=ACCEPTED
)
def chat(persona_id: str, session_id: str, body: ChatRequest) -> ChatResponse:
    return _chat(_key(persona_id, session_id, None), body)


@router.post(
    BACKEND + "/chat",
    summary="Send a message and get a reply that uses memory (trusted backend)",
    tags=["backend"],
    responses=ACCEPTED,
)
def backend_chat(user_id: str, persona_id: str, session_id: str, body: ChatRequest) -> ChatResponse:
    return _chat(_key(persona_id, session_id, user_id), body)


@router.post(USER + "/context", summary="Assemble the prompt only (bring your own LLM)", tags=["sessions"])
def context(persona_id: str, session_id: str, body: ContextRequest) -> ContextResponse:
    return _context(_key(persona_id, session_id, None), body)


@router.post(
    BACKEND + "/context", summary="Assemble the prompt only (bring your own LLM) (trusted backend)", tags=["backend"]
)
def backend_context(user_id: str, persona_id: str, session_id: str, body: ContextRequest) -> ContextResponse:
    return _context(_key(persona_id, session_id, user_id), body)


@router.post(USER + "/turns", summary="Record a turn produced by the caller's own LLM", tags=["sessions"])
def record_turn(persona_id: str, session_id: str, body: TurnRequest) -> TurnResponse:
    return _record_turn(_key(persona_id, session_id, None), body)


@router.post(
    BACKEND + "/turns", summary="Record a turn produced by the caller's own LLM (trusted backend)", tags=["backend"]
)
def backend_record_turn(user_id: str, persona_id: str, session_id: str, body: TurnRequest) -> TurnResponse:
    return _record_turn(_key(persona_id, session_id, user_id), body)


@router.get(USER + "", summary="Read a session: state, rolling summary, recent rounds", tags=["sessions"])
def get_session(persona_id: str, session_id: str) -> SessionResponse:
    return _get_session(_key(persona_id, session_id, None))


@router.get(
    BACKEND + "", summary="Read a session: state, rolling summary, recent rounds (trusted backend)", tags=["backend"]
)
def backend_get_session(user_id: str, persona_id: str, session_id: str) -> SessionResponse:
    return _get_session(_key(persona_id, session_id, user_id))


@router.get(
    USER + "/log",
    summary="The conversation log: every round still held (30 days; important moments kept), newest first",
    tags=["sessions"],
)
def conversation_log(
    persona_id: str, session_id: str, limit: LogLimit = 50, before: LogCursor = None
) -> ConversationLogResponse:
    return _log(_key(persona_id, session_id, None), limit, before)


@router.get(BACKEND + "/log", summary="The conversation log (trusted backend)", tags=["backend"])
def backend_conversation_log(
    user_id: str, persona_id: str, session_id: str, limit: LogLimit = 50, before: LogCursor = None
) -> ConversationLogResponse:
    return _log(_key(persona_id, session_id, user_id), limit, before)


@router.post(USER + "/end", summary="End a session and store its session memory", tags=["sessions"], responses=ENDED)
def end_session(persona_id: str, session_id: str) -> SessionEndResponse:
    return _end_session(_key_and_plan(persona_id, session_id, None))


@router.post(
    BACKEND + "/end",
    summary="End a session and store its session memory (trusted backend)",
    tags=["backend"],
    responses=ENDED,
)
def backend_end_session(user_id: str, persona_id: str, session_id: str) -> SessionEndResponse:
    return _end_session(_key_and_plan(persona_id, session_id, user_id))


@router.post(
    USER + "/save",
    summary="Save the conversation: end the current run and store its session memory (next message starts a new run)",
    tags=["sessions"],
    responses=ENDED,
)
def save_session(persona_id: str, session_id: str) -> SessionEndResponse:
    return _end_session(_key_and_plan(persona_id, session_id, None), "save")


@router.post(
    BACKEND + "/save",
    summary="Save the conversation (trusted backend)",
    tags=["backend"],
    responses=ENDED,
)
def backend_save_session(user_id: str, persona_id: str, session_id: str) -> SessionEndResponse:
    return _end_session(_key_and_plan(persona_id, session_id, user_id), "save")


@router.get(
    USER + "/requests/<request_id>",
    summary="The answer of a chat request that was answered 202 (processing)",
    tags=["sessions"],
    responses=ACCEPTED,
)
def request_status(persona_id: str, session_id: str, request_id: str) -> ChatResponse:
    return _request_status(_key(persona_id, session_id, None), request_id)


@router.get(
    BACKEND + "/requests/<request_id>",
    summary="The answer of a chat request that was answered 202 (trusted backend)",
    tags=["backend"],
    responses=ACCEPTED,
)
def backend_request_status(user_id: str, persona_id: str, session_id: str, request_id: str) -> ChatResponse:
    return _request_status(_key(persona_id, session_id, user_id), request_id)
