"""Domain errors. Adapters translate infrastructure failures into these; the
API maps each one to an HTTP status and a machine-readable code in one place."""

from __future__ import annotations

from typing import Any


class EngramError(Exception):
    code = "INTERNAL_ERROR"
    status = 500

    def __init__(self, message: str, *, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or {}


class ValidationFailed(EngramError):
    code = "VALIDATION_ERROR"
    status = 400


class Unauthorized(EngramError):
    code = "UNAUTHORIZED"
    status = 401


class Forbidden(EngramError):
    code = "FORBIDDEN"
    status = 403


class NotFound(EngramError):
    code = "NOT_FOUND"
    status = 404


class Conflict(EngramError):
    """A conditional write lost: stale version, concurrent writer, ended session."""

    code = "CONFLICT"
    status = 409


class DuplicateRequest(EngramError):
    """The write was already applied (same request id); callers treat it as success."""

    code = "DUPLICATE_REQUEST"
    status = 409


class IdempotencyKeyReused(Conflict):
    """An idempotency key came back with a different request: it names one request only (409:
    the request is valid, it conflicts with the one the key was first used for)."""

    code = "IDEMPOTENCY_KEY_REUSED"


class RequestInProgress(Conflict):
    """The first request with this idempotency key is still running; retry after a moment."""

    code = "REQUEST_IN_PROGRESS"


class ErasureInProgress(EngramError):
    """P1: an erasure of this user is running; no write for them lands until it completes
    (details.retry_after, also the Retry-After header). A write after it starts an empty life.
    Not a Conflict: no retry loop may take it for contention and try again at once."""

    code = "ERASURE_IN_PROGRESS"
    status = 409


class QuotaExceeded(EngramError):
    """A user's daily allowance of an expensive request (erasure requests, export jobs) is spent;
    details.retry_after (also the Retry-After header) is the time until the next UTC day."""

    code = "QUOTA_EXCEEDED"
    status = 429


class PayloadTooLarge(EngramError):
    code = "PAYLOAD_TOO_LARGE"
    status = 413


class MemoryLimitReached(EngramError):
    code = "MEMORY_LIMIT_REACHED"
    status = 409


class LlmFailure(EngramError):
    """The model failed after all retries."""

    code = "LLM_FAILED"
    status = 502


class LlmSummaryFailed(LlmFailure):
    code = "LLM_SUMMARY_FAILED"


class StoreUnavailable(EngramError):
    code = "STORE_UNAVAILABLE"
    status = 503


class ContentShredded(EngramError):
    """P3: the data key this content was sealed with is gone (the user was erased): the
    ciphertext can never be read again. Readers treat the content as absent."""

    code = "CONTENT_SHREDDED"
    status = 410
