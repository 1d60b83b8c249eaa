"""The OpenAI-compatible door: `POST .../chat/completions` and `GET .../models` in OpenAI's shapes,
answered through Engram's memory (ConversationService.chat_messages).

Two route families, as for every other route: `/openai/v1/...` for end users (the OpenAI client's
api_key is the user's bearer token, JWT-authorized) and `/openai/backend/v1/...` for trusted
backends (IAM; locally the backend key) naming the user in X-Engram-User. API Gateway gives each
route one authorizer, so one path cannot serve both.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Header
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

from engram.kernel.errors import RequestInProgress
from engram.kernel.ids import check_id
from engram.kernel.keys import OwnerKey, SessionKey
from engram.runtime import get_container

from .. import auth, openai_shape
from ..openai_schemas import PASSED_TO_MODEL, ChatCompletion, ChatCompletionRequest, ModelList, OpenAIErrorResponse
from ..schemas import ID_PATTERN, OWNER_ID_PATTERN

router = Router()

USER = "/openai/v1"
BACKEND = "/openai/backend/v1"

PersonaHeader = Annotated[
    str | None,
    Header(
        min_length=1,
        max_length=128,
        pattern=OWNER_ID_PATTERN,
        description="The persona the rounds belong to (else metadata.engram_persona, else ENGRAM_OPENAI_DOOR_PERSONA)",
    ),
]
SessionHeader = Annotated[
    str | None,
    Header(
        min_length=1,
        max_length=128,
        pattern=ID_PATTERN,
        description="The session (else metadata.engram_session, else ENGRAM_OPENAI_DOOR_SESSION)",
    ),
]
IdempotencyHeader = Annotated[
    str | None,
    Header(min_length=1, max_length=128, description="One round per key (D1); without it, /chat's dedup window"),
]
UserHeader = Annotated[
    str, Header(min_length=1, max_length=128, pattern=OWNER_ID_PATTERN, description="The user the backend acts for")
]

COMPLETED: dict[int, OpenAPIResponse] = {
    200: {
        "description": "A chat.completion; with stream: true, the same answer as chat.completion.chunk server-sent "
        "events ending with `data: [DONE]`, delivered in one response (API Gateway buffers it)",
        "content": {
            "application/json": {"model": ChatCompletion},
            "text/event-stream": {  # each event: data is a chat.completion.chunk as JSON, the last one [DONE]
                "schema": {"type": "object", "properties": {"data": {"type": "string"}}, "required": ["data"]}
            },
        },
    },
    404: {
        "description": "model_not_found: `model` is neither `engram` nor one GET .../models lists",
        "content": {"application/json": {"model": OpenAIErrorResponse}},
    },
}
LISTED: dict[int, OpenAPIResponse] = {
    200: {"description": "The models a request may name", "content": {"application/json": {"model": ModelList}}},
}


def _event() -> dict[str, Any]:
    event: dict[str, Any] = router.current_event.raw_event
    return event


def _complete(
    owner: OwnerKey, body: ChatCompletionRequest, persona: str | None, session: str | None, idempotency: str | None
) -> Response[str]:
    from engram.conversation.client_chat import ClientRequest, resolve_model  # the domain: at the first request

    c = get_container()
    settings = c.settings
    model = resolve_model(settings, body.model)
    meta = body.metadata
    key = SessionKey(
        owner.tenant_id,
        owner.user_id,
        check_id("persona_id", persona or (meta.engram_persona if meta else None) or settings.openai_door_persona),
        check_id("session_id", session or (meta.engram_session if meta else None) or settings.openai_door_session),
    )
    params = {name: getattr(body, name) for name in PASSED_TO_MODEL if getattr(body, name) is not None}
    messages = tuple(m.model_dump(exclude_none=True) for m in body.messages)
    result = c.conversation.chat_messages(key, ClientRequest(messages, model, params, idempotency))
    if result.get("status") == "processing":
        wait = int(result.get("retry_after") or 1)
        raise RequestInProgress("the first copy of this request is still running", details={"retry_after": wait})
    created = int(c.clock.now())
    answer = openai_shape.completion(result, key, created, c.counter.count(str(result.get("reply") or "")))
    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        return Response(
            status_code=200,
            content_type="text/event-stream",
            body=openai_shape.event_stream(answer, include_usage),
            headers={"Cache-Control": "no-cache"},
        )
    return Response(status_code=200, content_type=content_types.APPLICATION_JSON, body=_json(answer))


def _json(value: dict[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False)


def _models() -> Response[str]:
    from engram.conversation.client_chat import served_models

    c = get_container()
    return Response(
        status_code=200,
        content_type=content_types.APPLICATION_JSON,
        body=_json(openai_shape.model_list(served_models(c.settings), int(c.clock.now()))),
    )


@router.post(
    USER + "/chat/completions",
    summary="OpenAI-compatible chat completion that remembers (the OpenAI client's api_key is the user's token)",
    tags=["openai"],
    responses=COMPLETED,
)
def chat_completions(
    body: ChatCompletionRequest,
    x_engram_persona: PersonaHeader = None,
    x_engram_session: SessionHeader = None,
    idempotency_key: IdempotencyHeader = None,
) -> Response[str]:
    owner = auth.end_user(_event(), get_container().settings)
    return _complete(owner, body, x_engram_persona, x_engram_session, idempotency_key)


@router.post(
    BACKEND + "/chat/completions",
    summary="OpenAI-compatible chat completion that remembers (trusted backend, X-Engram-User)",
    tags=["openai"],
    responses=COMPLETED,
)
def backend_chat_completions(
    body: ChatCompletionRequest,
    x_engram_user: UserHeader,
    x_engram_persona: PersonaHeader = None,
    x_engram_session: SessionHeader = None,
    idempotency_key: IdempotencyHeader = None,
) -> Response[str]:
    owner = auth.backend(_event(), x_engram_user, get_container().settings)
    return _complete(owner, body, x_engram_persona, x_engram_session, idempotency_key)


@router.get(USER + "/models", summary="The models the OpenAI-compatible door serves", tags=["openai"], responses=LISTED)
def models() -> Response[str]:
    auth.end_user(_event(), get_container().settings)
    return _models()


@router.get(
    BACKEND + "/models",
    summary="The models the OpenAI-compatible door serves (trusted backend)",
    tags=["openai"],
    responses=LISTED,
)
def backend_models() -> Response[str]:
    auth.backend_tenant(_event(), get_container().settings)
    return _models()
