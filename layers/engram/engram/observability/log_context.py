"""O3: log keys that belong to one invocation and one thread, never to the next.

Every handler's `Logger()` is the same Powertools logger (one service name), with one
formatter. `inject_lambda_context` appends the Lambda context and correlation id to that
formatter's shared dict: fine with one invocation per process, as in Lambda, but the local
stack runs the API, the turn worker, the indexer and the schedules in threads of one
process, so one thread's request id landed on another's lines, and a key a worker appended
(or an API correlation id) stayed on every later line. Here the keys live in Powertools'
thread-local context (`thread_safe_append_keys`), set when an invocation starts and
cleared when it ends.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from aws_lambda_powertools import Logger
from aws_lambda_powertools.utilities import jmespath_utils

F = TypeVar("F", bound=Callable[..., Any])

_cold = [True]
_cold_lock = threading.Lock()


def _cold_start() -> bool:
    """True for the first invocation in this process (any handler), as Powertools counts it."""
    with _cold_lock:
        cold, _cold[0] = _cold[0], False
    return cold


def invocation_keys(context: Any) -> dict[str, Any]:
    """The Lambda context keys Powertools' inject_lambda_context writes, under the same names."""
    return {
        "cold_start": _cold_start(),
        "function_name": getattr(context, "function_name", None),
        "function_memory_size": getattr(context, "memory_limit_in_mb", None),
        "function_arn": getattr(context, "invoked_function_arn", None),
        "function_request_id": getattr(context, "aws_request_id", None),
    }


def inject_invocation_context(logger: Logger, correlation_id_path: str | None = None) -> Callable[[F], F]:
    """Use instead of `logger.inject_lambda_context` on a Lambda handler."""

    def decorate(handler: F) -> F:
        @functools.wraps(handler)
        def wrapper(event: Any, context: Any, *args: Any, **kwargs: Any) -> Any:
            keys = invocation_keys(context)
            if correlation_id_path and isinstance(event, dict):
                keys["correlation_id"] = jmespath_utils.query(envelope=correlation_id_path, data=event)
            logger.thread_safe_clear_keys()  # whatever this thread had before is not ours
            logger.thread_safe_append_keys(**keys)
            try:
                return handler(event, context, *args, **kwargs)
            finally:
                logger.thread_safe_clear_keys()

        return wrapper  # type: ignore[return-value]

    return decorate


@contextmanager
def scoped_keys(logger: Logger, **keys: Any) -> Iterator[None]:
    """Keys for the lines of one batch record; the invocation's own keys come back afterwards."""
    before = dict(logger.thread_safe_get_current_keys())
    logger.thread_safe_append_keys(**keys)
    try:
        yield
    finally:
        logger.thread_safe_clear_keys()
        logger.thread_safe_append_keys(**before)
