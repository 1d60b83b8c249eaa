"""CDK entry point: `npx aws-cdk@<pinned> synth -c env=dev` (cdk.json runs `python -m infra.app`).

Synthesizes offline: no lookups, no Docker, no AWS credentials. Without
`-c env=...` all three stacks (Engram-dev, Engram-staging, Engram-prod) are
synthesized; with it, only that one.
"""

from __future__ import annotations

if not __package__:  # `python infra/app.py` would let infra/constructs shadow the `constructs` library
    raise SystemExit("run the CDK app as a module from the repo root: python -m infra.app")

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from aws_cdk import App, Environment, Validations
from cdk_nag import AwsSolutionsChecks

from infra.config import ENVIRONMENTS, EnvConfig
from infra.constructs.layers import REPO_ROOT, dependencies_layer_dir
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


def build_stack(app: App, cfg: EnvConfig, *, dependencies_dir: Path | None = None) -> EngramStack:
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
    app, _ = build_app()
    app.synth()


if __name__ == "__main__":
    main()
