"""P6 audit log through the API: each audited action leaves exactly one entry (failures too),
with who, what, when, why and from where and never content; operators list a user's entries
through the backend route (its own function locally as in AWS); the erasure's completion is
audited and the entries outlive it; a failing audit table never fails the request."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram import runtime
from engram.kernel.clock import ManualClock
from engram.local import tokens
from engram.local.gateway import GatewayResponse, LocalGateway
from engram.settings import Settings
from engram.wiring import Container

SECRET = "my allergy is penicillin"


@pytest.fixture
def gw(container: Container, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalGateway]:
    monkeypatch.chdir(tmp_path)  # the local receipt key
    container.erasure_trigger = lambda: None
    runtime.set_container(container)
    yield LocalGateway(container.settings)
    runtime.set_container(None)


def _user(settings: Settings, user: str = "mia") -> dict[str, str]:
    return {
        "authorization": f"Bearer {tokens.mint(settings, user)}",
        "content-type": "application/json",
        "user-agent": "care-bot/1.2",
    }


def _backend(settings: Settings, reason: str | None = None) -> dict[str, str]:
    headers = {"x-api-key": settings.local_api_key.get_secret_value(), "content-type": "application/json"}
    if reason:
        headers["x-engram-reason"] = reason
    return headers


def _operator(settings: Settings) -> dict[str, str]:
    """P6: the audit trail is an operator's to read (settings.audit_readers), not a chatbot backend's."""
    return {"x-api-key": settings.local_operator_api_key.get_secret_value()}


def call(gw: LocalGateway, method: str, path: str, headers: dict[str, str], body: Any = None) -> GatewayResponse:
    return gw.handle(method, path, headers, json.dumps(body).encode() if body is not None else None)


def _entries(gw: LocalGateway, settings: Settings, user: str = "mia") -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    cursor = ""
    while True:
        r = call(gw, "GET", f"/v1/users/{user}/audit?limit=3{cursor}", _operator(settings))
        assert r.status == 200, r.body
        page = r.json()
        entries += page["entries"]
        if not page["next_cursor"]:
            return entries
        cursor = "&before=" + __import__("urllib.parse").parse.quote(page["next_cursor"])


def test_each_audited_action_leaves_one_content_free_entry(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    s = settings
    base = "/v1/personas/nurse/sessions/s1"
    requests = [
        ("POST", f"{base}/turns", _user(s), {"user": SECRET, "assistant": "Noted."}, 200),
        ("GET", base, _user(s), None, 200),
        ("GET", "/v1/memories", _user(s), None, 200),
        ("GET", "/v1/memories/mem-missing", _user(s), None, 404),  # failures too
        ("GET", "/v1/me/export", _user(s), None, 200),
        ("GET", "/v1/users/mia/memories", _backend(s, "support ticket 4711"), None, 200),
        ("POST", "/v1/me/erasure", _user(s), {"scope": "recent"}, 201),
    ]
    for method, path, headers, body, status in requests:
        clock.advance(1)
        assert call(gw, method, path, headers, body).status == status, path
    call(gw, "GET", "/v1/memories", _user(s, "someone-else"))  # another user's entry is not mia's
    entries = _entries(gw, s)
    assert len(entries) == len(requests)  # exactly one each
    assert [e["action"] for e in reversed(entries)] == [
        "POST /v1/personas/{persona_id}/sessions/{session_id}/turns",
        "GET /v1/personas/{persona_id}/sessions/{session_id}",
        "GET /v1/memories",
        "GET /v1/memories/{memory_id}",
        "GET /v1/me/export",
        "GET /v1/users/{user_id}/memories",
        "POST /v1/me/erasure",
    ]
    assert [e["outcome"] for e in reversed(entries)] == ["200", "200", "200", "404", "200", "200", "201"]
    by_backend = next(e for e in entries if e["actor_kind"] == "backend")
    assert by_backend["reason"] == "support ticket 4711" and "local-backend" in by_backend["actor"]
    mine = next(e for e in entries if e["action"] == "GET /v1/memories")
    assert mine["actor_kind"] == "end_user" and mine["user_agent"] == "care-bot/1.2" and mine["ip"]
    text = json.dumps(entries)
    assert "penicillin" not in text and "mia" not in text  # no content, the user only as a hash


def test_the_erasure_is_audited_and_its_entries_outlive_it(
    gw: LocalGateway, settings: Settings, clock: ManualClock
) -> None:
    s = settings
    call(gw, "POST", "/v1/personas/nurse/sessions/s1/turns", _user(s), {"user": SECRET, "assistant": "Noted."})
    clock.advance(1)
    created = call(gw, "POST", "/v1/me/erasure", _user(s), {"scope": "all"}).json()
    confirm = f"/v1/me/erasure/{created['request_id']}/confirm"
    clock.advance(1)
    assert call(gw, "POST", confirm, _user(s), {"token": "wrong"}).status == 403
    clock.advance(1)
    assert call(gw, "POST", confirm, _user(s), {"token": created["confirmation_token"]}).status == 200
    clock.advance(1)
    runtime.get_container().erasure_job.run()
    entries = _entries(gw, s)
    actions = [(e["action"], e["outcome"]) for e in reversed(entries)]
    assert actions[-4:] == [
        ("POST /v1/me/erasure", "201"),
        ("POST /v1/me/erasure/{request_id}/confirm", "403"),
        ("POST /v1/me/erasure/{request_id}/confirm", "200"),
        ("erasure.completed scope=all", "completed"),
    ]
    assert entries[0]["actor_kind"] == "system" and "penicillin" not in json.dumps(entries)


def test_a_failing_audit_table_never_fails_the_request(
    make_container: Any, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = make_container(settings.model_copy(update={"audit_table_name": "no-such-table"}))
    runtime.set_container(c)
    try:
        r = call(LocalGateway(c.settings), "GET", "/v1/memories", _user(c.settings))
    finally:
        runtime.set_container(None)
    assert r.status == 200
    assert c.metrics.total("audit_write_failed") == 1  # type: ignore[attr-defined]


def test_entries_are_append_only(container: Container, clock: ManualClock) -> None:
    from engram.kernel.errors import StoreUnavailable
    from engram.privacy.models import AuditEntry

    trail = container.audit_trail
    entry = AuditEntry("default", "h", clock.now(), "GET /v1/memories", "end_user", "h", "200", entry_id="e1")
    trail.writer.append(entry)
    with pytest.raises(StoreUnavailable):  # the same entry cannot be written over
        trail.writer.append(AuditEntry(**{**entry.as_dict(), "outcome": "500"}))


def test_the_export_carries_the_audit_entries_about_the_user(
    gw: LocalGateway, container: Container, clock: ManualClock
) -> None:
    s = container.settings
    assert call(gw, "POST", "/v1/memories", _user(s), {"persona_id": "nurse", "summary": SECRET}).status == 201
    clock.advance(1)
    assert call(gw, "GET", "/v1/memories", _user(s, "other")).status == 200  # another user's entry
    clock.advance(1)
    r = call(gw, "GET", "/v1/me/export", _user(s))
    assert r.status == 200, r.body
    entries = r.json()["audit_entries"]
    assert [e["action"] for e in entries] == ["POST /v1/memories"]  # the export's own entry comes after it
    assert SECRET not in json.dumps(entries) and "other" not in json.dumps(entries)
    # what the api does in AWS: ask the reader function by direct invoke, for one subject only
    from engram.adapters.lambda_context import LocalContext
    from functions.audit.handler import lambda_handler as audit_reader

    assert all("subject" not in e and "entry_id" not in e for e in entries)  # no entry's key in the export
    from engram.adapters.secrets import erasure_hash_key
    from engram.privacy.receipt import user_hash

    subject = user_hash(erasure_hash_key(s), "default", "mia")
    answered = audit_reader({"engram_audit_export": {"tenant_id": "default", "subject": subject}}, LocalContext())
    assert [e["action"] for e in answered["entries"]] == ["GET /v1/me/export", "POST /v1/memories"]
