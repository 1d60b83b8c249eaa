"""Secrets Manager and SSM through Powertools Parameters (`engram.adapters.secrets`): the OpenAI
key at cold start and the LINE channel secrets per request, under the names the dev stack hands
its functions, cached per warm container for SECRET_MAX_AGE_S, and a missing secret as a clear
error — never a Powertools or botocore exception."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from aws_lambda_powertools.utilities.parameters import base as powertools_parameters

from engram.adapters.lambda_context import LocalContext
from engram.adapters.secrets import (
    SECRET_MAX_AGE_S,
    ConfigurationError,
    SecretUnavailable,
    fetch_secret,
    resolve_models,
)
from engram.kernel.clock import ManualClock
from engram.kernel.errors import EngramError
from engram.settings import Settings
from engram.wiring.line import channels_for, line_webhook
from functions.line_webhook import handler as webhook_handler
from tests.aws.conftest import Clients, settings_from
from tests.aws.moto_endpoint import MotoEndpoint
from tests.aws.stack_template import StackInMoto

LINE_SECRET = {"channel_secret": "line-channel-secret", "channel_access_token": "line-access-token"}
EVENTS = Path(__file__).resolve().parents[2] / "events" / "line"


def secret_name(partial_arn: str) -> str:
    """`engram/dev/openai-api-key` from the stack's partial ARN `arn:…:secret:engram/dev/openai-api-key`."""
    return partial_arn.split(":secret:", 1)[1]


@pytest.fixture
def openai_env(stack: StackInMoto) -> dict[str, str]:
    return stack.environment("ApiApiFunction", "ENGRAM_OPENAI_SECRET_ARN", "ENGRAM_MODEL_MODE")


@pytest.fixture
def line_settings(stack: StackInMoto) -> Settings:
    return settings_from(stack.environment("LineLineWebhookFunction", "ENGRAM_LINE_CHANNELS"))


def create_line_secret(clients: Clients, settings: Settings) -> str:
    (channel,) = settings.line_channels
    assert channel.secret_arn
    clients("secretsmanager").create_secret(Name=secret_name(channel.secret_arn), SecretString=json.dumps(LINE_SECRET))
    return channel.id


@pytest.fixture
def powertools_now(monkeypatch: pytest.MonkeyPatch) -> Callable[[float], None]:
    """Move the clock Powertools' parameter cache reads (datetime.now), instead of sleeping."""
    shift = timedelta(0)

    class Shifted(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return datetime.now(tz) + shift

    monkeypatch.setattr(powertools_parameters, "datetime", Shifted)

    def advance(seconds: float) -> None:
        nonlocal shift
        shift += timedelta(seconds=seconds)

    return advance


@pytest.mark.parametrize("stored", ["sk-plain-key", json.dumps({"api_key": "sk-plain-key"})])
def test_the_openai_key_is_read_from_the_secret_the_stack_names(
    openai_env: dict[str, str], clients: Clients, stored: str
) -> None:
    clients("secretsmanager").create_secret(
        Name=secret_name(openai_env["ENGRAM_OPENAI_SECRET_ARN"]), SecretString=stored
    )
    settings = settings_from(openai_env, environment="dev", field_encryption=False)
    resolved = resolve_models(settings)  # the partial ARN (no random suffix) is a valid SecretId
    assert resolved.model_mode == "openai"
    assert resolved.openai_api_key is not None and resolved.openai_api_key.get_secret_value() == "sk-plain-key"


@pytest.mark.parametrize(
    "name", ["/engram/dev/openai-api-key", "arn:aws:ssm:us-east-1:123456789012:parameter/engram/dev/openai-api-key"]
)
def test_the_openai_key_can_be_an_ssm_securestring(clients: Clients, aws_sandbox: MotoEndpoint, name: str) -> None:
    clients("ssm").put_parameter(Name="/engram/dev/openai-api-key", Value="sk-from-ssm", Type="SecureString")
    settings = Settings(environment="dev", model_mode="openai", openai_secret_arn=name, field_encryption=False)
    key = resolve_models(settings).openai_api_key
    assert key is not None and key.get_secret_value() == "sk-from-ssm"
    (call,) = aws_sandbox.log.of("ssm", "GetParameter")
    assert json.loads(call.body)["WithDecryption"] is True


def test_a_channels_secret_is_read_once_per_max_age_and_a_rotation_is_seen_after_it(
    line_settings: Settings, clients: Clients, aws_sandbox: MotoEndpoint, powertools_now: Callable[[float], None]
) -> None:
    channel_id = create_line_secret(clients, line_settings)
    channels = channels_for(line_settings)
    reads = lambda: len(aws_sandbox.log.of("secretsmanager", "GetSecretValue"))  # noqa: E731
    first = channels.get(channel_id)
    assert first is not None and (first.channel_secret, first.access_token) == tuple(LINE_SECRET.values())
    assert reads() == 1
    (arn,) = [c.secret_arn for c in line_settings.line_channels]
    clients("secretsmanager").put_secret_value(
        SecretId=secret_name(str(arn)), SecretString=json.dumps({**LINE_SECRET, "channel_secret": "rotated"})
    )
    powertools_now(SECRET_MAX_AGE_S - 1)
    cached = channels.get(channel_id)
    assert cached is not None and cached.channel_secret == "line-channel-secret" and reads() == 1
    powertools_now(2)
    fresh = channels.get(channel_id)
    assert fresh is not None and fresh.channel_secret == "rotated" and reads() == 2


def test_a_missing_openai_secret_stops_the_cold_start_naming_it(openai_env: dict[str, str]) -> None:
    settings = settings_from(openai_env, environment="dev", field_encryption=False)
    with pytest.raises(ConfigurationError) as raised:
        resolve_models(settings)
    assert str(raised.value) == (
        f"the OpenAI key could not be read from {openai_env['ENGRAM_OPENAI_SECRET_ARN']}: ResourceNotFoundException"
    )


def test_a_missing_secret_is_a_domain_error_that_does_not_name_it(caplog: pytest.LogCaptureFixture) -> None:
    with pytest.raises(SecretUnavailable) as raised:
        fetch_secret("engram/dev/line/nobody")
    error = raised.value
    assert isinstance(error, EngramError) and (error.code, error.status) == ("SECRET_UNAVAILABLE", 503)
    assert error.details == {"cause": "ResourceNotFoundException"} and "nobody" not in error.message
    assert [r.secret for r in caplog.records if r.name == "engram.adapters.secrets"] == ["engram/dev/line/nobody"]  # type: ignore[attr-defined]


def test_the_line_webhook_answers_503_when_its_channels_secret_is_missing(line_settings: Settings) -> None:
    """LINE redelivers after a 5xx: the events are taken once the operator creates the secret."""
    (channel,) = line_settings.line_channels
    event = json.loads((EVENTS / "text.json").read_text())
    event["rawPath"] = f"/line/webhook/{channel.id}"
    webhook_handler.use_webhook(line_webhook(line_settings, ManualClock(), queue=_NoQueue()))
    try:
        answer = webhook_handler.lambda_handler(event, LocalContext())
    finally:
        webhook_handler.use_webhook(None)
    assert answer["statusCode"] == 503
    assert json.loads(answer["body"])["error"]["code"] == "SECRET_UNAVAILABLE"
    assert str(channel.secret_arn) not in answer["body"] and "engram/dev/line" not in answer["body"]


class _NoQueue:
    def submit_all(self, jobs: list[dict[str, Any]]) -> list[bool]:
        raise AssertionError("nothing is queued without the channel's secret")
