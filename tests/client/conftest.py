"""The local stack for the client and MCP tests (one per package: starting it takes seconds), and a
way to drive the async client with the same code as the sync one."""

from __future__ import annotations

import asyncio
import inspect
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from engram_client import AsyncEngramClient, EngramClient

from engram.local import tokens
from engram.local.stack import LocalStack, start_stack

KINDS = ("sync", "async")


@pytest.fixture(scope="package")
def stack(ddb_endpoint: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalStack]:
    tmp: Path = tmp_path_factory.mktemp("engram-client-stack")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp)
        mp.setenv("ENGRAM_LOCAL_INDEX_DIR", str(tmp / "index"))
        mp.setenv("ENGRAM_TABLE_NAME", f"engram-client-{uuid.uuid4().hex[:8]}")
        local = start_stack(port=0, ddb_endpoint=ddb_endpoint, line_port=0)
        try:
            yield local
        finally:
            local.stop()


def api_key(stack: LocalStack) -> str:
    return stack.settings.local_api_key.get_secret_value()


def token(stack: LocalStack, user_id: str) -> str:
    return tokens.mint(stack.settings, user_id)


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


class Blocking:
    """An AsyncEngramClient whose coroutine methods run to completion on one event loop, so a test
    drives it with the same calls as an EngramClient (its I/O still goes through httpx.AsyncClient)."""

    def __init__(self, client: AsyncEngramClient, runner: asyncio.Runner) -> None:
        self.client = client
        self._runner = runner

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.client, name)
        if inspect.iscoroutinefunction(attr):
            return lambda *args, **kwargs: self._runner.run(attr(*args, **kwargs))
        return attr

    def for_user(self, user_id: str) -> Blocking:
        return Blocking(self.client.for_user(user_id), self._runner)


@pytest.fixture
def open_client() -> Iterator[Callable[..., Any]]:
    """open_client(kind, base_url, **kwargs): an EngramClient, or a Blocking AsyncEngramClient; all
    closed at the end of the test."""
    runner = asyncio.Runner()
    opened: list[Any] = []

    def make(kind: str, base_url: str, **kwargs: Any) -> Any:
        if kind == "sync":
            client: Any = EngramClient(base_url, **kwargs)
        else:
            client = Blocking(AsyncEngramClient(base_url, **kwargs), runner)
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.close() if isinstance(client, EngramClient) else client.aclose()
    runner.close()


def record_sleeps(client: Any) -> list[float]:
    """Replaces the client's backoff sleep with a recorder (retry tests do not wait)."""
    sleeps: list[float] = []
    if isinstance(client, Blocking):

        async def fake(seconds: float) -> None:
            sleeps.append(seconds)

        client.client._sleep = fake  # type: ignore[method-assign]
    else:
        client._sleep = sleeps.append
    return sleeps
