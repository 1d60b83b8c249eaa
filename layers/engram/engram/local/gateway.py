"""Plays API Gateway in front of the real API handler: authorizers, event shape, response mapping."""

from __future__ import annotations

import base64
import hmac
import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from engram.adapters.lambda_context import LocalContext
from engram.kernel.errors import Unauthorized
from engram.local import tokens
from engram.local.apigw import build_event
from engram.local.events_feed import LOCAL_EVENTS, user_events
from engram.settings import Settings

Handler = Callable[[dict[str, Any], Any], dict[str, Any]]
MAX_BODY_BYTES = 10 * 1024 * 1024  # API Gateway's payload limit


@dataclass(frozen=True, slots=True)
class GatewayResponse:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def _deny(status: int, code: str, message: str, path: str = "") -> GatewayResponse:
    if path.startswith("/openai/"):  # the OpenAI-compatible door answers in OpenAI's error shape
        from functions.api import openai_errors

        body = openai_errors.body(status, code, message).encode()
        return GatewayResponse(status, {"content-type": "application/json"}, body)
    body = json.dumps({"error": {"code": code, "message": message, "details": {}}}).encode()
    return GatewayResponse(status, {"content-type": "application/json"}, body)


AUDIT_ROUTE = re.compile(r"^/v1/users/[^/]+/audit$")  # P6: its own function in AWS (read-only role)
LINE_ROUTE = re.compile(r"^/line/webhook/[^/]+$")  # W1: its own function, no authorizer (the signature is)
LOCAL_SIGN_IN = "/local/token"  # the inspector's "sign in as" for demo users: the local stack only, never in AWS


# The OpenAI-compatible door (functions/api/routes/openai_compat.py): end users' JWT, backends' IAM.
OPENAI_USER = "/openai/v1/"
OPENAI_BACKEND = "/openai/backend/v1/"


def _door_key(path: str, headers: dict[str, str]) -> str:
    """Locally an OpenAI client's api_key may be the backend key: it sends it as a bearer token
    (in AWS the backend signs with SigV4 instead)."""
    bearer = headers.get("authorization", "")
    return bearer[7:].strip() if path.startswith(OPENAI_BACKEND) and bearer.lower().startswith("bearer ") else ""


LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]"})


def _local_token(settings: Settings, method: str, body: bytes | None, host: str) -> GatewayResponse:
    """GET says the local sign-in exists; POST {"user_id"} mints that user's token (as `engram
    token` does). Local only: in AWS the identity provider issues tokens. Only for a loopback
    Host, so a web page that rebinds its own name to 127.0.0.1 cannot mint one."""
    from engram.kernel.errors import ValidationFailed
    from engram.kernel.ids import check_id

    name = host.split("]")[0] + "]" if host.startswith("[") else host.rsplit(":", 1)[0]
    if name.lower() not in LOOPBACK_HOSTS:
        return _deny(403, "FORBIDDEN", "the local sign-in answers on 127.0.0.1 / localhost only")

    if method.upper() == "GET":
        payload: dict[str, Any] = {"available": True}
    elif method.upper() == "POST":
        try:
            raw = json.loads(body or b"{}")
            user = check_id("user_id", str(raw.get("user_id", "")) if isinstance(raw, dict) else "")
        except (ValueError, ValidationFailed):
            return _deny(400, "VALIDATION_ERROR", "give a valid user_id")
        payload = {"user_id": user, "token": tokens.mint(settings, user), "expires_in": 24 * 3600}
    else:
        denied = _deny(405, "METHOD_NOT_ALLOWED", "GET or POST")
        return GatewayResponse(denied.status, {**denied.headers, "allow": "GET, POST"}, denied.body)
    return GatewayResponse(
        200, {"content-type": "application/json", "cache-control": "no-store"}, json.dumps(payload).encode()
    )


