"""P4: backend (act-for-user) routes accept only IAM principals on the allow-list.

Events are built as API Gateway builds them (engram.local.apigw.build_event) and run
through the real API handler; the `iam` authorizer context is then set to the caller
under test, since the local gateway only ever plays one backend user.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engram import runtime
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.lambda_context import LocalContext
from engram.local.apigw import build_event
from engram.local.gateway import LocalGateway
from engram.settings import Settings
from engram.wiring import Container
from functions.api.auth import principal_key
from functions.api.handler import lambda_handler

ACCOUNT = "123456789012"
LOCAL_BACKEND = "arn:aws:iam::000000000000:user/local-backend"
ALLOWED = (
    f"arn:aws:iam::{ACCOUNT}:role/chat-backend",
    f"arn:aws:iam::{ACCOUNT}:role/service-role/kb-loader",  # a role with a path
    LOCAL_BACKEND,
)
TURN = "/v1/users/alice/personas/nurse/sessions/s1/turns"
# One route per backend family: sessions, memories, the knowledge base.
ROUTES = [
    ("POST", TURN, {"user": "I took my inhaler.", "assistant": "Good."}),
    ("GET", "/v1/users/alice/memories", None),
    ("GET", "/v1/kb/documents", None),
]


@pytest.fixture
def settings(table: TableConfig) -> Settings:
    return Settings(
        environment="test", table_name=table.table_name, dynamodb_endpoint=table.host, backend_principals=ALLOWED
    )


@pytest.fixture
def app(container: Container) -> Iterator[Container]:
    runtime.set_container(container)
    yield container
    runtime.set_container(None)


def _event(method: str, path: str, body: Any, iam: dict[str, Any] | None) -> dict[str, Any]:
    raw = json.dumps(body).encode() if body is not None else None
    event = build_event(method, path, {"content-type": "application/json"}, raw, iam_caller="backend")
    event["requestContext"]["authorizer"]["iam"] = iam
    return event


def _call(method: str, path: str, body: Any, iam: dict[str, Any] | None) -> tuple[int, dict[str, Any]]:
    result = lambda_handler(_event(method, path, body, iam), LocalContext())
    return int(result["statusCode"]), json.loads(result["body"] or "{}")


def _caller(arn: str) -> dict[str, Any]:
    return {"accountId": ACCOUNT, "callerId": "AROAEXAMPLE:s", "userArn": arn, "userId": "AROAEXAMPLE:s"}


@pytest.mark.parametrize(("method", "path", "body"), ROUTES)
@pytest.mark.parametrize(
    "arn",
    [
        f"arn:aws:sts::{ACCOUNT}:assumed-role/chat-backend/i-0abc123",  # a Lambda / ECS task's session
        f"arn:aws:sts::{ACCOUNT}:assumed-role/kb-loader/botocore-session-1700000000",  # config names role/path/NAME
        f"arn:aws:iam::{ACCOUNT}:role/chat-backend",
    ],
)
def test_an_allowed_role_session_acts_for_the_user(app: Container, method: str, path: str, body: Any, arn: str) -> None:
    status, answer = _call(method, path, body, _caller(arn))
    assert status == 200, answer


@pytest.mark.parametrize(("method", "path", "body"), ROUTES)
@pytest.mark.parametrize(
    "iam",
    [
        _caller(f"arn:aws:sts::{ACCOUNT}:assumed-role/other-role/s"),  # another role of the same account
        _caller(f"arn:aws:sts::{ACCOUNT}:assumed-role/chat-backend-v2/s"),  # a longer name is another role
        _caller("arn:aws:sts::999999999999:assumed-role/chat-backend/s"),  # same name, other account
        _caller(f"arn:aws:iam::{ACCOUNT}:user/chat-backend"),  # a user named like the allowed role
        _caller(f"arn:aws:iam::{ACCOUNT}:user/deploy-bot"),  # an IAM user not on the list
        _caller(f"arn:aws:sts::{ACCOUNT}:federated-user/chat-backend"),
        _caller(f"arn:aws:iam::{ACCOUNT}:root"),
        _caller(f"arn:aws:iam::{ACCOUNT}:role/chat-backend\n"),  # the whole string must match
        {},  # an empty iam context
        {"accountId": ACCOUNT, "userArn": None},
        None,
    ],
)
def test_an_iam_caller_not_on_the_allow_list_is_forbidden(
    app: Container, method: str, path: str, body: Any, iam: dict[str, Any] | None
) -> None:
    status, answer = _call(method, path, body, iam)
    assert status == 403 and answer["error"]["code"] == "FORBIDDEN", answer
    assert "arn:" not in json.dumps(answer)  # the caller's ARN is logged, not echoed


def test_nothing_is_written_for_a_forbidden_caller(app: Container) -> None:
    intruder = _caller(f"arn:aws:sts::{ACCOUNT}:assumed-role/other-role/s")
    assert _call("POST", TURN, ROUTES[0][2], intruder)[0] == 403
    allowed = _caller(f"arn:aws:sts::{ACCOUNT}:assumed-role/chat-backend/s")
    status, session = _call("GET", "/v1/users/alice/personas/nurse/sessions/s1", None, allowed)
    assert status == 404 and session["error"]["code"] == "NOT_FOUND"


def test_an_empty_allow_list_forbids_every_backend(app: Container, settings: Settings) -> None:
    app.settings = settings.model_copy(update={"backend_principals": ()})
    status, _ = _call("POST", TURN, ROUTES[0][2], _caller(ALLOWED[0]))
    assert status == 403


def test_the_local_gateway_backend_is_the_default_principal(app: Container, settings: Settings) -> None:
    assert LOCAL_BACKEND in Settings.model_fields["backend_principals"].default
    key = {"x-api-key": settings.local_api_key.get_secret_value(), "content-type": "application/json"}
    resp = LocalGateway(settings).handle("POST", TURN, key, json.dumps(ROUTES[0][2]).encode())
    assert resp.status == 200, resp.body
    app.settings = settings.model_copy(update={"backend_principals": ALLOWED[:2]})
    assert LocalGateway(settings).handle("POST", TURN, key, json.dumps(ROUTES[0][2]).encode()).status == 403


@pytest.mark.parametrize(
    ("arn", "key"),
    [
        (f"arn:aws:sts::{ACCOUNT}:assumed-role/r/s", f"arn:aws:iam::{ACCOUNT}:role/r"),
        (f"arn:aws:iam::{ACCOUNT}:role/a/b/r", f"arn:aws:iam::{ACCOUNT}:role/r"),
        (f"arn:aws-cn:sts::{ACCOUNT}:assumed-role/r/s", f"arn:aws-cn:iam::{ACCOUNT}:role/r"),
        (f"arn:aws:iam::{ACCOUNT}:user/team/u", f"arn:aws:iam::{ACCOUNT}:user/u"),
        (f"arn:aws:sts::{ACCOUNT}:assumed-role/r", None),  # no session name: not what API Gateway sends
        (f"arn:aws:iam::{ACCOUNT}:group/g", None),
        ("", None),
    ],
)
def test_principal_key(arn: str, key: str | None) -> None:
    assert principal_key(arn) == key
