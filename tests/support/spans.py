"""Spans recorded in memory: an SDK provider with an in-memory exporter, installed as the
process's tracer for one test (engram.observability.otel.use_tracer_provider)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from engram.observability.otel import use_tracer_provider


class RecordedSpans:
    def __init__(self) -> None:
        self.exporter = InMemorySpanExporter()
        self.provider = TracerProvider()
        self.provider.add_span_processor(SimpleSpanProcessor(self.exporter))

    @property
    def spans(self) -> list[ReadableSpan]:
        return list(self.exporter.get_finished_spans())

    def named(self, name: str) -> list[ReadableSpan]:
        return [s for s in self.spans if s.name == name]


@contextmanager
def recorded_spans() -> Iterator[RecordedSpans]:
    recorded = RecordedSpans()
    use_tracer_provider(recorded.provider)
    try:
        yield recorded
    finally:
        use_tracer_provider(None)
        recorded.provider.shutdown()
