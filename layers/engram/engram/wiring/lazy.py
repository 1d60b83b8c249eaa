"""`locked_cached_property`: a container attribute built on first use, once, even when
several threads ask at the same time (the local stack runs handlers on threads)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")
LOCK_ATTRIBUTE = "_build_lock"


class locked_cached_property(Generic[T]):  # noqa: N801 - used like functools.cached_property
    """Like `functools.cached_property`, but the build holds the instance's re-entrant lock
    (`_build_lock`: a service's build may ask for another). Assigning the attribute before
    first use overrides it (tests hand in their own)."""

    def __init__(self, build: Callable[[Any], T]) -> None:
        self._build = build
        self._name = build.__name__
        self.__doc__ = build.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> locked_cached_property[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | locked_cached_property[T]:
        if instance is None:
            return self
        held = instance.__dict__
        if self._name in held:
            value: T = held[self._name]
            return value
        lock: threading.RLock = getattr(instance, LOCK_ATTRIBUTE)
        with lock:  # double-checked: concurrent first requests build it once
            if self._name not in held:
                held[self._name] = self._build(instance)
            built: T = held[self._name]
            return built

    def __set__(self, instance: object, value: T) -> None:
        instance.__dict__[self._name] = value
