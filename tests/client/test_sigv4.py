"""SigV4 for the backend routes: the Authorization header botocore makes, over the request exactly as
it is sent (checked against a signature computed here from the AWS specification)."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import re
from typing import Any

import httpx
from botocore.credentials import Credentials
from engram_client import EngramClient, SigV4Auth

ACCESS_KEY = "AKIDEXAMPLE"
SECRET_KEY = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
SESSION_TOKEN = "FQoGZXIvYXdzEXAMPLEtoken"
REGION = "eu-west-1"
AUTHORIZATION = re.compile(
    r"AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/(\d{8})/eu-west-1/execute-api/aws4_request, "
    r"SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})"
)


def _hmac(key: bytes, msg: str) -> bytes:
    return hmac.new(key, msg.encode(), hashlib.sha256).digest()


def expected_signature(request: httpx.Request, signed: list[str]) -> str:
    """SigV4 as the specification describes it, for API Gateway (execute-api)."""
    amz_date = request.headers["x-amz-date"]
    canonical = "\n".join(
        [
            request.method,
            request.url.raw_path.split(b"?")[0].decode(),
            request.url.query.decode(),  # sent already canonical: sorted, RFC 3986-encoded
            "".join(f"{name}:{request.headers[name].strip()}\n" for name in signed),
            ";".join(signed),
            hashlib.sha256(request.content).hexdigest(),
        ]
    )
    scope = f"{amz_date[:8]}/{REGION}/execute-api/aws4_request"
    to_sign = f"AWS4-HMAC-SHA256\n{amz_date}\n{scope}\n{hashlib.sha256(canonical.encode()).hexdigest()}"
    key = _hmac(f"AWS4{SECRET_KEY}".encode(), amz_date[:8])
    for part in (REGION, "execute-api", "aws4_request"):
        key = _hmac(key, part)
    return hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()


def _send(credentials: Any, call: Any) -> httpx.Request:
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, json={"results": []})

    auth = SigV4Auth(region=REGION, credentials=credentials)
    with (
        EngramClient(
            "https://abc123.execute-api.eu-west-1.amazonaws.com",
            sigv4=auth,
            user_id="alice",
            transport=httpx.MockTransport(handler),
            headers={"x-engram-plan": "free"},
        ) as client,
        contextlib.suppress(Exception),
    ):  # the test looks at the request only
        call(client)
    return sent[0]


def test_a_get_is_signed_over_its_canonical_query() -> None:
    request = _send(
        Credentials(ACCESS_KEY, SECRET_KEY),
        lambda c: c.search_memories("breathing at night", persona_id="nurse", type=["fact", "todo"]),
    )
    match = AUTHORIZATION.fullmatch(request.headers["authorization"])
    assert match is not None, request.headers["authorization"]
    date, signed, signature = match.groups()
    assert request.headers["x-amz-date"].startswith(date)
    assert signed == "host;x-amz-date;x-engram-plan"  # the plan header cannot be changed in flight
    assert request.url.query == b"persona_id=nurse&q=breathing%20at%20night&type=fact%2Ctodo"
    assert signature == expected_signature(request, signed.split(";"))
    assert "x-amz-security-token" not in request.headers


def test_a_post_signs_its_body_and_the_session_token() -> None:
    request = _send(
        Credentials(ACCESS_KEY, SECRET_KEY, SESSION_TOKEN),
        lambda c: c.record_turn("nurse", "s1", "I walked 2 km.", "Great!", idempotency_key="k1"),
    )
    match = AUTHORIZATION.fullmatch(request.headers["authorization"])
    assert match is not None
    _, signed, signature = match.groups()
    assert signed == "content-type;host;x-amz-date;x-amz-security-token;x-engram-plan"
    assert request.headers["x-amz-security-token"] == SESSION_TOKEN
    assert request.url.path == "/v1/users/alice/personas/nurse/sessions/s1/turns"
    assert signature == expected_signature(request, signed.split(";"))
    # the signature covers the body: another body would not match
    forged = httpx.Request(request.method, request.url, headers=request.headers, content=b'{"user":"x"}')
    assert expected_signature(forged, signed.split(";")) != signature
