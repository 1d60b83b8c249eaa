"""The session META this container last read or wrote, per conversation (bounded LRU).

An append starts from it instead of reading META: its transaction's condition names every
field the write depends on, so a copy another container (or the worker, an `end`, an erasure)
made stale fails the condition, which hands back the current META, and the append decides
again — one extra request, never a wrong write. A copy is only ever a guess.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from engram.conversation.models import SessionMeta
from engram.kernel.keys import SessionKey


class MetaCache:
    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[SessionKey, SessionMeta] = OrderedDict()
        self._lock = threading.Lock()  # the local API serves requests on threads

    def get(self, key: SessionKey) -> SessionMeta | None:
        with self._lock:
            meta = self._items.get(key)
            if meta is not None:
                self._items.move_to_end(key)
            return meta

    def put(self, key: SessionKey, meta: SessionMeta | None) -> None:
        """Keep `meta` (None: forget the conversation)."""
        if self._size <= 0:
            return
        with self._lock:
            if meta is None:
                self._items.pop(key, None)
                return
            self._items[key] = meta
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def drop(self, key: SessionKey) -> None:
        self.put(key, None)
