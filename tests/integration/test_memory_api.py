"""M2 memory API, L4 pinned facts, L8 knowledge base and L10 plan cap, end to end
through the local gateway (JWT / API-key authorizers, real handler, DynamoDB Local)."""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pytest

from engram import runtime
from engram.conversation.idempotent import marker_key
from engram.kernel.clock import ManualClock
from engram.kernel.keys import OwnerKey
from engram.local import tokens
from engram.local.gateway import GatewayResponse, LocalGateway
from engram.memory.models import KB_OWNER
from engram.memory.ports import Vector
from engram.memory.retrieval import HybridRetriever
from engram.memory.service import MemoryService
from engram.settings import Settings
from engram.wiring import Container
from engram.wiring.memory import build_knowledge_base, build_memory_service
from tests.support.openai_stub import OpenAIStub

MEM = "/v1/memories"


class HashEmbedder:
    """Deterministic 16-d unit vectors (the real 384-d model is exercised in one test)."""

    name = "hash-16"
    dimensions = 16

    def embed(self, texts: Sequence[str]) -> Vector:
        rows = []
        for text in texts:
            digest = hashlib.sha256(text.encode()).digest()
            v = np.frombuffer(digest[:16], dtype=np.uint8).astype(np.float32) - 127.5
            rows.append(v / np.linalg.norm(v))
        return np.vstack(rows).astype(np.float32)

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        return self.embed(texts)


def wire(container: Container, embedder: Any = None) -> MemoryService:
    """What the container does: the memory service and the KB share the repository and the embedder."""
    svc = build_memory_service(
        container.settings,
        clock=container.clock,
        metrics=container.metrics,
        summarizer=container.models.summarizer,
        embedder=embedder or HashEmbedder(),
    )
    container.memory_service = svc
    container.knowledge_base = build_knowledge_base(
        container.settings,
        clock=container.clock,
        metrics=container.metrics,
        embedder=svc.embedder,
        counter=container.counter,
        repo=svc.repo,
    )
    return svc


@pytest.fixture
def svc(container: Container) -> MemoryService:
    return wire(container)


@pytest.fixture
def gw(container: Container, settings: Settings, svc: MemoryService) -> Iterator[LocalGateway]:

    # a persona deletion starts the erasure job; here it runs at once, in this thread
    container.erasure_trigger = lambda: container.erasure_job.run()
    runtime.set_container(container)
    yield LocalGateway(settings)
    runtime.set_container(None)


def auth(settings: Settings, user: str = "alice", plan: str | None = None) -> dict[str, str]:
    token = tokens.mint(settings, user, plan=plan)
    return {"authorization": f"Bearer {token}", "content-type": "application/json"}


def backend(settings: Settings) -> dict[str, str]:
    return {"x-api-key": settings.local_api_key.get_secret_value(), "content-type": "application/json"}


def call(gw: LocalGateway, method: str, path: str, headers: dict[str, str], body: Any = None) -> GatewayResponse:
    raw = body if isinstance(body, bytes) else (json.dumps(body).encode() if body is not None else None)
    return gw.handle(method, path, headers, raw)


def create(gw: LocalGateway, h: dict[str, str], summary: str, persona: str = "nurse", **extra: Any) -> dict[str, Any]:
    r = call(gw, "POST", MEM, h, {"persona_id": persona, "summary": summary, **extra})
    assert r.status == 201, r.body
    body: dict[str, Any] = r.json()
    return body


def code(r: GatewayResponse) -> str:
    return str(r.json()["error"]["code"])


# --- happy paths ------------------------------------------------------------------------------


def test_create_get_patch_archive_restore_delete(gw: LocalGateway, settings: Settings, svc: MemoryService) -> None:
    h = auth(settings)
    created = create(gw, h, "Alice is allergic to penicillin. Mail: alice@example.com", topics=["health"])
    m = created["memory"]
    assert created["archived"] == [] and created["warning"] is None and created["warnings"] == []
    assert m["memory_id"].startswith("mem-") and m["version"] == 1 and m["status"] == "active"
    assert m["importance"] == settings.importance_at_birth and m["type"] == "note"
    assert "[EMAIL]" in m["content"] and "alice@example.com" not in m["content"] and m["pii_flags"] == ["email"]
    stored = svc.repo.get("default", "alice", m["memory_id"])
    assert stored is not None and stored.embedding is not None and len(stored.embedding) == 16

    mid = m["memory_id"]
    got = call(gw, "GET", f"{MEM}/{mid}", h)
    assert got.status == 200 and got.json()["memory"]["content"] == m["content"]

    r = call(
        gw,
        "PATCH",
        f"{MEM}/{mid}",
        h,
        {"version": 1, "summary": "Alice is allergic to penicillin and latex.", "importance": 0.9},
    )
    patched = r.json()["memory"]
    assert r.status == 200 and patched["version"] == 2 and patched["importance"] == 0.9
    assert patched["content"] == "Alice is allergic to penicillin and latex."
    restored_record = svc.repo.get("default", "alice", mid)
    assert restored_record is not None and restored_record.embedding != stored.embedding  # re-embedded
    r = call(gw, "PATCH", f"{MEM}/{mid}", h, {"version": 2, "importance": 0.8})  # importance only: same text
    assert r.status == 200 and r.json()["memory"]["version"] == 3

    r = call(gw, "POST", f"{MEM}/{mid}/archive", h)
    assert r.status == 200 and r.json()["memory"]["status"] == "archived" and r.json()["archived_at"] > 0
    assert call(gw, "GET", MEM, h).json()["total"] == 0
    assert call(gw, "GET", f"{MEM}?include_archived=true", h).json()["total"] == 1
    r = call(gw, "POST", f"{MEM}/{mid}/restore", h)
    assert r.status == 200 and r.json()["memory"]["status"] == "active" and r.json()["archived"] == []

    r = call(gw, "DELETE", f"{MEM}/{mid}", h)
    assert r.status == 200 and r.json() == {"memory_id": mid, "deleted": True}
    assert code(call(gw, "GET", f"{MEM}/{mid}", h)) == "NOT_FOUND"
    assert call(gw, "DELETE", f"{MEM}/{mid}", h).status == 404


