"""LocalIndex: the embedded MemoryIndex, with an alias for zero-downtime re-indexing.

Re-indexing mirrors the OpenSearch flow (build `memories-vN+1`, swap the alias):

    builder = index.begin_reindex()   # new version file; live writes now also go to it
    builder.upsert(batch) ...         # rebuild from the source of truth (DynamoDB)
    index.activate(builder)           # atomic alias swap; searches now see the new version

or simply `index.rebuild(docs)`. Other processes opened on the same directory notice
the swap on their next call (the ACTIVE file's inode changes) and reopen.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from itertools import islice
from pathlib import Path
from types import TracebackType

from engram.adapters.local_index.alias import VersionDirectory
from engram.adapters.local_index.store import IndexStore
from engram.memory.models import Hit, IndexDocument, IndexKey, SearchFilter

_IN_MEMORY = ":memory:"


class LocalIndex:
    """MemoryIndex over SQLite files in the directory `path` (created if missing)."""

    def __init__(self, path: str | Path, dimensions: int, *, cache_bytes: int = 256 << 20) -> None:
        directory = VersionDirectory(Path(path))
        active = directory.first_version()
        self._setup(directory, IndexStore(active, dimensions, cache_bytes=cache_bytes), cache_bytes)

    @classmethod
    def in_memory(cls, dimensions: int) -> LocalIndex:
        """A throw-away index for unit tests (re-indexing swaps in-memory databases)."""
        index = cls.__new__(cls)
        index._setup(None, IndexStore(_IN_MEMORY, dimensions), 256 << 20)
        return index

    def _setup(self, directory: VersionDirectory | None, store: IndexStore, cache_bytes: int) -> None:
        self._dir = directory
        self._store = store
        self._shadow: IndexStore | None = None
        self._cache_bytes = cache_bytes
        self._stamp = directory.stamp() if directory else None
        self._lock = threading.RLock()
        self.dimensions = store.dimensions

    # -- alias -------------------------------------------------------------

    def _active(self) -> IndexStore:
        """The store ACTIVE points at, reopening if another process swapped it."""
        if self._dir is not None:
            stamp = self._dir.stamp()
            if stamp != self._stamp:
                self._stamp = stamp
                active = self._dir.active()
                if active is not None and str(active) != self._store.database:
                    old, self._store = (
                        self._store,
                        IndexStore(active, self.dimensions, cache_bytes=self._cache_bytes),
                    )
                    old.close()
        return self._store

    @property
    def active_version(self) -> str:
        """File name of the active version ("memory" for an in-memory index)."""
        with self._lock:
            return Path(self._active().database).name if self._dir else "memory"

    def begin_reindex(self) -> IndexStore:
        """Create the next version; until activate/abort, live writes go to both."""
        with self._lock:
            if self._shadow is not None:
                raise RuntimeError("a re-index is already in progress")
            target: str | Path = self._dir.new_version() if self._dir else _IN_MEMORY
            self._shadow = IndexStore(target, self.dimensions, cache_bytes=self._cache_bytes)
            return self._shadow

    def activate(self, builder: IndexStore) -> None:
        """Point the alias at `builder` (from begin_reindex) and close the old version."""
        with self._lock:
            if builder is not self._shadow:
                raise ValueError("activate() takes the store returned by begin_reindex()")
            if self._dir is not None:
                self._dir.activate(Path(builder.database))
                self._stamp = self._dir.stamp()
            old, self._store, self._shadow = self._store, builder, None
            old.close()

    def abort_reindex(self) -> None:
        with self._lock:
            shadow, self._shadow = self._shadow, None
            if shadow is not None:
                shadow.close()
                if self._dir is not None:
                    self._dir.remove(Path(shadow.database))

    def rebuild(self, docs: Iterable[IndexDocument], batch_size: int = 500) -> str:
        """Build a new version from `docs`, swap the alias to it, return its name."""
        builder = self.begin_reindex()
        try:
            it = iter(docs)
            while batch := list(islice(it, batch_size)):
                builder.upsert(batch)
        except BaseException:
            self.abort_reindex()
            raise
        self.activate(builder)
        return self.active_version

    def prune_versions(self, keep: int = 2) -> list[str]:
        """Delete all but the newest `keep` versions (never the active or a building one)."""
        if self._dir is None:
            return []
        with self._lock:
            protected = {self._active().database, self._shadow.database if self._shadow else ""}
            candidates = [p for p in self._dir.versions() if str(p) not in protected]
            doomed = candidates[: max(0, len(candidates) - max(0, keep - 1))]
            for path in doomed:
                self._dir.remove(path)
            return [p.name for p in doomed]

    def close(self) -> None:
        with self._lock:
            self._store.close()
            if self._shadow is not None:
                self._shadow.close()

    def __enter__(self) -> LocalIndex:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # -- MemoryIndex -------------------------------------------------------

    def upsert(self, docs: Sequence[IndexDocument]) -> None:
        with self._lock:
            self._active().upsert(docs)
            if self._shadow is not None:
                self._shadow.upsert(docs)

    def delete(self, tenant_id: str, user_id: str, doc_ids: Sequence[str]) -> None:
        with self._lock:
            self._active().delete(tenant_id, user_id, doc_ids)
            if self._shadow is not None:
                self._shadow.delete(tenant_id, user_id, doc_ids)

    def delete_user(self, tenant_id: str, user_id: str, doc_ids: Sequence[str] | None = None) -> int:
        with self._lock:
            if doc_ids is not None:
                removed = self._active().delete(tenant_id, user_id, doc_ids)
                if self._shadow is not None:
                    self._shadow.delete(tenant_id, user_id, doc_ids)
                return removed
            removed = self._active().delete_user(tenant_id, user_id)
            if self._shadow is not None:
                self._shadow.delete_user(tenant_id, user_id)
            return removed

    def get(self, tenant_id: str, user_id: str, doc_id: str) -> IndexDocument | None:
        with self._lock:
            return self._active().get(tenant_id, user_id, doc_id)

    def search_text(self, query: str, flt: SearchFilter, k: int) -> list[Hit]:
        with self._lock:
            return self._active().search_text(query, flt, k)

    def search_vector(self, vector: Sequence[float], flt: SearchFilter, k: int) -> list[Hit]:
        with self._lock:
            return self._active().search_vector(vector, flt, k)

    def count(self, flt: SearchFilter) -> int:
        with self._lock:
            return self._active().count(flt)

    def page_keys(self, cursor: str | None, limit: int) -> tuple[list[IndexKey], str | None]:
        with self._lock:
            return self._active().page_keys(cursor, limit)
