"""The ports every layer shares: token counting, job state, metrics."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # numpy is not needed to import the ports (cold start)
    import numpy as np
    import numpy.typing as npt

    Vector = npt.NDArray[np.float32]


class TokenCounter(Protocol):
    encoding_name: str

    def count(self, text: str) -> int: ...

    def truncate(self, text: str, max_tokens: int) -> str: ...


class JobState(Protocol):
    """Cursors a scheduled job keeps between runs (a bounded page each run, resumed next time)."""

    def load(self, job: str) -> dict[str, str | None]: ...

    def save(self, job: str, state: dict[str, str | None]) -> None: ...


class MetricsSink(Protocol):
    """O1 metrics; Powertools EMF in Lambda, an in-memory counter locally."""

    def put(self, name: str, value: float = 1.0, unit: str = "Count", **dimensions: str) -> None: ...
