"""Fixtures for the MemoryIndex contract suite.

Every test runs once per entry in INDEX_FACTORIES. To add a backend, write a
harness class with the IndexHarness shape below and register it, e.g.

    INDEX_FACTORIES["opensearch"] = OpenSearchHarness   # skip in its __init__ if no cluster

A harness wraps one index plus the backend-specific operations the contract needs
(visibility after writes, reopening, an alias-swapped rebuild).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Protocol

import pytest

from engram.adapters.local_index import LocalIndex
from engram.memory.models import IndexDocument
from engram.memory.ports import MemoryIndex

DIMENSIONS = 8


class IndexHarness(Protocol):
    index: MemoryIndex

    def sync(self) -> None:
        """Make every earlier write visible to searches (OpenSearch: refresh)."""

    def reopen(self) -> MemoryIndex:
        """Close the index, connect again to the same storage, set and return `index`."""

    def rebuild(self, docs: Sequence[IndexDocument]) -> None:
        """Build a new index version holding exactly `docs`, then swap the alias to it."""

    def close(self) -> None: ...


class LocalHarness:
    def __init__(self, tmp_path: Path) -> None:
        self.path = tmp_path / "index"
        self.local = LocalIndex(self.path, DIMENSIONS)
        self.index: MemoryIndex = self.local

    def sync(self) -> None:
        pass  # SQLite: committed writes are visible at once

    def reopen(self) -> MemoryIndex:
        self.local.close()
        self.local = LocalIndex(self.path, DIMENSIONS)
        self.index = self.local
        return self.index

    def rebuild(self, docs: Sequence[IndexDocument]) -> None:
        self.local.rebuild(docs)

    def close(self) -> None:
        self.local.close()


class OpenSearchHarness:
    """A real cluster when OPENSEARCH_URL is set (docs/opensearch.md); skipped otherwise."""

    def __init__(self, tmp_path: Path) -> None:
        from tests.contract.opensearch_factory import make_opensearch_index

        index = make_opensearch_index(DIMENSIONS)
        if index is None:
            pytest.skip("OPENSEARCH_URL is not set")
        self.opensearch = index
        self.index: MemoryIndex = index

    def sync(self) -> None:
        pass  # the factory's adapter writes with refresh=true

    def reopen(self) -> MemoryIndex:
        return self.index  # remote storage: a new connection sees the same aliases

    def rebuild(self, docs: Sequence[IndexDocument]) -> None:
        # A new version behind both aliases (the old one deleted), then exactly `docs` in it.
        self.opensearch.reindex_to_new_version()
        for tenant_id, user_id in {(d.tenant_id, d.user_id) for d in docs}:
            self.opensearch.delete_user(tenant_id, user_id)
        self.opensearch.upsert(list(docs))

    def close(self) -> None:
        self.opensearch.drop()


INDEX_FACTORIES: dict[str, Callable[[Path], IndexHarness]] = {
    "local": LocalHarness,
    "opensearch": OpenSearchHarness,
}


@pytest.fixture(params=sorted(INDEX_FACTORIES))
def harness(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[IndexHarness]:
    h = INDEX_FACTORIES[request.param](tmp_path)
    yield h
    h.close()


@pytest.fixture
def index(harness: IndexHarness) -> MemoryIndex:
    return harness.index


@pytest.fixture
def tenant() -> str:
    """A fresh tenant per test, so a shared cluster needs no cleanup between tests."""
    return f"t-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def other_tenant() -> str:
    return f"t-{uuid.uuid4().hex[:12]}"
