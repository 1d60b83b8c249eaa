"""The first hour with the CLI: ports from the environment, a stack that is not running, Ctrl-D."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from engram.local import cli


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _engram(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engram.local.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def test_run_help_shows_ports(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_PORT", "9191")
    monkeypatch.delenv("ENGRAM_DDB_PORT", raising=False)
    with pytest.raises(SystemExit):
        cli.main(["run", "--help"])
    out = capsys.readouterr().out
    assert "ENGRAM_PORT" in out and "9191" in out and "ENGRAM_DDB_PORT" in out and "8000" in out


def test_chat_uses_engram_port_and_says_how_to_start_a_stack_that_is_not_running() -> None:
    port = _free_port()  # nothing listens there
    result = _engram("chat", env={"ENGRAM_PORT": str(port)}, stdin="hello\n")
    assert result.returncode == 1
    assert f"http://127.0.0.1:{port}" in result.stderr and "make run" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_bad_port_setting_is_one_clear_line() -> None:
    result = _engram("chat", env={"ENGRAM_PORT": "eighty"})
    assert result.returncode != 0 and "ENGRAM_PORT='eighty' is not a port number" in result.stderr
    assert "Traceback" not in result.stderr


def test_end_of_input_ends_the_chat_cleanly() -> None:
    result = _engram("chat", env={"ENGRAM_PORT": str(_free_port())}, stdin="")  # Ctrl-D at once
    assert result.returncode == 0 and "bye" in result.stderr and "Traceback" not in result.stderr
