"""`engram job idle_sessions --now ...`: the real jobs handler on its EventBridge sample, with
an injected clock, against DynamoDB Local."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from engram.adapters.dynamodb.connection import TableConfig
from engram.conversation.models import SessionStatus
from engram.kernel.keys import SessionKey
from engram.local import cli
from engram.wiring import Container

KEY = SessionKey("default", "gina", "nurse", "s1")


def test_idle_sessions_job_from_the_cli_with_an_injected_clock(
    container: Container, table: TableConfig, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    c = container
    for text in ("I walked to the market today.", "My breathing was fine."):
        c.clock.advance(1)  # type: ignore[attr-defined]
        c.conversation.record_turn(KEY, text, "Good to hear.")
    monkeypatch.setenv("ENGRAM_TABLE_NAME", table.table_name)
    early = datetime.fromtimestamp(c.clock.now() + 60, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert cli.main(["job", "idle_sessions", "--now", early, "--ddb-endpoint", str(table.host)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "job": "idle_sessions",
        "status": "done",
        "due": 0,
        "closed": 0,
        "recovered": 0,
        "failed": 0,
    }
    later = datetime.fromtimestamp(c.clock.now() + 31 * 60, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert cli.main(["job", "idle_sessions", "--now", later, "--ddb-endpoint", str(table.host)]) == 0
    assert json.loads(capsys.readouterr().out)["closed"] == 1
    memories = [r for r in c.memories.list("default", "gina", statuses=None) if r.memory_id.startswith("ses-")]
    assert len(memories) == 1 and "market" in memories[0].content
    meta = c.conversation.store.get_meta(KEY, c.clock.now())
    assert meta is not None and meta.status == SessionStatus.ENDED


def test_job_cli_says_how_to_start_the_stack_when_dynamodb_is_down() -> None:
    with pytest.raises(SystemExit, match="make run"):
        cli.main(["job", "idle_sessions", "--ddb-endpoint", "http://127.0.0.1:9"])


def test_local_schedule_tick_runs_the_idle_job_through_the_handler(container: Container) -> None:
    from engram import runtime
    from engram.local.scheduler import run_once

    c = container
    c.conversation.record_turn(KEY, "I took my pills at noon.", "Noted.")
    c.clock.advance(c.settings.session_idle_timeout_s)  # type: ignore[attr-defined]
    runtime.set_container(c)
    try:
        assert run_once("idle_sessions") == {
            "job": "idle_sessions",
            "status": "done",
            "due": 1,
            "closed": 1,
            "recovered": 0,
            "failed": 0,
        }
    finally:
        runtime.set_container(None)
