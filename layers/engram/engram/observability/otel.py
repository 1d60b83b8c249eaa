"""The process's OpenTelemetry tracer, built on first use from ENGRAM_TRACING.

Nothing of OpenTelemetry is imported at handler import: the first span of the first
invocation builds the tracer (the SDK and the exporter are ~100 ms of imports,
benchmarks/cold_start.py `tracing_sdk_import_ms`), and with tracing off nothing is ever
imported. Modes (settings.py `tracing`, chosen per environment in infra/config.py):

- `off`: no spans, no imports; the decorators call the function itself.
- `console`: the SDK prints each span to stderr as it ends (local).
- `otlp`: the SDK sends OTLP/HTTP to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or
  OTEL_EXPORTER_OTLP_ENDPOINT (the exporter's own variables; default localhost:4318).
- `adot`: the ADOT Lambda layer (AWS_LAMBDA_EXEC_WRAPPER=/opt/otel-instrument) installed
  the global provider and exports to X-Ray; our spans go to it.

Sampling follows the SDK's OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG. Spans are flushed
at the end of every invocation (`flush`): a frozen Lambda environment sends nothing.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.trace import Tracer

TracingMode = Literal["off", "console", "otlp", "adot"]
MODES: tuple[TracingMode, ...] = ("off", "console", "otlp", "adot")
INSTRUMENTATION = "engram"
FLUSH_TIMEOUT_MS = 2000  # an unreachable collector costs an invocation this much at most


def tracing_mode() -> TracingMode:
    """ENGRAM_TRACING, read without pydantic-settings (it is not imported at handler import)."""
    raw = os.environ.get("ENGRAM_TRACING", "off").strip().lower() or "off"
    for mode in MODES:
        if raw == mode:
            return mode
    raise ValueError(f"ENGRAM_TRACING must be one of {', '.join(MODES)}, not {raw!r}")


class _Tracing:
    """The tracer and the provider to flush, built once (or handed in by a test)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._built = False
        self._tracer: Tracer | None = None
        self._provider: Any = None

    def tracer(self) -> Tracer | None:
        if not self._built:
            with self._lock:
                if not self._built:
                    self._provider = _build_provider(tracing_mode())
                    self._tracer = None if self._provider is None else self._provider.get_tracer(INSTRUMENTATION)
                    self._built = True
        return self._tracer

    def use(self, provider: Any) -> None:
        with self._lock:
            self._provider = provider
            self._tracer = None if provider is None else provider.get_tracer(INSTRUMENTATION)
            self._built = provider is not None

    def flush(self) -> None:
        provider = self._provider
        flush = getattr(provider, "force_flush", None)  # the API's proxy provider has none
        if flush is not None:
            flush(FLUSH_TIMEOUT_MS)


_tracing = _Tracing()


def get_tracer() -> Tracer | None:
    """The tracer, or None when tracing is off (callers then do nothing at all)."""
    return _tracing.tracer()


def flush() -> None:
    """Export what the invocation's spans left in the processor's buffer."""
    _tracing.flush()


def use_tracer_provider(provider: Any) -> None:
    """Tests and tools hand in their provider (an SDK TracerProvider with an in-memory
    exporter); None = decide from ENGRAM_TRACING again on next use."""
    _tracing.use(provider)


def _build_provider(mode: TracingMode) -> Any:
    if mode == "off":
        return None
    if mode == "adot":
        from opentelemetry import trace

        return trace.get_tracer_provider()  # the layer's wrapper set it before our handler was imported
    return sdk_provider(mode)


def sdk_provider(mode: Literal["console", "otlp"]) -> TracerProvider:
    """An SDK provider exporting to stderr (console) or OTLP/HTTP; the service name is the
    function's (POWERTOOLS_SERVICE_NAME, as the logs and metrics name it) unless OTEL_SERVICE_NAME says."""
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SimpleSpanProcessor

    attributes: dict[str, str] = {}
    if not os.environ.get("OTEL_SERVICE_NAME"):  # given attributes would override it
        attributes["service.name"] = os.environ.get("POWERTOOLS_SERVICE_NAME", "engram")
    if function := os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
        attributes["faas.name"] = function
    provider = TracerProvider(resource=Resource.create(attributes))
    if mode == "console":
        provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter(out=sys.stderr)))  # stdout: the CLI's
    else:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    return provider
