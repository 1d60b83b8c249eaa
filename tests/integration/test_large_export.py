"""P2 large exports through the API: above the inline bound GET /v1/me/export answers 413 and
points to POST /v1/me/exports; the `export` job writes the same document to the export archive
(a file locally) and the export's state carries the link; nothing of another user; another
user cannot read it; it expires after a day; an erasure deletes the record and the document."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from engram import runtime
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.local import tokens
from engram.local.gateway import GatewayResponse, LocalGateway
from engram.settings import Settings
from engram.wiring import Container

PHRASES = (
    "我每天早上八點用吸入器。",
    "毎朝八時に吸入器を使います。",
    "매일 아침 여덟 시에 흡입기를 써요.",
    "I walk my dog Coco at six.",
)


@pytest.fixture
def stack(make_container: Any, settings: Settings, tmp_path: Path) -> Iterator[tuple[Container, LocalGateway]]:
    c = make_container(settings.model_copy(update={"export_max_items": 5, "export_dir": str(tmp_path / "exports")}))
    c.export_trigger = lambda: None  # the test runs the job itself
    c.erasure_trigger = lambda: None
    runtime.set_container(c)
    yield c, LocalGateway(c.settings)
    runtime.set_container(None)


@pytest.fixture(autouse=True)
def _local_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _auth(settings: Settings, user: str) -> dict[str, str]:
    return {"authorization": f"Bearer {tokens.mint(settings, user)}", "content-type": "application/json"}


def call(gw: LocalGateway, method: str, path: str, headers: dict[str, str], body: Any = None) -> GatewayResponse:
    return gw.handle(method, path, headers, json.dumps(body).encode() if body is not None else None)


def _talk(c: Container, clock: ManualClock, user: str) -> None:
    key = SessionKey("default", user, "nurse", "s1")
    for phrase in PHRASES:
        c.conversation.record_turn(key, f"{phrase} ({user})", "I see.")
        clock.advance(30)


def test_a_large_export_is_made_by_the_job_and_fetched_by_link(
    stack: tuple[Container, LocalGateway], clock: ManualClock
) -> None:
    c, gw = stack
    _talk(c, clock, "ana")
    _talk(c, clock, "ana2")  # a neighbour sharing the prefix
    me = _auth(c.settings, "ana")
    r = call(gw, "GET", "/v1/me/export", me)
    assert r.status == 413 and r.json()["error"]["code"] == "EXPORT_TOO_LARGE"
    assert "POST /v1/me/exports" in r.json()["error"]["message"]

    r = call(gw, "POST", "/v1/me/exports", me)
    assert r.status == 201, r.body
    started = r.json()
    assert started["state"] == "processing" and started["url"] is None
    path = f"/v1/me/exports/{started['export_id']}"
    assert call(gw, "GET", path, me).json()["state"] == "processing"
    assert c.large_exports.run() == {"exports_completed": 1, "exports_failed": 0}

    r = call(gw, "GET", path, me)
    assert r.status == 200, r.body
    done = r.json()
    assert done["state"] == "completed" and done["url"].startswith("file://")
    document = json.loads(Path(urlparse(done["url"]).path).read_text())
    expected = c.export_service.export("default", "ana", limit=None)
    assert document["counts"] == expected["counts"] and done["items"] == sum(expected["counts"].values())
    text = json.dumps(document, ensure_ascii=False)
    assert all(f"{p} (ana)" in text for p in PHRASES)  # readable, every language
    assert "ana2" not in text and "enc1:" not in text  # nothing of the neighbour, nothing sealed

    other = call(gw, "GET", path, _auth(c.settings, "ana2"))
    assert other.status == 404
    assert call(gw, "GET", "/v1/me/exports/ex-" + "0" * 32, me).status == 404
    assert call(gw, "GET", "/v1/me/exports/not-an-id", me).status in (400, 404)

    clock.advance(c.settings.export_keep_s + 1)
    assert call(gw, "GET", path, me).status == 404  # the record and its document are gone after a day


def test_an_erasure_deletes_the_export_and_its_document(
    stack: tuple[Container, LocalGateway], clock: ManualClock
) -> None:
    c, gw = stack
    _talk(c, clock, "bo")
    me = _auth(c.settings, "bo")
    export_id = call(gw, "POST", "/v1/me/exports", me).json()["export_id"]
    c.large_exports.run()
    url = call(gw, "GET", f"/v1/me/exports/{export_id}", me).json()["url"]
    document = Path(urlparse(url).path)
    assert document.exists()
    created = call(gw, "POST", "/v1/me/erasure", me, {"scope": "all"}).json()
    confirm = f"/v1/me/erasure/{created['request_id']}/confirm"
    assert call(gw, "POST", confirm, me, {"token": created["confirmation_token"]}).status == 200
    assert c.erasure_job.run()["requests_completed"] == 1
    receipt = call(gw, "GET", f"/v1/me/erasure/{created['request_id']}", me).json()["receipt"]
    assert receipt["stores"]["exports"]["found"] == receipt["stores"]["exports"]["deleted"] == 1
    assert not document.exists()
    assert call(gw, "GET", f"/v1/me/exports/{export_id}", me).status == 404
