"""The composition root: every adapter, service and job is built here, and only here.

Feature packages (domain, memory, privacy, line) hold no factories and never import this
package; handlers, the local stack, jobs, tests and benchmarks get what they need from the
Container `build_container` returns.

The names below load on first use: a function that needs only a small part (the LINE
webhook, the indexer's index and cipher) imports its module without the whole container."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engram.wiring.build import QueueMode, build_container
    from engram.wiring.container import Container
    from engram.wiring.models import Models, build_models

_HOMES = {
    "QueueMode": "engram.wiring.build",
    "build_container": "engram.wiring.build",
    "Container": "engram.wiring.container",
    "Models": "engram.wiring.models",
    "build_models": "engram.wiring.models",
}
__all__ = ["Container", "Models", "QueueMode", "build_container", "build_models"]


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
