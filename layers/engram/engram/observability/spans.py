"""Engram's spans: their names and attributes in one place, and one trace per turn.

Names: `engram.handler.<function>` (one per invocation), `engram.turn.record` (a round stored),
`engram.turn.process` (the worker's job of a round), `engram.memory.retrieve | write |
supersede | erase | index`. Attributes: `engram.tenant`, `engram.persona`,
`engram.memory.count`, `error.type` — ids of the tenant and persona and counts only: never
content, never the user's text, never a user id (§9). Exceptions are recorded by type alone,
since a message may quote the input.

One trace per turn: the API's span context is stored with the round (the `traceparent`
attribute of the TURN# item, `current_traceparent`), the turn worker continues it for that
round's job (`continued_span`), the memories it writes carry the worker's, and the indexer
continues theirs; each continued span also links the invocation's own span.

With tracing off (ENGRAM_TRACING=off, the default) every helper here calls straight through
and imports nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from engram.observability.otel import flush, get_tracer

if TYPE_CHECKING:
    from opentelemetry.trace import Span, SpanKind, Tracer

P = ParamSpec("P")
R = TypeVar("R")

TENANT = "engram.tenant"
PERSONA = "engram.persona"
COUNT = "engram.memory.count"
TRACEPARENT = "traceparent"  # W3C trace context header, also the stored attribute's name


def owner_attributes(*values: Any, persona_id: str | None = None) -> dict[str, str]:
    """engram.tenant / engram.persona from the first value that names a tenant (a SessionKey,
    OwnerKey, MemoryRecord, ErasureRequest, a query with a `key`), never anything else of it."""
    attributes: dict[str, str] = {}
    for value in values:
        owner = getattr(value, "key", value) if not hasattr(value, "tenant_id") else value
        tenant = getattr(owner, "tenant_id", None)
        if isinstance(tenant, str):
            attributes[TENANT] = tenant
            persona = getattr(owner, "persona_id", None)
            if isinstance(persona, str) and persona:
                attributes[PERSONA] = persona
            break
    if persona_id:
        attributes[PERSONA] = persona_id
    return attributes


@contextmanager
def _span(
    tracer: Tracer,
    name: str,
    attributes: Mapping[str, Any],
    kind: SpanKind | None = None,
    context: Any = None,
    links: Any = None,
) -> Iterator[Span]:
    from opentelemetry.trace import SpanKind, Status, StatusCode

    with tracer.start_as_current_span(
        name,
        context=context,
        kind=kind or SpanKind.INTERNAL,
        attributes=dict(attributes),
        links=links,
        record_exception=False,  # the message may quote the input: the type alone is kept
        set_status_on_exception=False,
    ) as span:
        try:
            yield span
        except BaseException as exc:
            span.set_attribute("error.type", type(exc).__name__)
            span.set_status(Status(StatusCode.ERROR, type(exc).__name__))
            raise


def traced(name: str, count: Callable[[Any], int] | None = None) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A span around each call; tenant and persona from the arguments (`owner_attributes`),
    `engram.memory.count` from the result through `count`."""

    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(func)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            tracer = get_tracer()
            if tracer is None:
                return func(*args, **kwargs)
            persona = kwargs.get("persona_id")
            persona_id = persona if isinstance(persona, str) else None
            attributes = owner_attributes(*args, *kwargs.values(), persona_id=persona_id)
            with _span(tracer, name, attributes) as span:
                result = func(*args, **kwargs)
                if count is not None:
                    span.set_attribute(COUNT, int(count(result)))
                return result

        return wrapper

    return decorate


@contextmanager
def span(name: str, *owners: Any, count: int | None = None) -> Iterator[Span | None]:
    """A span around a block (None when tracing is off); `owners` as for `owner_attributes`."""
    tracer = get_tracer()
    if tracer is None:
        yield None
        return
    attributes: dict[str, Any] = owner_attributes(*owners)
    if count is not None:
        attributes[COUNT] = count
    with _span(tracer, name, attributes) as current:
        yield current


def traced_handler(function: str, server: bool = False) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """The invocation's span `engram.handler.<function>` (faas.invocation_id, faas.coldstart),
    flushed when the invocation ends, raised or not. `server`: an HTTP request (kind SERVER)."""
    cold = [True]

    def decorate(handler: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(handler)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            tracer = get_tracer()
            if tracer is None:
                return handler(*args, **kwargs)
            from opentelemetry.trace import SpanKind

            context = args[1] if len(args) > 1 else kwargs.get("context")
            attributes = {"faas.invocation_id": str(getattr(context, "aws_request_id", "")), "faas.coldstart": cold[0]}
            cold[0] = False
            try:
                with _span(tracer, f"engram.handler.{function}", attributes, SpanKind.SERVER if server else None):
                    return handler(*args, **kwargs)
            finally:
                flush()

        return wrapper

    return decorate


def current_traceparent() -> str | None:
    """The current span's context as a W3C traceparent, to store with what it writes; None
    when tracing is off or no span is current."""
    if get_tracer() is None:
        return None
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

    carrier: dict[str, str] = {}
    TraceContextTextMapPropagator().inject(carrier)
    return carrier.get(TRACEPARENT)


@contextmanager
def continued_span(name: str, traceparent: str | None, *owners: Any) -> Iterator[Span | None]:
    """A span in the trace `traceparent` names (a child of the span that stored it), linked to
    the current span (the invocation's); a missing or malformed one: a child of the current."""
    tracer = get_tracer()
    if tracer is None:
        yield None
        return
    from opentelemetry import trace
    from opentelemetry.trace import Link, SpanKind
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

    context = None
    links = []
    if traceparent:
        stored = TraceContextTextMapPropagator().extract({TRACEPARENT: traceparent})
        if trace.get_current_span(stored).get_span_context().is_valid:
            context = stored
            invocation = trace.get_current_span().get_span_context()
            if invocation.is_valid:
                links.append(Link(invocation))
    with _span(tracer, name, owner_attributes(*owners), SpanKind.CONSUMER, context, links) as current:
        yield current


def continues_trace(
    name: str, traceparent_of: Callable[[Any], str | None]
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """`continued_span` around each call of a record handler; `traceparent_of(the record)` (its
    first argument, positional or not) names the trace (a record's stored context)."""

    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(func)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            if get_tracer() is None:
                return func(*args, **kwargs)
            record = args[0] if args else next(iter(kwargs.values()), None)  # Powertools passes record=
            with continued_span(name, traceparent_of(record) if record is not None else None):
                return func(*args, **kwargs)

        return wrapper

    return decorate
