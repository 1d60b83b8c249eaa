"""O3 tracing on OpenTelemetry (observability/otel.py, spans.py): no handler imports any of it
(nor the X-Ray SDK), spans carry ids and counts only, a stored traceparent continues its trace,
and an invocation's spans are flushed when it ends."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from opentelemetry.trace import SpanKind, StatusCode

from engram.adapters.dynamodb.stream_trace import stream_trace_parent
from engram.kernel.keys import OwnerKey, SessionKey
from engram.observability import otel
from engram.observability.spans import (
    COUNT,
    PERSONA,
    TENANT,
    continued_span,
    continues_trace,
    current_traceparent,
    span,
    traced,
    traced_handler,
)
from tests.support.fresh_python import last_line
from tests.support.spans import RecordedSpans, recorded_spans

REPO = Path(__file__).resolve().parents[2]
HANDLERS = [
    "functions.api.handler",
    "functions.turn_worker.handler",
    "functions.memory_indexer.handler",
    "functions.jobs.handler",
    "functions.line_webhook.handler",
    "functions.line_worker.handler",
    "functions.audit.writer",
]


@pytest.fixture
def recorded() -> Iterator[RecordedSpans]:
    with recorded_spans() as spans:
        yield spans


@pytest.mark.parametrize("module", HANDLERS)
def test_importing_a_handler_imports_neither_opentelemetry_nor_the_xray_sdk(module: str) -> None:
    # tracing on, as in a deployed function: the SDK (and even the API) wait for the first span
    code = (
        f"import sys, {module}\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('opentelemetry', 'aws_xray_sdk'))))\n"
    )
    tracing_on = {"ENGRAM_TRACING": "otlp", "LAMBDA_TASK_ROOT": str(REPO), "AWS_LAMBDA_FUNCTION_NAME": "t"}
    imported = last_line(code, **tracing_on)
    assert imported == "", f"{module} imported {imported}"


def test_with_tracing_off_nothing_is_imported_and_functions_run_as_they_are() -> None:
    code = (
        "import sys\n"
        "from engram.observability.spans import traced, current_traceparent, span\n"
        "@traced('engram.memory.write')\n"
        "def f(x): return x + 1\n"
        "with span('engram.memory.retrieve') as s: assert s is None\n"
        "assert f(1) == 2 and current_traceparent() is None\n"
        "print(any(m.startswith('opentelemetry') for m in sys.modules))\n"
    )
    assert last_line(code, ENGRAM_TRACING="off") == "False"


def test_a_bad_mode_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_TRACING", "xray-sdk")
    with pytest.raises(ValueError, match="ENGRAM_TRACING must be one of off, console, otlp, adot"):
        otel.tracing_mode()


def test_console_mode_prints_each_span(capsys: pytest.CaptureFixture[str]) -> None:
    provider = otel.sdk_provider("console")
    otel.use_tracer_provider(provider)
    try:
        with span("engram.memory.retrieve", OwnerKey("acme", "u1"), count=3):
            pass
    finally:
        otel.use_tracer_provider(None)
    printed = json.loads(capsys.readouterr().err)
    assert printed["name"] == "engram.memory.retrieve"
    assert printed["attributes"] == {TENANT: "acme", COUNT: 3}


class _Writer:
    @traced("engram.memory.write", count=len)
    def write(self, key: SessionKey, text: str) -> list[str]:
        return text.split()

    @traced("engram.memory.retrieve")
    def search(self, owner: OwnerKey, query: str, *, persona_id: str | None = None) -> None:
        raise ValueError(f"no match for {query}")


def test_spans_carry_tenant_persona_and_count_never_the_text(recorded: RecordedSpans) -> None:
    writer = _Writer()
    assert writer.write(SessionKey("acme", "user-7", "nurse", "s1"), "my secret diagnosis") == [
        "my",
        "secret",
        "diagnosis",
    ]
    with pytest.raises(ValueError, match="no match"):
        writer.search(OwnerKey("acme", "user-7"), "secret words", persona_id="coach")
    written, searched = recorded.spans
    assert written.name == "engram.memory.write"
    assert dict(written.attributes or {}) == {TENANT: "acme", PERSONA: "nurse", COUNT: 3}
    assert searched.name == "engram.memory.retrieve"
    assert dict(searched.attributes or {}) == {TENANT: "acme", PERSONA: "coach", "error.type": "ValueError"}
    assert searched.status.status_code == StatusCode.ERROR
    assert searched.status.description == "ValueError"
    assert not searched.events, "an exception event would carry its message"
    text = repr([(s.attributes, s.events, s.status.description) for s in recorded.spans])
    assert "secret" not in text and "user-7" not in text


def test_a_handler_span_per_invocation_flushed_when_it_ends(
    recorded: RecordedSpans, monkeypatch: pytest.MonkeyPatch
) -> None:
    flushed: list[int] = []
    original = recorded.provider.force_flush
    monkeypatch.setattr(recorded.provider, "force_flush", lambda timeout_millis=0: flushed.append(1) or original())

    class Context:
        aws_request_id = "req-1"

    @traced_handler("api", server=True)
    def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        assert current_traceparent() is not None
        if event.get("fail"):
            raise RuntimeError("boom")
        return {"ok": True}

    assert lambda_handler({}, Context()) == {"ok": True}
    with pytest.raises(RuntimeError):
        lambda_handler({"fail": True}, Context())
    assert flushed == [1, 1], "flushed after each invocation, raised or not"
    first, second = recorded.named("engram.handler.api")
    assert first.kind == SpanKind.SERVER
    assert dict(first.attributes or {}) == {"faas.invocation_id": "req-1", "faas.coldstart": True}
    assert (second.attributes or {})["faas.coldstart"] is False


def test_a_stored_traceparent_continues_its_trace_and_links_the_invocation(recorded: RecordedSpans) -> None:
    with span("engram.turn.record", SessionKey("acme", "u", "nurse", "s")):
        stored = current_traceparent()
    assert stored is not None and stored.startswith("00-")
    with span("engram.handler.turn_worker"), continued_span("engram.turn.process", stored):
        pass
    with continued_span("engram.turn.process", "not-a-traceparent"):  # a fresh trace, not an error
        pass
    turn, process, invocation, lone = recorded.spans
    assert process.context.trace_id == turn.context.trace_id
    assert process.parent is not None and process.parent.span_id == turn.context.span_id
    assert [link.context.span_id for link in process.links] == [invocation.context.span_id]
    assert invocation.context.trace_id != turn.context.trace_id
    assert lone.parent is None and not lone.links


def _stream(event: str, new: str | None, old: str | None = None) -> dict[str, Any]:
    images: dict[str, Any] = {}
    if new is not None:
        images["NewImage"] = {"PK": {"S": "x"}, "traceparent": {"S": new}}
    if old is not None:
        images["OldImage"] = {"PK": {"S": "x"}, "traceparent": {"S": old}}
    return {"eventName": event, "dynamodb": images}


def test_a_stream_record_names_the_trace_of_the_write_that_set_it() -> None:
    tp, older = "00-" + "1" * 32 + "-" + "2" * 16 + "-01", "00-" + "3" * 32 + "-" + "4" * 16 + "-01"
    assert stream_trace_parent(_stream("INSERT", tp)) == tp
    assert stream_trace_parent(json.dumps(_stream("INSERT", tp))) == tp  # as the pipe forwards it (SQS body)
    assert stream_trace_parent(_stream("MODIFY", tp, older)) == tp
    assert stream_trace_parent(_stream("MODIFY", tp, tp)) is None  # an access count: no turn's
    assert stream_trace_parent(_stream("REMOVE", None, tp)) is None
    assert stream_trace_parent(json.dumps({"kind": "access", "ids": []})) is None  # a job, not a record
    assert stream_trace_parent("not json") is None


def test_a_record_handler_continues_the_trace_its_record_names(recorded: RecordedSpans) -> None:
    with span("engram.turn.record"):
        stored = current_traceparent()

    @continues_trace("engram.memory.index", lambda record: stream_trace_parent(record))
    def record_handler(record: dict[str, Any]) -> str:
        return "applied"

    assert record_handler(record=_stream("INSERT", stored)) == "applied"  # as Powertools calls it
    turn, indexed = recorded.spans
    assert indexed.name == "engram.memory.index" and indexed.kind == SpanKind.CONSUMER
    assert indexed.context.trace_id == turn.context.trace_id
