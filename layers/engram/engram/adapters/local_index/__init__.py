"""Embedded, on-disk MemoryIndex (SQLite FTS5 BM25 + exact inner-product k-NN)."""

from engram.adapters.local_index.index import LocalIndex
from engram.adapters.local_index.store import IndexStore

__all__ = ["IndexStore", "LocalIndex"]