def test_backend_routes_act_for_the_named_user(gw: LocalGateway, settings: Settings) -> None:
    b = backend(settings)
    r = call(gw, "POST", "/v1/users/alice/memories", b, {"persona_id": "nurse", "summary": "Alice walks daily."})
    assert r.status == 201
    mid = r.json()["memory"]["memory_id"]
    assert call(gw, "GET", f"{MEM}/{mid}", auth(settings, "alice")).status == 200
    assert call(gw, "GET", f"/v1/users/alice/memories/{mid}", b).status == 200
    assert call(gw, "GET", f"/v1/users/bob/memories/{mid}", b).status == 404
    # an end user's token never reaches the backend routes
    assert call(gw, "GET", f"/v1/users/alice/memories/{mid}", auth(settings, "alice")).status == 403


def test_create_from_messages_uses_the_summary_model(gw: LocalGateway, settings: Settings) -> None:
    messages = [
        {"role": "user", "content": "I saw a great movie yesterday and loved it."},
        {"role": "assistant", "content": "Nice! Which one?"},
        {"role": "user", "content": "Dune. I will go to the cinema again next week."},
    ]
    r = call(gw, "POST", MEM, auth(settings), {"persona_id": "buddy", "messages": messages})
    body = r.json()
    assert r.status == 201 and body["model"] == "local-heuristic" and body["warning"] is None
    assert body["memory"]["type"] == "timeline" and body["memory"]["content"]
    assert 0.1 <= body["memory"]["importance"] <= 1.0 and body["memory"]["emotion"]
    r = call(gw, "POST", f"{MEM}/summarize", auth(settings), {"messages": messages})
    s = r.json()
    assert r.status == 200 and s["summary"] and 1 <= s["importance"] <= 10 and s["model"] == "local-heuristic"
    assert call(gw, "GET", MEM, auth(settings)).json()["total"] == 1  # summarize stores nothing


