"""S2 / R6 conversation log through the API: rounds outlive the session's 24-hour hot state as
the conversation log for 30 days, emergencies and rounds linked to an important moment are
kept, pages go newest first, and the retention job removes what expired from DynamoDB."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engram import runtime
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.local import tokens
from engram.local.gateway import GatewayResponse, LocalGateway
from engram.memory.scoring import DAY_S
from engram.settings import Settings
from engram.wiring import Container

BASE = "/v1/personas/nurse/sessions/s1"
KEY = SessionKey("default", "alice", "nurse", "s1")


@pytest.fixture
def gw(container: Container, settings: Settings) -> Iterator[LocalGateway]:
    runtime.set_container(container)
    yield LocalGateway(settings)
    runtime.set_container(None)


def _auth(settings: Settings, user: str = "alice") -> dict[str, str]:
    return {"authorization": f"Bearer {tokens.mint(settings, user)}", "content-type": "application/json"}


def call(gw: LocalGateway, method: str, path: str, headers: dict[str, str], body: Any = None) -> GatewayResponse:
    return gw.handle(method, path, headers, json.dumps(body).encode() if body is not None else None)


def _log(gw: LocalGateway, settings: Settings, query: str = "") -> dict[str, Any]:
    r = call(gw, "GET", f"{BASE}/log{query}", _auth(settings))
    assert r.status == 200, r.body
    body: dict[str, Any] = r.json()
    return body


def test_rounds_outlive_the_hot_session_as_the_log_for_30_days(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    h = _auth(settings)
    call(gw, "POST", f"{BASE}/turns", h, {"user": "I watered the tomatoes.", "assistant": "Nice."})
    clock.advance(60)
    call(gw, "POST", f"{BASE}/turns", h, {"user": "The basil is growing too.", "assistant": "Great."})
    clock.advance(settings.history_ttl_s + 1)
    assert call(gw, "GET", BASE, h).status == 404  # the hot state (S2: 24 h) is gone ...
    log = _log(gw, settings)  # ... the log is not
    assert [r["user"] for r in log["rounds"]] == ["The basil is growing too.", "I watered the tomatoes."]
    assert not any(r["kept"] for r in log["rounds"]) and log["next_cursor"] is None
    clock.advance(settings.conversation_log_ttl_s)
    assert _log(gw, settings)["rounds"] == []
    # another user sees nothing of it
    other = call(gw, "GET", f"{BASE}/log", _auth(settings, "bob")).json()
    assert other["rounds"] == []


def test_emergencies_and_important_moments_stay_and_retention_removes_the_rest(
    gw: LocalGateway, container: Container, settings: Settings, clock: ManualClock
) -> None:
    h = _auth(settings)
    call(gw, "POST", f"{BASE}/turns", h, {"user": "I had toast for breakfast.", "assistant": "Tasty."})
    clock.advance(60)
    # an important moment in another language: the write pipeline links it and keeps its log
    call(gw, "POST", f"{BASE}/turns", h, {"user": "昨晚被救護車送去急診了。", "assistant": "希望你現在好一點。"})
    clock.advance(60)
    container.conversation.store.append_turn(KEY, "I can't breathe", "Call 119 now.", "r-sos", clock.now(), True)
    clock.advance(31 * DAY_S)
    log = _log(gw, settings)
    assert [(r["user"], r["kept"]) for r in log["rounds"]] == [
        ("I can't breathe", True),
        ("昨晚被救護車送去急診了。", True),
    ]
    assert log["rounds"][0]["emergency"] is True
    before = container.conversation.store.log_page(KEY, 0, 10)[0]  # at time 0 nothing is expired
    assert len(before) == 3
    result = container.retention_job.run()
    assert result["expired_deleted"] >= 1
    raw = container.conversation.store.log_page(KEY, 0, 10)[0]
    assert [r.turn.user_text for r in raw] == ["I can't breathe", "昨晚被救護車送去急診了。"]  # gone from DynamoDB


def test_pages_go_newest_first_and_a_bad_cursor_is_a_clear_error(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    h = _auth(settings)
    for n in range(5):
        call(gw, "POST", f"{BASE}/turns", h, {"user": f"message {n}", "assistant": "ok"})
        clock.advance(60)
    clock.advance(settings.session_idle_timeout_s + 1)  # a second run of the same session
    call(gw, "POST", f"{BASE}/turns", h, {"user": "message 5", "assistant": "ok"})
    seen: list[str] = []
    cursor = ""
    while True:
        page = _log(gw, settings, f"?limit=2{cursor}")
        seen += [r["user"] for r in page["rounds"]]
        assert len(page["rounds"]) <= 2
        if page["next_cursor"] is None:
            break
        cursor = f"&before={page['next_cursor']}"
    assert seen == [f"message {n}" for n in range(5, -1, -1)]
    for bad in ("?before=abc", "?before=1:2:3", "?limit=0", "?limit=101"):
        r = call(gw, "GET", f"{BASE}/log{bad}", h)
        assert r.status == 400 and r.json()["error"]["code"] == "VALIDATION_ERROR", (bad, r.body)
