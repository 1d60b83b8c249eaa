"""Retries, idempotency keys, error mapping, auth modes and URLs, at the transport layer
(httpx.MockTransport), for both clients."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from email.utils import format_datetime
from typing import Any

import httpx
import pytest
from engram_client import (
    AuthModeError,
    Conflict,
    EngramConnectionError,
    EngramError,
    Forbidden,
    Gone,
    NotFound,
    PayloadTooLarge,
    RateLimited,
    RetryPolicy,
    ServerError,
    Unauthorized,
    ValidationError,
    models,
)

from .conftest import KINDS, record_sleeps

BASE = "http://engram.test"
Handler = Callable[[httpx.Request], httpx.Response]

SESSION = {
    "session_id": "s1",
    "persona_id": "nurse",
    "status": "ACTIVE",
    "turn_count": 1,
    "summary": "",
    "summary_cursor": 0,
    "started_at": 1.0,
    "last_activity_at": 1.0,
    "expires_at": 2.0,
    "recent": [],
}
CHAT = {
    "status": "completed",
    "reply": "hi there",
    "model": "local-heuristic",
    "request_id": "r1",
    "turn": 1,
    "gate": {"decision": "SKIP", "reason": "greeting", "language": "en"},
    "context_tokens": 10,
    "blocks": [],
    "memory_ids": [],
    "memories": [],
    "trimmed_memories": [],
    "max_tokens": 4000,
    "deduplicated": True,
    "session_ended": False,
    "latency_ms": 1.0,
}
TURN = {
    "turn": {"seq": 1, "user": "u", "assistant": "a", "request_id": "r1", "created_at": 1.0},
    "turn_count": 1,
    "duplicate": False,
    "session_ended": False,
}


def _error(status: int, code: str, message: str = "nope", **details: Any) -> httpx.Response:
    return httpx.Response(status, json={"error": {"code": code, "message": message, "details": details}})


class Script:
    """Answers requests with the given responses in order (an exception is raised instead), and
    keeps the requests."""

    def __init__(self, *answers: httpx.Response | Exception) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(answer, Exception):
            raise answer
        return answer

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(r.content) for r in self.requests]


@pytest.fixture(params=KINDS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def client_with(kind: str, open_client: Callable[..., Any]) -> Callable[..., Any]:
    def make(handler: Handler, **kwargs: Any) -> Any:
        kwargs.setdefault("token", "t0k3n")
        return open_client(kind, BASE, transport=httpx.MockTransport(handler), **kwargs)

    return make


# --- retries ---------------------------------------------------------------------------------------


def test_a_get_is_retried_on_5xx_with_exponential_backoff(client_with: Callable[..., Any]) -> None:
    script = Script(_error(503, "UNAVAILABLE"), _error(502, "BAD_GATEWAY"), httpx.Response(200, json=SESSION))
    client = client_with(script, retry=RetryPolicy(max_attempts=3, backoff_base=0.5, backoff_max=8))
    sleeps = record_sleeps(client)
    session = client.get_session("nurse", "s1")
    assert isinstance(session, models.SessionResponse) and session.turn_count == 1
    assert len(script.requests) == 3
    assert 0.25 <= sleeps[0] <= 0.5 and 0.5 <= sleeps[1] <= 1.0  # [d/2, d], d doubling


def test_retries_stop_after_max_attempts(client_with: Callable[..., Any]) -> None:
    script = Script(_error(500, "INTERNAL_ERROR", "boom"))
    client = client_with(script, max_attempts=4)
    sleeps = record_sleeps(client)
    with pytest.raises(ServerError) as caught:
        client.list_memories()
    assert len(script.requests) == 4 and len(sleeps) == 3
    assert (caught.value.status, caught.value.code, caught.value.message) == (500, "INTERNAL_ERROR", "boom")


def test_retry_after_is_honoured_in_seconds_and_as_a_date(client_with: Callable[..., Any]) -> None:
    later = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    throttled = [
        httpx.Response(429, headers={"retry-after": "7"}, json={"message": "Too Many Requests"}),
        httpx.Response(503, headers={"retry-after": later}, json={"error": {"code": "X", "message": "m"}}),
    ]
    script = Script(*throttled, httpx.Response(200, json=SESSION))
    client = client_with(script)
    sleeps = record_sleeps(client)
    client.get_session("nurse", "s1")
    assert sleeps[0] == 7.0 and 25 <= sleeps[1] <= 30


def test_a_retry_after_beyond_the_policy_is_raised_at_once(client_with: Callable[..., Any]) -> None:
    script = Script(httpx.Response(429, headers={"retry-after": "3600"}, json={"message": "Too Many Requests"}))
    client = client_with(script, retry=RetryPolicy(max_retry_after=60))
    sleeps = record_sleeps(client)
    with pytest.raises(RateLimited) as caught:
        client.search_memories("x")
    assert len(script.requests) == 1 and sleeps == []
    # API Gateway's own body is {"message"}: the code comes from the status
    e = caught.value
    assert (e.code, e.message, e.retry_after) == ("THROTTLED", "Too Many Requests", 3600)


def test_a_post_without_an_idempotency_key_is_never_retried(client_with: Callable[..., Any]) -> None:
    script = Script(_error(503, "UNAVAILABLE"), httpx.Response(201, json={}))
    client = client_with(script)
    with pytest.raises(ServerError):
        client.request_erasure()
    assert len(script.requests) == 1


def test_a_created_memory_is_retried_under_one_key_and_waits_for_a_first_try_in_progress(
    client_with: Callable[..., Any],
) -> None:
    in_progress = httpx.Response(
        409,
        headers={"retry-after": "2"},
        json={"error": {"code": "REQUEST_IN_PROGRESS", "message": "still running", "details": {"retry_after": 2}}},
    )
    conflict = _error(409, "CONFLICT")
    script = Script(httpx.ConnectError("refused"), in_progress, _error(503, "UNAVAILABLE"), conflict)
    client = client_with(script, retry=RetryPolicy(max_attempts=5))
    sleeps = record_sleeps(client)
    with pytest.raises(Conflict):  # a plain CONFLICT (or a reused key) is the caller's to resolve: never retried
        client.create_memory("nurse", summary="Allergic to penicillin")
    keys = {body["idempotency_key"] for body in script.bodies()}
    assert len(script.requests) == 4 and len(keys) == 1 and sleeps[1] == 2.0


def test_turns_get_a_generated_idempotency_key_that_every_retry_repeats(client_with: Callable[..., Any]) -> None:
    script = Script(httpx.ConnectError("refused"), _error(504, "TIMEOUT"), httpx.Response(200, json=TURN))
    client = client_with(script)
    record_sleeps(client)
    assert client.record_turn("nurse", "s1", "I walked 2 km.", "Great!").turn.seq == 1
    keys = {body["idempotency_key"] for body in script.bodies()}
    assert len(script.requests) == 3 and len(keys) == 1
    assert uuid.UUID(keys.pop()).version == 4
    client.record_turn("nurse", "s1", "I walked 2 km.", "Great!")
    assert script.bodies()[-1]["idempotency_key"] != script.bodies()[0]["idempotency_key"]  # a new call, a new key


def test_chat_keeps_the_callers_idempotency_key(client_with: Callable[..., Any]) -> None:
    processing = {"status": "processing", "request_id": "r1", "deduplicated": True, "retry_after": 2}
    script = Script(_error(500, "INTERNAL_ERROR"), httpx.Response(202, json=processing, headers={"retry-after": "2"}))
    client = client_with(script)
    record_sleeps(client)
    answer = client.chat("nurse", "s1", "hello", idempotency_key="my-key-1", wait=0)
    assert isinstance(answer, models.ProcessingResponse) and answer.retry_after == 2  # a 202 is an answer
    assert [b["idempotency_key"] for b in script.bodies()] == ["my-key-1", "my-key-1"]
    assert script.bodies()[0] == {"message": "hello", "idempotency_key": "my-key-1"}


def test_chat_fetches_the_answer_of_a_duplicate_still_being_answered(client_with: Callable[..., Any]) -> None:
    processing = {"status": "processing", "request_id": "r1", "deduplicated": True, "retry_after": 2}
    script = Script(
        httpx.Response(202, json=processing),
        httpx.Response(202, json={**processing, "retry_after": 3}),
        httpx.Response(200, json=CHAT),
    )
    client = client_with(script)
    sleeps = record_sleeps(client)
    answer = client.chat("nurse", "s1", "hello")
    assert isinstance(answer, models.ChatResponse) and answer.reply == "hi there"
    assert sleeps == [2.0, 3.0]
    assert [(r.method, r.url.path) for r in script.requests[1:]] == [
        ("GET", "/v1/personas/nurse/sessions/s1/requests/r1"),
        ("GET", "/v1/personas/nurse/sessions/s1/requests/r1"),
    ]
    script.answers = [httpx.Response(202, json=processing)]
    still = client.chat("nurse", "s1", "hello", wait=5)  # gives up after 5 s of waiting
    assert isinstance(still, models.ProcessingResponse) and sum(sleeps[2:]) == 5


def test_a_delete_retried_after_a_lost_answer_reports_the_deletion_it_made(client_with: Callable[..., Any]) -> None:
    gone = _error(404, "NOT_FOUND")
    script = Script(httpx.ReadTimeout("answer lost"), gone)  # the first try deleted it
    client = client_with(script)
    record_sleeps(client)
    answer = client.delete_memory("m1")
    assert (answer.memory_id, answer.deleted, len(script.requests)) == ("m1", True, 2)
    # a request that never left (no connection), or none retried: a 404 is the caller's to know
    for script in (Script(httpx.ConnectError("refused"), gone), Script(gone)):
        client = client_with(script)
        record_sleeps(client)
        with pytest.raises(NotFound):
            client.delete_memory("m1")


def test_connection_errors_are_retried_for_idempotent_calls_only(client_with: Callable[..., Any]) -> None:
    script = Script(httpx.ConnectError("refused"))
    client = client_with(script, max_attempts=3)
    sleeps = record_sleeps(client)
    with pytest.raises(EngramConnectionError) as caught:
        client.get_memory("m1")
    assert len(script.requests) == 3 and len(sleeps) == 2
    assert (caught.value.status, caught.value.code) == (0, "CONNECTION_ERROR")
    assert isinstance(caught.value.__cause__, httpx.ConnectError)
    with pytest.raises(EngramConnectionError):
        client.start_export()
    assert len(script.requests) == 4  # one attempt


# --- errors ----------------------------------------------------------------------------------------

ERRORS = [
    (400, "VALIDATION_ERROR", ValidationError),
    (401, "UNAUTHORIZED", Unauthorized),
    (403, "CONFIRMATION_INVALID", Forbidden),
    (404, "NOT_FOUND", NotFound),
    (409, "CONFLICT", Conflict),
    (410, "CONFIRMATION_EXPIRED", Gone),
    (413, "PAYLOAD_TOO_LARGE", PayloadTooLarge),
    (415, "UNSUPPORTED_MEDIA_TYPE", EngramError),
    (429, "THROTTLED", RateLimited),
    (500, "INTERNAL_ERROR", ServerError),
]


@pytest.mark.parametrize(("status", "code", "error"), ERRORS)
def test_error_bodies_become_exceptions(
    client_with: Callable[..., Any], status: int, code: str, error: type[EngramError]
) -> None:
    details = {"errors": [{"field": "version", "problem": "missing"}]}
    script = Script(httpx.Response(status, json={"error": {"code": code, "message": "it failed", "details": details}}))
    client = client_with(script, max_attempts=1)
    with pytest.raises(error) as caught:
        client.update_memory("m1", version=1, pinned=True)
    e = caught.value
    assert type(e) is error
    assert (e.status, e.code, e.message, e.details) == (status, code, "it failed", details)
    assert str(e) == f"{status} {code}: it failed"


def test_an_error_without_a_json_body(client_with: Callable[..., Any]) -> None:
    client = client_with(Script(httpx.Response(502, text="<html>Bad Gateway</html>")), max_attempts=1)
    with pytest.raises(ServerError) as caught:
        client.get_memory("m1")
    e = caught.value
    assert (e.status, e.code, e.message) == (502, "INTERNAL_ERROR", "<html>Bad Gateway</html>")


# --- auth modes, URLs ----------------------------------------------------------------------------


def test_the_same_method_goes_to_the_end_user_or_the_backend_route(client_with: Callable[..., Any]) -> None:
    script = Script(httpx.Response(200, json={"results": []}))
    user = client_with(script)
    user.search_memories("breathing at night", persona_id="nurse", type=["fact", "todo"], from_=date(2026, 1, 2))
    backend = client_with(script, token=None, api_key="k3y", user_id="alice@example.com")
    backend.search_memories("breathing", include_kb=True, to=datetime(2026, 2, 1, 12, 0, tzinfo=UTC), limit=5)
    first, second = script.requests
    assert first.url.path == "/v1/memories/search"
    assert first.url.query == b"from=2026-01-02&persona_id=nurse&q=breathing%20at%20night&type=fact%2Ctodo"
    assert first.headers["authorization"] == "Bearer t0k3n" and "x-api-key" not in first.headers
    assert second.url.raw_path.startswith(b"/v1/users/alice@example.com/memories/search?")
    assert second.url.params["to"] == "2026-02-01T12:00:00+00:00" and second.url.params["include_kb"] == "true"
    assert second.headers["x-api-key"] == "k3y" and "authorization" not in second.headers


def test_for_user_shares_the_connection_and_changes_the_user(client_with: Callable[..., Any]) -> None:
    script = Script(httpx.Response(200, json=SESSION))
    backend = client_with(script, token=None, api_key="k3y", user_id="alice")
    backend.for_user("bob").get_session("nurse", "s1")
    backend.get_session("nurse", "s1")
    assert [r.url.path for r in script.requests] == [
        "/v1/users/bob/personas/nurse/sessions/s1",
        "/v1/users/alice/personas/nurse/sessions/s1",
    ]


def test_routes_that_do_not_exist_in_the_clients_mode_raise_before_any_request(
    client_with: Callable[..., Any],
) -> None:
    script = Script(httpx.Response(200, json={"documents": []}))
    user = client_with(script)
    with pytest.raises(AuthModeError, match="backend credentials"):
        user.list_kb_documents()
    with pytest.raises(AuthModeError):
        user.list_audit()
    with pytest.raises(AuthModeError):
        user.for_user("bob")
    backend = client_with(script, token=None, api_key="k3y")  # no user: the knowledge base only
    assert backend.list_kb_documents().documents == []
    with pytest.raises(AuthModeError, match="no user_id"):
        backend.get_memory("m1")
    assert len(script.requests) == 1


def test_a_client_has_exactly_one_auth_mode(kind: str, open_client: Callable[..., Any]) -> None:
    with pytest.raises(ValueError, match="exactly one"):
        open_client(kind, BASE)
    with pytest.raises(ValueError, match="exactly one"):
        open_client(kind, BASE, token="t", api_key="k")
    with pytest.raises(ValueError, match="backend clients"):
        open_client(kind, BASE, token="t", user_id="alice")
    assert open_client(kind, BASE, api_key="k", user_id="alice").mode == "backend"
    assert open_client(kind, BASE, token="t").mode == "end_user"
