"""O3: the keys a handler's log lines carry belong to that invocation and that thread.

Every handler's Logger is the same Powertools logger, so a key one invocation appended
could ride on the next one's lines — another request's id, another job's kind — and, in
the local stack (one process, handlers on threads), on another thread's lines at the same
time. Each test invokes the real handlers on their sample events (events/) and reads the
JSON lines they wrote.
"""

from __future__ import annotations

import copy
import io
import json
import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest

from engram.adapters.lambda_context import LocalContext
from engram.wiring import Container
from tests.conftest import EVENTS
from tests.support.handlers import wired_handlers

Handler = Callable[..., Any]
Event = Callable[[], dict[str, Any]]


class Capture:
    """The JSON lines the (shared) Powertools logger writes while it is attached."""

    def __init__(self) -> None:
        from functions.api.handler import logger

        self._logger = logging.getLogger(logger.name)  # every handler's Logger is this one
        self._stream = io.StringIO()
        self._handler = logging.StreamHandler(self._stream)
        self._handler.setFormatter(logger.registered_formatter)

    def __enter__(self) -> Capture:
        self._logger.addHandler(self._handler)
        return self

    def __exit__(self, *exc: object) -> None:
        self._logger.removeHandler(self._handler)

    @property
    def lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self._stream.getvalue().splitlines()]


def _event(*parts: str) -> dict[str, Any]:
    event: dict[str, Any] = json.loads(EVENTS.joinpath(*parts).read_text(encoding="utf-8"))
    return event


def _api_event(request_id: str, *parts: str) -> dict[str, Any]:
    event = _event("api", *parts)
    event["requestContext"]["requestId"] = request_id  # the samples share one
    return event


def _ctx(request_id: str) -> LocalContext:
    ctx = LocalContext()
    ctx.aws_request_id = request_id
    return ctx


def _api() -> Handler:
    from functions.api.handler import lambda_handler

    return cast(Handler, lambda_handler)


def _turn_worker() -> Handler:
    from functions.turn_worker.handler import lambda_handler

    return cast(Handler, lambda_handler)


def _indexer() -> Handler:
    from functions.memory_indexer.handler import lambda_handler

    return cast(Handler, lambda_handler)


def _jobs() -> Handler:
    from functions.jobs.handler import lambda_handler

    return cast(Handler, lambda_handler)


def _unreadable_sqs() -> dict[str, Any]:
    event = _event("sqs", "access_job.json")
    event["Records"][0]["body"] = "not json"  # fails before the record says what job it is
    return event


@pytest.fixture
def wired(container: Container) -> Iterator[Container]:
    with wired_handlers(container):
        yield container


# (handler, first event, second event, values only the first invocation's lines may carry)
CASES: dict[str, tuple[Callable[[], Handler], Event, Event, list[str]]] = {
    "turn_worker": (
        _turn_worker,
        lambda: _event("sqs", "turn_job.json"),
        _unreadable_sqs,
        ["after_turn", "k-3f1c0d"],  # the first job's kind and its turn's request id
    ),
    "memory_indexer": (
        _indexer,
        lambda: _event("dynamodb_stream_memory.json"),
        lambda: _event("dynamodb_stream_outbox.json"),
        [],
    ),
    "jobs": (
        _jobs,
        lambda: _event("eventbridge", "idle_sessions.json"),
        lambda: _event("eventbridge", "lifecycle.json"),
        [],
    ),
    "api": (
        _api,
        lambda: _api_event("api-first", "context.json"),
        lambda: _api_event("api-second", "memories", "list.json"),
        ["api-first"],  # the first request's API Gateway request id (its correlation id)
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_keys_of_one_invocation_never_reach_the_next(wired: Container, name: str) -> None:
    make, first, second, first_only = CASES[name]
    handler = make()
    with Capture() as before:
        # Another handler of the same process ran just before (the local stack): its correlation id too.
        _api()(_api_event("api-before", "get_session.json"), _ctx("req-api-before"))
        handler(first(), _ctx("req-first"))
    with Capture() as after:
        handler(second(), _ctx("req-second"))

    assert before.lines and after.lines
    first_lines = [line for line in before.lines if line.get("function_request_id") == "req-first"]
    assert first_lines, before.lines
    assert not any(line.get("correlation_id") == "api-before" for line in first_lines)  # not across handlers
    raw = json.dumps(after.lines, ensure_ascii=False)
    for value in ["req-api-before", "api-before", "req-first", *first_only]:
        assert value not in raw, (value, after.lines)
    assert all(line.get("function_request_id") == "req-second" for line in after.lines)


def test_threads_never_see_each_others_keys(wired: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two turn-worker invocations (the local stack's poller and post-turn threads) and an API
    request, all at once: every line keeps the keys of the invocation that wrote it."""
    barrier = threading.Barrier(3, timeout=30)
    domain_log = logging.getLogger("engram.conversation.post_turn")

    def handle(job: dict[str, Any]) -> None:
        barrier.wait()  # both workers have set their keys; the API request runs meanwhile
        barrier.wait()  # ... and is done: now log
        domain_log.info("inside", extra={"who": job["request_id"]})

    monkeypatch.setattr(wired.post_turn, "handle", handle)
    worker = _turn_worker()

    def run(n: int) -> None:
        event = copy.deepcopy(_event("sqs", "access_job.json"))
        body = json.loads(event["Records"][0]["body"])
        body["request_id"] = f"job-{n}"
        event["Records"][0]["body"] = json.dumps(body)
        worker(event, _ctx(f"req-worker-{n}"))

    with Capture() as cap:
        threads = [threading.Thread(target=run, args=(n,)) for n in (1, 2)]
        for t in threads:
            t.start()
        barrier.wait()
        _api()(_api_event("api-during", "context.json"), _ctx("req-api"))
        barrier.wait()
        for t in threads:
            t.join(30)

    inside = [line for line in cap.lines if line.get("message") == "inside"]
    assert len(inside) == 2
    for line in inside:
        n = line["who"].removeprefix("job-")
        assert line["function_request_id"] == f"req-worker-{n}", line
        assert line["job_request_id"] == f"job-{n}" and line["job_kind"] == "access", line
        assert "correlation_id" not in line, line  # the API request's, set meanwhile on another thread
    (access,) = [line for line in cap.lines if line.get("message") == "request"]
    assert access["function_request_id"] == "req-api" and access["correlation_id"] == "api-during"
    assert "job_kind" not in access
