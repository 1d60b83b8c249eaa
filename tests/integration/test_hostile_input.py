"""Hostile bodies get a clear 4xx before routing, never a 5xx: wrong media type, invalid
UTF-8, JSON nested past the limit (M3); unknown methods get 405 from the local server."""

from __future__ import annotations

import base64
import http.client
import json
import time
from collections.abc import Iterator

import pytest

from engram import runtime
from engram.kernel.json_depth import json_depth_exceeds
from engram.local import tokens
from engram.local.gateway import LocalGateway
from engram.local.server import make_server, serve_in_background
from engram.settings import Settings
from engram.wiring import Container

BASE = "/v1/personas/nurse/sessions/s1"


@pytest.fixture
def gw(container: Container, settings: Settings) -> Iterator[LocalGateway]:
    container.erasure_trigger = lambda: None  # a persona deletion's job: not in the background here
    runtime.set_container(container)
    yield LocalGateway(settings)
    runtime.set_container(None)


def _headers(settings: Settings, content_type: str = "application/json") -> dict[str, str]:
    return {"authorization": f"Bearer {tokens.mint(settings, 'hal')}", "content-type": content_type}


@pytest.mark.parametrize(
    "content_type", ["text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", ""]
)
def test_non_json_bodies_get_415(gw: LocalGateway, settings: Settings, content_type: str) -> None:
    resp = gw.handle("POST", BASE + "/chat", _headers(settings, content_type), b'{"message": "hi"}')
    assert resp.status == 415 and resp.json()["error"]["code"] == "UNSUPPORTED_MEDIA_TYPE"


@pytest.mark.parametrize("content_type", ["application/vnd.x+json", "application/merge-patch+json", "text/json"])
def test_json_suffix_types_get_415(gw: LocalGateway, settings: Settings, content_type: str) -> None:
    """Only application/json is the contract (the OpenAPI document declares no other body type)."""
    resp = gw.handle("POST", BASE + "/chat", _headers(settings, content_type), b'{"message": "hi"}')
    assert resp.status == 415 and resp.json()["error"]["code"] == "UNSUPPORTED_MEDIA_TYPE"


def test_an_integer_too_long_to_parse_gets_400(gw: LocalGateway, settings: Settings) -> None:
    """Python refuses to parse an int of more than sys.get_int_max_str_digits() digits (a ValueError)."""
    for number in ("1" * 5000, "-" + "9" * 5000, "1" * 5000 + ".5"):
        body = b'{"message": "hi", "metadata": {"n": ' + number.encode() + b"}}"
        resp = gw.handle("POST", BASE + "/chat", _headers(settings), body)
        assert resp.status == 400, (number[:8], resp.status, resp.body[:200])
        assert resp.json()["error"]["code"] == "VALIDATION_ERROR" and "digits" in resp.json()["error"]["message"]
    within = b'{"message": "' + b"1" * 5000 + b'", "metadata": {"n": ' + b"1" * 4000 + b"}}"
    assert "digits" not in gw.handle("POST", BASE + "/context", _headers(settings), within).body.decode()


def test_json_with_charset_is_accepted(gw: LocalGateway, settings: Settings) -> None:
    ok = gw.handle(
        "POST", BASE + "/context", _headers(settings, "application/json; charset=utf-8"), b'{"message": "hi"}'
    )
    assert ok.status == 200


def test_invalid_utf8_gets_400(gw: LocalGateway, settings: Settings) -> None:
    resp = gw.handle("POST", BASE + "/chat", _headers(settings), b'{"message": "\xff\xfe"}')
    assert resp.status == 400 and resp.json()["error"]["code"] == "VALIDATION_ERROR"


def test_deeply_nested_json_gets_400_quickly(gw: LocalGateway, settings: Settings) -> None:
    body = ("[" * 200_000 + "]" * 200_000).encode()
    started = time.process_time()  # this process's CPU: a loaded machine does not count
    resp = gw.handle("POST", BASE + "/chat", _headers(settings), body)
    assert resp.status == 400 and "nests deeper" in resp.json()["error"]["message"]
    assert time.process_time() - started < 5  # linear scan, no recursion
    within = json.dumps({"message": "hi", "x": json.loads("[" * 60 + "]" * 60)}).encode()
    assert "nests deeper" not in gw.handle("POST", BASE + "/chat", _headers(settings), within).body.decode()