def test_a_create_retried_with_its_idempotency_key_writes_once(
    gw: LocalGateway, settings: Settings, container: Container
) -> None:
    """An answer lost on the way: the retry gets the first answer back, nothing is written twice,
    also when retries race (real threads); the key names one request and one user only."""
    messages = [{"role": "user", "content": "My cat Mochi was adopted on 3 March and loves tuna."}]
    body = {"persona_id": "buddy", "messages": messages, "idempotency_key": "create-1"}
    first = call(gw, "POST", MEM, auth(settings), body)
    again = call(gw, "POST", MEM, auth(settings), body)
    assert first.status == again.status == 201, again.body
    assert first.json()["deduplicated"] is False and again.json()["deduplicated"] is True
    assert again.json()["memory"] == first.json()["memory"]
    assert call(gw, "GET", MEM, auth(settings)).json()["total"] == 1
    # the same key with another body is a client error, and writes nothing
    other = call(gw, "POST", MEM, auth(settings), {**body, "messages": [{"role": "user", "content": "Hi"}]})
    assert other.status == 409 and code(other) == "IDEMPOTENCY_KEY_REUSED"
    # another user's key space is their own
    theirs = call(gw, "POST", MEM, auth(settings, "bob"), body)
    assert theirs.status == 201 and theirs.json()["deduplicated"] is False
    # retries racing each other: one writes, the rest answer with it or ask to retry later
    race = {"persona_id": "buddy", "summary": "Lives in Taichung.", "idempotency_key": "create-2"}
    answers: list[GatewayResponse] = []
    start = threading.Barrier(6)

    def retry() -> None:
        start.wait()
        answers.append(call(gw, "POST", MEM, auth(settings), race))

    threads = [threading.Thread(target=retry) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {a.status for a in answers} <= {201, 409}
    for waiting in (a for a in answers if a.status == 409):
        headers = {k.lower(): v for k, v in waiting.headers.items()}
        assert code(waiting) == "REQUEST_IN_PROGRESS" and headers["retry-after"] == "2"
    made = {a.json()["memory"]["memory_id"] for a in answers if a.status == 201}
    assert len(made) == 1 and sum(not a.json()["deduplicated"] for a in answers if a.status == 201) == 1
    assert call(gw, "GET", MEM, auth(settings)).json()["total"] == 2
    # a retry while the first try still runs (its marker claimed, no answer yet)
    owner = OwnerKey("default", "alice")
    busy = {"persona_id": "buddy", "summary": "Has a piano lesson on Fridays.", "idempotency_key": "create-3"}
    store = container.conversation.idempotency
    now = container.clock.now()
    assert store.claim(owner, "memory_create", marker_key("create-3"), "first", 120, now).state == "acquired"
    waiting = call(gw, "POST", MEM, auth(settings), busy)
    headers = {k.lower(): v for k, v in waiting.headers.items()}
    assert waiting.status == 409 and code(waiting) == "REQUEST_IN_PROGRESS" and headers["retry-after"] == "2"
    # without a key, two posts are two memories (as before)
    made_twice = {create(gw, auth(settings), "Plays the cello.", "buddy")["memory"]["memory_id"] for _ in range(2)}
    assert len(made_twice) == 2


class GatedEmbedder(HashEmbedder):
    """Its first document embedding (inside the first create's write) waits until `go` is set."""

    def __init__(self) -> None:
        self.inside, self.go = threading.Event(), threading.Event()
        self._first = True

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        if self._first:
            self._first = False
            self.inside.set()
            assert self.go.wait(20)
        return self.embed(texts)


def test_a_create_that_outlives_its_idempotency_lock_is_made_once(
    gw: LocalGateway, settings: Settings, container: Container, clock: ManualClock
) -> None:
    """The first write runs past the 120 s lock; a retry (another execution environment: a
    gateway of its own) takes the lapsed lock and writes too: one memory, both answers name it."""
    gated = GatedEmbedder()
    wire(container, gated)
    other = LocalGateway(settings)
    body = {"persona_id": "buddy", "summary": "Feeds the neighbour's cat on Sundays.", "idempotency_key": "slow-1"}
    first: list[GatewayResponse] = []
    slow = threading.Thread(target=lambda: first.append(call(gw, "POST", MEM, auth(settings), body)))
    slow.start()
    assert gated.inside.wait(20)  # the first write is running, its lock held ...
    clock.advance(settings.request_lock_ttl_s + 1)  # ... until it lapses
    retry = call(other, "POST", MEM, auth(settings), body)
    gated.go.set()
    slow.join(30)
    assert retry.status == 201 and first and first[0].status == 201, (retry.body, first)
    assert first[0].json()["memory"]["memory_id"] == retry.json()["memory"]["memory_id"]
    assert call(gw, "GET", MEM, auth(settings)).json()["total"] == 1


def test_a_crash_between_the_memory_and_its_marker_lets_no_retry_write_twice(
    gw: LocalGateway, settings: Settings, container: Container, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = container.conversation.idempotency

    def crash(*args: Any, **kwargs: Any) -> None:
        raise SystemExit("the process died before the marker was completed")

    body = {"persona_id": "buddy", "summary": "Allergic to walnuts.", "idempotency_key": "crash-1"}
    monkeypatch.setattr(store, "complete", crash)
    with pytest.raises(SystemExit):
        call(gw, "POST", MEM, auth(settings), body)
    monkeypatch.undo()
    assert call(gw, "GET", MEM, auth(settings)).json()["total"] == 1  # the memory was made
    clock.advance(settings.request_lock_ttl_s + 1)  # the dead attempt's lock lapses
    retry = call(gw, "POST", MEM, auth(settings), body)
    assert retry.status == 201, retry.body
    assert call(gw, "GET", MEM, auth(settings)).json()["total"] == 1
    assert call(gw, "POST", MEM, auth(settings), body).json()["deduplicated"] is True


def test_list_pagination_and_persona_filter(gw: LocalGateway, settings: Settings, clock: ManualClock) -> None:
    h = auth(settings)
    ids = []
    for i in range(8):
        clock.advance(1)
        ids.append(create(gw, h, f"fact number {i}", persona="p1" if i % 2 else "p2")["memory"]["memory_id"])
    newest_first = ids[::-1]
    page = call(gw, "GET", f"{MEM}?limit=3", h).json()
    assert [m["memory_id"] for m in page["memories"]] == newest_first[:3]
    assert (page["total"], page["has_more"], page["limit"], page["offset"]) == (8, True, 3, 0)
    page = call(gw, "GET", f"{MEM}?limit=3&offset=6", h).json()
    assert [m["memory_id"] for m in page["memories"]] == newest_first[6:] and page["has_more"] is False
    page = call(gw, "GET", f"{MEM}?offset=20", h).json()
    assert page["memories"] == [] and page["total"] == 8 and page["has_more"] is False
    default = call(gw, "GET", MEM, h).json()
    assert default["limit"] == settings.list_default_limit and len(default["memories"]) == 8
    p1 = call(gw, "GET", f"{MEM}?persona_id=p1", h).json()
    assert p1["total"] == 4 and {m["persona_id"] for m in p1["memories"]} == {"p1"}


def test_load_ranks_by_effective_importance_and_counts_the_access(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    h = auth(settings)
    old_high = create(gw, h, "old but important", importance=0.9)["memory"]["memory_id"]
    clock.advance(52 * 7 * 86400)  # a year: 0.9 × 0.95^52 ≈ 0.06
    fresh_mid = create(gw, h, "fresh and medium", importance=0.5)["memory"]["memory_id"]
    clock.advance(10)
    fresh_low = create(gw, h, "fresh and low", importance=0.3)["memory"]["memory_id"]
    r = call(gw, "GET", f"{MEM}/load?persona_id=nurse&n=2", h)
    assert r.status == 200 and [m["memory_id"] for m in r.json()["memories"]] == [fresh_mid, fresh_low]
    assert call(gw, "GET", f"{MEM}/{fresh_mid}", h).json()["memory"]["access_count"] == 1
    assert call(gw, "GET", f"{MEM}/{old_high}", h).json()["memory"]["access_count"] == 0
    everything = call(gw, "GET", f"{MEM}/load?persona_id=nurse", h).json()["memories"]
    assert len(everything) == 3 and everything[-1]["memory_id"] == old_high
    assert call(gw, "GET", f"{MEM}/load", h).status == 400  # persona_id is required


def test_search_by_keyword_type_and_date_range(gw: LocalGateway, settings: Settings, clock: ManualClock) -> None:
    h = auth(settings)
    clock.set(datetime(2026, 1, 10, tzinfo=UTC).timestamp())
    jan = create(gw, h, "Started swimming lessons", type="timeline")["memory"]["memory_id"]
    clock.set(datetime(2026, 2, 10, tzinfo=UTC).timestamp())
    feb = create(gw, h, "Swimming twice a week now", type="fact")["memory"]["memory_id"]
    create(gw, h, "Likes green tea", type="preference")

    def ids(query: str) -> list[str]:
        r = call(gw, "GET", f"{MEM}/search?{query}", h)
        assert r.status == 200, r.body
        return [x["memory"]["memory_id"] for x in r.json()["results"]]

    assert set(ids("q=swimming")) == {jan, feb}
    assert ids("q=swimming&type=fact") == [feb]
    assert ids("q=swimming&from=2026-02-01") == [feb]
    assert ids("q=swimming&to=2026-01-10") == [jan]  # a bare date covers the whole day
    assert ids("q=swimming&from=2026-01-01T00:00:00Z&to=2026-01-31T23:59:59%2B00:00") == [jan]
    assert set(ids("type=fact,timeline")) == {jan, feb}  # filters only, newest first
    assert ids("type=fact,timeline")[0] == feb
    call(gw, "POST", f"{MEM}/{feb}/archive", h)
    assert ids("q=swimming") == [jan]
    assert set(ids("q=swimming&include_archived=true")) == {jan, feb}
    # RFC 3339 as any client writes it: lowercase t/z, nanoseconds, a leap second.
    assert ids("q=swimming&from=2026-01-01t00:00:00.123456789z&to=2026-01-31T23:59:60Z") == [jan]
    assert ids("q=swimming&from=0001-01-01T00:00:00%2B23:59&to=9999-12-31T23:59:59-23:59") == [jan]
    # A reversed range is empty, not an error (the schema cannot say from <= to).
    assert call(gw, "GET", f"{MEM}/search?q=swimming&from=2026-03-01&to=2026-02-01", h).json() == {"results": []}
    for bad in ("from=yesterday", "type=bogus", "limit=0", "limit=51"):
        r = call(gw, "GET", f"{MEM}/search?q=x&{bad}", h)
        assert r.status == 400 and code(r) == "VALIDATION_ERROR", bad


def test_query_parameters_are_validated_as_the_contract_declares(gw: LocalGateway, settings: Settings) -> None:
    """What docs/openapi.json calls invalid is refused, never read as absent or passed on: an empty
    or non-RFC-3339 date (format date / date-time), ids outside their patterns."""
    h = auth(settings)
    cases = [
        f"{MEM}/search?q=x&to=",
        f"{MEM}/search?q=x&from=%202026-01-01",
        f"{MEM}/search?q=x&from=20260101",
        f"{MEM}/search?q=x&to=2026-01-01T10:00:00",  # a date-time names its offset
        f"{MEM}/archive?persona_id=%C3%97%C3%B8",
        f"{MEM}?persona_id=_kb",
        f"{MEM}?session_id=a%2Fb",
        f"{MEM}/load?persona_id=_kb",
        "/v1/sessions?persona_id=no%20spaces",
    ]
    for path in cases:
        r = call(gw, "GET", path, h)
        assert r.status == 400 and code(r) == "VALIDATION_ERROR", (path, r.status, r.body[:200])


def test_timeline_groups_by_month_newest_first(gw: LocalGateway, settings: Settings, clock: ManualClock) -> None:
    h = auth(settings)
    clock.set(datetime(2026, 1, 31, 23, 0, tzinfo=UTC).timestamp())
    a = create(gw, h, "january")["memory"]["memory_id"]
    clock.set(datetime(2026, 2, 1, 1, 0, tzinfo=UTC).timestamp())
    b = create(gw, h, "february one")["memory"]["memory_id"]
    clock.advance(3600)
    c = create(gw, h, "february two")["memory"]["memory_id"]
    create(gw, h, "other persona", persona="coach")
    r = call(gw, "GET", f"{MEM}/timeline?persona_id=nurse", h)
    months = r.json()["months"]
    assert r.status == 200 and [g["month"] for g in months] == ["2026-02", "2026-01"]
    assert [m["memory_id"] for m in months[0]["memories"]] == [c, b] and months[0]["count"] == 2
    assert [m["memory_id"] for m in months[1]["memories"]] == [a]
    assert sum(g["count"] for g in call(gw, "GET", f"{MEM}/timeline", h).json()["months"]) == 4


def test_pinned_facts_profile_and_persona_deletion(gw: LocalGateway, settings: Settings) -> None:
    h = auth(settings)
    allergy = create(gw, h, "Allergic to penicillin", type="constraint")["memory"]["memory_id"]
    goal = create(gw, h, "Wants to run a 10k", pinned=True)["memory"]["memory_id"]
    other = create(gw, h, "Coach persona fact", persona="coach")["memory"]["memory_id"]
    profile = call(gw, "GET", "/v1/personas/nurse/profile", h).json()
    assert profile["pinned"] == [{"memory_id": goal, "text": "Wants to run a 10k"}]

    r = call(gw, "PUT", "/v1/personas/nurse/profile", h, {"pinned_memory_ids": [allergy]})
    assert r.status == 200 and [p["memory_id"] for p in r.json()["pinned"]] == [allergy]
    assert call(gw, "GET", f"{MEM}/{allergy}", h).json()["memory"]["pinned"] is True
    assert call(gw, "GET", f"{MEM}/{goal}", h).json()["memory"]["pinned"] is False
    r = call(gw, "PUT", "/v1/personas/nurse/profile", h, {"pinned_memory_ids": [other]})
    assert r.status == 400 and code(r) == "VALIDATION_ERROR"  # a memory of another persona
    assert call(gw, "PUT", "/v1/personas/nurse/profile", h, {"pinned_memory_ids": ["mem-nope"]}).status == 404

    # a pinned memory leaves the pinned block when archived and comes back when restored
    call(gw, "POST", f"{MEM}/{allergy}/archive", h)
    assert call(gw, "GET", "/v1/personas/nurse/profile", h).json()["pinned"] == []
    call(gw, "POST", f"{MEM}/{allergy}/restore", h)
    assert [p["memory_id"] for p in call(gw, "GET", "/v1/personas/nurse/profile", h).json()["pinned"]] == [allergy]
    # unpin through PATCH
    version = call(gw, "GET", f"{MEM}/{allergy}", h).json()["memory"]["version"]
    call(gw, "PATCH", f"{MEM}/{allergy}", h, {"version": version, "pinned": False})
    assert call(gw, "GET", "/v1/personas/nurse/profile", h).json()["pinned"] == []

    call(gw, "PATCH", f"{MEM}/{goal}", h, {"version": 2, "pinned": True})
    r = call(gw, "DELETE", "/v1/personas/nurse", h)
    assert r.status == 200 and r.json()["persona_id"] == "nurse" and r.json()["deleted_memories"] == 2
    assert r.json()["state"] == "completed" and r.json()["receipt"]["kind"] == "persona_deletion"
    assert call(gw, "GET", f"{MEM}?persona_id=nurse&include_archived=true", h).json()["total"] == 0
    assert call(gw, "GET", "/v1/personas/nurse/profile", h).json()["pinned"] == []
    assert call(gw, "GET", f"{MEM}/{other}", h).status == 200  # other personas untouched


# --- 4xx ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "limit=abc", "offset=-1", "include_archived=maybe"])
def test_bad_list_parameters(gw: LocalGateway, settings: Settings, query: str) -> None:
    r = call(gw, "GET", f"{MEM}?{query}", auth(settings))
    assert r.status == 400 and code(r) == "VALIDATION_ERROR"


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        (b"{not json", 400, "VALIDATION_ERROR"),
        ({}, 400, "VALIDATION_ERROR"),
        ({"persona_id": "nurse"}, 400, "VALIDATION_ERROR"),  # neither summary nor messages
        ({"persona_id": "nurse", "summary": "   "}, 400, "VALIDATION_ERROR"),
        ({"persona_id": "nurse", "summary": "x", "importance": 7}, 400, "VALIDATION_ERROR"),
        ({"persona_id": "nurse", "summary": "x", "type": "gossip"}, 400, "VALIDATION_ERROR"),
        ({"persona_id": "nurse", "summary": "x", "user_id": "mallory"}, 400, "VALIDATION_ERROR"),
        ({"persona_id": "bad#id", "summary": "x"}, 400, "VALIDATION_ERROR"),
        ({"persona_id": "nurse", "messages": []}, 400, "VALIDATION_ERROR"),
        ({"persona_id": "nurse", "messages": [{"role": "robot", "content": "hi"}]}, 400, "VALIDATION_ERROR"),
        ({"persona_id": "nurse", "summary": "x" * (16 * 1024 + 1)}, 413, "PAYLOAD_TOO_LARGE"),
        ({"persona_id": "nurse", "summary": "기억" * 3000}, 413, "PAYLOAD_TOO_LARGE"),  # 18 KB of UTF-8
        ({"persona_id": "nurse", "messages": [{"role": "user", "content": "y" * 20000}]}, 413, "PAYLOAD_TOO_LARGE"),
        # Messages beside a summary are not summarised, but they are part of the request all the same.
        (
            {"persona_id": "nurse", "summary": "x", "messages": [{"role": "user", "content": "\f"}]},
            400,
            "VALIDATION_ERROR",
        ),
        (
            {"persona_id": "nurse", "summary": "x", "messages": [{"role": "user", "content": "y" * 20000}]},
            413,
            "PAYLOAD_TOO_LARGE",
        ),
        ({"persona_id": "nurse", "summary": "x", "pinned": 0}, 400, "VALIDATION_ERROR"),  # JSON types, not coerced
    ],
)
def test_bad_create_input(gw: LocalGateway, settings: Settings, body: Any, status: int, error: str) -> None:
    r = call(gw, "POST", MEM, auth(settings), body)
    assert r.status == status and code(r) == error, r.body
    assert "Traceback" not in r.body.decode()
    assert call(gw, "GET", f"{MEM}?include_archived=true", auth(settings)).json()["total"] == 0


def test_patch_errors(gw: LocalGateway, settings: Settings) -> None:
    h = auth(settings)
    mid = create(gw, h, "original")["memory"]["memory_id"]
    assert code(call(gw, "PATCH", f"{MEM}/mem-unknown", h, {"version": 1, "importance": 0.1})) == "NOT_FOUND"
    r = call(gw, "PATCH", f"{MEM}/{mid}", h, {"version": 1})
    assert r.status == 400 and code(r) == "VALIDATION_ERROR"  # nothing to change
    assert call(gw, "PATCH", f"{MEM}/{mid}", h, {"importance": 0.1}).status == 400  # version is required
    assert call(gw, "PATCH", f"{MEM}/{mid}", h, b"{oops").status == 400
    assert call(gw, "PATCH", f"{MEM}/{mid}", h, {"version": 1, "summary": "z" * 20000}).status == 413
    assert call(gw, "PATCH", f"{MEM}/{mid}", h, {"version": 1, "importance": 0.2}).status == 200
    r = call(gw, "PATCH", f"{MEM}/{mid}", h, {"version": 1, "importance": 0.3})  # stale
    assert r.status == 409 and code(r) == "CONFLICT" and r.json()["error"]["details"]["current_version"] == 2
    assert code(call(gw, "POST", f"{MEM}/mem-unknown/archive", h)) == "NOT_FOUND"
    assert code(call(gw, "POST", f"{MEM}/mem-unknown/restore", h)) == "NOT_FOUND"
    assert code(call(gw, "GET", f"{MEM}/bad%23id", h)) == "VALIDATION_ERROR"


def test_concurrent_patches_one_wins(gw: LocalGateway, settings: Settings) -> None:
    h = auth(settings)
    mid = create(gw, h, "contended")["memory"]["memory_id"]
    results: list[GatewayResponse] = []
    lock = threading.Lock()
    start = threading.Barrier(5)

    def patch() -> None:
        start.wait()
        r = call(gw, "PATCH", f"{MEM}/{mid}", h, {"version": 1, "importance": 0.7})
        with lock:
            results.append(r)

    threads = [threading.Thread(target=patch) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status for r in results) == [200, 409, 409, 409, 409]
    assert all(code(r) == "CONFLICT" for r in results if r.status == 409)
    assert call(gw, "GET", f"{MEM}/{mid}", h).json()["memory"]["version"] == 2


def test_other_users_memories_are_invisible_through_every_route(gw: LocalGateway, settings: Settings) -> None:
    alice, bob = auth(settings, "alice"), auth(settings, "bob")
    mid = create(gw, alice, "alice's secret diary entry", pinned=True)["memory"]["memory_id"]
    for method, path, body in [
        ("GET", f"{MEM}/{mid}", None),
        ("PATCH", f"{MEM}/{mid}", {"version": 1, "importance": 0.1}),
        ("POST", f"{MEM}/{mid}/archive", None),
        ("POST", f"{MEM}/{mid}/restore", None),
        ("DELETE", f"{MEM}/{mid}", None),
        ("PUT", "/v1/personas/nurse/profile", {"pinned_memory_ids": [mid]}),
    ]:
        r = call(gw, method, path, bob, body)
        assert r.status == 404 and code(r) == "NOT_FOUND", (method, path)
    for path in (
        MEM,
        f"{MEM}?include_archived=true",
        f"{MEM}/search?q=secret&include_archived=true",
        f"{MEM}/search",
        f"{MEM}/timeline",
        f"{MEM}/load?persona_id=nurse",
        "/v1/personas/nurse/profile",
    ):
        r = call(gw, "GET", path, bob)
        assert r.status == 200 and "secret" not in r.body.decode() and mid not in r.body.decode(), path
    assert call(gw, "DELETE", "/v1/personas/nurse", bob).json()["deleted_memories"] == 0
    # alice's memory went through all of that untouched
    m = call(gw, "GET", f"{MEM}/{mid}", alice).json()["memory"]
    assert (m["version"], m["status"], m["pinned"]) == (1, "active", True)


def test_unauthenticated_calls_are_refused(gw: LocalGateway) -> None:
    assert call(gw, "GET", MEM, {}).status == 401
    assert call(gw, "POST", MEM, {}, {"persona_id": "p", "summary": "x"}).status == 401


# --- X2 / L10 plan cap -------------------------------------------------------------------------------


def test_x2_sixth_memory_archives_the_lowest_importance_then_oldest(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    h = auth(settings, plan="free")  # the plan claim of the user's token (L10: per user)
    ids = []
    for importance in (0.9, 0.3, 0.7, 0.3, 0.8):
        clock.advance(60)
        body = create(gw, h, f"memory with importance {importance}", importance=importance)
        assert body["archived"] == []
        ids.append(body["memory"]["memory_id"])
    clock.advance(60)
    sixth = create(gw, h, "the sixth memory", importance=0.6)
    assert sixth["archived"] == [ids[1]]  # 0.3 twice: the older one goes
    assert sixth["memory"]["status"] == "active"
    warning = {"code": "MEMORY_LIMIT_REACHED", "message": sixth["warning"]["message"], "archived": [ids[1]]}
    assert sixth["warning"] == warning and sixth["warnings"] == [warning]
    active = call(gw, "GET", f"{MEM}?persona_id=nurse", h).json()
    assert active["total"] == 5 and ids[1] not in [m["memory_id"] for m in active["memories"]]
    archived = call(gw, "GET", f"{MEM}/{ids[1]}", h).json()["memory"]
    assert archived["status"] == "archived" and archived["version"] == 2
    # other personas have their own five
    assert create(gw, h, "coach memory", persona="coach")["archived"] == []

    # restore over the cap: the restored one stays, the next lowest goes
    r = call(gw, "POST", f"{MEM}/{ids[1]}/restore", h)
    assert r.status == 200 and r.json()["memory"]["status"] == "active" and r.json()["archived"] == [ids[3]]
    assert r.json()["warning"]["code"] == "MEMORY_LIMIT_REACHED" and r.json()["warning"]["archived"] == [ids[3]]
    assert call(gw, "GET", f"{MEM}?persona_id=nurse", h).json()["total"] == 5

    # a new memory lower than everything is kept: the lowest of the others goes (seed 002 §4.2)
    low = create(gw, h, "trivia", importance=0.05)
    assert low["memory"]["status"] == "active" and low["archived"] == [ids[1]]


def test_the_default_plan_is_unlimited_and_the_plan_is_per_user(gw: LocalGateway, settings: Settings) -> None:
    assert settings.plan == "paid"  # the deployment default: nothing is archived unless a plan says so
    for i in range(7):
        assert create(gw, auth(settings), f"unlimited memory {i}")["warning"] is None
    assert call(gw, "GET", MEM, auth(settings)).json()["total"] == 7
    # another user of the same deployment is on the free plan (the claim of their token)
    bob = auth(settings, "bob", plan="free")
    bodies = [create(gw, bob, f"bob memory {i}", importance=0.5 + i / 100) for i in range(6)]
    assert [b["archived"] for b in bodies] == [[], [], [], [], [], [bodies[0]["memory"]["memory_id"]]]
    # a paid token of the same user: unlimited again; alice's memories were never touched
    assert create(gw, auth(settings, "bob", plan="paid"), "bob paid")["archived"] == []
    assert call(gw, "GET", MEM, auth(settings)).json()["total"] == 7


def test_a_backend_states_the_plan_in_a_header(gw: LocalGateway, settings: Settings) -> None:
    h = {**backend(settings), "x-engram-plan": "free"}
    path = "/v1/users/carol/memories"
    made = []
    for i in range(6):
        r = call(gw, "POST", path, h, {"persona_id": "nurse", "summary": f"carol {i}", "importance": 0.5 + i / 100})
        assert r.status == 201
        made.append(r.json())
    assert made[-1]["archived"] == [made[0]["memory"]["memory_id"]]
    assert made[-1]["warning"]["code"] == "MEMORY_LIMIT_REACHED"
    r = call(gw, "POST", path, {**backend(settings), "x-engram-plan": "gold"}, {"persona_id": "nurse", "summary": "x"})
    assert (
        r.status == 400 and code(r) == "VALIDATION_ERROR" and r.json()["error"]["details"]["field"] == "x-engram-plan"
    )


def test_the_cap_counts_only_session_and_api_memories_and_never_archives_pinned_ones(
    gw: LocalGateway, settings: Settings, svc: MemoryService, clock: ManualClock
) -> None:
    from engram.memory.models import MemoryOrigin, MemoryRecord, MemoryType

    h = auth(settings, plan="free")
    # extracted facts (the write pipeline's) of the lowest importance: never counted, never archived
    for i in range(3):
        now = clock.now()
        svc.repo.put_new(
            MemoryRecord(f"mem-fact-{i}", "default", "alice", "nurse", MemoryType.FACT, f"fact {i}", 0.01, now, now)
        )
    pinned = create(gw, h, "Severely allergic to peanuts", importance=0.02, pinned=True, type="constraint")
    ids = []
    for i in range(5):
        clock.advance(60)  # equal importance: the oldest goes
        ids.append(create(gw, h, f"api memory {i}", importance=0.5)["memory"]["memory_id"])
    clock.advance(60)
    sixth = create(gw, h, "one more", importance=0.5)
    assert sixth["archived"] == [ids[0]]
    facts = [svc.repo.get("default", "alice", f"mem-fact-{i}") for i in range(3)]
    assert all(f is not None and f.status.value == "active" and f.origin == MemoryOrigin.EXTRACTED for f in facts)
    kept = call(gw, "GET", f"{MEM}/{pinned['memory']['memory_id']}", h).json()["memory"]
    assert kept["status"] == "active" and kept["pinned"]
    profile = call(gw, "GET", "/v1/personas/nurse/profile", h).json()
    assert pinned["memory"]["memory_id"] in [p["memory_id"] for p in profile["pinned"]]


def test_refuse_mode_answers_memory_limit_reached(container: Container, settings: Settings, svc: MemoryService) -> None:
    class RefusingSettings(Settings):
        free_plan_over_limit: str = "refuse"

    svc.settings = RefusingSettings(**settings.model_dump())
    runtime.set_container(container)
    try:
        gw = LocalGateway(settings)
        for i in range(5):
            create(gw, auth(settings, plan="free"), f"m{i}")
        r = call(gw, "POST", MEM, auth(settings, plan="free"), {"persona_id": "nurse", "summary": "one too many"})
        assert r.status == 409 and code(r) == "MEMORY_LIMIT_REACHED" and r.json()["error"]["details"]["limit"] == 5
    finally:
        runtime.set_container(None)


# --- X3 / M4 summary model unreachable --------------------------------------------------------------


def test_x3_summary_model_unreachable_stores_the_raw_fallback(
    openai_settings: Settings, openai_stub: OpenAIStub, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    c = make_container(openai_settings)
    svc = wire(c)
    runtime.set_container(c)
    try:
        gw = LocalGateway(openai_settings)
        openai_stub.state.fail_next = 3
        messages = [
            {"role": "user", "content": "오늘 면접을 봤어요. 연락처는 010-1234-5678 이에요."},
            {"role": "assistant", "content": "수고하셨어요! 결과는 언제 나와요?"},
        ]
        r = call(gw, "POST", MEM, auth(openai_settings), {"persona_id": "friend", "messages": messages})
        body = r.json()
        assert r.status == 201 and body["warning"]["code"] == "LLM_SUMMARY_FAILED" and body["model"] == "raw-fallback"
        assert len(openai_stub.state.calls()) == 3  # three attempts in total
        assert clock.slept == [1.0, 2.0]
        m = body["memory"]
        assert m["content"].startswith("user: 오늘 면접을 봤어요.") and "assistant: 수고하셨어요!" in m["content"]
        assert "010-1234-5678" not in m["content"] and "phone" in m["pii_flags"]  # masked before storage
        assert len(m["content"]) <= openai_settings.fallback_summary_chars and m["importance"] == 0.5
        assert svc.repo.get("default", "alice", m["memory_id"]) is not None

        # the model is back: the seed's summarize call returns its JSON
        def reply(request: dict[str, Any]) -> str:
            return json.dumps({"summary": "면접을 봤다.", "topics": ["면접"], "emotion": "excitement", "importance": 8})

        openai_stub.state.reply = reply
        r = call(gw, "POST", f"{MEM}/summarize", auth(openai_settings), {"messages": messages})
        assert r.json() == {
            "summary": "면접을 봤다.",
            "topics": ["면접"],
            "emotion": "excitement",
            "importance": 8,
            "model": r.json()["model"],
            "warning": None,
            "warnings": [],
        }
        openai_stub.state.fail_next = 3
        r = call(gw, "POST", f"{MEM}/summarize", auth(openai_settings), {"messages": messages})
        assert r.status == 200 and r.json()["warning"]["code"] == "LLM_SUMMARY_FAILED" and r.json()["importance"] == 5
    finally:
        runtime.set_container(None)


# --- L8 knowledge base -------------------------------------------------------------------------------


def test_kb_upload_isolation_and_delete(gw: LocalGateway, settings: Settings) -> None:
    b, alice = backend(settings), auth(settings, "alice")
    text = "\n\n".join(
        [
            "Zebrafin inhalers must be primed before first use. Shake well and spray twice into the air.",
            "흡입기는 처음 사용할 때 두 번 공중에 분사하세요. 사용 후에는 입을 헹구세요.",
        ]
        * 8
    )
    r = call(gw, "POST", "/v1/kb/documents", b, {"title": "Inhaler guide", "text": text, "source": "leaflet-7"})
    doc = r.json()
    assert r.status == 201 and doc["chunks"] >= 2 and doc["doc_id"].startswith("doc-")
    assert doc["embedded"] == doc["chunks"]  # this KB has no queue: it embeds during the upload
    listed = call(gw, "GET", "/v1/kb/documents", b).json()["documents"]
    assert listed == [doc]

    # an end user can neither write nor read the KB routes
    assert call(gw, "POST", "/v1/kb/documents", alice, {"title": "x", "text": "y"}).status == 403
    assert call(gw, "GET", "/v1/kb/documents", alice).status == 403

    create(gw, alice, "Alice uses a Zebrafin inhaler every morning")
    personal = call(gw, "GET", f"{MEM}?include_archived=true", alice).json()
    assert personal["total"] == 1 and all(m["namespace"] == "memory" for m in personal["memories"])
    plain = call(gw, "GET", f"{MEM}/search?q=zebrafin", alice).json()["results"]
    assert [x["from_kb"] for x in plain] == [False]
    assert call(gw, "GET", f"{MEM}/timeline", alice).json()["months"][0]["count"] == 1
    with_kb = call(gw, "GET", f"{MEM}/search?q=zebrafin&include_kb=true&limit=50", alice).json()["results"]
    kb_hits = [x for x in with_kb if x["from_kb"]]
    assert kb_hits and all(x["memory"]["namespace"] == "kb" for x in kb_hits)
    assert any(not x["from_kb"] for x in with_kb)
    assert call(gw, "GET", f"{MEM}/{kb_hits[0]['memory']['memory_id']}", alice).status == 404  # not hers to read

    r = call(gw, "DELETE", f"/v1/kb/documents/{doc['doc_id']}", b)
    assert r.status == 200 and r.json() == {"doc_id": doc["doc_id"], "deleted_chunks": doc["chunks"]}
    assert call(gw, "GET", "/v1/kb/documents", b).json()["documents"] == []
    assert not [
        x for x in call(gw, "GET", f"{MEM}/search?q=zebrafin&include_kb=true", alice).json()["results"] if x["from_kb"]
    ]
    assert call(gw, "DELETE", f"/v1/kb/documents/{doc['doc_id']}", b).status == 404
    assert call(gw, "POST", "/v1/kb/documents", b, {"title": "t", "text": "x" * 1_000_001}).status == 413


def test_real_local_embedder_on_create(container: Container, settings: Settings) -> None:
    from engram.adapters.embedders.local import DIMENSIONS, LocalEmbedder

    svc = wire(container, LocalEmbedder())
    runtime.set_container(container)
    try:
        m = create(LocalGateway(settings), auth(settings), "Alice bought running shoes in Seoul")["memory"]
        stored = svc.repo.get("default", "alice", m["memory_id"])
        assert stored is not None and stored.embedding is not None and len(stored.embedding) == DIMENSIONS
        assert abs(float(np.linalg.norm(stored.embedding)) - 1.0) < 1e-3
    finally:
        runtime.set_container(None)


def test_default_wiring_searches_through_the_hybrid_retriever(container: Container, settings: Settings) -> None:
    """No explicit wiring: the service is built from the container's own ports (real embedder, index)."""
    indexing = pytest.importorskip("tests.support.indexing")
    svc = container.memory_service
    assert isinstance(svc.retriever, HybridRetriever) and svc.embedder is container.models.embedder
    runtime.set_container(container)
    try:
        gw = LocalGateway(settings)
        alice = auth(settings, "alice")
        mine = create(gw, alice, "Alice is training for the Seoul marathon in October")["memory"]["memory_id"]
        create(gw, alice, "Alice dislikes coriander")
        create(gw, auth(settings, "bob"), "Bob is training for the Busan marathon")
        text = "Marathon training plan: run three times a week and rest on Sundays. Hydrate well."
        r = call(gw, "POST", "/v1/kb/documents", backend(settings), {"title": "Running", "text": text})
        assert r.status == 201
        indexing.sync_index(container, OwnerKey("default", "alice"), OwnerKey("default", "bob"))
        indexing.sync_index(container, OwnerKey("default", KB_OWNER))

        results = call(gw, "GET", f"{MEM}/search?q=marathon%20training", alice).json()["results"]
        assert results and results[0]["memory"]["memory_id"] == mine
        assert all(x["memory"]["persona_id"] == "nurse" and not x["from_kb"] for x in results)
        assert "Busan" not in json.dumps(results)
        with_kb = call(gw, "GET", f"{MEM}/search?q=marathon%20training&include_kb=true", alice).json()["results"]
        assert any(x["from_kb"] for x in with_kb) and "Busan" not in json.dumps(with_kb)
    finally:
        runtime.set_container(None)


def test_all_messages_of_one_request_are_capped_together(gw: LocalGateway, settings: Settings) -> None:
    """M3: each message fits ENGRAM_MAX_MESSAGE_BYTES, their sum does not fit ENGRAM_MAX_REQUEST_TEXT_BYTES."""
    h = auth(settings)
    each = settings.max_message_bytes - 100
    count = settings.max_request_text_bytes // each + 1
    messages = [
        {"role": "user" if n % 2 == 0 else "assistant", "content": "字" * (each // 3)} for n in range(count * 3)
    ]
    for path, body in [
        (MEM, {"persona_id": "nurse", "messages": messages}),
        (f"{MEM}/summarize", {"messages": messages}),
    ]:
        r = call(gw, "POST", path, h, body)
        assert r.status == 413 and code(r) == "PAYLOAD_TOO_LARGE", r.json()
        assert r.json()["error"]["details"] == {"field": "messages", "limit": settings.max_request_text_bytes}
    assert call(gw, "GET", MEM, h).json()["total"] == 0


def test_pinned_facts_are_capped_before_anything_is_written(gw: LocalGateway, settings: Settings) -> None:
    """50 pins of 16 KB each would not fit one profile item (DynamoDB's 400 KB): 413, nothing pinned.
    Before the cap this was a 503 after the memories had been flagged pinned (half-applied)."""
    h = auth(settings)
    text = "吸入器を毎朝使います。" * ((settings.max_message_bytes - 64) // 33)
    ids = [create(gw, h, f"{n} {text}")["memory"]["memory_id"] for n in range(4)]
    r = call(gw, "PUT", "/v1/personas/nurse/profile", h, {"pinned_memory_ids": ids})
    assert r.status == 413 and code(r) == "PAYLOAD_TOO_LARGE"
    assert r.json()["error"]["details"] == {"field": "pinned", "limit": settings.pinned_facts_max_bytes}
    assert call(gw, "GET", "/v1/personas/nurse/profile", h).json()["pinned"] == []
    assert not any(m["pinned"] for m in call(gw, "GET", MEM, h).json()["memories"])
    # one at a time: the pin that overflows is refused, the others stay
    for memory_id in ids[:2]:
        version = call(gw, "GET", f"{MEM}/{memory_id}", h).json()["memory"]["version"]
        assert call(gw, "PATCH", f"{MEM}/{memory_id}", h, {"version": version, "pinned": True}).status == 200
    version = call(gw, "GET", f"{MEM}/{ids[2]}", h).json()["memory"]["version"]
    assert call(gw, "PATCH", f"{MEM}/{ids[2]}", h, {"version": version, "pinned": True}).status == 413
    assert call(gw, "GET", f"{MEM}/{ids[2]}", h).json()["memory"]["pinned"] is False
    assert len(call(gw, "GET", "/v1/personas/nurse/profile", h).json()["pinned"]) == 2
    r = call(gw, "POST", MEM, h, {"persona_id": "nurse", "summary": text, "pinned": True})
    assert r.status == 413 and call(gw, "GET", MEM, h).json()["total"] == 4


def test_a_session_memory_counts_toward_the_cap_and_the_end_response_says_what_was_archived(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    h = auth(settings, plan="free")
    ids = []
    for i in range(5):
        clock.advance(60)
        ids.append(create(gw, h, f"api memory {i}", importance=0.4 + i / 100)["memory"]["memory_id"])
    session = "/v1/personas/nurse/sessions/s-cap"
    assert (
        call(gw, "POST", f"{session}/turns", h, {"user": "I walked 2 km today.", "assistant": "Great!"}).status == 200
    )
    ended = call(gw, "POST", f"{session}/end", h).json()
    assert ended["memory_id"] and ended["archived"] == [ids[0]]
    assert ended["warning"] == {
        "code": "MEMORY_LIMIT_REACHED",
        "message": ended["warning"]["message"],
        "archived": [ids[0]],
    }
    again = call(gw, "POST", f"{session}/end", h).json()  # the first result, warning included
    assert again["already_ended"] and again["archived"] == [ids[0]] and again["warning"] == ended["warning"]
    memory = call(gw, "GET", f"{MEM}/{ended['memory_id']}", h).json()["memory"]
    assert memory["status"] == "active"


def test_work_without_a_request_applies_the_plan_recorded_from_the_users_last_request(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    free = auth(settings, "dave", plan="free")
    ids = [create(gw, free, f"dave {i}", importance=0.4 + i / 100)["memory"]["memory_id"] for i in range(5)]
    # a backend that does not state a plan ends dave's session: the plan of dave's token applies
    path = "/v1/users/dave/personas/nurse/sessions/s-bg"
    assert (
        call(
            gw, "POST", f"{path}/turns", backend(settings), {"user": "My dog is Biscuit.", "assistant": "Cute!"}
        ).status
        == 200
    )
    ended = call(gw, "POST", f"{path}/end", backend(settings)).json()
    assert ended["archived"] == [ids[0]]
