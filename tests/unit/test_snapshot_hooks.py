"""SnapStart hooks (engram/snapshot.py): nothing holding a credential, a key or a connection
survives into a snapshot, and every restored environment gets its own random state."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator
from typing import Any, cast

import pytest

from engram import runtime, snapshot
from engram.settings import get_settings


@pytest.fixture(autouse=True)
def _hooks() -> Iterator[None]:
    snapshot.register()
    yield
    runtime.set_container(None)


def test_the_local_registry_stands_in_for_lambdas_library() -> None:
    """snapshot_restore_py is in Lambda's runtime only; here the hooks are registered locally, once."""
    assert "snapshot_restore_py" not in sys.modules
    snapshot.register()
    assert snapshot._local_before.count(snapshot.before_snapshot) == 1
    assert snapshot._local_after.count(snapshot.after_restore) == 1


def test_a_snapshot_keeps_no_container_client_or_secret() -> None:
    boto3 = importlib.import_module("boto3")
    parameters = importlib.import_module("aws_lambda_powertools.utilities.parameters")
    from aws_lambda_powertools.utilities.parameters.constants import DEFAULT_PROVIDERS

    runtime.set_container(cast(Any, object()))  # built by a request during init, say
    get_settings()
    boto3.setup_default_session(region_name="us-east-1")
    DEFAULT_PROVIDERS["secrets"] = object()  # a provider with its client and the cached secret
    assert parameters is not None and get_settings.cache_info().currsize == 1

    snapshot.simulate_snapshot()

    assert runtime._container is None
    assert get_settings.cache_info().currsize == 0
    assert boto3.DEFAULT_SESSION is None
    assert DEFAULT_PROVIDERS == {}


def test_every_cache_the_hook_empties_exists() -> None:
    """A renamed cache would be skipped in silence: the names must resolve to lru_caches."""
    for module_name, function in snapshot._CACHES:
        cached = getattr(importlib.import_module(module_name), function)
        assert callable(cached.cache_clear), (module_name, function)


def test_two_restores_of_one_snapshot_draw_different_ids() -> None:
    """Without the after-restore hook both environments would draw the snapshot's sequence (the
    retry jitters; OpenTelemetry's span and trace ids come from random.getrandbits)."""
    snapshot.simulate_snapshot()
    state = random.getstate()  # what the snapshot holds
    ids = []
    for _ in range(2):
        random.setstate(state)  # Lambda resumes an environment from the same memory
        snapshot.simulate_restore()
        ids.append(random.getrandbits(128))
    assert ids[0] != ids[1]


def test_prepare_loads_ahead_only_where_init_is_off_the_request_path(monkeypatch: pytest.MonkeyPatch) -> None:
    warmed: list[str] = []
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    monkeypatch.setenv("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand")
    snapshot.prepare(["colorsys"], warm=lambda: warmed.append("warm"))
    assert "colorsys" not in sys.modules and warmed == []

    for kind in ("snap-start", "provisioned-concurrency"):
        monkeypatch.setenv("AWS_LAMBDA_INITIALIZATION_TYPE", kind)
        snapshot.prepare(["colorsys", "no_such_module_here"], warm=lambda: warmed.append("warm"))
        assert "colorsys" in sys.modules
    assert warmed == ["warm", "warm"]


def test_the_handlers_register_their_hooks() -> None:
    """The API and LINE webhook handlers register the hooks at import; the webhook's own state
    (its queue client, the channels' secrets) is dropped before a snapshot too."""
    import functions.api.handler  # noqa: F401 -- registers at import
    from functions.line_webhook import handler as webhook

    webhook.use_webhook(object())
    snapshot.simulate_snapshot()
    assert webhook._webhook is None


def test_warming_builds_every_routes_validation_models() -> None:
    from functions.api.handler import app
    from functions.api.routing import warm_routes

    warm_routes(app)
    assert all(r._dependant is not None for r in app._static_routes + app._dynamic_routes)


def test_the_token_encoding_is_loaded_ahead() -> None:
    """~300 ms of a first request's container build, holding no credential: loaded at init."""
    import quicktok

    from engram.adapters.token_counter import encoding_for_model

    snapshot.load_token_encoding()
    settings = get_settings()
    assert (settings.token_encoding or encoding_for_model(settings.chat_model), "") in quicktok._CACHE