def test_depth_scan_ignores_brackets_inside_strings() -> None:
    assert not json_depth_exceeds(json.dumps({"a": "[[[[[[[[[[" * 50}), 3)
    assert json_depth_exceeds('{"a": [[[1]]]}', 3)
    assert not json_depth_exceeds('{"a": [[1]]}', 3)
    assert not json_depth_exceeds(json.dumps({"a": 'quote \\" [[[[[[[ '}), 2)


def test_base64_bodies_are_decoded_and_checked(container: Container, settings: Settings) -> None:
    from engram.adapters.lambda_context import LocalContext
    from engram.local.apigw import build_event
    from functions.api.handler import lambda_handler

    container.erasure_trigger = lambda: None  # a persona deletion's job: not in the background here
    runtime.set_container(container)
    try:
        event = build_event("POST", BASE + "/context", _headers(settings), b'{"message": "hi"}', claims={"sub": "hal"})
        event["body"], event["isBase64Encoded"] = base64.b64encode(b'{"message": "hi"}').decode(), True
        assert lambda_handler(event, LocalContext())["statusCode"] == 200
        event["body"] = base64.b64encode(b'{"message": "\xc3\x28"}').decode()
        assert lambda_handler(event, LocalContext())["statusCode"] == 400
    finally:
        runtime.set_container(None)


@pytest.mark.parametrize("method", ["HEAD", "OPTIONS", "TRACE", "PROPFIND", "QUERY", "GET", "DELETE"])
def test_undeclared_methods_get_405_with_the_paths_methods(gw: LocalGateway, settings: Settings, method: str) -> None:
    """RFC 9110: 405 names the methods the path has (Allow), over HTTP, twice on one connection
    (a body sent with the refused method must not spill into the next request)."""
    server = make_server(gw, port=0)
    serve_in_background(server)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
        for _ in range(2):
            conn.request(method, BASE + "/chat", body=b'{"message": "hi"}', headers=_headers(settings))
            resp = conn.getresponse()
            body = resp.read()
            assert resp.status == 405 and resp.getheader("allow") == "POST", (resp.status, body[:200])
            if method != "HEAD":
                assert json.loads(body)["error"]["code"] == "METHOD_NOT_ALLOWED"
        conn.close()
    finally:
        server.shutdown()


