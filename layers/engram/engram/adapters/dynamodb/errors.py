"""Translate PynamoDB / botocore failures into domain errors (nothing SDK-shaped leaks upward)."""

from __future__ import annotations

from pynamodb.exceptions import PynamoDBException

from engram.kernel.errors import Conflict, EngramError, PayloadTooLarge, StoreUnavailable

_THROTTLED = {"ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded"}
# Cancellation reasons of a transaction that mean "the store is busy", not "the data changed".
_THROTTLED_REASONS = {"ThrottlingError", "ProvisionedThroughputExceeded", "RequestLimitExceeded"}


def cancellation_codes(exc: PynamoDBException) -> list[str | None]:
    reasons = getattr(exc, "cancellation_reasons", None) or []
    return [r.code if r else None for r in reasons]


def is_condition_failure(exc: PynamoDBException) -> bool:
    """A conditional write lost: callers decide what that means (duplicate, conflict, retry)."""
    return getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException"


def translate(exc: PynamoDBException) -> EngramError:
    code = getattr(exc, "cause_response_code", None)
    if code == "ConditionalCheckFailedException":
        return Conflict("the item changed concurrently")
    if code == "TransactionCanceledException":
        if _THROTTLED_REASONS & set(filter(None, cancellation_codes(exc))):
            return StoreUnavailable("the store is throttling requests; retry")
        return Conflict("the transaction was cancelled by a concurrent change")
    if code in _THROTTLED:
        return StoreUnavailable("the store is throttling requests; retry")
    if code == "ValidationException" and "size" in str(getattr(exc, "cause_response_message", "") or exc).lower():
        return PayloadTooLarge("the record would exceed the store's item size limit (400 KB)")
    return StoreUnavailable("the store is unavailable", details={"cause": code or type(exc).__name__})