def _iam_caller(settings: Settings, key: str) -> str | None:
    """The IAM user a local API key plays (SigV4's part): the backend key, the operator key (P6)
    and settings.local_backend_keys; the handler then checks that caller's allow-list and tenants."""
    callers = {
        settings.local_api_key.get_secret_value(): "local-backend",
        settings.local_operator_api_key.get_secret_value(): "local-operator",
        **settings.local_backend_keys,
    }
    found = None
    for known, caller in callers.items():  # every key compared, in constant time each
        if known and hmac.compare_digest(key.encode(), known.encode()):
            found = caller
    return found


class LocalGateway:
    def __init__(self, settings: Settings, handler: Handler | None = None) -> None:
        if handler is None:
            from functions.api.handler import lambda_handler

            handler = lambda_handler
        self._handler = handler
        self._audit_handler: Handler | None = None
        self._settings = settings
        self._lock = threading.Lock()

    def _events(self, headers: dict[str, str]) -> GatewayResponse:
        try:
            claims = tokens.verify(self._settings, headers.get("authorization"))
        except Unauthorized as exc:
            return _deny(401, exc.code, exc.message)
        payload = json.dumps(user_events(self._settings, claims)).encode()
        return GatewayResponse(200, {"content-type": "application/json", "cache-control": "no-store"}, payload)

    def handle(self, method: str, url: str, headers: dict[str, str], body: bytes | None) -> GatewayResponse:
        path = urlsplit(url).path
        lower = {k.lower(): v for k, v in headers.items()}
        if body is not None and len(body) > MAX_BODY_BYTES:
            return _deny(413, "PAYLOAD_TOO_LARGE", "the request body exceeds the gateway limit")
        claims: dict[str, Any] | None = None
        iam_caller: str | None = None
        if path == LOCAL_SIGN_IN:
            return _local_token(self._settings, method, body, lower.get("host", "127.0.0.1"))
        if path == LOCAL_EVENTS:  # the inspector's event feed: the local bus, the caller's own events
            return self._events(lower)
        if LINE_ROUTE.match(path) and method.upper() == "POST":
            from functions.line_webhook.handler import lambda_handler as line_handler

            result = line_handler(build_event(method, url, headers, body), LocalContext())
            return GatewayResponse(
                int(result.get("statusCode", 200)),
                {k.lower(): str(v) for k, v in (result.get("headers") or {}).items()},
                str(result.get("body") or "").encode(),
            )
        if path.startswith(("/v1/users/", "/v1/kb/", OPENAI_BACKEND)):  # IAM in AWS; a backend API key locally
            iam_caller = _iam_caller(self._settings, lower.get("x-api-key") or _door_key(path, lower))
            if iam_caller is None:
                return _deny(403, "FORBIDDEN", "backend routes need a backend (or operator) API key", path)
        elif path.startswith(("/v1/", OPENAI_USER)):  # JWT authorizer
            try:
                claims = tokens.verify(self._settings, lower.get("authorization"))
            except Unauthorized as exc:
                return _deny(401, exc.code, exc.message, path)
        event = build_event(method, url, headers, body, claims=claims, iam_caller=iam_caller)
        # One request at a time per handler, as in a Lambda execution environment: the Powertools
        # resolver keeps the current event on the app object, so threads must not interleave.
        handler = self._handler
        if AUDIT_ROUTE.match(path):
            if self._audit_handler is None:
                from functions.audit.handler import lambda_handler as audit_handler

                self._audit_handler = audit_handler
            handler = self._audit_handler
        with self._lock:
            result = handler(event, LocalContext())
        raw = result.get("body") or ""
        payload = base64.b64decode(raw) if result.get("isBase64Encoded") else raw.encode("utf-8")
        out_headers = {k.lower(): str(v) for k, v in (result.get("headers") or {}).items()}
        for name, values in (result.get("multiValueHeaders") or {}).items():
            out_headers[name.lower()] = ", ".join(values)
        return GatewayResponse(int(result.get("statusCode", 200)), out_headers, payload)
