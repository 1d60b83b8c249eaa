"""All three environments synthesized once per test session, with cdk-nag attached
exactly as in `infra/app.py` (≈30 s): every infra test module reads the same templates."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from aws_cdk.assertions import Template

from infra.app import build_app, cdk_json_context
from infra.constructs.layers import PLACEHOLDER_DEPENDENCIES
from tests.infra.cfn import CONFIGS, OPERATOR_CONTEXT, Synth, nag_violations


@pytest.fixture(scope="session")
def synth(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Synth]:
    outdir = tmp_path_factory.mktemp("cdk.out")
    app, stacks = build_app(
        CONFIGS.values(),
        outdir=str(outdir),
        context={**cdk_json_context(), **OPERATOR_CONTEXT},
        dependencies_dir=PLACEHOLDER_DEPENDENCIES,  # never copy a real 100 MB layer in tests
    )
    try:
        assembly = app.synth()
    except RuntimeError as exc:  # cdk-nag v3 fails synthesis on an unacknowledged finding
        yield Synth(outdir, {}, str(exc))
        return
    templates = {
        name: assembly.get_stack_by_name(stack.stack_name).template for name, stack in zip(CONFIGS, stacks, strict=True)
    }
    yield Synth(outdir, templates, None)


@pytest.fixture(scope="session")
def templates(synth: Synth) -> dict[str, dict[str, Any]]:
    if synth.error:
        pytest.fail(f"synth failed: {synth.error}\n" + "\n".join(nag_violations(synth.outdir)))
    return synth.templates


@pytest.fixture(scope="session")
def assertions(templates: dict[str, dict[str, Any]]) -> dict[str, Template]:
    """`Template` objects, built once: each one is a round trip to the jsii process."""
    return {env: Template.from_json(t) for env, t in templates.items()}
