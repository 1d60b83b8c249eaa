"""A bounded, thread-safe least-recently-used map: what a warm container keeps between requests.

The local API serves requests on threads, so every access takes the lock. A size of 0 keeps
nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Lru(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V | None) -> None:
        """Keep `value` (None: forget the key); the least recently used go past the size."""
        if self._size <= 0:
            return
        with self._lock:
            if value is None:
                self._items.pop(key, None)
                return
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def drop(self, key: K) -> None:
        self.put(key, None)
