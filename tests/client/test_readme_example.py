"""The chatbot of clients/python/README.md is real code: the block itself runs against the local stack,
with the real openai client pointed at a local OpenAI stand-in."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from engram_client import EngramClient

from engram.local.stack import LocalStack
from tests.support.openai_stub import OpenAIStub

from .conftest import token, unique

README = Path(__file__).resolve().parents[2] / "clients" / "python" / "README.md"


def _chatbot() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    return next(b for b in blocks if "from openai import OpenAI" in b)


def test_the_readme_chatbot_talks_through_engram(stack: LocalStack, tmp_path: Path, openai_stub: OpenAIStub) -> None:
    script = tmp_path / "chatbot.py"
    script.write_text(_chatbot(), encoding="utf-8")
    user = unique("readme")
    env = {
        **os.environ,
        "ENGRAM_URL": stack.url,
        "ENGRAM_TOKEN": token(stack, user),
        "OPENAI_API_KEY": "sk-test",
        "OPENAI_BASE_URL": openai_stub.base_url,
    }
    result = subprocess.run(
        [sys.executable, str(script)],
        input="I am allergic to penicillin.\n\nWhat am I allergic to?\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("bot> stub reply to: ") == 2

    # the model got Engram's prompt: a system message, then the rounds, then the new message
    second = openai_stub.state.calls()[-1]["messages"]
    assert second[0]["role"] == "system"
    assert [m["content"] for m in second[1:]] == [
        "I am allergic to penicillin.",
        "stub reply to: I am allergic to penicillin.",
        "What am I allergic to?",
    ]
    # and Engram recorded both rounds
    with EngramClient(stack.url, token=env["ENGRAM_TOKEN"]) as engram:
        session = engram.get_session("assistant", "terminal")
    assert session.turn_count == 2
    assert [t.user for t in session.recent] == ["I am allergic to penicillin.", "What am I allergic to?"]
