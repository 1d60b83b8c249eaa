"""Every operation of docs/openapi.json has a client method, on both clients, at the same method
and path, taking every parameter and body field the operation has."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from engram_client import OPERATIONS, ROUTES, AsyncEngramClient, EngramClient

REPO = Path(__file__).resolve().parents[2]
DOC: dict[str, Any] = json.loads((REPO / "docs" / "openapi.json").read_text(encoding="utf-8"))
HTTP_METHODS = ("get", "put", "post", "delete", "patch")

# where a method's parameter is spelled differently from the API's
RENAMED = {"from": "from_"}


# The OpenAI-compatible door (/openai/...) is for OpenAI's own clients (README), not this one.
DOOR_TAG = "openai"


def _operations() -> list[tuple[str, str, str, dict[str, Any]]]:
    return [
        (op["operationId"], method.upper(), path, op)
        for path, item in DOC["paths"].items()
        for method, op in item.items()
        if method in HTTP_METHODS and DOOR_TAG not in op.get("tags", ())
    ]


def _schema(ref: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in ref:
        name = ref["$ref"].rsplit("/", 1)[1]
        schema: dict[str, Any] = DOC["components"]["schemas"][name]
        return schema
    return ref


def test_every_operation_has_a_client_method() -> None:
    documented = {op_id for op_id, *_ in _operations()}
    assert documented - OPERATIONS.keys() == set(), "operations without a client method"
    assert OPERATIONS.keys() - documented == set(), "client operations the API no longer has"
    for name in set(OPERATIONS.values()):
        for client in (EngramClient, AsyncEngramClient):
            assert callable(getattr(client, name, None)), f"{client.__name__}.{name} is missing"
        assert inspect.iscoroutinefunction(getattr(AsyncEngramClient, name))
        assert not inspect.iscoroutinefunction(getattr(EngramClient, name))


@pytest.mark.parametrize(("operation_id", "method", "path", "operation"), _operations(), ids=lambda v: str(v)[:60])
def test_the_method_calls_the_operation_with_all_its_parameters(
    operation_id: str, method: str, path: str, operation: dict[str, Any]
) -> None:
    name = OPERATIONS[operation_id]
    route = ROUTES[name]
    endpoint = route.backend if path.startswith(("/v1/users/", "/v1/kb/")) else route.end_user
    assert endpoint is not None and endpoint.operation_id == operation_id
    assert (route.method, endpoint.path) == (method, path)
    if method in ("GET", "PUT", "DELETE"):
        assert route.idempotent, f"{name}: {method} is idempotent"
    # X-Engram-Tenant is a client's setting for every call (headers=), not a method's parameter
    wanted = {
        RENAMED.get(p["name"], p["name"])
        for p in operation.get("parameters", [])
        if p["name"] != "user_id" and p["in"] != "header"
    }
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    if body is not None:
        wanted |= set(_schema(body).get("properties", {}))
    for client in (EngramClient, AsyncEngramClient):
        params = set(inspect.signature(getattr(client, name)).parameters) - {"self"}
        assert wanted <= params, f"{client.__name__}.{name} lacks {sorted(wanted - params)}"


def test_writes_that_can_be_repeated_send_an_idempotency_key() -> None:
    for operation_id, _, _, operation in _operations():
        body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
        if body is not None and "idempotency_key" in _schema(body).get("properties", {}):
            assert ROUTES[OPERATIONS[operation_id]].idempotent, operation_id
