"""The HTTP API end to end through the local gateway (JWT / API-key authorizers, real handler)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram import runtime
from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.lambda_context import LocalContext
from engram.adapters.token_counter import QuicktokCounter
from engram.local import tokens
from engram.local.gateway import GatewayResponse, LocalGateway
from engram.settings import Settings
from engram.wiring import Container

REPO = Path(__file__).resolve().parents[2]

EVENTS = Path(__file__).resolve().parents[2] / "events" / "api"
BASE = "/v1/personas/nurse/sessions/s1"


@pytest.fixture
def gw(container: Container, settings: Settings) -> Iterator[LocalGateway]:
    runtime.set_container(container)
    yield LocalGateway(settings)
    runtime.set_container(None)


def _auth(settings: Settings, user: str = "alice") -> dict[str, str]:
    return {"authorization": f"Bearer {tokens.mint(settings, user)}", "content-type": "application/json"}


def call(gw: LocalGateway, method: str, path: str, headers: dict[str, str], body: Any = None) -> GatewayResponse:
    raw = body if isinstance(body, bytes) else (json.dumps(body).encode() if body is not None else None)
    return gw.handle(method, path, headers, raw)


def item_count(settings: Settings) -> int:
    client = dynamodb_client(TableConfig.from_settings(settings))
    return int(client.scan(TableName=settings.table_name, Select="COUNT")["Count"])


def test_every_sample_event_runs_through_the_real_handler(container: Container) -> None:
    from functions.api.handler import lambda_handler

    runtime.set_container(container)
    try:
        expected = {"chat": 200, "chat_audio": 200, "context": 200, "record_turn": 200, "backend_chat": 200}
        for name, status in expected.items():
            event = json.loads((EVENTS / f"{name}.json").read_text())
            result = lambda_handler(event, LocalContext())
            assert result["statusCode"] == status, (name, result["body"])
        session = lambda_handler(json.loads((EVENTS / "get_session.json").read_text()), LocalContext())
        body = json.loads(session["body"])
        assert session["statusCode"] == 200 and body["turn_count"] == 4  # chat, audio chat, turn, backend chat
        ended = lambda_handler(json.loads((EVENTS / "end_session.json").read_text()), LocalContext())
        assert ended["statusCode"] == 200 and json.loads(ended["body"])["status"] == "ENDED"
    finally:
        runtime.set_container(None)


def test_chat_context_turns_session_end(gw: LocalGateway, settings: Settings) -> None:
    h = _auth(settings)
    r = call(gw, "POST", f"{BASE}/chat", h, {"message": "Hi! I coughed a lot last night."})
    assert r.status == 200 and r.json()["model"] == "local-heuristic" and r.json()["gate"]["decision"] == "USE"
    r = call(gw, "POST", f"{BASE}/turns", h, {"user": "I took my inhaler at 8.", "assistant": "Good."})
    assert r.status == 200 and r.json()["turn"]["seq"] == 2
    r = call(gw, "POST", f"{BASE}/context", h, {"message": "hello"})
    ctx = r.json()
    assert r.status == 200 and ctx["gate"]["decision"] == "SKIP" and ctx["encoding"] == "o200k_base"
    assert [m["role"] for m in ctx["messages"]] == ["system", "user", "assistant", "user", "assistant", "user"]
    counter = QuicktokCounter("o200k_base")  # exact count: content + 3 per message + 3 reply priming
    assert ctx["total_tokens"] == sum(counter.count(m["content"]) + 3 for m in ctx["messages"]) + 3
    r = call(gw, "GET", BASE, h)
    assert r.status == 200 and r.json()["turn_count"] == 2 and r.json()["status"] == "ACTIVE"
    r = call(gw, "POST", f"{BASE}/end", h)
    assert r.status == 200 and r.json()["status"] == "ENDED" and r.json()["memory_id"].startswith("ses-")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"{not json", 400, "VALIDATION_ERROR"),
        ({}, 400, "VALIDATION_ERROR"),
        ({"message": 123}, 400, "VALIDATION_ERROR"),
        ({"message": ["a"]}, 400, "VALIDATION_ERROR"),
        ({"message": "hi", "user_id": "mallory"}, 400, "VALIDATION_ERROR"),  # the user never comes from the body
        ({"message": "   "}, 400, "VALIDATION_ERROR"),
        ({"message": "x" * (16 * 1024 + 1)}, 413, "PAYLOAD_TOO_LARGE"),
        ({"message": "咳" * 6000}, 413, "PAYLOAD_TOO_LARGE"),  # 18 KB of UTF-8
    ],
)
def test_bad_chat_input_is_rejected_and_nothing_is_written(
    gw: LocalGateway, settings: Settings, body: Any, status: int, code: str
) -> None:
    before = item_count(settings)
    r = call(gw, "POST", f"{BASE}/chat", _auth(settings), body)
    assert r.status == status and r.json()["error"]["code"] == code
    assert "Traceback" not in r.body.decode()
    assert item_count(settings) == before


def test_message_limit_is_configurable(container: Container, settings: Settings) -> None:
    small = settings.model_copy(update={"max_message_bytes": 64})
    container.conversation.settings = small
    runtime.set_container(container)
    try:
        r = call(LocalGateway(small), "POST", f"{BASE}/chat", _auth(small), {"message": "y" * 65})
        assert r.status == 413 and r.json()["error"]["details"]["limit"] == 64
    finally:
        runtime.set_container(None)


def test_unknown_session_and_other_users_session(gw: LocalGateway, settings: Settings) -> None:
    assert call(gw, "GET", BASE, _auth(settings)).json()["error"]["code"] == "NOT_FOUND"
    call(gw, "POST", f"{BASE}/turns", _auth(settings, "alice"), {"user": "my secret", "assistant": "ok"})
    before = item_count(settings)
    # bob uses alice's session id: he only ever reaches his own (empty) partition
    r = call(gw, "GET", BASE, _auth(settings, "bob"))
    assert r.status == 404 and r.json()["error"]["code"] == "NOT_FOUND"
    r = call(gw, "POST", f"{BASE}/end", _auth(settings, "bob"))
    assert r.status == 404
    ctx = call(gw, "POST", f"{BASE}/context", _auth(settings, "bob"), {"message": "what did I say?"}).json()
    assert "my secret" not in json.dumps(ctx)
    assert item_count(settings) == before


def test_authorizers(gw: LocalGateway, settings: Settings) -> None:
    body = {"message": "hello"}
    assert call(gw, "POST", f"{BASE}/chat", {}, body).status == 401
    bad = {"authorization": "Bearer not-a-token"}
    assert call(gw, "POST", f"{BASE}/chat", bad, body).json()["error"]["code"] == "UNAUTHORIZED"
    other_secret = settings.model_copy(update={"local_jwt_secret": type(settings.local_jwt_secret)("x" * 40)})
    forged = {"authorization": f"Bearer {tokens.mint(other_secret, 'alice')}"}
    assert call(gw, "POST", f"{BASE}/chat", forged, body).status == 401
    backend_path = "/v1/users/alice/personas/nurse/sessions/s1/chat"
    # an end user's token cannot use the backend routes, nor can a wrong key
    assert call(gw, "POST", backend_path, _auth(settings, "mallory"), body).status == 403
    assert call(gw, "POST", backend_path, {"x-api-key": "wrong"}, body).status == 403
    key = {"x-api-key": settings.local_api_key.get_secret_value(), "content-type": "application/json"}
    r = call(gw, "POST", backend_path, key, body)
    assert r.status == 200
    mine = call(gw, "GET", BASE, _auth(settings, "alice")).json()
    assert mine["turn_count"] == 1  # the backend acted for alice


def test_invalid_identifiers(gw: LocalGateway, settings: Settings) -> None:
    r = call(gw, "POST", "/v1/personas/a%23b/sessions/s1/chat", _auth(settings), {"message": "hi"})
    assert r.status in (400, 404) and r.json()["error"]["code"] in ("VALIDATION_ERROR", "NOT_FOUND")
    r = call(gw, "POST", "/v1/personas/p/sessions/" + "s" * 200 + "/chat", _auth(settings), {"message": "hi"})
    assert r.status == 400 and r.json()["error"]["code"] == "VALIDATION_ERROR"


def test_unknown_route_and_openapi(gw: LocalGateway, settings: Settings) -> None:
    r = call(gw, "GET", "/v1/nothing-here", _auth(settings))
    assert r.status == 404 and r.json()["error"]["code"] == "NOT_FOUND"
    doc = call(gw, "GET", "/openapi.json", {}).json()
    paths = doc["paths"]
    for suffix in ("/chat", "/context", "/turns", "/end", ""):
        assert f"/v1/personas/{{persona_id}}/sessions/{{session_id}}{suffix}" in paths
        assert f"/v1/users/{{user_id}}/personas/{{persona_id}}/sessions/{{session_id}}{suffix}" in paths
    assert "ChatRequest" in doc["components"]["schemas"]
    # The committed contract is what the API serves (regenerate: make openapi).
    assert doc == json.loads((REPO / "docs" / "openapi.json").read_text()), "docs/openapi.json is stale: make openapi"


def test_session_scenario_through_the_api_end_save_and_202_with_retry_after(
    gw: LocalGateway, settings: Settings, container: Container
) -> None:
    h = _auth(settings)
    first = call(gw, "POST", BASE + "/chat", h, {"message": "My dog Biscuit limps."})
    assert first.status == 200
    ended = call(gw, "POST", BASE + "/end", h)
    body = json.loads(ended.body)
    assert ended.status == 200 and body["reason"] == "end" and not body["already_ended"] and body["memory_id"]
    again = json.loads(call(gw, "POST", BASE + "/end", h).body)
    assert again["already_ended"] and again["memory_id"] == body["memory_id"]
    call(gw, "POST", BASE + "/turns", h, {"user": "New run", "assistant": "ok"})
    saved = json.loads(call(gw, "POST", BASE + "/save", h).body)
    assert saved["reason"] == "save" and saved["memory_id"] != body["memory_id"]
    # a partial transcript: 202 buffered; the final one answers
    part = call(gw, "POST", BASE + "/chat", h, {"message": "my chest", "audio_id": "v1", "is_final": False, "part": 0})
    assert part.status == 202 and json.loads(part.body)["status"] == "buffered"
    done = call(gw, "POST", BASE + "/chat", h, {"message": "feels tight", "audio_id": "v1"})
    assert done.status == 200
    # a duplicate whose first copy still holds the claim: 202 with Retry-After, then fetchable
    key = container.conversation
    from engram.kernel.ids import request_id
    from engram.kernel.keys import SessionKey

    skey = SessionKey(settings.default_tenant, "alice", "nurse", "s1")
    rid = request_id(skey, "x", 0, "held")
    key.store.claim_request(skey, rid, "someone-else", 120, container.clock.now())
    key.settings = settings.model_copy(update={"duplicate_wait_s": 0.0})  # answer at once
    held = call(gw, "POST", BASE + "/chat", h, {"message": "x", "idempotency_key": "held"})
    assert held.status == 202 and held.headers.get("retry-after") == str(settings.duplicate_retry_after_s)
    assert json.loads(held.body)["request_id"] == rid
    fetched = call(gw, "GET", f"{BASE}/requests/{rid}", h)
    assert fetched.status == 202 and json.loads(fetched.body)["status"] == "processing"
    assert call(gw, "GET", f"{BASE}/requests/nope", h).status == 404
