"""Abuse limits in the synthesized templates: the anonymous routes have their own, smaller
throttle buckets under the stage's; every dead-letter queue has a depth alarm; staging and prod
refuse to synthesize without someone to send the alarms to."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from aws_cdk import App

from infra.app import with_context
from infra.config import DEV, PROD, STAGING, EnvConfig, Throttle
from infra.deployable import deployment_problems
from tests.infra.cfn import CONFIGS, OPERATOR_CONTEXT, resources

ANONYMOUS_ROUTES = {"GET /inspector", "GET /inspector/{name}", "POST /line/webhook/{channel}"}
ISSUER = "https://login.acme-health.test/"
BACKEND = ("arn:aws:iam::123456789012:role/chat-backend",)


@pytest.mark.parametrize("env", list(CONFIGS))
def test_anonymous_routes_have_their_own_stricter_throttle(templates: dict[str, dict[str, Any]], env: str) -> None:
    cfg = CONFIGS[env]
    (stage,) = resources(templates[env], "AWS::ApiGatewayV2::Stage").values()
    props = stage["Properties"]
    default = props["DefaultRouteSettings"]
    assert (default["ThrottlingRateLimit"], default["ThrottlingBurstLimit"]) == (
        cfg.api_throttle_rate,
        cfg.api_throttle_burst,
    )
    per_route = props["RouteSettings"]
    assert set(per_route) == ANONYMOUS_ROUTES
    for key, limits in per_route.items():
        assert limits == {
            "ThrottlingRateLimit": cfg.route_throttles[key].rate,
            "ThrottlingBurstLimit": cfg.route_throttles[key].burst,
        }
        assert limits["ThrottlingRateLimit"] < cfg.api_throttle_rate  # a flood there cannot spend the stage's
        assert limits["ThrottlingBurstLimit"] < cfg.api_throttle_burst
    # the stage names the routes: it is created after them
    route_keys = {
        rid: r["Properties"]["RouteKey"] for rid, r in resources(templates[env], "AWS::ApiGatewayV2::Route").items()
    }
    depends = set(stage.get("DependsOn", []))
    assert {route_keys[rid] for rid in depends if rid in route_keys} == ANONYMOUS_ROUTES


def test_throttles_differ_per_environment() -> None:
    line = "POST /line/webhook/{channel}"
    assert DEV.route_throttles[line].rate < STAGING.route_throttles[line].rate < PROD.route_throttles[line].rate


def test_a_throttle_for_a_route_the_api_lacks_fails_synth() -> None:
    from infra.app import build_app, cdk_json_context
    from infra.constructs.layers import PLACEHOLDER_DEPENDENCIES
    from infra.deployable import ConfigError

    cfg = dataclasses.replace(DEV, route_throttles={"GET /nowhere": Throttle(1, 1)})
    with pytest.raises(ConfigError, match="route_throttles names routes the API does not have"):
        build_app(
            [cfg],
            context={**cdk_json_context(), **OPERATOR_CONTEXT},
            dependencies_dir=PLACEHOLDER_DEPENDENCIES,
        )


def _dead_letter_queue_ids(template: dict[str, Any]) -> set[str]:
    """Every queue something sends its failures to: SQS redrive, a Lambda's or an event source's
    on-failure destination, a pipe's dead-letter config, an EventBridge target's."""
    queues = set(resources(template, "AWS::SQS::Queue"))
    found: set[str] = set()

    def walk(node: Any, under_dlq_key: bool) -> None:
        if isinstance(node, dict):
            ref = node.get("Fn::GetAtt")
            if under_dlq_key and isinstance(ref, list) and ref[0] in queues:
                found.add(ref[0])
            for key, value in node.items():
                walk(value, under_dlq_key or "deadletter" in key.lower() or key in ("OnFailure", "Destination"))
        elif isinstance(node, list):
            for value in node:
                walk(value, under_dlq_key)

    for resource in template["Resources"].values():
        if resource["Type"] != "AWS::SQS::QueuePolicy":
            walk(resource.get("Properties", {}), False)
    return found


@pytest.mark.parametrize("env", list(CONFIGS))
def test_every_dead_letter_queue_has_a_depth_alarm(templates: dict[str, dict[str, Any]], env: str) -> None:
    template = templates[env]
    dlqs = _dead_letter_queue_ids(template)
    line_dlq = [q for q in dlqs if q.startswith("LineDeadLetters")]
    assert line_dlq and len(dlqs) == 5, dlqs  # turns, indexer, jobs, outbox, LINE
    alarmed = {
        dim["Value"]["Fn::GetAtt"][0]
        for alarm in resources(template, "AWS::CloudWatch::Alarm").values()
        if alarm["Properties"].get("MetricName") == "ApproximateNumberOfMessagesVisible"
        for dim in alarm["Properties"]["Dimensions"]
        if dim["Name"] == "QueueName"
    }
    assert dlqs <= alarmed, dlqs - alarmed
    for alarm in resources(template, "AWS::CloudWatch::Alarm").values():
        assert alarm["Properties"]["AlarmActions"], alarm  # every alarm notifies the topic


@pytest.mark.parametrize("env", ["staging", "prod"])
def test_staging_and_prod_have_an_alarm_subscriber(templates: dict[str, dict[str, Any]], env: str) -> None:
    subscriptions = [s["Properties"] for s in resources(templates[env], "AWS::SNS::Subscription").values()]
    assert subscriptions == [
        {
            "Protocol": "email",
            "Endpoint": OPERATOR_CONTEXT[f"alarm_email_{env}"],
            "TopicArn": subscriptions[0]["TopicArn"],
        }
    ]


@pytest.mark.parametrize("cfg", [STAGING, PROD], ids=lambda c: c.name)
def test_staging_and_prod_without_an_alarm_subscriber_fail_synth(cfg: EnvConfig) -> None:
    ready = dataclasses.replace(cfg, jwt_issuer=ISSUER, backend_principals=BACKEND)
    (problem,) = deployment_problems(ready)
    assert "alarm_email is unset" in problem and f"-c alarm_email_{cfg.name}=" in problem
    assert "EnvConfig.alarm_email" in problem
    given = with_context(App(context={f"alarm_email_{cfg.name}": " ops@acme-health.test "}), ready)
    assert given.alarm_email == "ops@acme-health.test" and deployment_problems(given) == []
    assert deployment_problems(dataclasses.replace(ready, alarm_email="ops@acme-health.test")) == []


@pytest.mark.parametrize("email", ["ops@example.com", "not-an-address", "a@b"])
def test_a_placeholder_or_malformed_alarm_email_fails(email: str) -> None:
    cfg = dataclasses.replace(PROD, jwt_issuer=ISSUER, backend_principals=BACKEND, alarm_email=email)
    assert any("alarm_email" in p for p in deployment_problems(cfg))


def test_dev_needs_no_alarm_subscriber() -> None:
    assert deployment_problems(dataclasses.replace(DEV, jwt_issuer=ISSUER)) == []
