"""The container's lazily built attributes: built once under concurrent first access, and
overridable by assignment before first use (how tests hand in their own service)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from engram.wiring.lazy import locked_cached_property


class Holder:
    def __init__(self) -> None:
        self._build_lock = threading.RLock()
        self.builds = 0
        self.started = threading.Barrier(8)

    @locked_cached_property
    def service(self) -> object:
        self.builds += 1
        threading.Event().wait(0.05)  # a slow build: the other threads arrive while it runs
        return object()

    @locked_cached_property
    def dependent(self) -> tuple[object, object]:
        return (self.service, object())  # a build that asks for another (the lock is re-entrant)


def _first_access(holder: Holder) -> object:
    holder.started.wait()
    return holder.service


def test_concurrent_first_access_builds_once_and_everyone_gets_the_same() -> None:
    holder = Holder()
    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(lambda _: _first_access(holder), range(8)))
    assert holder.builds == 1 and all(g is got[0] for g in got)


def test_a_build_may_ask_for_another_attribute() -> None:
    holder = Holder()
    assert holder.dependent[0] is holder.service and holder.builds == 1


def test_an_attribute_assigned_before_first_use_is_used_and_never_built() -> None:
    holder, mine = Holder(), object()
    holder.service = mine
    assert holder.service is mine and holder.dependent[0] is mine and holder.builds == 0
