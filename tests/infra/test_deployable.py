"""Synth refuses an environment the operator has not finished configuring, and says what to set.

These stop before any construct exists (infra/deployable.py runs first in EngramStack),
so they are fast; the full synth with real values is tests/infra/test_stack.py.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from aws_cdk import App

from infra.app import build_app, cdk_json_context, with_context
from infra.config import DEV, PROD, STAGING, EnvConfig
from infra.constructs.layers import PLACEHOLDER_DEPENDENCIES
from infra.deployable import ConfigError, deployment_problems

REPO = Path(__file__).resolve().parents[2]
ISSUER = "https://login.acme-health.test/"
ALARMS = "ops@acme-health.test"  # O2: staging and prod name a subscriber


def _synth(cfg: EnvConfig, context: dict[str, Any] | None = None) -> None:
    build_app([cfg], context={**cdk_json_context(), **(context or {})}, dependencies_dir=PLACEHOLDER_DEPENDENCIES)


@pytest.mark.parametrize("cfg", [DEV, STAGING, PROD], ids=lambda c: c.name)
def test_unset_issuer_fails_synth_and_names_what_to_set(cfg: EnvConfig) -> None:
    with pytest.raises(ConfigError) as raised:
        _synth(cfg)
    message = str(raised.value)
    assert cfg.stack_name in message and "jwt_issuer is unset" in message
    assert f"-c jwt_issuer_{cfg.name}=https://" in message and "EnvConfig.jwt_issuer" in message


@pytest.mark.parametrize(
    "issuer", ["https://example.auth0.com/", "https://login.EXAMPLE.com/", "   ", "https://idp.example.org"]
)
def test_placeholder_issuer_fails_synth(issuer: str) -> None:
    with pytest.raises(ConfigError, match=r"jwt_issuer is (a placeholder|unset)"):
        _synth(dataclasses.replace(DEV, jwt_issuer=issuer))


def test_placeholder_given_as_context_fails_too() -> None:
    with pytest.raises(ConfigError, match="placeholder"):
        _synth(DEV, {"jwt_issuer_dev": "https://example.auth0.com/"})


def test_issuer_must_be_https() -> None:
    with pytest.raises(ConfigError, match="must be an https:// URL"):
        _synth(dataclasses.replace(DEV, jwt_issuer="http://login.acme-health.test/"))


@pytest.mark.parametrize("audience", [(), ("",), ("engram", "example-api")])
def test_empty_or_placeholder_audience_fails(audience: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError, match=r"jwt_audience .* `-c jwt_audience_dev="):
        _synth(dataclasses.replace(DEV, jwt_issuer=ISSUER, jwt_audience=audience))


def test_a_real_issuer_in_config_or_context_is_accepted() -> None:
    assert deployment_problems(dataclasses.replace(DEV, jwt_issuer=ISSUER)) == []
    assert deployment_problems(with_context(App(context={"jwt_issuer_dev": ISSUER}), DEV)) == []


def test_context_values_apply_to_their_own_environment_only() -> None:
    app = App(context={"jwt_issuer_prod": f" {ISSUER} ", "jwt_audience_prod": "engram, engram-admin,"})
    prod = with_context(app, PROD)
    assert prod.jwt_issuer == ISSUER and prod.jwt_audience == ("engram", "engram-admin")
    assert with_context(app, DEV) == DEV
    # cdk.json / programmatic context may give a list
    assert with_context(App(context={"jwt_audience_dev": ["a", "b"]}), DEV).jwt_audience == ("a", "b")


@pytest.mark.parametrize("cfg", [STAGING, PROD], ids=lambda c: c.name)
def test_staging_and_prod_need_backend_principals(cfg: EnvConfig) -> None:
    with pytest.raises(ConfigError) as raised:
        _synth(dataclasses.replace(cfg, jwt_issuer=ISSUER))
    message = str(raised.value)
    assert "backend_principals is empty" in message and "jwt_issuer" not in message
    assert f"-c backend_principals_{cfg.name}=arn:aws:iam::" in message and "EnvConfig.backend_principals" in message


def test_dev_may_leave_backend_principals_empty() -> None:
    assert deployment_problems(dataclasses.replace(DEV, jwt_issuer=ISSUER)) == []


@pytest.mark.parametrize(
    "arn",
    [
        "arn:aws:sts::123456789012:assumed-role/chat-backend/session",  # a session: name its role
        "arn:aws:iam::123456789012:role/*",  # no wildcards: the api compares names
        "arn:aws:iam::123456789012:role/AIDAEXAMPLEBACKEND",
        "arn:aws:iam::1234:role/chat-backend",
        "chat-backend",
    ],
)
def test_backend_principals_must_be_role_or_user_arns(arn: str) -> None:
    cfg = dataclasses.replace(PROD, jwt_issuer=ISSUER, backend_principals=(arn,))
    with pytest.raises(ConfigError, match="is not an IAM role or user ARN"):
        _synth(cfg)


def test_settings_env_cannot_override_the_allow_list() -> None:
    cfg = dataclasses.replace(
        DEV, jwt_issuer=ISSUER, settings_env={"ENGRAM_BACKEND_PRINCIPALS": '["arn:aws:iam::123456789012:role/x"]'}
    )
    with pytest.raises(ConfigError, match="settings_env sets ENGRAM_BACKEND_PRINCIPALS"):
        _synth(cfg)


_PRINCIPALS = ("arn:aws:iam::123456789012:role/chat-backend",)


@pytest.mark.parametrize("cfg", [STAGING, PROD], ids=lambda c: c.name)
def test_staging_and_prod_refuse_local_models_unless_allowed(cfg: EnvConfig) -> None:
    local = dataclasses.replace(
        cfg, jwt_issuer=ISSUER, backend_principals=_PRINCIPALS, alarm_email="ops@acme-health.test", model_mode="local"
    )
    with pytest.raises(ConfigError, match=r"model_mode is 'local'.*allow_local_models=True"):
        _synth(local)
    assert deployment_problems(dataclasses.replace(local, allow_local_models=True)) == []


def test_dev_may_run_local_models() -> None:
    assert deployment_problems(dataclasses.replace(DEV, jwt_issuer=ISSUER, model_mode="local")) == []


@pytest.mark.parametrize(
    "key", ["ENGRAM_MODEL_MODE", "ENGRAM_ALLOW_LOCAL_MODELS", "ENGRAM_OPENAI_SECRET_ARN", "OPENAI_API_KEY"]
)
def test_settings_env_cannot_bypass_the_model_mode_or_the_secret(key: str) -> None:
    cfg = dataclasses.replace(DEV, jwt_issuer=ISSUER, settings_env={key: "local"})
    with pytest.raises(ConfigError, match=f"settings_env sets {key}"):
        _synth(cfg)


def test_backend_principals_from_context() -> None:
    roles = "arn:aws:iam::123456789012:role/a, arn:aws:iam::123456789012:role/team/b"
    prod = with_context(
        App(context={"jwt_issuer_prod": ISSUER, "backend_principals_prod": roles, "alarm_email_prod": ALARMS}), PROD
    )
    assert prod.backend_principals == ("arn:aws:iam::123456789012:role/a", "arn:aws:iam::123456789012:role/team/b")
    assert deployment_problems(prod) == []


def test_the_cdk_app_exits_with_the_message_not_a_traceback(tmp_path: Path) -> None:
    """What `cdk synth -c env=prod` shows when the operator forgot the issuer."""
    context = {**cdk_json_context(), "env": "prod"}
    env = {**os.environ, "CDK_CONTEXT_JSON": json.dumps(context), "CDK_OUTDIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "infra.app"], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    assert "Engram-prod cannot be synthesized" in done.stderr and "-c jwt_issuer_prod=" in done.stderr
    assert "Traceback" not in done.stderr


def test_backend_principals_bound_to_tenants_from_context() -> None:
    """P4: a JSON object binds each principal to its tenants; the flat form stays the default tenant's."""
    bound = '{"arn:aws:iam::123456789012:role/line-bot": ["respira"], "arn:aws:iam::123456789012:role/a": "default"}'
    prod = with_context(
        App(context={"jwt_issuer_prod": ISSUER, "backend_principals_prod": bound, "alarm_email_prod": ALARMS}), PROD
    )
    assert prod.backend_principals == {
        "arn:aws:iam::123456789012:role/line-bot": ("respira",),
        "arn:aws:iam::123456789012:role/a": ("default",),
    }
    assert deployment_problems(prod) == []
    listed = with_context(
        App(context={"backend_principals_dev": {"arn:aws:iam::123456789012:role/b": ["x", "y"]}}), DEV
    )
    assert listed.backend_principals == {"arn:aws:iam::123456789012:role/b": ("x", "y")}


@pytest.mark.parametrize("tenants", [(), ("no such/tenant",)])
def test_a_principal_bound_to_no_valid_tenant_fails_synth(tenants: tuple[str, ...]) -> None:
    cfg = dataclasses.replace(PROD, jwt_issuer=ISSUER, backend_principals={_PRINCIPALS[0]: tenants})
    with pytest.raises(ConfigError, match="name one or more tenant ids"):
        _synth(cfg)


def test_an_audit_reader_is_not_a_chatbot_backend() -> None:
    """P6: reading audit trails is an operator's: one ARN on both lists fails synth."""
    operator = "arn:aws:iam::123456789012:role/privacy-officer"
    ok = dataclasses.replace(
        PROD,
        jwt_issuer=ISSUER,
        backend_principals=_PRINCIPALS,
        alarm_email="ops@acme-health.test",
        audit_readers=(operator,),
    )
    assert deployment_problems(ok) == []
    both = dataclasses.replace(ok, audit_readers={_PRINCIPALS[0]: ("default",)})
    with pytest.raises(ConfigError, match="on both backend_principals and audit_readers"):
        _synth(both)
    context = with_context(App(context={"audit_readers_prod": f"{operator}"}), ok)
    assert context.audit_readers == (operator,)
