"""The TypeScript client (clients/typescript) against the real local stack: its own Node test suite
(`node --test`: every route in both auth modes, retries, errors, the generated types' freshness), and
the README's LINE bot example receiving a signed webhook and replying through the LINE stand-in.

scripts/bootstrap.sh installs the client's locked dependencies (`npm ci`) and builds it; this test
builds it again when its sources changed since (`build:if-changed`), so it never runs a stale dist/,
and never removes dist/ while another worker's bootstrap or test is loading it."""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from engram.line.channels import LOCAL_TOKEN
from engram.local import tokens
from engram.local.stack import LocalStack, start_stack
from tests.support.openai_stub import OpenAIStub

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "typescript"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (scripts/bootstrap.sh installs it)")


@pytest.fixture(scope="module")
def stack(ddb_endpoint: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalStack]:
    tmp = tmp_path_factory.mktemp("engram-ts-stack")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp)
        mp.setenv("ENGRAM_LOCAL_INDEX_DIR", str(tmp / "index"))
        mp.setenv("ENGRAM_TABLE_NAME", f"engram-ts-{uuid.uuid4().hex[:8]}")
        local = start_stack(port=0, ddb_endpoint=ddb_endpoint, line_port=0)
        try:
            yield local
        finally:
            local.stop()


@pytest.fixture(scope="module")
def built() -> None:
    """The client built from its sources (its dependencies come from bootstrap's `npm ci`)."""
    if not (CLIENT / "node_modules" / ".package-lock.json").exists():
        pytest.fail("clients/typescript/node_modules is missing: run scripts/bootstrap.sh (npm ci)")
    done = subprocess.run(
        ["npm", "run", "--silent", "build:if-changed"], cwd=CLIENT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _node_test(files: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run(
        [NODE, "--test", "--test-reporter=spec", *files],
        cwd=CLIENT,
        env={**os.environ, **env, "ENGRAM_TS_REQUIRE_STACK": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )


def _passed(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, done.stdout[-8000:] + done.stderr[-4000:]
    assert "# skipped 0" in done.stdout or "ℹ skipped 0" in done.stdout, done.stdout[-2000:]


def test_the_node_test_suite_passes_against_the_local_stack(stack: LocalStack, built: None) -> None:
    prefix = f"ts-{uuid.uuid4().hex[:8]}"
    env = {
        "ENGRAM_URL": stack.url,
        "ENGRAM_TOKEN": tokens.mint(stack.settings, f"{prefix}-user"),
        "ENGRAM_TOKEN_2": tokens.mint(stack.settings, f"{prefix}-user-2"),
        "ENGRAM_BACKEND_KEY": stack.settings.local_api_key.get_secret_value(),
        "ENGRAM_OPERATOR_KEY": stack.settings.local_operator_api_key.get_secret_value(),
        "ENGRAM_USER_PREFIX": prefix,
    }
    tests = (CLIENT / "test").glob("*.test.mjs")
    files = sorted(str(p.relative_to(CLIENT)) for p in tests if p.name != "line-bot.test.mjs")
    assert "test/local-stack.test.mjs" in files and "test/generated.test.mjs" in files
    _passed(_node_test(files, env))


def test_the_readme_line_bot_answers_through_engram_and_the_line_standin(
    stack: LocalStack, built: None, openai_stub: OpenAIStub
) -> None:
    env = {
        "ENGRAM_URL": stack.url,
        "ENGRAM_BACKEND_KEY": stack.settings.local_api_key.get_secret_value(),
        "LINE_API_BASE": stack.line_standin.url,
        "LINE_CHANNEL_ACCESS_TOKEN": LOCAL_TOKEN,
        "OPENAI_BASE_URL": openai_stub.base_url,
    }
    _passed(_node_test(["test/line-bot.test.mjs"], env))
    # the model got Engram's prompt: a system message, the first round, then the new message
    second = [
        c["messages"] for c in openai_stub.state.calls() if c["messages"][-1]["content"] == "What am I allergic to?"
    ]
    assert len(second) == 1 and second[0][0]["role"] == "system"
    assert [m["content"] for m in second[0][1:]] == [
        "I am allergic to penicillin.",
        "stub reply to: I am allergic to penicillin.",
        "What am I allergic to?",
    ]
