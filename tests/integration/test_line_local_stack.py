"""`engram line send` against the whole local stack (`make run` in-process): a signed event
reaches the webhook through the local gateway, the line worker runs the turn on its own
thread, and the reply shows at the local Messaging API stand-in."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from engram.local.line_send import send
from engram.local.stack import start_stack


def test_line_send_gets_a_reply_from_the_local_stack(
    ddb_endpoint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ENGRAM_LOCAL_INDEX_DIR", str(tmp_path / "index"))
    monkeypatch.setenv("ENGRAM_TABLE_NAME", "engram-line-stack-test")
    stack = start_stack(port=0, ddb_endpoint=ddb_endpoint, line_port=0)
    try:
        args = argparse.Namespace(
            text="我今天早上有點喘，吸了藥好一點。",
            audio=None,
            user="U" + "0" * 31 + "7",
            group=None,
            url=stack.url,
            standin=stack.line_standin.url,
            wait=20.0,
        )
        assert send(args) == 0
    finally:
        stack.stop()
    out = capsys.readouterr().out
    assert "webhook: 200" in out and "bot (reply):" in out
