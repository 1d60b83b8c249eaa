"""The process-wide container for Lambda handlers: built on first use (cold start),
replaceable by tests and the local runner."""

from __future__ import annotations

import threading

from engram.bootstrap import Container, build_container
from engram.ports import MetricsSink
from engram.settings import get_settings

_container: Container | None = None
_metrics: MetricsSink | None = None
_lock = threading.Lock()


def configure(metrics: MetricsSink) -> None:
    """Called by a handler module at import: cheap, builds nothing yet."""
    global _metrics
    _metrics = metrics


def get_container() -> Container:
    global _container
    if _container is None:
        with _lock:
            if _container is None:
                _container = build_container(get_settings(), metrics=_metrics)
    return _container


def set_container(container: Container | None) -> None:
    global _container
    _container = container
