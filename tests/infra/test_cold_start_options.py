"""Cold-start options per environment (infra/config.py FunctionSizing): SnapStart on published
versions, provisioned concurrency on the alias, and API Gateway invoking that alias; a function
with neither is invoked as before ($LATEST, no version, no alias)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from aws_cdk.assertions import Template

from infra.app import build_app, cdk_json_context
from infra.config import FunctionSizing
from infra.constructs.layers import PLACEHOLDER_DEPENDENCIES
from tests.infra.cfn import CONFIGS, OPERATOR_CONTEXT, resources

API = "api.handler.lambda_handler"
WEBHOOK = "line_webhook.handler.lambda_handler"


def _function_id(template: dict[str, Any], handler: str) -> str:
    (found,) = [
        k for k, r in resources(template, "AWS::Lambda::Function").items() if r["Properties"]["Handler"] == handler
    ]
    return found


def _alias_of(template: dict[str, Any], function_id: str) -> tuple[str, dict[str, Any]]:
    (found,) = [
        (k, r["Properties"])
        for k, r in resources(template, "AWS::Lambda::Alias").items()
        if r["Properties"]["FunctionName"] == {"Ref": function_id}
    ]
    return found


def _integration_targets(template: dict[str, Any]) -> list[Any]:
    return [r["Properties"]["IntegrationUri"] for r in resources(template, "AWS::ApiGatewayV2::Integration").values()]


def test_staging_resumes_the_api_and_the_line_webhook_from_a_snapshot(templates: dict[str, dict[str, Any]]) -> None:
    template = templates["staging"]
    assert CONFIGS["staging"].api.snapstart and CONFIGS["staging"].line_webhook is None  # the webhook: the API's
    for handler in (API, WEBHOOK):
        function_id = _function_id(template, handler)
        props = resources(template, "AWS::Lambda::Function")[function_id]["Properties"]
        assert props["SnapStart"] == {"ApplyOn": "PublishedVersions"}
        alias_id, alias = _alias_of(template, function_id)
        assert alias["Name"] == "live"
        assert "ProvisionedConcurrencyConfig" not in alias  # Lambda allows one or the other
        version_id = alias["FunctionVersion"]["Fn::GetAtt"][0]
        assert resources(template, "AWS::Lambda::Version")[version_id]["Properties"]["FunctionName"] == {
            "Ref": function_id
        }
        assert {"Ref": alias_id} in _integration_targets(template)  # API Gateway invokes the alias
        assert {"Fn::GetAtt": [function_id, "Arn"]} not in _integration_targets(template)


def test_an_environment_without_either_option_invokes_latest(templates: dict[str, dict[str, Any]]) -> None:
    template = templates["dev"]
    assert not any("SnapStart" in r["Properties"] for r in resources(template, "AWS::Lambda::Function").values())
    assert resources(template, "AWS::Lambda::Alias") == {}
    assert {"Fn::GetAtt": [_function_id(template, API), "Arn"]} in _integration_targets(template)


def test_provisioned_concurrency_is_set_on_the_alias_api_gateway_invokes() -> None:
    dev = CONFIGS["dev"]
    cfg = dataclasses.replace(
        dev,
        api=dataclasses.replace(dev.api, provisioned_concurrency=2),
        line_webhook=dataclasses.replace(dev.api, snapstart=True),
    )
    _, (stack,) = build_app(
        [cfg], context={**cdk_json_context(), **OPERATOR_CONTEXT}, dependencies_dir=PLACEHOLDER_DEPENDENCIES
    )
    template = Template.from_stack(stack).to_json()
    api_id = _function_id(template, API)
    assert "SnapStart" not in resources(template, "AWS::Lambda::Function")[api_id]["Properties"]
    alias_id, alias = _alias_of(template, api_id)
    assert alias["ProvisionedConcurrencyConfig"] == {"ProvisionedConcurrentExecutions": 2}
    assert {"Ref": alias_id} in _integration_targets(template)
    webhook = resources(template, "AWS::Lambda::Function")[_function_id(template, WEBHOOK)]["Properties"]
    assert webhook["SnapStart"] == {"ApplyOn": "PublishedVersions"}  # its own sizing, not the API's


def test_a_sizing_cannot_ask_for_both_or_for_more_than_it_reserves() -> None:
    with pytest.raises(ValueError, match="exclude each other"):
        FunctionSizing(memory_mb=1024, timeout_s=29, snapstart=True, provisioned_concurrency=1)
    with pytest.raises(ValueError, match="reserved"):
        FunctionSizing(memory_mb=1024, timeout_s=29, reserved_concurrency=1, provisioned_concurrency=2)
    assert not FunctionSizing(memory_mb=1024, timeout_s=29).published
