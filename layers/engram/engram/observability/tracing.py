"""Powertools Tracer, created on first invocation instead of at import.

`Tracer()` imports the X-Ray SDK, whose module-level recorder builds two botocore
X-Ray clients (service model JSON and all), and patches botocore/pynamodb/requests:
~190 ms of every handler's import, paid in the init phase. `LazyTracer` takes the
same arguments and decorators, but builds the real Tracer (and imports the SDK) the
first time a decorated function runs, so a handler module imports without it.

Nothing is lost in AWS: the decorators on the first call are the real Powertools
ones (`## name` subsegments, ColdStart/Service annotations, response and error
metadata as configured), and X-Ray patches classes (`BaseClient._make_api_call`,
`URLLib3Session.send`, ...), so clients built before the first call are traced too.
Where Powertools would disable tracing (outside Lambda, POWERTOOLS_TRACE_DISABLED,
SAM local), the decorators return the function itself and the SDK is never imported.

    tracer = LazyTracer()

    @tracer.capture_lambda_handler(capture_response=False)
    def lambda_handler(event, context): ...

`tracer.tracer` is the real Powertools Tracer (created on access), for anything
not mirrored here; attributes not defined here are looked up on it.
"""

from __future__ import annotations

import functools
import inspect
import numbers
import threading
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar, overload

from aws_lambda_powertools import Tracer  # cheap: the X-Ray SDK is imported by Tracer(), not by this import

P = ParamSpec("P")
R = TypeVar("R")


def tracing_disabled() -> bool:
    """Powertools' own rule: POWERTOOLS_TRACE_DISABLED, or not in Lambda, or SAM local / Chalice."""
    return bool(Tracer._is_tracer_disabled())


class LazyTracer:
    """`aws_lambda_powertools.Tracer` with the same constructor, built on first use."""

    def __init__(
        self,
        service: str | None = None,
        disabled: bool | None = None,
        auto_patch: bool | None = None,
        patch_modules: Sequence[str] | None = None,
    ) -> None:
        # Decided now, from the environment, as Tracer() would decide it at import.
        self.disabled = bool(disabled) if disabled is not None else tracing_disabled()
        self._options: dict[str, Any] = {
            "service": service,
            "disabled": self.disabled,
            "auto_patch": auto_patch,
            "patch_modules": patch_modules,
        }
        self._tracer: Tracer | None = None
        self._lock = threading.Lock()

    @property
    def created(self) -> bool:
        """Whether the real Tracer exists yet (i.e. the X-Ray SDK was imported for it)."""
        return self._tracer is not None

    @property
    def tracer(self) -> Tracer:
        """The Powertools Tracer; the first access imports the X-Ray SDK and patches modules."""
        if self._tracer is None:
            with self._lock:
                if self._tracer is None:
                    self._tracer = Tracer(**self._options)
        return self._tracer

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.tracer, name)

    def put_annotation(self, key: str, value: str | numbers.Number | bool) -> None:
        if not self.disabled:
            self.tracer.put_annotation(key=key, value=value)

    def put_metadata(self, key: str, value: Any, namespace: str | None = None) -> None:
        if not self.disabled:
            self.tracer.put_metadata(key=key, value=value, namespace=namespace)

    @overload
    def capture_lambda_handler(self, lambda_handler: Callable[P, R]) -> Callable[P, R]: ...

    @overload
    def capture_lambda_handler(
        self,
        lambda_handler: None = None,
        capture_response: bool | None = None,
        capture_error: bool | None = None,
    ) -> Callable[[Callable[P, R]], Callable[P, R]]: ...

    def capture_lambda_handler(
        self,
        lambda_handler: Callable[P, R] | None = None,
        capture_response: bool | None = None,
        capture_error: bool | None = None,
    ) -> Callable[P, R] | Callable[[Callable[P, R]], Callable[P, R]]:
        """`Tracer.capture_lambda_handler`, applied on the handler's first invocation."""
        if lambda_handler is None:
            return functools.partial(
                self.capture_lambda_handler, capture_response=capture_response, capture_error=capture_error
            )
        return self._deferred(
            lambda_handler,
            lambda tracer, func: tracer.capture_lambda_handler(
                func, capture_response=capture_response, capture_error=capture_error
            ),
        )

    @overload
    def capture_method(self, method: Callable[P, R]) -> Callable[P, R]: ...

    @overload
    def capture_method(
        self,
        method: None = None,
        capture_response: bool | None = None,
        capture_error: bool | None = None,
    ) -> Callable[[Callable[P, R]], Callable[P, R]]: ...

    def capture_method(
        self,
        method: Callable[P, R] | None = None,
        capture_response: bool | None = None,
        capture_error: bool | None = None,
    ) -> Callable[P, R] | Callable[[Callable[P, R]], Callable[P, R]]:
        """`Tracer.capture_method` (sync, async, generator, context manager), applied on first call."""
        if method is None:
            return functools.partial(
                self.capture_method, capture_response=capture_response, capture_error=capture_error
            )
        return self._deferred(
            method,
            lambda tracer, func: tracer.capture_method(capture_response=capture_response, capture_error=capture_error)(
                func
            ),
        )

    def _deferred(self, func: Callable[P, R], decorate: Callable[[Tracer, Callable[P, R]], Any]) -> Callable[P, R]:
        if self.disabled:
            # A disabled Tracer's subsegments go nowhere; skip it (and the SDK import) altogether.
            return func
        decorated: Callable[P, R] | None = None

        def resolve() -> Callable[P, R]:
            nonlocal decorated
            if decorated is None:  # a racing thread may decorate twice: the results are equivalent
                decorated = decorate(self.tracer, func)
            return decorated

        if inspect.iscoroutinefunction(func):

            @functools.wraps(func)
            async def async_wrapper(*args: P.args, **kwargs: P.kwargs) -> Any:
                return await resolve()(*args, **kwargs)  # type: ignore[misc]

            return async_wrapper  # type: ignore[return-value]

        # Sync functions, and also generators and context managers: calling the decorated
        # function returns the traced generator / context manager, which the caller consumes.
        @functools.wraps(func)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            return resolve()(*args, **kwargs)

        return wrapper
