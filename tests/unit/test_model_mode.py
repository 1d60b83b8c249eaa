"""Model mode and the OpenAI key at cold start: explicit in staging / prod, the key from its
secret in AWS (never a plain environment variable), a clear error instead of a silent fallback."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import SecretStr

from engram.adapters.secrets import ConfigurationError, resolve_models
from engram.settings import Settings

ARN = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:engram/prod/openai-AbCdEf"


FIELD_KEY = "arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"


def _settings(**kw: Any) -> Settings:
    return Settings(openai_api_key=None, field_kms_key_id=FIELD_KEY, **kw)


def _never(name: str) -> str:
    raise AssertionError("no secret should be read")


@pytest.mark.parametrize("env", ["staging", "prod"])
def test_staging_and_prod_must_declare_their_models(env: str) -> None:
    with pytest.raises(ConfigurationError, match="ENGRAM_MODEL_MODE"):
        resolve_models(_settings(environment=env), _never)


def test_local_models_in_prod_only_when_the_operator_allows_them() -> None:
    with pytest.raises(ConfigurationError, match="refuses the local"):
        resolve_models(_settings(environment="prod", model_mode="local"), _never)
    ok = resolve_models(_settings(environment="prod", model_mode="local", allow_local_models=True), _never)
    assert ok.model_mode == "local" and not ok.openai_enabled


@pytest.mark.parametrize(
    "raw", ["sk-from-secret", '{"api_key": "sk-from-secret"}', ' {"OPENAI_API_KEY": "sk-from-secret"} ']
)
def test_openai_key_comes_from_the_secret(raw: str) -> None:
    asked: list[str] = []

    def fetch(name: str) -> str:
        asked.append(name)
        return raw

    s = resolve_models(_settings(environment="prod", model_mode="openai", openai_secret_arn=ARN), fetch)
    assert asked == [ARN] and s.openai_enabled and s.openai_api_key == SecretStr("sk-from-secret")


def test_an_unreadable_or_empty_secret_stops_the_cold_start() -> None:
    def broken(name: str) -> str:
        raise RuntimeError("AccessDeniedException")

    with pytest.raises(ConfigurationError, match="could not be read from arn:aws:secretsmanager"):
        resolve_models(_settings(environment="prod", model_mode="openai", openai_secret_arn=ARN), broken)
    with pytest.raises(ConfigurationError, match="holds no OpenAI key"):
        resolve_models(_settings(environment="prod", model_mode="openai", openai_secret_arn=ARN), lambda n: "{}")
    with pytest.raises(ConfigurationError, match="ENGRAM_OPENAI_SECRET_ARN"):
        resolve_models(_settings(environment="prod", model_mode="openai"), _never)


def test_a_plain_environment_key_is_refused_in_aws() -> None:
    s = Settings(
        environment="dev", model_mode="openai", openai_api_key=SecretStr("sk-plain"), field_kms_key_id=FIELD_KEY
    )
    with pytest.raises(ConfigurationError, match="Secrets Manager"):
        resolve_models(s, _never)


def test_on_a_laptop_the_mode_follows_the_key() -> None:
    assert resolve_models(_settings(environment="local"), _never).model_mode == "local"
    keyed = Settings(environment="local", openai_api_key=SecretStr("sk-dev"))
    assert resolve_models(keyed, _never).model_mode == "openai"


def test_the_indexer_builds_the_openai_index_without_reading_the_key() -> None:
    """The indexer never reads the secret; its index must still have the OpenAI embedding's dimensions."""
    from engram.adapters.embedders.local import DIMENSIONS
    from engram.wiring.index import embedding_dimensions

    deployed = _settings(environment="prod", model_mode="openai", openai_secret_arn=ARN, embedding_dimensions=1024)
    assert embedding_dimensions(deployed) == 1024
    undeclared = _settings(environment="dev", openai_secret_arn=ARN, embedding_dimensions=1024)
    assert embedding_dimensions(undeclared) == 1024
    assert embedding_dimensions(_settings(environment="dev", model_mode="local")) == DIMENSIONS


def test_an_aws_deployment_without_a_field_key_does_not_start() -> None:
    # P3: a keyring file inside a Lambda dies with its container, and every sealed field with it
    with pytest.raises(ValueError, match="ENGRAM_FIELD_KMS_KEY_ID"):
        Settings(environment="prod", model_mode="openai")
    assert not Settings(environment="prod", model_mode="openai", field_encryption=False).field_encryption