def test_405_lists_every_method_of_the_path(gw: LocalGateway, settings: Settings) -> None:
    auth = _headers(settings)
    backend = {"x-api-key": settings.local_api_key.get_secret_value()}
    cases = [
        ("PUT", "/v1/memories/mem-1", auth, "DELETE, GET, PATCH"),
        ("POST", "/v1/personas/nurse/sessions/s1", auth, "GET"),
        ("DELETE", "/v1/users/u1/audit", backend, "GET"),  # the audit reader's path
        ("GET", "/line/webhook/respira", {}, "POST"),  # the LINE webhook's
        ("POST", "/inspector", {}, "GET"),
        # A literal path wins over the template it also matches (<memory_id>): its methods only,
        # and the others are refused, not handed to that template (a memory named "archive").
        ("DELETE", "/v1/memories/archive", auth, "GET"),
        ("PATCH", "/v1/memories/search", auth, "GET"),
        ("OPTIONS", "/v1/memories/timeline", auth, "GET"),
        ("GET", "/v1/memories/summarize", auth, "POST"),
        ("DELETE", "/v1/users/u1/memories/load", backend, "GET"),
        ("GET", "/v1/users/u1/memories/summarize", backend, "POST"),
    ]
    for method, path, headers, allow in cases:
        resp = gw.handle(method, path, headers, None)
        assert (resp.status, resp.headers.get("allow")) == (405, allow), (method, path, resp.status, resp.body)
        assert resp.json()["error"]["code"] == "METHOD_NOT_ALLOWED"
    nowhere = gw.handle("GET", "/v1/no/such/route", auth, None)
    assert nowhere.status == 404 and "allow" not in nowhere.headers


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/memories", {"persona_id": "nurse", "summary": "Likes tea", "pinned": 0}),
        ("/v1/memories", {"persona_id": "nurse", "summary": "Likes tea", "importance": True}),
        ("/v1/memories", {"persona_id": "nurse", "summary": "Likes tea", "pinned": "true"}),
        (BASE + "/chat", {"message": "hi", "audio_id": "a1", "part": False}),
        (BASE + "/chat", {"message": "hi", "audio_id": "a1", "part": "1"}),
        (BASE + "/chat", {"message": "hi", "audio_id": "a1", "part": 1.5}),
        (BASE + "/chat", {"message": "hi", "is_final": "false"}),
        (BASE + "/context", {"message": "hi", "preview": 0}),
        (BASE + "/context", {"message": 1}),
    ],
)
def test_json_of_the_wrong_type_gets_400(
    gw: LocalGateway, settings: Settings, path: str, body: dict[str, object]
) -> None:
    """The body means what its JSON types say (the OpenAPI document's): 0 is no boolean, false or "1"
    no integer, true no number; nothing is coerced, nothing is written."""
    resp = gw.handle("POST", path, _headers(settings), json.dumps(body).encode())
    assert resp.status == 400 and resp.json()["error"]["code"] == "VALIDATION_ERROR", (body, resp.status, resp.body)


def test_a_whole_number_written_with_a_fraction_is_an_integer(gw: LocalGateway, settings: Settings) -> None:
    """JSON Schema's integer: 1.0 is one, as the OpenAPI document says, though strict types refuse it."""
    body = {"message": "one", "audio_id": "a1", "is_final": False, "part": 1.0}
    resp = gw.handle("POST", BASE + "/chat", _headers(settings), json.dumps(body).encode())
    assert resp.status == 202 and resp.json()["status"] == "buffered", resp.body


def test_one_access_log_line_per_request_without_content(gw: LocalGateway, settings: Settings) -> None:
    import io
    import logging

    from functions.api.handler import logger

    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logger.registered_formatter)
    logger.addHandler(handler)
    try:
        secret_words = "my-very-private-diagnosis"
        gw.handle("POST", BASE + "/context", _headers(settings), json.dumps({"message": secret_words}).encode())
        gw.handle("POST", BASE + "/chat", _headers(settings, "text/plain"), b"x")
    finally:
        logger.removeHandler(handler)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    access = [line for line in lines if line.get("message") == "request"]
    assert [(a["method"], a["route"], a["status"]) for a in access] == [
        ("POST", "/v1/personas/{persona_id}/sessions/{session_id}/context", 200),
        ("POST", "-", 415),
    ]
    assert all(isinstance(a["latency_ms"], float) and "request_id" in a for a in access)
    assert secret_words not in stream.getvalue()


def test_percent_encoded_ids_name_the_same_session(gw: LocalGateway, settings: Settings) -> None:
    """Clients encode ':' and '@' in path segments; the id is the decoded one (as API Gateway's)."""
    encoded = "/v1/personas/care%3Abot/sessions/s%40line/chat"
    first = gw.handle("POST", encoded, _headers(settings), json.dumps({"message": "My dog is Biscuit."}).encode())
    assert first.status == 200, first.body
    session = gw.handle("GET", "/v1/personas/care:bot/sessions/s@line", _headers(settings), None)
    assert session.status == 200 and session.json()["turn_count"] == 1
    # A segment that decodes to a slash, or to bytes that are not UTF-8, is an invalid id.
    for bad in ("care%2Fbot", "care%FFbot"):
        r = gw.handle("POST", f"/v1/personas/{bad}/sessions/s1/chat", _headers(settings), b'{"message": "hi"}')
        assert r.status == 400 and r.json()["error"]["code"] == "VALIDATION_ERROR", bad
