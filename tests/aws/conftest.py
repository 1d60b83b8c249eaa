"""The production AWS adapters against moto (server mode, 127.0.0.1, a free port).

Every test here runs in a sandbox:
- fake credentials (with a session token, as a Lambda role has), us-east-1, no shared config or
  credentials file, no instance metadata, no proxy;
- AWS_ENDPOINT_URL points every AWS client the code builds itself at moto (DynamoDB Local,
  where a test uses it, is named explicitly by its own endpoint);
- socket connections are allowed to loopback only (pytest-socket): a request that would leave
  the machine fails instead;
- moto's state, Powertools' parameter caches and boto3's default session start empty.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import boto3
import pytest
from aws_lambda_powertools.utilities import parameters
from pytest_socket import enable_socket, socket_allow_hosts

from engram.settings import Settings
from tests.aws.moto_endpoint import MotoEndpoint
from tests.aws.stack_template import REGION, StackInMoto, dev_template

ACCESS_KEY = "AKIAENGRAMMOTOTESTS1"
SECRET_KEY = "engram-moto-secret-access-key"  # moto's, accepted by nothing else
SESSION_TOKEN = "engram-moto-session-token"
LOOPBACK = ["127.0.0.1", "::1"]

Clients = Callable[[str], Any]


@pytest.fixture(scope="session")
def moto() -> Iterator[MotoEndpoint]:
    endpoint = MotoEndpoint({ACCESS_KEY: SECRET_KEY}, SESSION_TOKEN).start()
    endpoint.configure({"lambda": {"use_docker": False}})  # invokes answer without a container
    yield endpoint
    endpoint.stop()


@pytest.fixture(autouse=True)
def aws_sandbox(moto: MotoEndpoint, monkeypatch: pytest.MonkeyPatch) -> Iterator[MotoEndpoint]:
    socket_allow_hosts(LOOPBACK)
    for name in ("AWS_PROFILE", "AWS_SECURITY_TOKEN", "AWS_CA_BUNDLE", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", ACCESS_KEY)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", SECRET_KEY)
    monkeypatch.setenv("AWS_SESSION_TOKEN", SESSION_TOKEN)
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    monkeypatch.setenv("AWS_REGION", REGION)
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.url)
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("AWS_CONFIG_FILE", "/nonexistent/engram-aws-config")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/engram-aws-credentials")
    monkeypatch.setattr(boto3, "DEFAULT_SESSION", None)  # a session made earlier kept other credentials
    parameters.clear_caches()
    moto.reset()
    yield moto
    parameters.clear_caches()
    enable_socket()


@pytest.fixture
def clients() -> Clients:
    """boto3 clients for a test's own setup and checks (the code under test builds its own)."""
    made: dict[str, Any] = {}

    def client(service: str) -> Any:
        if service not in made:
            made[service] = boto3.client(service, region_name=REGION)
        return made[service]

    return client


@pytest.fixture(scope="session")
def stack_template() -> dict[str, Any]:
    return dev_template()


@pytest.fixture
def stack(stack_template: dict[str, Any], clients: Clients) -> StackInMoto:
    """The dev stack's queues and exports bucket, built in moto as the template declares them."""
    return StackInMoto.build(stack_template, clients)


def settings_from(variables: dict[str, str], **fields: Any) -> Settings:
    """Settings as a function with these ENGRAM_* variables would read them (a list or an
    object arrives as JSON, as pydantic-settings parses it from the environment)."""
    named = {
        name.removeprefix("ENGRAM_").lower(): json.loads(value) if value.startswith(("[", "{")) else value
        for name, value in variables.items()
    }
    return Settings(**{"environment": "test", **named, **fields})
