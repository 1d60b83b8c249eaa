"""The process-wide container for Lambda handlers: built on first use (cold start),
replaceable by tests and the local runner."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the container (boto3, pynamodb, numpy ...) is built on first use, not at import
    from engram.kernel.ports import MetricsSink
    from engram.settings import Settings
    from engram.wiring import Container

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
                from engram.settings import get_settings
                from engram.wiring import build_container

                _container = build_container(get_settings(), metrics=_metrics)
    return _container


def current_settings() -> Settings:
    """The running container's settings, without building one (a function that needs no
    container, like the audit reader, must not pay for the models at cold start)."""
    if _container is not None:
        return _container.settings
    from engram.settings import get_settings

    return get_settings()


def set_container(container: Container | None) -> None:
    global _container
    _container = container
