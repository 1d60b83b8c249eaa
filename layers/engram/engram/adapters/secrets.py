"""Model mode and secrets, resolved once at cold start (P4, O5).

A deployment says which models it runs (`ENGRAM_MODEL_MODE`: openai or local); staging and
prod must say it, and run the local heuristics only when the operator allows it. In AWS the
OpenAI key is read from Secrets Manager (or an SSM SecureString) through Powertools
Parameters, which caches it per warm container — never from a plain environment variable.
A missing or unreadable secret stops the cold start with a message that says what to fix,
instead of falling back to the local models in silence.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from pydantic import SecretStr

from engram.kernel.errors import EngramError, StoreUnavailable
from engram.settings import Settings

logger = logging.getLogger(__name__)

SecretFetch = Callable[[str], str]
STRICT_ENVIRONMENTS = ("staging", "prod")
AWS_ENVIRONMENTS = ("dev", "staging", "prod")
SECRET_MAX_AGE_S = 900  # re-read a rotated key within 15 minutes, not on every call


class ConfigurationError(RuntimeError):
    """The deployment is misconfigured; raised at cold start, before any request is served."""


class SecretUnavailable(StoreUnavailable):
    """A configured secret could not be read: missing, not granted, or the service failed.
    The message never names the secret (the LINE webhook answers with it); the log line does."""

    code = "SECRET_UNAVAILABLE"


def fetch_secret(name: str) -> str:
    """Secrets Manager by default; SSM SecureString for parameter names and SSM ARNs."""
    from aws_lambda_powertools.utilities import parameters
    from aws_lambda_powertools.utilities.parameters.exceptions import GetParameterError

    try:
        if name.startswith(("/", "arn:aws:ssm:")):
            value = parameters.get_parameter(name, decrypt=True, max_age=SECRET_MAX_AGE_S)
        else:
            value = parameters.get_secret(name, max_age=SECRET_MAX_AGE_S)
    except GetParameterError as exc:
        cause = _aws_cause(exc)
        logger.error("a configured secret could not be read", extra={"secret": name, "cause": cause})
        raise SecretUnavailable("a configured secret could not be read", details={"cause": cause}) from exc
    return value if isinstance(value, str) else bytes(value).decode()


def _aws_cause(exc: Exception) -> str:
    """The AWS error code (ResourceNotFoundException, AccessDeniedException, ...) Powertools
    wrapped into its GetParameterError: it keeps the SDK error only as the context."""
    from botocore.exceptions import ClientError

    inner = exc.__cause__ or exc.__context__
    if isinstance(inner, ClientError):
        return str(inner.response.get("Error", {}).get("Code") or type(inner).__name__)
    return type(inner or exc).__name__


def _cause(exc: Exception) -> str:
    return str(exc.details.get("cause", type(exc).__name__)) if isinstance(exc, EngramError) else type(exc).__name__


def _key_from(raw: str) -> str:
    """A secret holds the key itself, or JSON with an `api_key` (or `OPENAI_API_KEY`) field."""
    text = raw.strip()
    if text.startswith("{"):
        data = json.loads(text)
        text = str(data.get("api_key") or data.get("OPENAI_API_KEY") or "")
    return text


def resolve_models(settings: Settings, fetch: SecretFetch = fetch_secret) -> Settings:
    """Settings with `model_mode` decided and, in openai mode, the key loaded."""
    env = settings.environment
    mode = settings.model_mode
    if mode is None:
        if env in STRICT_ENVIRONMENTS:
            raise ConfigurationError(
                f"ENGRAM_MODEL_MODE is not set: a {env} deployment must say which models it runs "
                "(openai, or local with ENGRAM_ALLOW_LOCAL_MODELS=true)"
            )
        mode = settings.declared_model_mode
    if mode == "local":
        if env in STRICT_ENVIRONMENTS and not settings.allow_local_models:
            raise ConfigurationError(
                f"a {env} deployment refuses the local heuristic models unless the operator allows them "
                "(EnvConfig allow_local_models / ENGRAM_ALLOW_LOCAL_MODELS=true)"
            )
        return settings.model_copy(update={"model_mode": "local", "openai_api_key": None})
    if env in AWS_ENVIRONMENTS and settings.openai_api_key is not None:
        raise ConfigurationError(
            "OPENAI_API_KEY is set in the environment of an AWS deployment: keep it in Secrets Manager "
            "and pass its ARN as ENGRAM_OPENAI_SECRET_ARN"
        )
    if settings.openai_enabled:  # local development: the key from the shell
        return settings.model_copy(update={"model_mode": "openai"})
    if not settings.openai_secret_arn:
        raise ConfigurationError("ENGRAM_MODEL_MODE=openai needs ENGRAM_OPENAI_SECRET_ARN (or OPENAI_API_KEY locally)")
    try:
        key = _key_from(fetch(settings.openai_secret_arn))
    except Exception as exc:  # any SDK error: the message names the secret, never its value
        raise ConfigurationError(
            f"the OpenAI key could not be read from {settings.openai_secret_arn}: {_cause(exc)}"
        ) from exc
    if not key:
        raise ConfigurationError(f"the secret {settings.openai_secret_arn} holds no OpenAI key")
    return settings.model_copy(update={"model_mode": "openai", "openai_api_key": SecretStr(key)})


def erasure_hash_key(settings: Settings, fetch: SecretFetch = fetch_secret) -> bytes:
    """P1: the key that turns user ids into receipt hashes. In AWS a generated secret
    (ENGRAM_ERASURE_HASH_KEY_SECRET_ARN); the built-in development key is refused there."""
    arn = settings.erasure_hash_key_secret_arn
    if arn:
        try:
            return fetch(arn).strip().encode()
        except Exception as exc:  # the message names the secret, never its value
            raise ConfigurationError(f"the erasure hash key could not be read from {arn}: {_cause(exc)}") from exc
    if settings.environment in AWS_ENVIRONMENTS:
        raise ConfigurationError("ENGRAM_ERASURE_HASH_KEY_SECRET_ARN is not set: an AWS deployment needs its own key")
    return settings.erasure_hash_key.get_secret_value().encode()
