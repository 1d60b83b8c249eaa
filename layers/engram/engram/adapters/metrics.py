"""MetricsSink adapters: Powertools (EMF, flushed by the handler) and in-memory (local, tests)."""

from __future__ import annotations

import functools
import threading
from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class InMemoryMetrics:
    def __init__(self) -> None:
        self.counts: dict[tuple[str, tuple[tuple[str, str], ...]], float] = defaultdict(float)
        self._lock = threading.Lock()

    def put(self, name: str, value: float = 1.0, unit: str = "Count", **dimensions: str) -> None:
        with self._lock:
            self.counts[(name, tuple(sorted(dimensions.items())))] += value

    def total(self, name: str, **dimensions: str) -> float:
        want = set(dimensions.items())
        return sum(v for (n, dims), v in self.counts.items() if n == name and want <= set(dims))


class PowertoolsMetrics:
    """Dimensions go into a single-metric block so each one keeps its own dimension set."""

    def __init__(self, metrics: Any, namespace: str = "Engram") -> None:
        self._metrics = metrics
        self._namespace = namespace

    def put(self, name: str, value: float = 1.0, unit: str = "Count", **dimensions: str) -> None:
        from aws_lambda_powertools.metrics import MetricUnit, single_metric

        metric_unit = MetricUnit[unit] if unit in MetricUnit.__members__ else MetricUnit.Count
        if not dimensions:
            self._metrics.add_metric(name=name, unit=metric_unit, value=value)
            return
        with single_metric(name=name, unit=metric_unit, value=value, namespace=self._namespace) as single:
            for key, dim in dimensions.items():
                single.add_dimension(name=key, value=dim)


def count_invocation(metrics: Any, name: str, count: Callable[[Any], float] = lambda event: 1.0) -> Callable[[F], F]:
    """Put under `@metrics.log_metrics`: adds `name` = count(event) as the handler returns or raises.

    Powertools warns "No application metrics to publish" when the handler's flush finds the set
    empty. Added last, this count is always there to publish, even when Powertools flushed a set
    on its own mid-invocation (it does at 100 values of one metric: a full stream batch).
    """

    def decorate(handler: F) -> F:
        @functools.wraps(handler)
        def wrapper(event: Any, context: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return handler(event, context, *args, **kwargs)
            finally:
                metrics.add_metric(name=name, unit="Count", value=count(event))

        return wrapper  # type: ignore[return-value]

    return decorate
