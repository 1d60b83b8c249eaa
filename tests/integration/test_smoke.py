"""`engram smoke` (`make smoke`): every journey passes on a local stack of its own and the table
shows it, the smoke running the erasure job itself when no run finished it; against a URL with a
test user's token it passes the same way (the receipt checked with a key file given as `aws kms
get-public-key` prints it); a wrong token fails the journeys and exits 1; and the erasure journey
refuses a user who holds personas the smoke did not make."""

from __future__ import annotations

import base64
import io
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization

from engram import runtime
from engram.local import smoke_http, tokens
from engram.local.cli import main as engram
from engram.local.dynamodb_local import free_port
from engram.local.smoke import own_local_stack, run_suite
from engram.local.smoke_http import Api
from engram.local.smoke_journeys import JOURNEYS, SmokeConfig
from engram.local.stack import LocalStack, start_stack

pytestmark = pytest.mark.integration

NAMES = [j.name for j in JOURNEYS]


def rows(out: str) -> dict[str, tuple[str, str]]:
    """journey -> (result, detail) from the printed table."""
    found = {}
    for line in out.splitlines():
        parts = line.split(maxsplit=4)
        if parts and parts[0] in NAMES and len(parts) >= 4 and parts[1] in ("PASS", "FAIL", "SKIP"):
            found[parts[0]] = (parts[1], parts[4] if len(parts) == 5 else "")
    return found


def test_make_smoke_without_a_url_runs_every_journey_on_a_stack_of_its_own(tmp_path: Path) -> None:
    # what `make smoke` runs: a local stack in memory on free ports, a token minted per journey
    result = subprocess.run(
        [sys.executable, "-m", "engram.local.cli", "smoke", "--timeout", "60"],
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if not k.startswith("ENGRAM_")},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Engram smoke against http://127.0.0.1:") and "a fresh user per journey" in lines[0]
    assert lines[1].split() == ["journey", "result", "time", "detail"]
    table = rows(result.stdout)
    assert list(table) == NAMES  # every journey, in order, erasure last
    assert all(result == "PASS" for result, _ in table.values()), result.stdout
    assert "MEMORY_LIMIT_REACHED" in table["plan-warning"][1]
    assert "receipt signature valid" in table["erasure"][1]
    assert "401 UNAUTHORIZED" in table["line-webhook"][1]
    assert lines[-1].startswith(f"{len(NAMES)} journeys: {len(NAMES)} passed, 0 failed, 0 skipped")


def test_on_its_own_stack_the_smoke_runs_the_erasure_job_itself(
    ddb_endpoint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # before the module's stack below: one local stack per process at a time (the runtime container)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ENGRAM_TABLE_NAME", f"engram-smoke-{uuid.uuid4().hex[:8]}")
    monkeypatch.setattr(smoke_http, "NUDGE_EVERY_S", 0.5)
    with own_local_stack(SmokeConfig(timeout_s=20, poll_s=0.2), ddb_endpoint=ddb_endpoint) as (url, users, config):
        # no run when the erasure is confirmed, as if that kick were lost: only the 15-minute schedule is left
        runtime.get_container().erasure_trigger = lambda: None
        waited = run_suite(url, users, replace(config, run_erasure_now=None, timeout_s=3), io.StringIO(), ["erasure"])
        ran = run_suite(url, users, config, io.StringIO(), ["erasure"])
    assert waited[0].result == "FAIL" and "the erasure: not within 3 s" in waited[0].detail
    assert ran[0].result == "PASS", ran[0].detail


@pytest.fixture(scope="module")
def stack(ddb_endpoint: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalStack]:
    """A stack as `make run` starts one, standing in for a deployment the smoke reaches by URL."""
    tmp = tmp_path_factory.mktemp("engram-smoke-target")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp)  # the local receipt key file: the stack's and the smoke's are the same one
        mp.setenv("ENGRAM_LOCAL_INDEX_DIR", str(tmp / "index"))
        mp.setenv("ENGRAM_EXPORT_DIR", str(tmp / "exports"))
        mp.setenv("ENGRAM_TABLE_NAME", f"engram-smoke-{uuid.uuid4().hex[:8]}")
        local = start_stack(port=0, ddb_endpoint=ddb_endpoint, line_port=0)
        try:
            yield local
        finally:
            local.stop()


def test_a_url_and_a_test_users_token_pass_every_journey(
    stack: LocalStack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    user = f"smoke-tester-{uuid.uuid4().hex[:6]}"
    token = tokens.mint(stack.settings, user, plan="free")  # the plan warning needs a free-plan user
    der = serialization.load_pem_public_key(stack.container.receipt_signer.public_key_pem().encode())
    key_file = tmp_path / "receipt-key.b64"  # what `aws kms get-public-key --query PublicKey --output text` prints
    key_file.write_text(
        base64.b64encode(
            der.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
        ).decode()
    )
    argv = ["smoke", "--url", stack.url + "/", "--token", token, "--public-key", str(key_file), "--timeout", "60"]
    code = engram(argv)
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"the token's user ({user})" in out.splitlines()[0]
    table = rows(out)
    assert list(table) == NAMES and all(result == "PASS" for result, _ in table.values()), out
    assert f"the key in {key_file}" in table["erasure"][1]
    # the erasure took the test user whole: nothing of the run is left
    left = Api(stack.url, tokens.mint(stack.settings, user)).call("GET", "/v1/me/export")
    assert left.status == 200 and sum(left.body["counts"].values()) == 0, left.body["counts"]


def test_a_wrong_token_fails_the_journeys_and_exits_1(stack: LocalStack, capsys: pytest.CaptureFixture[str]) -> None:
    assert engram(["smoke", "--url", stack.url, "--token", "not-a-token"]) == 1
    out = capsys.readouterr().out
    table = rows(out)
    assert list(table) == NAMES
    assert table["line-webhook"][0] == "PASS"  # no token needed there: the signature is checked
    failed = {name: detail for name, (result, detail) in table.items() if result == "FAIL"}
    assert set(failed) == set(NAMES) - {"line-webhook"}, out
    assert all("401 (UNAUTHORIZED" in detail for detail in failed.values()), out
    assert out.splitlines()[-1].startswith(f"{len(NAMES)} journeys: 1 passed, {len(NAMES) - 1} failed")


def test_the_erasure_journey_refuses_a_user_with_personas_of_its_own(
    stack: LocalStack, capsys: pytest.CaptureFixture[str]
) -> None:
    token = tokens.mint(stack.settings, f"real-user-{uuid.uuid4().hex[:6]}")
    api = Api(stack.url, token)
    kept = api.expect(201, "POST", "/v1/memories", {"persona_id": "nurse", "summary": "Allergic to penicillin"})
    assert engram(["smoke", "--url", stack.url, "--token", token, "--only", "erasure"]) == 1
    result, detail = rows(capsys.readouterr().out)["erasure"]
    assert result == "FAIL" and "refusing to erase" in detail and "(nurse)" in detail
    assert api.call("GET", f"/v1/memories/{kept['memory']['memory_id']}").status == 200  # untouched
    assert api.expect(200, "GET", "/v1/me/export")["counts"]["memories"] == 1  # and nothing added


def test_a_url_nobody_answers_fails_every_journey_in_one_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    assert engram(["smoke", "--url", url, "--token", "any", "--only", "chat,line-webhook"]) == 1
    table = rows(capsys.readouterr().out)
    assert [result for result, _ in table.values()] == ["FAIL", "FAIL"]
    assert all(f"no answer from {url}" in detail and "cleanup" not in detail for _, detail in table.values())
