"""A bounded, thread-safe least-recently-used map: what a warm container keeps between requests.

The local API serves requests on threads, so every access takes the lock. A size of 0 keeps
nothing. With `max_age_s`, an entry older than that is gone: what a container keeps of a user's
data (a META copy, vectors of their memories) does not outlive an erasure by more than that.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Lru(Generic[K, V]):
    def __init__(self, size: int, max_age_s: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self._size = size
        self._max_age_s = max_age_s
        self._clock = clock
        self._items: OrderedDict[K, tuple[V, float]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            held = self._items.get(key)
            if held is None:
                return None
            value, stored_at = held
            if self._max_age_s is not None and self._clock() - stored_at > self._max_age_s:
                del self._items[key]
                return None
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
            self._items[key] = (value, self._clock())
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def drop(self, key: K) -> None:
        self.put(key, None)
