"""The README's quick-start examples, run verbatim (but for the host and the user) with bash and
curl against the local stack, give what they promise — and `GET /v1/memories/search` finds what
`/context` retrieves for the same question."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from engram.local import tokens
from engram.local.stack import start_stack

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
SEPARATOR = "@@@engram-readme@@@"


def _quick_start_block() -> str:
    readme = (REPO / "README.md").read_text()
    blocks = re.findall(r"```bash\n(.*?)```", readme, re.DOTALL)
    return next(b for b in blocks if "export TOKEN=" in b and "/chat" in b)


def _commands(block: str) -> list[str]:
    """Logical lines (continuations joined), comments and blanks dropped."""
    joined = re.sub(r"\\\n\s*", " ", block)
    return [line.strip() for line in joined.splitlines() if line.strip() and not line.strip().startswith("#")]


def _script(block: str, base: str, token: str, user: str) -> tuple[str, list[str]]:
    lines: list[str] = []
    curls: list[str] = []
    for command in _commands(block):
        command = command.replace("http://127.0.0.1:8080", base).replace("demo-user", user)
        if command.startswith("export TOKEN="):  # `make -s token` is tested on its own (test_readme_commands)
            command = f"export TOKEN={token}"
        lines.append(command)
        if command.startswith("curl"):
            curls.append(command)
            lines.append(f"printf '\\n{SEPARATOR}\\n'")
    return "\n".join(lines), curls


def _json(text: str) -> Any:
    return json.loads(text.strip())


@pytest.mark.skipif(shutil.which("curl") is None, reason="the README's examples use curl")
def test_the_readme_quick_start_gives_what_it_promises(ddb_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_TABLE_NAME", f"engram-readme-{uuid.uuid4().hex[:8]}")
    stack = start_stack(port=0, ddb_endpoint=ddb_endpoint, line_port=0)
    try:
        user = f"readme-{uuid.uuid4().hex[:8]}"
        token = tokens.mint(stack.settings, user)
        script, curls = _script(_quick_start_block(), stack.url, token, user)
        done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=300, cwd=REPO)
        assert done.returncode == 0, done.stderr
        outputs = done.stdout.split(SEPARATOR)[: len(curls)]
        said = [(re.sub(r"\s+#.*$", "", c), _json(o)) for c, o in zip(curls, outputs, strict=True)]

        def answer(fragment: str, nth: int = 0) -> Any:
            return [body for command, body in said if fragment in command][nth]

        chat = answer('/chat -d \'{"message":"I coughed')
        assert chat["reply"] and chat["model"] == "local-heuristic" and chat["status"] == "completed"
        assert answer("/context")["messages"][-1]["content"] == "What did I tell you about my breathing?"
        assert "error" not in answer("/turns")
        session = answer('curl -s "${H[@]}" $API')
        assert {"summary", "recent"} <= session.keys()
        first, again = (body for command, body in said if command.endswith("/end"))
        assert first["memory_id"].startswith("ses-") and not first.get("already_ended")
        assert again["already_ended"] is True and again["memory_id"] == first["memory_id"]
        assert answer("/v1/memories?persona_id=nurse")["memories"] is not None
        created = answer("-X POST http://")
        assert created["memory"]["pinned"] is True and created["memory"]["content"] == "Allergic to penicillin"
        assert answer("/v1/users/")["reply"]

        # ... and search finds what /context retrieves for the same question, once the turn's
        # post-turn work (extraction, indexing) has landed.
        context_cmd = next(c for c in curls if "/context" in c)
        search_cmd = next(c for c in curls if "/memories/search" in c)
        prelude = "\n".join(script.splitlines()[:3])
        deadline = time.monotonic() + 60
        while True:
            context = _run_json(prelude, context_cmd)
            retrieved = {m["memory_id"] for m in context["memories"] if m["source"] != "pinned"}
            found = {r["memory"]["memory_id"] for r in _run_json(prelude, search_cmd)["results"]}
            if (retrieved and retrieved <= found) or time.monotonic() > deadline:
                break
            time.sleep(0.5)  # polling the asynchronous indexer, not waiting out a TTL
        assert retrieved, context
        assert retrieved <= found, (retrieved, found)
    finally:
        stack.stop()


def _run_json(prelude: str, command: str) -> Any:
    done = subprocess.run(["bash", "-c", f"{prelude}\n{command}"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return _json(done.stdout)
