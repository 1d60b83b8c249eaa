"""What the inspector needs from the public API, end to end through the local gateway: the
user's sessions, memory filters (type, status incl. superseded, pinned, session) and a context
preview that names each block's budget and the memories the budgets left out."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engram import runtime
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.local.gateway import LocalGateway
from engram.memory.scoring import DAY_S
from engram.memory.service import MemoryService
from engram.settings import Settings
from engram.wiring import Container
from tests.integration.test_memory_api import auth, backend, call, code, create, wire
from tests.integration.test_supersession import CASES, NEW, OLD
from tests.support.indexing import sync_index


@pytest.fixture
def svc(container: Container) -> MemoryService:
    return wire(container)


@pytest.fixture
def gw(container: Container, settings: Settings, svc: MemoryService) -> Iterator[LocalGateway]:
    runtime.set_container(container)
    yield LocalGateway(settings)
    runtime.set_container(None)


def _turn(gw: LocalGateway, h: dict[str, str], persona: str, session: str, text: str) -> None:
    r = call(gw, "POST", f"/v1/personas/{persona}/sessions/{session}/turns", h, {"user": text, "assistant": "OK."})
    assert r.status == 200, r.body


def test_sessions_list_is_the_callers_newest_first_with_persona_filter(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    alice, bob = auth(settings, "alice"), auth(settings, "bob")
    _turn(gw, alice, "nurse", "morning", "我今天早上有點喘。")
    clock.advance(60)
    _turn(gw, alice, "coach", "run", "I ran 5 km today.")
    clock.advance(60)
    _turn(gw, alice, "nurse", "evening", "夜は咳が出ました。")
    _turn(gw, bob, "nurse", "bob-only", "bob's words")

    r = call(gw, "GET", "/v1/sessions", alice)
    assert r.status == 200, r.body
    sessions = r.json()["sessions"]
    assert [(s["persona_id"], s["session_id"]) for s in sessions] == [
        ("nurse", "evening"),
        ("coach", "run"),
        ("nurse", "morning"),
    ]
    assert sessions[0]["status"] == "ACTIVE" and sessions[0]["turn_count"] == 1
    nurse = call(gw, "GET", "/v1/sessions?persona_id=nurse&limit=1", alice).json()["sessions"]
    assert [s["session_id"] for s in nurse] == ["evening"]

    # the backend sees the same for the user it names; the idle state is reported as idle
    clock.advance(settings.session_idle_timeout_s + 1)
    r = call(gw, "GET", "/v1/users/alice/sessions", backend(settings))
    assert r.status == 200 and {s["status"] for s in r.json()["sessions"]} == {"IDLE"}
    assert len(r.json()["sessions"]) == 3

    # expired sessions are gone from the list, as from every read
    clock.advance(settings.history_ttl_s + 1)
    assert call(gw, "GET", "/v1/sessions", alice).json()["sessions"] == []


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "persona_id=a%23b", "persona_id="])
def test_sessions_list_rejects_bad_parameters(gw: LocalGateway, settings: Settings, query: str) -> None:
    r = call(gw, "GET", f"/v1/sessions?{query}", auth(settings))
    assert r.status == 400 and code(r) == "VALIDATION_ERROR"


def test_sessions_list_needs_a_token(gw: LocalGateway, settings: Settings) -> None:
    assert call(gw, "GET", "/v1/sessions", {}).status == 401
    assert call(gw, "GET", "/v1/users/alice/sessions", auth(settings)).status in (401, 403)


def test_memory_list_filters_by_type_pinned_status_and_session(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    h = auth(settings)
    allergy = create(gw, h, "Allergic to penicillin", type="fact", pinned=True)["memory"]["memory_id"]
    likes = create(gw, h, "Likes green tea", type="preference")["memory"]["memory_id"]
    gone = create(gw, h, "Used to smoke", type="fact")["memory"]["memory_id"]
    assert call(gw, "POST", f"/v1/memories/{gone}/archive", h).status == 200

    def ids(query: str) -> set[str]:
        r = call(gw, "GET", f"/v1/memories?limit=100&{query}", h)
        assert r.status == 200, r.body
        return {m["memory_id"] for m in r.json()["memories"]}

    assert ids("type=fact") == {allergy}
    assert ids("type=fact,preference") == {allergy, likes}
    assert ids("pinned=true") == {allergy}
    assert ids("pinned=false") == {likes}
    assert ids("status=archived") == {gone}  # implies include_archived
    assert ids("status=active,archived") == {allergy, likes, gone}
    assert ids("status=superseded") == set()
    assert ids("session_id=nope") == set()
    for bad in ("status=deleted", "type=nonsense", "pinned=maybe", "session_id=a%23b"):
        r = call(gw, "GET", f"/v1/memories?{bad}", h)
        assert r.status == 400 and code(r) == "VALIDATION_ERROR", bad


@pytest.mark.parametrize("language", sorted(CASES))
def test_superseded_facts_are_their_own_status(container: Container, clock: ManualClock, language: str) -> None:
    before, after, _, _ = CASES[language]
    user = f"u-{language}"
    container.conversation.record_turn(SessionKey("default", user, "friend", "s1"), before, "Nice.")
    sync_index(container)
    clock.advance(40 * DAY_S)
    container.conversation.record_turn(SessionKey("default", user, "friend", "s2"), after, "Congratulations!")
    sync_index(container)
    runtime.set_container(container)
    try:
        gw, h = LocalGateway(container.settings), auth(container.settings, user)
        superseded = call(gw, "GET", "/v1/memories?status=superseded", h).json()["memories"]
        assert superseded and all(OLD[language] in m["content"] and m["superseded_by"] for m in superseded)
        active = call(gw, "GET", "/v1/memories?status=active&limit=100", h).json()["memories"]
        assert any(NEW[language] in m["content"] for m in active)
        assert not {m["memory_id"] for m in active} & {m["memory_id"] for m in superseded}
        # archived since, a superseded fact is still found as superseded
        assert call(gw, "POST", f"/v1/memories/{superseded[0]['memory_id']}/archive", h).status == 200
        still = call(gw, "GET", "/v1/memories?status=superseded", h).json()["memories"]
        assert superseded[0]["memory_id"] in {m["memory_id"] for m in still}
        # a session's own memory (made when it ends) is found by its session id
        assert call(gw, "POST", "/v1/personas/friend/sessions/s2/end", h).status == 200
        s2 = call(gw, "GET", "/v1/memories?session_id=s2&limit=100", h).json()["memories"]
        assert s2 and all(m["session_id"] == "s2" and m["memory_id"].startswith("ses-") for m in s2)
    finally:
        runtime.set_container(None)


def test_context_preview_names_budgets_and_what_was_trimmed(
    make_container: Callable[..., Container], settings: Settings
) -> None:
    small = settings.model_copy(update={"memory_block_tokens": 40})
    c = make_container(small)
    runtime.set_container(c)
    try:
        gw, h = LocalGateway(small), auth(small)
        # eight different things said of Mochi (one said eight times would enter the block once: item 7)
        for food, place, habit in [
            ("tuna", "sofa", "purrs loudly"),
            ("salmon", "windowsill", "chases moths"),
            ("chicken", "bookshelf", "hides in boxes"),
            ("shrimp", "radiator", "bats at pens"),
            ("cheese", "laundry basket", "greets visitors"),
            ("turkey", "piano bench", "hunts socks"),
            ("sardines", "balcony", "watches pigeons"),
            ("mackerel", "bathtub", "climbs curtains"),
        ]:
            create(gw, h, f"My cat Mochi likes {food}, naps on the {place} and {habit}.")
        sync_index(c)
        r = call(gw, "POST", "/v1/personas/nurse/sessions/s1/context", h, {"message": "What does my cat Mochi like?"})
        assert r.status == 200, r.body
        body: dict[str, Any] = r.json()
    finally:
        runtime.set_container(None)
    assert body["gate"]["decision"] == "USE"
    assert body["max_tokens"] == small.context_max_tokens
    blocks = {b["name"]: b for b in body["blocks"]}
    assert blocks["memories"]["budget"] == 40 and blocks["memories"]["tokens"] <= 40 + 5  # the heading line
    assert blocks["input"]["budget"] is None
    used = {m["memory_id"] for m in body["memories"]}
    trimmed = {m["memory_id"] for m in body["trimmed_memories"]}
    assert used and trimmed and not used & trimmed
    assert all(m["score"] is not None for m in body["trimmed_memories"])


def test_a_preview_does_not_count_as_an_access_and_a_context_call_does(
    make_container: Callable[..., Container], settings: Settings
) -> None:
    c = make_container(settings)
    runtime.set_container(c)
    try:
        gw, h = LocalGateway(settings), auth(settings)
        memory_id = create(gw, h, "My cat Mochi likes tuna.")["memory"]["memory_id"]
        create(gw, h, "Mochi sleeps on the sofa.")
        sync_index(c)
        path, question = "/v1/personas/nurse/sessions/s1/context", {"message": "What does my cat Mochi like?"}

        def seen() -> tuple[int, dict[str, int]]:
            m = call(gw, "GET", f"/v1/memories/{memory_id}", h).json()["memory"]
            return m["access_count"], m["co_retrieved"]

        r = call(gw, "POST", path, h, {**question, "preview": True})
        assert r.status == 200 and memory_id in r.json()["memory_ids"], r.body
        assert seen() == (0, {})  # looking changed nothing
        assert call(gw, "POST", path, h, question).status == 200
        assert seen()[0] == 1  # a real prompt counts, as a chat's does (R1)
    finally:
        runtime.set_container(None)


def test_sessions_list_reads_at_most_the_scan_cap(make_container: Callable[..., Container], settings: Settings) -> None:
    capped = settings.model_copy(update={"session_list_scan_max": 2})
    c = make_container(capped)
    runtime.set_container(c)
    try:
        gw, h = LocalGateway(capped), auth(capped)
        for n in range(3):
            _turn(gw, h, "nurse", f"s{n}", f"round {n}")
        r = call(gw, "GET", "/v1/sessions?limit=100", h)
        assert r.status == 200 and len(r.json()["sessions"]) == 2
    finally:
        runtime.set_container(None)


def test_local_sign_in_mints_a_token_for_loopback_callers_only(settings: Settings) -> None:
    from engram.local import tokens

    gw = LocalGateway(settings)
    r = gw.handle("POST", "/local/token", {"host": "127.0.0.1:8080"}, b'{"user_id": "demo-user"}')
    assert r.status == 200
    assert tokens.verify(settings, f"Bearer {r.json()['token']}")["sub"] == "demo-user"
    # a page that rebinds its own name to 127.0.0.1 sends its own Host
    assert gw.handle("POST", "/local/token", {"host": "evil.example:8080"}, b'{"user_id": "x"}').status == 403
    for bad in (b'{"user_id": "a#b"}', b"{}", b"[1]", b"not json"):
        assert gw.handle("POST", "/local/token", {"host": "localhost:8080"}, bad).status == 400, bad
    assert gw.handle("DELETE", "/local/token", {"host": "localhost"}, None).status == 405
