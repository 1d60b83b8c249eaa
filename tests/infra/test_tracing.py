"""O3: each environment's tracing choice (infra/config.py TracingConfig) is what its functions get:
the ADOT layer, its exec wrapper and active X-Ray tracing where ADOT sends the spans to X-Ray; an
OTLP endpoint and no X-Ray at all (no active tracing, no X-Ray grant) where a collector takes them."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from aws_cdk.assertions import Template

from infra.app import build_app, cdk_json_context
from infra.config import ADOT_PYTHON_LAYERS, DEV, TracingConfig
from infra.constructs.layers import PLACEHOLDER_DEPENDENCIES
from tests.infra.cfn import CONFIGS, OPERATOR_CONTEXT, as_list, policy_statements, resources


def _functions(template: dict[str, Any]) -> list[dict[str, Any]]:
    return [f["Properties"] for f in resources(template, "AWS::Lambda::Function").values()]


def _xray_actions(template: dict[str, Any]) -> set[str]:
    return {
        action
        for statements in policy_statements(template).values()
        for statement in statements
        for action in as_list(statement["Action"])
        if action.startswith("xray:")
    }


@pytest.mark.parametrize("env", list(CONFIGS))
def test_every_function_traces_as_its_environment_says(templates: dict[str, dict[str, Any]], env: str) -> None:
    tracing = CONFIGS[env].tracing
    assert tracing.exporter == "adot"  # today every environment sends its spans to X-Ray via ADOT
    for fn in _functions(templates[env]):
        variables = fn["Environment"]["Variables"]
        assert variables["ENGRAM_TRACING"] == "adot"
        assert variables["AWS_LAMBDA_EXEC_WRAPPER"] == "/opt/otel-instrument"
        assert tracing.layer_arn in fn["Layers"]
        assert fn["TracingConfig"] == {"Mode": "Active"}
        assert not any(key.startswith("POWERTOOLS_TRACE") for key in variables)  # the X-Ray SDK path is gone
    assert tracing.layer_arn == ADOT_PYTHON_LAYERS[CONFIGS[env].region]


def test_an_otlp_environment_has_no_xray_and_no_adot_layer() -> None:
    cfg = dataclasses.replace(
        CONFIGS["dev"], tracing=TracingConfig("otlp", otlp_endpoint="https://collector.acme-health.test/v1/traces")
    )
    _, (stack,) = build_app(
        [cfg], context={**cdk_json_context(), **OPERATOR_CONTEXT}, dependencies_dir=PLACEHOLDER_DEPENDENCIES
    )
    template = Template.from_stack(stack).to_json()
    for fn in _functions(template):
        variables = fn["Environment"]["Variables"]
        assert variables["ENGRAM_TRACING"] == "otlp"
        assert variables["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] == "https://collector.acme-health.test/v1/traces"
        assert "AWS_LAMBDA_EXEC_WRAPPER" not in variables
        assert len(fn["Layers"]) == 3
        assert fn.get("TracingConfig", {"Mode": "PassThrough"}) == {"Mode": "PassThrough"}
    assert _xray_actions(template) == set()


def test_a_tracing_choice_needs_its_destination() -> None:
    with pytest.raises(ValueError, match="ADOT layer"):
        TracingConfig("adot")
    with pytest.raises(ValueError, match="otlp_endpoint"):
        TracingConfig("otlp")
    assert not TracingConfig("off").xray and DEV.tracing.xray
