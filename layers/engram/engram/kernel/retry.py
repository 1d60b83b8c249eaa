"""M4: a fixed number of attempts with exponential back-off on the injected clock."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from engram.kernel.clock import Clock
from engram.kernel.errors import LlmFailure

T = TypeVar("T")


def with_retries(call: Callable[[], T], attempts: int, backoff_s: Sequence[float], clock: Clock) -> T:
    """Run `call`; on LlmFailure wait backoff_s[i] and try again, `attempts` times in total."""
    last: LlmFailure | None = None
    for attempt in range(attempts):
        try:
            return call()
        except LlmFailure as exc:
            last = exc
            if attempt + 1 < attempts:
                clock.sleep(backoff_s[min(attempt, len(backoff_s) - 1)])
    assert last is not None
    raise last
