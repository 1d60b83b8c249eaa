"""SnapStart end to end: a container built before a (simulated) snapshot is dropped by the
before-snapshot hook, and after each restore the real API handler builds a fresh one, with fresh
table bindings, and serves the data written before the snapshot."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

import engram.settings
import engram.wiring
from engram import runtime, snapshot
from engram.adapters.dynamodb import models
from engram.adapters.lambda_context import LocalContext
from engram.settings import Settings
from engram.wiring import Container

EVENTS = Path(__file__).resolve().parents[2] / "events" / "api"


@pytest.fixture
def lambda_init(
    settings: Settings, make_container: Callable[..., Container], monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[Container]]:
    """runtime.get_container builds from the process's settings, as in Lambda; every build is kept."""
    built: list[Container] = []

    def build(s: Settings, metrics: Any = None) -> Container:
        built.append(make_container(s))
        return built[-1]

    monkeypatch.setattr(engram.settings, "get_settings", lru_cache(maxsize=1)(lambda: settings))
    monkeypatch.setattr(engram.wiring, "build_container", build)
    runtime.set_container(None)
    snapshot.register()
    yield built
    runtime.set_container(None)


def _call(name: str) -> dict[str, Any]:
    from functions.api.handler import lambda_handler

    result = lambda_handler(json.loads((EVENTS / f"{name}.json").read_text()), LocalContext())
    assert result["statusCode"] == 200, (name, result["body"])
    return dict(json.loads(result["body"]))


def test_a_restored_environment_serves_with_a_fresh_container(lambda_init: list[Container]) -> None:
    _call("record_turn")  # init (or a priming request) built the container
    assert runtime._container is lambda_init[0] and models.bind.cache_info().currsize > 0

    snapshot.simulate_snapshot()
    assert runtime._container is None  # no clients, keys or connections in the snapshot
    assert models.bind.cache_info().currsize == 0
    state = random.getstate()

    ids = []
    for restore in (1, 2):  # two environments resumed from the one snapshot
        random.setstate(state)
        snapshot.simulate_restore()
        ids.append(random.getrandbits(64))
        session = _call("get_session")
        assert len(lambda_init) == 1 + restore  # built again, lazily, by the first request
        assert runtime._container is lambda_init[-1]
        assert session["turn_count"] == 1  # what was written before the snapshot
        runtime.set_container(None)
        snapshot.simulate_snapshot()
    assert ids[0] != ids[1]
    assert len({id(c) for c in lambda_init}) == 3
