"""Lambda SnapStart (Python 3.12+): what a snapshot may hold, and what each restore rebuilds.

With SnapStart, Lambda runs a function's init once when a version is published, snapshots the
memory of that process and resumes every new execution environment from the same copy. So
whatever init leaves in memory is shared by all of them, for as long as the version lives:

- nothing holding credentials or connections may be in it: the container (its boto3 / PynamoDB /
  OpenAI clients, the OpenAI key, the field cipher's plaintext data keys), the cached table
  bindings and ciphers, boto3's default session, Powertools' parameter cache (the secret), the
  OpenTelemetry provider (its exporter's connection). The before-snapshot hook drops them; each
  is built again, lazily, by the first request after a restore (runtime.get_container);
- every restored environment would draw the same `random` numbers (the retry jitters, the
  OpenTelemetry span and trace ids): the after-restore hook reseeds it from the OS;
- no per-request id is kept at module level (the handlers clear theirs at each request).

Where init is off the request path (SnapStart, provisioned concurrency: Lambda says which in
AWS_LAMBDA_INITIALIZATION_TYPE), `prepare` also imports what the first request would import and
runs the handler's `warm` step (the API builds its routes' validation models), building nothing
that holds a credential. On demand, init is on the request path, so it does neither.

`snapshot_restore_py` ships with Lambda's Python runtimes only; elsewhere the hooks go to a local
registry that tests and the local stack run with `simulate_snapshot` / `simulate_restore`.
"""

from __future__ import annotations

import importlib
import logging
import os
import random
import sys
from collections.abc import Callable, Iterable

logger = logging.getLogger(__name__)

Hook = Callable[[], None]
# AWS_LAMBDA_INITIALIZATION_TYPE values whose init runs before any request waits on it
INIT_AHEAD = ("snap-start", "provisioned-concurrency")
# What the container imports when it is built (openai mode): imported, never built, ahead of a request.
CONTAINER_MODULES: tuple[str, ...] = (
    "engram.settings",
    "engram.wiring.build",
    "engram.conversation.conversation",
    "engram.memory.extraction",
    "engram.adapters.secrets",
    "aws_lambda_powertools.utilities.parameters",
    "engram.adapters.openai_models.client",
    "engram.adapters.openai_models.tasks",
    "engram.adapters.embedders.openai_embedder",
    "engram.wiring.index",
    "engram.adapters.opensearch_index",
    "boto3",
    # the tracing SDK the first span imports (observability/otel.py; its provider is built by that span)
    "opentelemetry.sdk.trace",
    "opentelemetry.sdk.trace.export",
    "opentelemetry.exporter.otlp.proto.http.trace_exporter",
)
# Module-level caches that hold clients or keys, emptied before a snapshot: (module, function).
_CACHES: tuple[tuple[str, str], ...] = (
    ("engram.settings", "get_settings"),  # read from the environment, which a restore may change
    ("engram.adapters.dynamodb.models", "bind"),  # model classes bound to a connection
    ("engram.wiring.crypto", "cipher_for"),  # the field cipher and its cache of plaintext data keys
)

_local_before: list[Hook] = []
_local_after: list[Hook] = []
_registered = False


def init_ahead() -> bool:
    return os.environ.get("AWS_LAMBDA_INITIALIZATION_TYPE", "") in INIT_AHEAD


def prepare(modules: Iterable[str] = CONTAINER_MODULES, warm: Hook | None = None, drop: Hook | None = None) -> None:
    """Called by a handler at import: registers the hooks (and `drop`, the handler's own state to
    forget before a snapshot); with init ahead of requests, imports `modules` and runs `warm`
    (neither may open a connection or read a secret)."""
    register()
    if drop is not None:
        _before_snapshot(drop)
    if not init_ahead():
        return
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:  # a mode this deployment does not use (e.g. no opensearch-py locally)
            logger.debug("not preloaded: %s", name)
    if warm is not None:
        warm()


def load_token_encoding() -> None:
    """The chat model's token encoding, read from disk and cached by quicktok (~300 ms, no credential):
    the container's token counter, built by the first request, then finds it loaded."""
    from engram.adapters.token_counter import QuicktokCounter
    from engram.settings import get_settings

    settings = get_settings()
    QuicktokCounter.for_model(settings.chat_model, settings.token_encoding)


def register() -> None:
    """The two hooks, once per process: with Lambda's library, or in the local registry."""
    global _registered
    if _registered:
        return
    _before_snapshot(before_snapshot)
    try:
        from snapshot_restore_py import register_after_restore
    except ImportError:  # not in Lambda's runtime: the local registry stands in
        _local_after.append(after_restore)
    else:
        register_after_restore(after_restore)
    _registered = True


def _before_snapshot(hook: Hook) -> None:
    try:
        from snapshot_restore_py import register_before_snapshot
    except ImportError:
        if hook not in _local_before:
            _local_before.append(hook)
    else:
        register_before_snapshot(hook)


def before_snapshot() -> None:
    """Drop everything that holds a credential, a key or a connection."""
    from engram import runtime

    runtime.set_container(None)
    for module_name, function in _CACHES:
        module = sys.modules.get(module_name)
        if module is not None:
            getattr(module, function).cache_clear()
    boto3 = sys.modules.get("boto3")
    if boto3 is not None:
        setattr(boto3, "DEFAULT_SESSION", None)  # noqa: B010 -- its credentials; a module not imported here
    parameters = sys.modules.get("aws_lambda_powertools.utilities.parameters")
    if parameters is not None:
        parameters.clear_caches()
    otel = sys.modules.get("engram.observability.otel")
    if otel is not None:
        otel.use_tracer_provider(None)  # built again from ENGRAM_TRACING at the first span


def after_restore() -> None:
    """Give this environment its own random state (the snapshot's is every environment's)."""
    random.seed()  # from os.urandom


def simulate_snapshot() -> None:
    """What Lambda does before it snapshots: the before hooks, last registered first."""
    for hook in reversed(_local_before):
        hook()


def simulate_restore() -> None:
    """What Lambda does after it restores: the after hooks, in the order registered."""
    for hook in _local_after:
        hook()
