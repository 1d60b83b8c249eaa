"""Every route of the API through both clients (sync, async), in both auth modes (end-user token,
backend key), against the real local stack; retries and errors on real routes."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from engram_client import (
    ROUTES,
    AuthModeError,
    Conflict,
    EngramConnectionError,
    Forbidden,
    NotFound,
    Unauthorized,
    ValidationError,
    models,
)

from engram.local.stack import LocalStack

from .conftest import KINDS, Blocking, api_key, record_sleeps, token, unique

REPO = Path(__file__).resolve().parents[2]
DOC: dict[str, Any] = json.loads((REPO / "docs" / "openapi.json").read_text(encoding="utf-8"))
T = TypeVar("T")


def _templates() -> list[tuple[str, re.Pattern[str], str, int]]:
    out = []
    for path, item in DOC["paths"].items():
        for method, op in item.items():
            pattern = re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$")
            out.append((method.upper(), pattern, op["operationId"], path.count("{")))
    return out


TEMPLATES = _templates()


def operation_of(method: str, path: str) -> str:
    """The operation a request reached; a static segment wins over a parameter (/memories/search)."""
    found = sorted((params, op) for m, pattern, op, params in TEMPLATES if m == method and pattern.match(path))
    assert found, f"no operation for {method} {path}"
    return found[0][1]


class Recorder:
    """Sits in front of the real transport: the operations that answered 2xx."""

    def __init__(self) -> None:
        self.succeeded: set[str] = set()

    def note(self, request: httpx.Request, response: httpx.Response) -> None:
        if response.is_success:
            self.succeeded.add(operation_of(request.method, request.url.path))


class SyncRecording(httpx.HTTPTransport):
    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        self.recorder.note(request, response)
        return response


class AsyncRecording(httpx.AsyncHTTPTransport):
    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await super().handle_async_request(request)
        self.recorder.note(request, response)
        return response


def wait_for(probe: Callable[[], T], timeout: float = 15.0) -> T:
    """The stream feeds the search index a moment after a write, as in AWS."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.2)


def exercise(c: Any, mode: str, operator: Any = None) -> None:
    """Every route of ``mode``, with checks on what comes back; the audit route through ``operator``
    (the operator key's client for the same user: a chatbot backend may not read audit trails)."""
    persona = "nurse"
    chat = c.chat(persona, "s1", "I coughed all night and my SpO2 was 92.")
    assert isinstance(chat, models.ChatResponse) and chat.reply and chat.turn == 1
    again = c.get_request(persona, "s1", chat.request_id)
    assert isinstance(again, models.ChatResponse) and again.request_id == chat.request_id
    ctx = c.context(persona, "s1", "What did I tell you about my breathing?")
    assert ctx.messages[-1].role == "user" and ctx.messages[-1].content == "What did I tell you about my breathing?"
    assert ctx.gate.decision in ("USE", "SKIP")
    turn = c.record_turn(persona, "s1", "I walked 2 km today.", "Great progress!", idempotency_key="walk-1")
    repeat = c.record_turn(persona, "s1", "I walked 2 km today.", "Great progress!", idempotency_key="walk-1")
    assert turn.turn.seq == 2 and repeat.duplicate and repeat.turn.seq == 2
    assert c.get_session(persona, "s1").turn_count == 2
    assert "s1" in [s.session_id for s in c.list_sessions(persona_id=persona).sessions]
    page = c.get_conversation_log(persona, "s1", limit=1)
    assert [r.seq for r in page.rounds] == [2] and page.next_cursor
    assert [r.seq for r in c.get_conversation_log(persona, "s1", before=page.next_cursor).rounds] == [1]
    saved = c.save_session(persona, "s1")
    assert (saved.status, saved.reason) == ("ENDED", "save")
    c.chat(persona, "s2", "Another conversation about my inhaler.")
    assert c.end_session(persona, "s2").reason == "end"

    created = c.create_memory(
        persona, summary="Allergic to penicillin", type="constraint", importance=0.95, pinned=True, topics=["allergy"]
    )
    memory_id = created.memory.memory_id
    assert c.get_memory(memory_id).memory.content == "Allergic to penicillin"
    listed = c.list_memories(persona_id=persona, type="constraint", pinned=True)
    assert [x.memory_id for x in listed.memories] == [memory_id]
    assert memory_id in [x.memory_id for x in c.load_memories(persona, n=5).memories]
    found = wait_for(lambda: c.search_memories("penicillin", persona_id=persona, type=["constraint"]).results)
    assert [r.memory.memory_id for r in found] == [memory_id]
    months = c.memory_timeline(persona_id=persona).months
    assert any(memory_id in [x.memory_id for x in month.memories] for month in months)
    assert c.summarize([{"role": "user", "content": "I take my inhaler at 8 every morning."}]).summary
    patched = c.update_memory(memory_id, version=created.memory.version, importance=0.8)
    assert patched.memory.importance == pytest.approx(0.8) and patched.memory.version > created.memory.version
    with pytest.raises(Conflict):  # the version read before the edit is stale
        c.update_memory(memory_id, version=created.memory.version, importance=0.7)
    assert [p.memory_id for p in c.set_pinned(persona, [memory_id]).pinned] == [memory_id]
    assert [p.memory_id for p in c.get_profile(persona).pinned] == [memory_id]
    assert c.archive_memory(memory_id).memory.status == "archived"
    assert memory_id in [x.memory_id for x in c.list_archive(persona_id=persona).memories]
    assert c.restore_memory(memory_id).memory.status == "active"
    events = [e.event for e in c.memory_lifecycle(memory_id).entries]
    assert "archive" in events and "restore" in events
    assert c.delete_memory(memory_id).deleted
    with pytest.raises(NotFound):
        c.get_memory(memory_id)
    c.create_memory("pharmacist", summary="Prefers generic drugs")
    deletion = c.delete_persona("pharmacist")  # an erasure of the persona, run by the erasure job
    assert deletion.persona_id == "pharmacist" and deletion.state in ("confirmed", "processing", "completed")
    assert wait_for(lambda: c.list_memories(persona_id="pharmacist").total == 0)

    assert c.export().counts
    job = c.start_export()
    assert c.get_export(job.export_id).export_id == job.export_id

    if mode == "backend":
        doc = c.upload_kb_document("Inhalers", "Rinse your mouth after a steroid inhaler.", source="leaflet")
        assert doc.doc_id in [d.doc_id for d in c.list_kb_documents().documents]
        assert c.delete_kb_document(doc.doc_id).deleted_chunks == doc.chunks
        with pytest.raises(Forbidden):
            c.list_audit(limit=5)
        assert operator.list_audit(limit=5).subject
    else:
        with pytest.raises(AuthModeError):
            c.list_kb_documents()
        with pytest.raises(AuthModeError):
            c.list_audit()

    erasure = c.request_erasure(scope="all")  # last: it erases the user
    assert erasure.state == "pending_confirmation"
    assert c.confirm_erasure(erasure.request_id, erasure.confirmation_token).request_id == erasure.request_id
    assert c.get_erasure(erasure.request_id).state in ("confirmed", "processing", "completed")


