"""CDK entry point: `npx aws-cdk@<pinned> synth -c env=dev` (cdk.json runs `python -m infra.app`).

Synthesizes offline: no lookups, no Docker, no AWS credentials. Without
`-c env=...` all three stacks (Engram-dev, Engram-staging, Engram-prod) are
synthesized; with it, only that one.

Operator values that differ per deployment can be given at synth instead of in
infra/config.py: `-c jwt_issuer_<env>=https://...`, `-c jwt_audience_<env>=a,b`,
`-c backend_principals_<env>=arn:...,arn:...` (each bound to the default tenant) or
`-c 'backend_principals_<env>={"arn:...": ["respira"]}'` (each bound to the tenants named), and
`-c audit_readers_<env>=...` in the same forms (docs/deploy.md). A stack whose issuer is unset or
a placeholder, or (staging/prod) that names no backend principal, refuses to synth.
"""

from __future__ import annotations

if not __package__:  # `python infra/app.py` would let infra/constructs shadow the `constructs` library
    raise SystemExit("run the CDK app as a module from the repo root: python -m infra.app")

import dataclasses
import json
import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from aws_cdk import App, Environment, Validations
from cdk_nag import AwsSolutionsChecks

from infra.config import ENVIRONMENTS, EnvConfig
from infra.constructs.layers import REPO_ROOT, dependencies_layer_dir
from infra.deployable import ConfigError
from infra.stack import EngramStack

CDK_JSON = REPO_ROOT / "cdk.json"


def cdk_json_context() -> dict[str, Any]:
    """The feature flags of cdk.json, so tests synthesize exactly what the CLI does."""
    context: dict[str, Any] = json.loads(CDK_JSON.read_text())["context"]
    return context


def selected_environments(app: App) -> list[EnvConfig]:
    name = app.node.try_get_context("env")
    if name is None or name == "all":
        return list(ENVIRONMENTS.values())
    if name not in ENVIRONMENTS:
        raise SystemExit(f"unknown env {name!r}; choose one of {sorted(ENVIRONMENTS)} or 'all'")
    return [ENVIRONMENTS[name]]


# EnvConfig fields an operator may set per environment with `-c <field>_<env>=...`.
CONTEXT_FIELDS = ("jwt_issuer", "jwt_audience", "backend_principals", "audit_readers", "alarm_email")
# Fields that bind principals to tenants: a list, or a JSON object {arn: [tenant, ...]}
BOUND_FIELDS = frozenset({"backend_principals", "audit_readers"})


def _context_value(field: str, value: object) -> str | tuple[str, ...] | dict[str, tuple[str, ...]]:
    if field in ("jwt_issuer", "alarm_email"):  # one value each
        return str(value).strip()
    if field in BOUND_FIELDS and isinstance(value, str) and value.strip().startswith("{"):
        try:
            value = json.loads(value)
        except ValueError as exc:
            raise ConfigError(f"context {field}: not a JSON object {{arn: [tenant, ...]}}: {exc}") from exc
    if field in BOUND_FIELDS and isinstance(value, dict):
        return {str(arn).strip(): _items(f"{field} of {arn}", tenants) for arn, tenants in value.items()}
    return _items(field, value)


def _items(field: str, value: object) -> tuple[str, ...]:
    items = value.split(",") if isinstance(value, str) else value  # CLI: "a,b"; cdk.json / tests: a list
    if not isinstance(items, list | tuple):
        raise ConfigError(f"context {field}: expected a comma-separated string or a list, not {value!r}")
    return tuple(s for s in (str(i).strip() for i in items) if s)


def with_context(app: App, cfg: EnvConfig) -> EnvConfig:
    """The config with the operator's `-c <field>_<env>=...` values applied over infra/config.py."""
    changes: dict[str, Any] = {
        field: _context_value(field, value)
        for field in CONTEXT_FIELDS
        if (value := app.node.try_get_context(f"{field}_{cfg.name}")) is not None
    }
    return dataclasses.replace(cfg, **changes)


def build_stack(app: App, cfg: EnvConfig, *, dependencies_dir: Path | None = None) -> EngramStack:
    cfg = with_context(app, cfg)
    account = cfg.account or os.environ.get("CDK_DEFAULT_ACCOUNT")  # None = account-agnostic
    return EngramStack(
        app,
        cfg.stack_name,
        cfg=cfg,
        dependencies_dir=dependencies_dir or dependencies_layer_dir(),
        env=Environment(account=account, region=cfg.region),
        termination_protection=cfg.retain_data,
    )


def build_app(
    configs: Iterable[EnvConfig] | None = None,
    *,
    outdir: str | None = None,
    context: Mapping[str, Any] | None = None,
    dependencies_dir: Path | None = None,
) -> tuple[App, list[EngramStack]]:
    """The app with cdk-nag attached; `configs=None` means the context's selection."""
    app = App(outdir=outdir, context=dict(context) if context is not None else None)
    # cdk-nag v3 runs as a policy-validation plugin: an unacknowledged finding fails synth.
    Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    chosen = list(configs) if configs is not None else selected_environments(app)
    stacks = [build_stack(app, cfg, dependencies_dir=dependencies_dir) for cfg in chosen]
    return app, stacks


def main() -> None:
    try:
        app, _ = build_app()
    except ConfigError as exc:  # the operator's message, not a jsii traceback
        sys.exit(str(exc))
    app.synth()


if __name__ == "__main__":
    main()
