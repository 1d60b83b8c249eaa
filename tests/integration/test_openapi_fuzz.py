"""The OpenAPI document is the contract: schemathesis (its CLI, every check) generates requests
from it and sends them over HTTP to the local stack (real handler, DynamoDB Local, local models):
the examples, the coverage phase (boundary values, every undeclared method on every path, OPTIONS)
and bounded fuzzing, positive and negative. Every response must be a documented status with a body
and headers that match the schema, never a 5xx; a request the schema calls valid is never refused
(400 / 413 / 415), one it calls invalid never accepted (2xx); an undeclared method on a known path
gets 405 with an `Allow` header that lists exactly the path's methods."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engram import runtime
from engram.local import tokens
from engram.local.gateway import LocalGateway
from engram.local.server import make_server, serve_in_background
from engram.settings import Settings
from engram.wiring import Container
from functions.api.contract import openapi_document
from functions.api.handler import app

# Bounded for the suite; ENGRAM_FUZZ_EXAMPLES=200 explores further (a random seed, unless
# ENGRAM_FUZZ_SEED names one). CI: seed 27, the same requests every run.
EXAMPLES = os.environ.get("ENGRAM_FUZZ_EXAMPLES", "4")
_SEED = os.environ.get("ENGRAM_FUZZ_SEED", "" if "ENGRAM_FUZZ_EXAMPLES" in os.environ else "27")
SEED = ["--seed", _SEED] if _SEED else []


@pytest.fixture
def base_url(container: Container, settings: Settings) -> Iterator[str]:
    container.erasure_trigger = lambda: None  # a persona deletion's job: not in the background here
    container.export_trigger = lambda: None  # nor a large export's (it outlived the test's table)
    runtime.set_container(container)
    server = make_server(LocalGateway(settings), port=0)
    serve_in_background(server)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        runtime.set_container(None)


def _config(cfg: Settings) -> str:
    """Credentials per security scheme, so the auth checks know what to remove or spoil."""
    return (
        f'[auth.openapi.endUserJwt]\nbearer = "{tokens.mint(cfg, "fuzz-user")}"\n'
        f'[auth.openapi.localBackendKey]\napi_key = "{cfg.local_api_key.get_secret_value()}"\n'
    )


def test_the_api_keeps_its_contract(base_url: str, settings: Settings, tmp_path: Path) -> None:
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(openapi_document(app)))
    config = tmp_path / "schemathesis.toml"
    config.write_text(_config(settings))
    command = [
        *(sys.executable, "-m", "schemathesis.cli", "--no-color", "--config-file", str(config)),
        *("run", str(spec), "--url", base_url, "--checks", "all", "--workers", "1"),
        *("--phases", "examples,coverage,fuzzing", "--max-examples", EXAMPLES, *SEED),
        *("--suppress-health-check", "all", "--request-timeout", "60", "--generation-database", "none"),
    ]
    # In tmp_path: schemathesis keeps its failures under ./.schemathesis, not in the repository.
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-5000:]
