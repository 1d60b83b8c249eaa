"""Every memory and KB sample event runs through the real API handler, in a realistic order."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engram import runtime
from engram.adapters.lambda_context import LocalContext
from engram.wiring import Container

EVENTS = Path(__file__).resolve().parents[2] / "events" / "api"
PLACEHOLDER = "mem-00000000000000000000000000example"


def _run(name: str, memory_id: str | None = None) -> tuple[int, Any]:
    from functions.api.handler import lambda_handler

    raw = (EVENTS / f"{name}.json").read_text()
    if memory_id:
        raw = raw.replace(PLACEHOLDER, memory_id)
    result = lambda_handler(json.loads(raw), LocalContext())
    return int(result["statusCode"]), json.loads(result["body"] or "null")


def test_memory_and_kb_events(container: Container) -> None:
    container.erasure_trigger = lambda: None  # a persona deletion's job: not in the background here
    runtime.set_container(container)
    try:
        status, created = _run("memories/create")
        assert status == 201, created
        memory_id = created["memory"]["memory_id"]
        assert created["memory"]["content"] == "對盤尼西林過敏"  # kept in the user's language
        status, body = _run("memories/create_from_messages")
        assert status == 201, body
        for name in ("memories/list", "memories/load", "memories/search", "memories/timeline", "memories/summarize"):
            status, body = _run(name)
            assert status == 200, (name, body)
        for name in (
            "memories/get",
            "memories/patch",
            "memories/archive",
            "memories/restore",
            "memories/profile_put",
            "memories/profile_get",
        ):
            status, body = _run(name, memory_id)
            assert status == 200, (name, body)
        status, body = _run("memories/delete", memory_id)
        assert status in (200, 204), body
        status, body = _run("memories/get", memory_id)
        assert status == 404 and body["error"]["code"] == "NOT_FOUND"
        status, body = _run("memories/delete_persona")
        assert status == 200 and body["persona_id"] == "nurse"
        status, body = _run("kb/upload")
        assert status == 201, body
        status, body = _run("kb/list")
        assert status == 200, body
    finally:
        runtime.set_container(None)
