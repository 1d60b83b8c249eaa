"""What the client raises: one exception per kind of API error, built from the API's error body.

Every error body of the Engram API is ``{"error": {"code", "message", "details"}}``; API Gateway's own
refusals (before the function runs) are ``{"message": ...}``. Both become an :class:`EngramError`
subclass chosen by the HTTP status, carrying the status, the machine-readable code, the message and
the details.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any

import httpx

__all__ = [
    "AuthModeError",
    "Conflict",
    "EngramConnectionError",
    "EngramError",
    "Forbidden",
    "Gone",
    "NotFound",
    "PayloadTooLarge",
    "RateLimited",
    "ServerError",
    "Unauthorized",
    "ValidationError",
    "error_from_response",
    "parse_retry_after",
]


class EngramError(Exception):
    """An error answered by the Engram API (or by the gateway in front of it).

    ``status`` is the HTTP status (0 when no response arrived: :class:`EngramConnectionError`),
    ``code`` the API's machine-readable code (``NOT_FOUND``, ``CONFLICT``, ...), ``message`` its
    human-readable message and ``details`` its details object (e.g. ``details["errors"]`` on a 400)."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        *,
        request_id: str | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}" if status else f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details: dict[str, Any] = details or {}
        self.request_id = request_id


class ValidationError(EngramError):
    """400: the body, a parameter or an id is invalid (``details["errors"]`` names the fields)."""


class Unauthorized(EngramError):
    """401: no valid credentials (missing, expired or foreign token)."""


class Forbidden(EngramError):
    """403: the caller may not act here (also ``CONFIRMATION_INVALID``: a wrong erasure token)."""


class NotFound(EngramError):
    """404: no such session, memory, document or request (or none of the caller's)."""


class Conflict(EngramError):
    """409: a stale version, or another request is changing the resource; read again and retry."""


class Gone(EngramError):
    """410: e.g. ``CONFIRMATION_EXPIRED``, an erasure token whose 24 h are over."""


class PayloadTooLarge(EngramError):
    """413: a text or the whole request is over its limit (``details["limit"]``)."""


class RateLimited(EngramError):
    """429: throttled; ``retry_after`` is the server's Retry-After in seconds, when it sent one."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        *,
        request_id: str | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(status, code, message, details, request_id=request_id)
        self.retry_after = retry_after


class ServerError(EngramError):
    """5xx: the service failed; idempotent calls were retried before this was raised."""


class EngramConnectionError(EngramError):
    """No response: the connection failed or timed out (``status`` 0, ``code`` ``CONNECTION_ERROR``)."""


class AuthModeError(Exception):
    """A method called in an auth mode where its route does not exist (raised before any request):
    e.g. the knowledge base or the audit log with an end-user token, or a user's route on a backend
    client that has no ``user_id``."""


_BY_STATUS: dict[int, type[EngramError]] = {
    400: ValidationError,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    410: Gone,
    413: PayloadTooLarge,
    429: RateLimited,
}

# The code of a body that has none (API Gateway's own refusals are {"message": ...}).
_DEFAULT_CODES: dict[int, str] = {
    400: "VALIDATION_ERROR",
    401: "UNAUTHORIZED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    409: "CONFLICT",
    410: "GONE",
    413: "PAYLOAD_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    429: "THROTTLED",
}


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Retry-After in seconds: delta-seconds or an HTTP date; None when absent or unreadable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def error_from_response(response: httpx.Response) -> EngramError:
    """The exception for a non-2xx response, from the API's error body (or the gateway's)."""
    status = response.status_code
    code = _DEFAULT_CODES.get(status, "INTERNAL_ERROR" if status >= 500 else f"HTTP_{status}")
    message = response.reason_phrase or f"HTTP {status}"
    details: dict[str, Any] = {}
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError):
        body = None
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            code = str(error.get("code") or code)
            message = str(error.get("message") or message)
            if isinstance(error.get("details"), dict):
                details = error["details"]
        elif isinstance(body.get("message"), str):  # API Gateway's own body
            message = body["message"]
    elif response.text.strip():
        message = response.text.strip()[:500]
    request_id = response.headers.get("x-request-id") or response.headers.get("apigw-requestid")
    cls = _BY_STATUS.get(status) or (ServerError if status >= 500 else EngramError)
    if cls is RateLimited:
        retry_after = parse_retry_after(response.headers.get("retry-after"))
        return RateLimited(status, code, message, details, request_id=request_id, retry_after=retry_after)
    return cls(status, code, message, details, request_id=request_id)
