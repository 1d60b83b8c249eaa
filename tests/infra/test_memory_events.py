"""Memory change events in the synthesized stack: the bus, who may publish on it (the indexer and
the erasure's jobs function, nobody else), and per configured destination a connection whose
credential is a Secrets Manager reference, an API destination, a rule on the bus with a retry
policy and a dead-letter queue, and an alarm on that queue."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest

from infra.app import build_app, cdk_json_context
from infra.config import DEV, EventDestination
from infra.constructs.layers import PLACEHOLDER_DEPENDENCIES
from tests.infra.cfn import OPERATOR_CONTEXT, as_list, nag_violations, policy_statements, resources

HOOK = EventDestination(
    name="crm-sync",
    endpoint="https://hooks.example.test/engram",
    secret_name="engram/dev/webhooks/crm-sync",
    detail_types=("memory.created", "user.erased"),
)
CONFIG = dataclasses.replace(DEV, event_destinations=(HOOK,))


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    outdir = tmp_path_factory.mktemp("cdk.out.events")
    app, (stack,) = build_app(
        [CONFIG],
        outdir=str(outdir),
        context={**cdk_json_context(), **OPERATOR_CONTEXT},
        dependencies_dir=PLACEHOLDER_DEPENDENCIES,
    )
    try:
        assembly = app.synth()
    except RuntimeError as exc:
        pytest.fail(f"synth failed: {exc}\n" + "\n".join(nag_violations(outdir)))
    yield assembly.get_stack_by_name(stack.stack_name).template


def _env(template: dict[str, Any], handler: str) -> dict[str, Any]:
    (fn,) = [f for f in resources(template, "AWS::Lambda::Function").values() if f["Properties"]["Handler"] == handler]
    return dict(fn["Properties"]["Environment"]["Variables"])


def test_the_bus_and_its_publishers(template: dict[str, Any]) -> None:
    (bus_id,) = resources(template, "AWS::Events::EventBus")
    assert resources(template, "AWS::Events::EventBus")[bus_id]["Properties"]["Name"] == "engram-dev-events"
    for handler in ("memory_indexer.handler.lambda_handler", "jobs.handler.lambda_handler"):
        assert bus_id in json.dumps(_env(template, handler)["ENGRAM_EVENT_BUS_NAME"])
    for handler in ("api.handler.lambda_handler", "turn_worker.handler.lambda_handler"):
        assert "ENGRAM_EVENT_BUS_NAME" not in _env(template, handler)
    publishers = sorted(
        policy.split("ServiceRole")[0]
        for policy, statements in policy_statements(template).items()
        for s in statements
        if "events:PutEvents" in as_list(s["Action"])
    )
    assert len(publishers) == 2 and any("MemoryIndexer" in p for p in publishers)
    assert any("Jobs" in p for p in publishers), publishers
    for statements in policy_statements(template).values():
        for s in statements:
            if "events:PutEvents" in as_list(s["Action"]):
                assert bus_id in json.dumps(s["Resource"])  # this bus only, never the default one


def test_a_destination_is_a_connection_an_api_destination_and_a_rule_with_retries_and_a_dlq(
    template: dict[str, Any],
) -> None:
    (connection,) = resources(template, "AWS::Events::Connection").values()
    props = connection["Properties"]
    assert props["AuthorizationType"] == "API_KEY"
    api_key = props["AuthParameters"]["ApiKeyAuthParameters"]
    assert api_key["ApiKeyName"] == "X-Engram-Signature"
    assert "{{resolve:secretsmanager:engram/dev/webhooks/crm-sync:SecretString:api_key" in json.dumps(api_key)
    (dest_id, destination), *_ = resources(template, "AWS::Events::ApiDestination").items()
    assert destination["Properties"]["InvocationEndpoint"] == HOOK.endpoint
    assert destination["Properties"]["HttpMethod"] == "POST"
    assert destination["Properties"]["InvocationRateLimitPerSecond"] == HOOK.rate_per_second

    rules = [r for r in resources(template, "AWS::Events::Rule").values() if "EventBusName" in r["Properties"]]
    (rule,) = rules
    assert rule["Properties"]["EventPattern"] == {"source": ["engram"], "detail-type": list(HOOK.detail_types)}
    (target,) = rule["Properties"]["Targets"]
    assert dest_id in json.dumps(target["Arn"])
    assert target["RetryPolicy"] == {"MaximumRetryAttempts": 185, "MaximumEventAgeInSeconds": 24 * 3600}
    dlq_id = target["DeadLetterConfig"]["Arn"]["Fn::GetAtt"][0]
    assert resources(template, "AWS::SQS::Queue")[dlq_id]["Properties"]["SqsManagedSseEnabled"] is True
    alarms = [
        a
        for a in resources(template, "AWS::CloudWatch::Alarm").values()
        if dlq_id in json.dumps(a["Properties"].get("Dimensions", []))
    ]
    assert alarms and all(a["Properties"]["AlarmActions"] for a in alarms)


def test_a_destination_must_be_https() -> None:
    bad = dataclasses.replace(DEV, event_destinations=(dataclasses.replace(HOOK, endpoint="http://plain.test"),))
    with pytest.raises(Exception, match="https"):
        build_app([bad], context={**cdk_json_context(), **OPERATOR_CONTEXT}, dependencies_dir=PLACEHOLDER_DEPENDENCIES)
