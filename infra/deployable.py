"""What synth refuses: an environment whose operator-set values are missing or placeholders.

Checked by every EngramStack before anything is built, so `cdk synth` fails with a
message that names the setting (an EnvConfig field or a `-c <key>_<env>=...` context
value, infra/app.py) instead of deploying something that trusts the wrong identities.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from infra.config import EnvConfig

PLACEHOLDER_MARK = "example"  # example.com, example.auth0.com, AIDAEXAMPLE...: never a real value
# Environments whose backend routes must name the principals allowed on them (P4).
BACKEND_PRINCIPALS_REQUIRED = frozenset({"staging", "prod"})
# A role or user (optional path); the api matches a role's assumed-role sessions to it.
_IAM_PRINCIPAL = re.compile(r"arn:aws[a-z-]*:iam::\d{12}:(role|user)/([\w+=,.@-]+/)*[\w+=,.@-]+")
# A tenant id, as engram.kernel.ids.ID_PATTERN
_TENANT = re.compile(r"[A-Za-z0-9_.:@-]{1,128}")
# Environment the stack derives from EnvConfig fields: settings_env must not contradict it.
_OWNED_SETTINGS = (
    "ENGRAM_BACKEND_PRINCIPALS",
    "ENGRAM_AUDIT_READERS",
    "ENGRAM_OPENSEARCH_PREFIX",
    "ENGRAM_MODEL_MODE",
    "ENGRAM_ALLOW_LOCAL_MODELS",
    "ENGRAM_OPENAI_SECRET_ARN",
    "OPENAI_API_KEY",
)
# Environments whose alarms must reach someone (O2): synth fails without a subscriber.
ALARM_SUBSCRIBER_REQUIRED = frozenset({"staging", "prod"})
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
# Environments that run the local heuristic models only when the operator says so.
LOCAL_MODELS_NEED_CONSENT = frozenset({"staging", "prod"})


class ConfigError(ValueError):
    """An environment that must not be synthesized as configured; the message says what to set."""


def _placeholder(value: str) -> bool:
    return not value.strip() or PLACEHOLDER_MARK in value.lower()


def deployment_problems(cfg: EnvConfig) -> list[str]:
    """What the operator still has to set before this environment can be synthesized."""
    env = cfg.name
    problems: list[str] = []
    if _placeholder(cfg.jwt_issuer):
        state = f"a placeholder ({cfg.jwt_issuer!r})" if cfg.jwt_issuer.strip() else "unset"
        problems.append(
            f"jwt_issuer is {state}: set your identity provider's issuer URL, e.g. "
            f"`-c jwt_issuer_{env}=https://<your-idp>/` or EnvConfig.jwt_issuer in infra/config.py"
        )
    elif not cfg.jwt_issuer.startswith("https://"):
        problems.append(f"jwt_issuer {cfg.jwt_issuer!r} must be an https:// URL (API Gateway fetches its JWKS)")
    if not cfg.jwt_audience or any(_placeholder(a) for a in cfg.jwt_audience):
        problems.append(
            f"jwt_audience {list(cfg.jwt_audience)} is empty or a placeholder: set the `aud` your IdP issues, "
            f"e.g. `-c jwt_audience_{env}=<aud>[,<aud>]` or EnvConfig.jwt_audience"
        )
    if env in BACKEND_PRINCIPALS_REQUIRED and not cfg.backend_principals:
        problems.append(
            "backend_principals is empty: name the IAM roles of the backends that act for users, e.g. "
            f"`-c backend_principals_{env}=arn:aws:iam::<account>:role/<backend-role>` "
            "or EnvConfig.backend_principals"
        )
    problems += _principal_problems("backend_principals", cfg.backend_principals)
    problems += _principal_problems("audit_readers", cfg.audit_readers)
    if both := sorted(set(cfg.backend_principals) & set(cfg.audit_readers)):
        problems.append(
            f"{', '.join(both)} is on both backend_principals and audit_readers: reading audit trails "
            "is an operator's, never a chatbot backend's (P6); give the operators a role of their own"
        )
    problems += _alarm_problems(cfg)
    if cfg.model_mode == "local" and env in LOCAL_MODELS_NEED_CONSENT and not cfg.allow_local_models:
        problems.append(
            f"model_mode is 'local' in {env}: the offline heuristics answer instead of a model. "
            "Use model_mode='openai' (the key in Secrets Manager), or say so with allow_local_models=True"
        )
    for key in _OWNED_SETTINGS:
        if key in cfg.settings_env:
            problems.append(f"settings_env sets {key}: it comes from EnvConfig, set the field instead")
    return problems


def _principal_problems(field: str, configured: tuple[str, ...] | Mapping[str, tuple[str, ...]]) -> list[str]:
    """Each entry an IAM role or user ARN; in the mapping form, bound to one or more valid tenant ids."""
    problems: list[str] = []
    for arn in configured:
        if not _IAM_PRINCIPAL.fullmatch(arn) or PLACEHOLDER_MARK in arn.lower():
            problems.append(
                f"{field} entry {arn!r} is not an IAM role or user ARN "
                "(arn:aws:iam::<account>:role/<name>; the role's sessions match it)"
            )
    for arn, tenants in configured.items() if isinstance(configured, Mapping) else ():
        if not tenants or not all(_TENANT.fullmatch(t) for t in tenants):
            problems.append(f"{field} binds {arn!r} to {list(tenants)}: name one or more tenant ids")
    return problems


def _alarm_problems(cfg: EnvConfig) -> list[str]:
    """Staging and prod name who gets the alarms; any given address must be a real one."""
    email = (cfg.alarm_email or "").strip()
    if not email:
        if cfg.name in ALARM_SUBSCRIBER_REQUIRED:
            return [
                "alarm_email is unset: name who gets the alarms (DLQ depth, 5xx, errors), e.g. "
                f"`-c alarm_email_{cfg.name}=ops@<your-company>` or EnvConfig.alarm_email"
            ]
        return []
    if _placeholder(email) or not _EMAIL.fullmatch(email):
        return [f"alarm_email {email!r} is not a real e-mail address (a placeholder or malformed)"]
    return []


def check_deployable(cfg: EnvConfig) -> None:
    problems = deployment_problems(cfg)
    if problems:
        lines = "\n".join(f"  - {p}" for p in problems)
        raise ConfigError(f"{cfg.stack_name} cannot be synthesized (see docs/deploy.md):\n{lines}")
