"""The OpenAPI document is the contract: schemathesis generates requests from it (bounded examples
per operation) and sends them over HTTP to the local stack (real handler, DynamoDB Local, local
models). Every response must be a documented status with a body that matches its schema, never a
5xx, and no request the schema calls valid may be refused as invalid (400 / 413 / 415)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from engram import runtime
from engram.local import tokens
from engram.local.gateway import LocalGateway
from engram.local.server import make_server, serve_in_background
from engram.settings import Settings
from engram.wiring import Container
from functions.api.contract import openapi_document
from functions.api.handler import app

SCHEMA = schemathesis.openapi.from_dict(openapi_document(app))
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    positive_data_acceptance,
]
# Bounded for the suite; ENGRAM_FUZZ_EXAMPLES=200 explores further (random, not derandomized).
EXAMPLES = int(os.environ.get("ENGRAM_FUZZ_EXAMPLES", "12"))
EXPLORE = "ENGRAM_FUZZ_EXAMPLES" in os.environ


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


def _credentials(path: str, cfg: Settings) -> dict[str, str]:
    if path.startswith(("/v1/users/", "/v1/kb/")):
        return {"x-api-key": cfg.local_api_key.get_secret_value()}
    return {"authorization": f"Bearer {tokens.mint(cfg, 'fuzz-user')}"}


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.label)
def test_the_api_keeps_its_contract(operation: Any, base_url: str, settings: Settings) -> None:
    headers = _credentials(operation.path, settings)

    @given(case=operation.as_strategy())
    @hypothesis_settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=not EXPLORE,  # the same requests on every run: CI is reproducible
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any) -> None:
        case.call_and_validate(base_url=base_url, headers=headers, checks=CHECKS, timeout=60)

    run()
