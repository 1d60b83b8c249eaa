"""What synth refuses: an environment whose operator-set values are missing or placeholders.

Checked by every EngramStack before anything is built, so `cdk synth` fails with a
message that names the setting (an EnvConfig field or a `-c <key>_<env>=...` context
value, infra/app.py) instead of deploying something that trusts the wrong identities.
"""

from __future__ import annotations

from infra.config import EnvConfig

PLACEHOLDER_MARK = "example"  # example.com, example.auth0.com, AIDAEXAMPLE...: never a real value


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
    return problems


def check_deployable(cfg: EnvConfig) -> None:
    problems = deployment_problems(cfg)
    if problems:
        lines = "\n".join(f"  - {p}" for p in problems)
        raise ConfigError(f"{cfg.stack_name} cannot be synthesized (see docs/deploy.md):\n{lines}")
