"""O3: one trace per turn. A round recorded through the API handler, carried by the table's
stream through the outbox pipe to the turn worker, whose memories the stream brings to the
indexer — the local stack's path, in process — leaves spans that all share the API request's
trace id, under the documented names, with ids and counts only (never the text)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engram import runtime
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.stream_poller import StreamPoller
from engram.adapters.lambda_context import LocalContext
from engram.local.sqs import LocalSqsDelivery, OutboxPipe, fan_out
from engram.local.stack import stream_consumers
from engram.settings import Settings
from engram.wiring import Container
from tests.conftest import EVENTS
from tests.support.spans import RecordedSpans, recorded_spans

pytestmark = pytest.mark.integration

USER_TEXT = "My rescue inhaler is the blue Ventolin and I use it before walks."


@pytest.fixture
def api_side(settings: Settings, make_container: Any) -> Iterator[Container]:
    """The API's container as the local stack builds it: the stream, not the API, starts the job."""
    from functions.memory_indexer import handler as indexer

    container: Container = make_container(settings, queue_mode="thread")
    runtime.set_container(container)
    indexer.use_index(container.index, container.cipher, None)
    try:
        yield container
    finally:
        indexer.use_index(None)
        runtime.set_container(None)


def _record_turn_event() -> dict[str, Any]:
    event: dict[str, Any] = json.loads(EVENTS.joinpath("api", "record_turn.json").read_text(encoding="utf-8"))
    body = json.loads(event["body"])
    body.update(user=USER_TEXT, assistant="Noted: the blue one before walks.", idempotency_key="trace-turn-1")
    event["body"] = json.dumps(body)
    return event


def test_a_turn_is_one_trace_from_the_api_to_the_index(api_side: Container, settings: Settings) -> None:
    from functions.api.handler import lambda_handler as api
    from functions.memory_indexer.handler import lambda_handler as indexer

    with recorded_spans() as recorded:
        response = api(_record_turn_event(), LocalContext())
        assert response["statusCode"] in (200, 201), response
        poller = StreamPoller(
            TableConfig.from_settings(settings),
            fan_out(OutboxPipe(LocalSqsDelivery()), indexer),
            record_filter=stream_consumers,
        )
        poller.drain()
        spans = recorded.spans
        _one_trace_with_the_documented_names(recorded, spans)
        # the next prompt's context: its retrieval is a span of that request
        context = json.loads(EVENTS.joinpath("api", "context.json").read_text(encoding="utf-8"))
        context["body"] = json.dumps({**json.loads(context["body"]), "message": "Which inhaler do I use?"})
        assert api(context, LocalContext())["statusCode"] == 200
        (retrieve,) = recorded.named("engram.memory.retrieve")
        request = recorded.named("engram.handler.api")[-1]
        assert retrieve.context.trace_id == request.context.trace_id != spans[0].context.trace_id
        assert retrieve.attributes is not None and retrieve.attributes["engram.memory.count"] >= 1


def _one_trace_with_the_documented_names(recorded: RecordedSpans, spans: list[Any]) -> None:
    names = {s.name for s in spans}
    for name in (
        "engram.handler.api",
        "engram.turn.record",
        "engram.handler.turn_worker",
        "engram.turn.process",
        "engram.memory.write",
        "engram.handler.memory_indexer",
        "engram.memory.index",
    ):
        assert name in names, f"{name} missing from {sorted(names)}"
    (api,) = recorded.named("engram.handler.api")
    turn = api.context.trace_id
    # the invocations of the worker and the indexer are traces of their own (a batch may hold
    # several turns); every span about this turn is in the API request's trace
    about_the_turn = [s for s in spans if not s.name.startswith("engram.handler.") or s is api]
    assert {s.context.trace_id for s in about_the_turn} == {turn}
    assert len(recorded.named("engram.memory.index")) >= 2  # the round and the fact it stated
    (write,) = recorded.named("engram.memory.write")
    assert write.attributes is not None
    assert write.attributes["engram.tenant"] == "default" and write.attributes["engram.persona"] == "nurse"
    assert write.attributes["engram.memory.count"] >= 1
    # the continued spans link the invocation that ran them
    (process,) = recorded.named("engram.turn.process")
    (worker,) = recorded.named("engram.handler.turn_worker")
    assert [link.context.span_id for link in process.links] == [worker.context.span_id]
    allowed = {"engram.tenant", "engram.persona", "engram.memory.count", "faas.invocation_id", "faas.coldstart"}
    for s in spans:
        assert set(s.attributes or {}) <= allowed, (s.name, dict(s.attributes or {}))
        assert "inhaler" not in repr(dict(s.attributes or {})).lower()
        assert "user-123" not in repr(dict(s.attributes or {}))