def _expected(mode: str) -> set[str]:
    endpoints = [r.end_user if mode == "end_user" else r.backend for r in ROUTES.values()]
    return {e.operation_id for e in endpoints if e is not None}


@pytest.mark.parametrize("mode", ["end_user", "backend"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_route_through_the_client(
    stack: LocalStack, open_client: Callable[..., Any], kind: str, mode: str
) -> None:
    recorder = Recorder()
    transport = SyncRecording(recorder) if kind == "sync" else AsyncRecording(recorder)
    user = unique(f"{kind}-{mode}")
    auth = {"token": token(stack, user)} if mode == "end_user" else {"api_key": api_key(stack), "user_id": user}
    client = open_client(kind, stack.url, transport=transport, **auth)
    assert client.mode == mode
    operator_key = stack.settings.local_operator_api_key.get_secret_value()
    operator = open_client(kind, stack.url, transport=transport, api_key=operator_key, user_id=user)
    exercise(client, mode, operator)
    assert _expected(mode) - recorder.succeeded == set(), "routes not exercised"


def test_the_async_client_runs_calls_concurrently(stack: LocalStack) -> None:
    import asyncio

    from engram_client import AsyncEngramClient

    async def main() -> list[models.TurnResponse]:
        async with AsyncEngramClient(stack.url, api_key=api_key(stack), user_id=unique("gather")) as engram:
            await engram.chat("nurse", "s1", "hello")
            users = [engram.for_user(unique("gather")) for _ in range(3)]
            return await asyncio.gather(*(u.record_turn("nurse", "s1", "hi", "hello!") for u in users))

    assert [t.turn.seq for t in asyncio.run(main())] == [1, 1, 1]


# --- retries and errors on real routes --------------------------------------------------------------


class LosesAnswers(httpx.HTTPTransport):
    """Delivers the first ``lose`` requests to the stack but loses their answers (a read timeout after
    the server did the work): the retry must not repeat the write."""

    def __init__(self, lose: int) -> None:
        super().__init__()
        self.lose = lose
        self.delivered = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        response.read()
        self.delivered += 1
        if self.delivered <= self.lose:
            raise httpx.ReadTimeout("answer lost", request=request)
        return response


class AsyncThrottledFirst(httpx.AsyncHTTPTransport):
    """Answers the first request 429 with Retry-After itself, then passes requests to the stack."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.calls += 1
        if self.calls == 1:
            return httpx.Response(429, headers={"retry-after": "1"}, json={"message": "Too Many Requests"})
        return await super().handle_async_request(request)


def test_a_turn_whose_answer_was_lost_is_recorded_once(stack: LocalStack, open_client: Callable[..., Any]) -> None:
    transport = LosesAnswers(lose=2)
    client = open_client("sync", stack.url, token=token(stack, unique("lost")), transport=transport)
    sleeps = record_sleeps(client)
    turn = client.record_turn("nurse", "s1", "I walked 2 km today.", "Great progress!")
    assert transport.delivered == 3 and len(sleeps) == 2
    assert turn.duplicate and turn.turn.seq == 1  # the same idempotency key each time
    assert client.get_session("nurse", "s1").turn_count == 1


def test_a_write_without_an_idempotency_key_is_not_repeated(stack: LocalStack, open_client: Callable[..., Any]) -> None:
    transport = LosesAnswers(lose=1)
    client = open_client("sync", stack.url, token=token(stack, unique("lost")), transport=transport)
    with pytest.raises(EngramConnectionError):
        client.request_erasure()
    assert transport.delivered == 1  # a second request would be a second erasure request


def test_state_changes_whose_answers_were_lost_are_retried_to_the_same_end(
    stack: LocalStack, open_client: Callable[..., Any]
) -> None:
    """end, save, archive and restore leave the same state however often they arrive: the retry
    after a lost answer reports that state (the end's first session memory, not a second one)."""
    user = unique("lost")
    plain = open_client("sync", stack.url, token=token(stack, user))
    plain.record_turn("nurse", "s1", "I walked 2 km today.", "Great progress!")
    plain.record_turn("nurse", "s2", "My knee hurts a little.", "Rest it today.")
    memory = plain.create_memory("nurse", summary="Walks every morning").memory.memory_id

    def losing() -> Any:
        client = open_client("sync", stack.url, token=token(stack, user), transport=LosesAnswers(lose=1))
        record_sleeps(client)
        return client

    ended = losing().end_session("nurse", "s1")
    assert ended.already_ended and ended.memory_id  # the retry found the first end's result
    assert plain.end_session("nurse", "s1").memory_id == ended.memory_id
    saved = losing().save_session("nurse", "s2")
    assert saved.already_ended and saved.memory_id
    assert plain.save_session("nurse", "s2").memory_id == saved.memory_id
    assert losing().archive_memory(memory).memory.status == "archived"
    assert losing().restore_memory(memory).memory.status == "active"
    assert losing().delete_memory(memory).deleted  # the retry's 404: the first try deleted it
    with pytest.raises(NotFound):
        plain.get_memory(memory)


def test_a_memory_whose_answer_was_lost_is_created_once(stack: LocalStack, open_client: Callable[..., Any]) -> None:
    transport = LosesAnswers(lose=2)
    client = open_client("sync", stack.url, token=token(stack, unique("lost")), transport=transport)
    record_sleeps(client)
    created = client.create_memory("nurse", summary="Allergic to penicillin")
    assert transport.delivered == 3 and created.deduplicated  # the first try's answer, stored
    assert client.list_memories(persona_id="nurse").total == 1


def test_a_throttled_read_waits_retry_after_then_succeeds(stack: LocalStack, open_client: Callable[..., Any]) -> None:
    transport = AsyncThrottledFirst()  # the real stack behind a throttling gateway
    client: Blocking = open_client(
        "async", stack.url, api_key=api_key(stack), user_id=unique("throttled"), transport=transport
    )
    sleeps = record_sleeps(client)
    assert client.list_memories().total == 0
    assert transport.calls == 2 and sleeps == [1.0]


@pytest.mark.parametrize("kind", KINDS)
def test_api_errors_are_raised_with_their_code(stack: LocalStack, open_client: Callable[..., Any], kind: str) -> None:
    client = open_client(kind, stack.url, token=token(stack, unique("errors")), max_attempts=1)
    with pytest.raises(NotFound) as missing:
        client.get_memory("mem-does-not-exist")
    assert (missing.value.status, missing.value.code, missing.value.details) == (
        404,
        "NOT_FOUND",
        {"memory_id": "mem-does-not-exist"},
    )
    with pytest.raises(ValidationError) as invalid:
        client.list_memories(limit=1000)
    assert invalid.value.code == "VALIDATION_ERROR" and invalid.value.details["errors"][0]["field"] == "query.limit"
    with pytest.raises(Unauthorized):
        open_client(kind, stack.url, token="not-a-jwt").get_session("nurse", "s1")
    with pytest.raises(Forbidden):
        open_client(kind, stack.url, api_key="wrong-key", user_id="alice").get_session("nurse", "s1")
