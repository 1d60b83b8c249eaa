"""CDK assertions on the synthesized Engram stacks (offline: no AWS account, no Docker).

All three environments are synthesized once per session (tests/infra/conftest.py), with
cdk-nag attached exactly as in `infra/app.py`: dev account-agnostic (like an offline
`cdk synth`), staging and prod with a dummy account id. The operator's values (JWT
issuer, backend principals) come as context, as `cdk synth -c jwt_issuer_<env>=...` gives them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from aws_cdk import App
from aws_cdk.assertions import Match, Template

from infra.app import build_app, cdk_json_context
from infra.config import DEFAULT_SCHEDULES, DEV, PROD
from infra.constructs.bundling import runtime_python
from infra.constructs.layers import PLACEHOLDER_DEPENDENCIES
from infra.constructs.outbox import STREAM_READ_ACTIONS
from infra.constructs.queue import VISIBILITY_FACTOR
from infra.constructs.tables import GSIS
from infra.nag import acknowledge
from infra.runtime import PY_TAG, PYTHON_VERSION
from tests.infra.cfn import (
    AUDIT_READERS,
    BACKEND_ROLES,
    CONFIGS,
    OPERATOR_CONTEXT,
    Synth,
    as_list,
    nag_violations,
    policy_statements,
    resources,
)

FUNCTION_HANDLERS = {
    "api.handler.lambda_handler",
    "turn_worker.handler.lambda_handler",
    "memory_indexer.handler.lambda_handler",
    "jobs.handler.lambda_handler",
    "audit.handler.lambda_handler",  # P6: the audit log's reader
    "audit.writer.lambda_handler",  # P6: the audit log's only writer
    "line_webhook.handler.lambda_handler",  # W1: signature, dedup, queue
    "line_worker.handler.lambda_handler",  # W2: turn and reply
}


# --- cdk-nag -------------------------------------------------------------------------


def test_synth_offline_with_no_unacknowledged_cdk_nag_findings(synth: Synth) -> None:
    violations = nag_violations(synth.outdir)
    assert synth.error is None and not violations, "\n".join([synth.error or "", *violations])


def test_acknowledgment_needs_a_reason() -> None:
    app = App()
    with pytest.raises(ValueError, match="reason"):
        acknowledge(app, "L1", "  ")


# --- table -------------------------------------------------------------------------------


@pytest.mark.parametrize("env", list(CONFIGS))
def test_table_keys_ttl_stream_pitr_encryption(assertions: dict[str, Template], env: str) -> None:
    template = assertions[env]
    # the single table, the audit log (P6), the data keys (P3) and the erasure log (O4)
    template.resource_count_is("AWS::DynamoDB::Table", 4)
    template.has_resource_properties(
        "AWS::DynamoDB::Table",
        {
            "KeySchema": [
                {"AttributeName": "tenant", "KeyType": "HASH"},
                {"AttributeName": "entry", "KeyType": "RANGE"},
            ],
            "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": env != "dev"},
            "SSESpecification": {"SSEEnabled": True, "SSEType": "KMS", "KMSMasterKeyId": Match.any_value()},
            "StreamSpecification": Match.absent(),
        },
    )
    template.has_resource_properties(
        "AWS::DynamoDB::Table",
        {
            "KeySchema": [
                {"AttributeName": "subject", "KeyType": "HASH"},
                {"AttributeName": "entry", "KeyType": "RANGE"},
            ],
            "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": env != "dev"},
            "SSESpecification": {"SSEEnabled": True, "SSEType": "KMS", "KMSMasterKeyId": Match.any_value()},
            "TimeToLiveSpecification": Match.absent(),
            "StreamSpecification": Match.absent(),
        },
    )
    template.has_resource_properties(
        "AWS::DynamoDB::Table",
        {
            "KeySchema": [
                {"AttributeName": "PK", "KeyType": "HASH"},
                {"AttributeName": "SK", "KeyType": "RANGE"},
            ],
            "BillingMode": "PAY_PER_REQUEST",
            "TimeToLiveSpecification": {"AttributeName": "expires_at", "Enabled": True},
            "StreamSpecification": {"StreamViewType": "NEW_AND_OLD_IMAGES"},
            # O4: point-in-time recovery in every environment but dev (EnvConfig.pitr)
            "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": env != "dev"},
            "SSESpecification": {"SSEEnabled": True, "SSEType": "KMS", "KMSMasterKeyId": Match.any_value()},
        },
    )
    template.has_resource_properties("AWS::KMS::Key", {"EnableKeyRotation": True})


def test_table_gsis(templates: dict[str, dict[str, Any]]) -> None:
    table = resources(templates["dev"], "AWS::DynamoDB::Table")[_table_id(templates["dev"])]
    props = table["Properties"]
    types = {a["AttributeName"]: a["AttributeType"] for a in props["AttributeDefinitions"]}
    gsis = {g["IndexName"]: g for g in props["GlobalSecondaryIndexes"]}
    expected = {
        "by_user": ("user_key", "S", "SK", "S", "KEYS_ONLY"),
        "active_sessions": ("active_shard", "S", "last_activity_at", "N", None),
        "compression_due": ("due_shard", "S", "compress_due_at", "N", None),
        "erasure_requests": ("erasure_status", "S", "requested_at", None, None),
    }
    assert set(gsis) == set(expected) == set(GSIS)
    for name, (pk, pk_type, sk, sk_type, projection) in expected.items():
        keys = {k["KeyType"]: k["AttributeName"] for k in gsis[name]["KeySchema"]}
        assert keys == {"HASH": pk, "RANGE": sk}, name
        assert types[pk] == pk_type
        if sk_type:
            assert types[sk] == sk_type
        if projection:
            assert gsis[name]["Projection"]["ProjectionType"] == projection


def test_stateful_resources_follow_config(templates: dict[str, dict[str, Any]]) -> None:
    for env, policy in (("dev", "Delete"), ("prod", "Retain")):
        tables = resources(templates[env], "AWS::DynamoDB::Table").values()
        assert len(tables) == 4
        for table in tables:  # the audit log, the keys and the erasure log are kept like the data
            assert table["DeletionPolicy"] == policy, env
            assert table["Properties"]["DeletionProtectionEnabled"] is (env == "prod")


# --- queue and workers --------------------------------------------------------------------


def _turn_queue_id(template: dict[str, Any]) -> str:
    queues = resources(template, "AWS::SQS::Queue")
    (turns_id,) = [k for k, q in queues.items() if q["Properties"].get("QueueName") == "engram-dev-turns.fifo"]
    return turns_id


def test_turn_queue_is_fifo_with_fifo_dlq(
    templates: dict[str, dict[str, Any]], assertions: dict[str, Template]
) -> None:
    template = assertions["dev"]
    queues = resources(templates["dev"], "AWS::SQS::Queue")
    turns = queues[_turn_queue_id(templates["dev"])]["Properties"]
    assert turns["FifoQueue"] is True
    assert turns["ContentBasedDeduplication"] is False
    assert turns["SqsManagedSseEnabled"] is True
    assert turns["VisibilityTimeout"] >= VISIBILITY_FACTOR * DEV.turn_worker.timeout_s
    dlq_id = turns["RedrivePolicy"]["deadLetterTargetArn"]["Fn::GetAtt"][0]
    assert queues[dlq_id]["Properties"]["FifoQueue"] is True
    assert queues[dlq_id]["Properties"]["QueueName"].endswith(".fifo")
    # Every queue refuses plain HTTP.
    template.has_resource_properties(
        "AWS::SQS::QueuePolicy",
        {"PolicyDocument": {"Statement": Match.array_with([Match.object_like({"Effect": "Deny"})])}},
    )


def test_event_source_mappings_report_batch_item_failures(templates: dict[str, dict[str, Any]]) -> None:
    mappings = list(resources(templates["dev"], "AWS::Lambda::EventSourceMapping").values())
    assert len(mappings) == 3  # the turn queue, the table's stream, the LINE event queue
    for mapping in mappings:
        assert mapping["Properties"]["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    (stream,) = [m["Properties"] for m in mappings if "StreamArn" in json.dumps(m["Properties"]["EventSourceArn"])]
    assert stream["BisectBatchOnFunctionError"] is True
    assert stream["MaximumRetryAttempts"] == DEV.indexer_retry_attempts
    assert stream["StartingPosition"] == "TRIM_HORIZON"
    assert "OnFailure" in stream["DestinationConfig"]
    # Only memory records (KB chunks included: they are memory records, SK M#...) wake the indexer.
    (pattern,) = [json.loads(f["Pattern"]) for f in stream["FilterCriteria"]["Filters"]]
    assert pattern == {"dynamodb": {"Keys": {"SK": {"S": [{"prefix": "M#"}]}}}}
    sqs_mappings = [m["Properties"] for m in mappings if "StreamArn" not in json.dumps(m["Properties"])]
    (sqs_mapping,) = [m for m in sqs_mappings if _turn_queue_id(templates["dev"]) in json.dumps(m["EventSourceArn"])]
    assert "FilterCriteria" not in sqs_mapping


# --- outbox pipe ---------------------------------------------------------------------------


def _table_id(template: dict[str, Any]) -> str:
    """The single table (the one with a stream; the other is the audit log)."""
    (table_id,) = [
        k for k, v in resources(template, "AWS::DynamoDB::Table").items() if "StreamSpecification" in v["Properties"]
    ]
    return table_id


def _side_table_id(template: dict[str, Any], partition_key: str) -> str:
    (table_id,) = [
        k
        for k, v in resources(template, "AWS::DynamoDB::Table").items()
        if v["Properties"]["KeySchema"][0]["AttributeName"] == partition_key
    ]
    return table_id


def _audit_table_id(template: dict[str, Any]) -> str:
    return _side_table_id(template, "subject")


def _keys_table_id(template: dict[str, Any]) -> str:
    return _side_table_id(template, "owner")


@pytest.mark.parametrize("env", list(CONFIGS))
def test_data_keys_live_apart_with_a_short_recovery_window(templates: dict[str, dict[str, Any]], env: str) -> None:
    """P3: no backup of the single table holds a data key; the key table's own point-in-time
    window is key_recovery_days, so an erased user's key is in no backup for longer."""
    template = templates[env]
    cfg = CONFIGS[env]
    props = resources(template, "AWS::DynamoDB::Table")[_keys_table_id(template)]["Properties"]
    assert props["KeySchema"] == [{"AttributeName": "owner", "KeyType": "HASH"}]
    assert "StreamSpecification" not in props and "TimeToLiveSpecification" not in props
    pitr = props["PointInTimeRecoverySpecification"]
    assert pitr["PointInTimeRecoveryEnabled"] is cfg.pitr
    if cfg.pitr:
        assert pitr["RecoveryPeriodInDays"] == cfg.key_recovery_days == 1
    assert props["SSESpecification"]["SSEEnabled"] is True
    keys_arn = json.dumps({"Fn::GetAtt": [_keys_table_id(template), "Arn"]}, sort_keys=True)
    on_keys: dict[str, set[str]] = {}
    for policy, statements in policy_statements(template).items():
        for statement in statements:
            if any(json.dumps(r, sort_keys=True) == keys_arn for r in as_list(statement["Resource"])):
                on_keys.setdefault(policy.split("/")[0], set()).update(as_list(statement["Action"]))
    names = ("Api", "TurnWorker", "MemoryIndexer", "Jobs", "LineWorker", "LineWebhook")
    by_function = {next(f for f in names if f in p): a for p, a in on_keys.items()}
    assert by_function == {
        "Api": {"dynamodb:GetItem", "dynamodb:PutItem"},
        "TurnWorker": {"dynamodb:GetItem", "dynamodb:PutItem"},
        "MemoryIndexer": {"dynamodb:GetItem"},  # it opens content to index it, never makes a key
        "Jobs": {"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:DeleteItem", "dynamodb:Scan", "dynamodb:UpdateItem"},
        "LineWorker": {"dynamodb:GetItem", "dynamodb:PutItem"},  # W2: LINE turns seal like any turn
        "LineWebhook": {"dynamodb:GetItem", "dynamodb:PutItem"},  # P3: queued LINE jobs are sealed
    }
    functions = resources(template, "AWS::Lambda::Function")
    for f in functions.values():
        variables = f["Properties"].get("Environment", {}).get("Variables", {})
        if "ENGRAM_TABLE_NAME" in variables:
            assert _keys_table_id(template) in json.dumps(variables["ENGRAM_KEYS_TABLE_NAME"])
            assert "ENGRAM_FIELD_KMS_KEY_ID" in variables


def _on_audit(template: dict[str, Any], effect: str) -> dict[str, set[str]]:
    """Function -> the actions its role's statements of `effect` name on the audit table."""
    audit = json.dumps({"Fn::GetAtt": [_audit_table_id(template), "Arn"]}, sort_keys=True)
    names = ("ApiFunction", "JobsFunction", "AuditReader", "AuditWriter", "TurnWorker", "MemoryIndexer", "Line")
    on_audit: dict[str, set[str]] = {}
    for policy, statements in policy_statements(template).items():
        for statement in statements:
            resources_ = [json.dumps(r, sort_keys=True) for r in as_list(statement["Resource"])]
            if statement["Effect"] == effect and audit in resources_:
                function = next(n for n in names if n in policy)
                on_audit.setdefault(function, set()).update(as_list(statement["Action"]))
    return on_audit


def test_only_the_audit_writer_writes_the_audit_log_and_nobody_changes_an_entry(
    templates: dict[str, dict[str, Any]],
) -> None:
    """P6: the writer function gets (a chain head) and puts (conditionally, in its code); the reader
    queries; api and jobs touch the table not at all and append through the writer; every role
    that touches the table is denied updating or deleting an entry, and all but the writer's putting."""
    template = templates["prod"]
    assert _on_audit(template, "Allow") == {
        "AuditWriter": {"dynamodb:GetItem", "dynamodb:PutItem"},
        "AuditReader": {"dynamodb:Query"},
    }
    changes = {"dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"}
    changes |= {"dynamodb:PartiQLUpdate", "dynamodb:PartiQLDelete"}
    puts = {"dynamodb:PutItem", "dynamodb:PartiQLInsert"}
    assert _on_audit(template, "Deny") == {
        "ApiFunction": changes | puts,
        "JobsFunction": changes | puts,
        "AuditReader": changes | puts,
        "AuditWriter": changes,
    }
    policies = policy_statements(template)
    (reader_statements,) = [s for p, s in policies.items() if "AuditReader" in p]
    assert not any(_table_id(template) in json.dumps(s["Resource"]) for s in reader_statements)
    (writer_statements,) = [s for p, s in policies.items() if "AuditWriter" in p]
    assert not any(_table_id(template) in json.dumps(s["Resource"]) for s in writer_statements)
    # api and jobs append through the writer, and P2: read the entries for an export through the reader
    functions = resources(template, "AWS::Lambda::Function")
    for handler in ("audit.writer.lambda_handler", "audit.handler.lambda_handler"):
        (fn,) = [k for k, f in functions.items() if f["Properties"]["Handler"] == handler]
        invokers = {
            p.split("/")[0]
            for p, statements in policies.items()
            for s in statements
            if "lambda:InvokeFunction" in as_list(s["Action"]) and fn in json.dumps(s["Resource"])
        }
        assert {next(f for f in ("Api", "Jobs") if f in p) for p in invokers} == {"Api", "Jobs"} and len(invokers) == 2


def _queue_id_by_arn(arn: Any) -> str:
    assert isinstance(arn, dict) and arn["Fn::GetAtt"][1] == "Arn", arn
    return str(arn["Fn::GetAtt"][0])


@pytest.mark.parametrize("env", list(CONFIGS))
def test_outbox_pipe_forwards_stored_rounds_and_runs(templates: dict[str, dict[str, Any]], env: str) -> None:
    template = templates[env]
    (pipe,) = [p["Properties"] for p in resources(template, "AWS::Pipes::Pipe").values()]
    assert pipe["Source"] == {"Fn::GetAtt": [_table_id(template), "StreamArn"]}
    queues = resources(template, "AWS::SQS::Queue")
    target = queues[_queue_id_by_arn(pipe["Target"])]["Properties"]
    assert target["QueueName"] == f"{CONFIGS[env].prefix}-turns.fifo"
    assert pipe.get("DesiredState", "RUNNING") == "RUNNING"

    source = pipe["SourceParameters"]
    stream = source["DynamoDBStreamParameters"]
    assert stream["StartingPosition"] == "LATEST"
    assert stream["BatchSize"] == 10
    assert stream["MaximumRetryAttempts"] == CONFIGS[env].outbox_retry_attempts >= 0
    assert 60 <= stream["MaximumRecordAgeInSeconds"] <= 24 * 3600
    dlq = queues[_queue_id_by_arn(stream["DeadLetterConfig"]["Arn"])]["Properties"]
    assert "FifoQueue" not in dlq  # a stream source's DLQ cannot be FIFO
    assert dlq["SqsManagedSseEnabled"] is True
    (pattern,) = [json.loads(f["Pattern"]) for f in source["FilterCriteria"]["Filters"]]
    assert pattern == {
        "eventName": ["INSERT"],
        "dynamodb": {"Keys": {"SK": {"S": [{"prefix": "TURN#"}, {"prefix": "RUN#"}]}}},
    }

    sqs_params = pipe["TargetParameters"]["SqsQueueParameters"]
    assert sqs_params == {
        "MessageGroupId": "$.dynamodb.NewImage.job_group.S",
        "MessageDeduplicationId": "$.dynamodb.NewImage.job_dedup.S",
    }
    assert "InputTemplate" not in pipe["TargetParameters"]  # the body is the stream record itself


def _pipe_role(template: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    (pipe,) = resources(template, "AWS::Pipes::Pipe").values()
    role_id = pipe["Properties"]["RoleArn"]["Fn::GetAtt"][0]
    return role_id, template["Resources"][role_id]


def test_outbox_pipe_role_reads_the_stream_and_sends_to_its_queues(templates: dict[str, dict[str, Any]]) -> None:
    template = templates["prod"]
    role_id, role = _pipe_role(template)
    (trust,) = role["Properties"]["AssumeRolePolicyDocument"]["Statement"]
    assert trust["Principal"] == {"Service": "pipes.amazonaws.com"}
    assert set(trust["Condition"]["StringEquals"]) == {"aws:SourceAccount", "aws:SourceArn"}
    assert "ManagedPolicyArns" not in role["Properties"] and "Policies" not in role["Properties"]

    (pipe,) = [p["Properties"] for p in resources(template, "AWS::Pipes::Pipe").values()]
    policies = [
        p["Properties"]["PolicyDocument"]["Statement"]
        for p in resources(template, "AWS::IAM::Policy").values()
        if {"Ref": role_id} in p["Properties"]["Roles"]
    ]
    granted = {
        (action, json.dumps(resource, sort_keys=True))
        for statements in policies
        for s in statements
        if s["Effect"] == "Allow"
        for action in as_list(s["Action"])
        for resource in as_list(s["Resource"])
    }
    stream = json.dumps(pipe["Source"], sort_keys=True)
    turn_queue = json.dumps(pipe["Target"], sort_keys=True)
    dlq = json.dumps(pipe["SourceParameters"]["DynamoDBStreamParameters"]["DeadLetterConfig"]["Arn"], sort_keys=True)
    (key_statement,) = [s for statements in policies for s in statements if s["Action"] == "kms:Decrypt"]
    table_key = json.dumps(key_statement["Resource"], sort_keys=True)
    assert "kms:ViaService" in key_statement["Condition"]["StringEquals"]  # usable through DynamoDB only
    table = resources(template, "AWS::DynamoDB::Table")[_table_id(template)]["Properties"]
    assert json.loads(table_key) == table["SSESpecification"]["KMSMasterKeyId"]
    assert granted == {
        *((action, stream) for action in STREAM_READ_ACTIONS),
        ("sqs:SendMessage", turn_queue),
        ("sqs:SendMessage", dlq),
        ("kms:Decrypt", table_key),
    }
    assert {a for a, _ in granted if a.startswith("dynamodb:")} == {
        "dynamodb:DescribeStream",
        "dynamodb:GetRecords",
        "dynamodb:GetShardIterator",
        "dynamodb:ListStreams",
    }
    # The pipe starts only once its permissions exist.
    (policy_id,) = [
        k for k, p in resources(template, "AWS::IAM::Policy").items() if {"Ref": role_id} in p["Properties"]["Roles"]
    ]
    (pipe_resource,) = resources(template, "AWS::Pipes::Pipe").values()
    assert policy_id in as_list(pipe_resource.get("DependsOn", []))


# --- jobs ----------------------------------------------------------------------------------


def test_five_schedules_target_jobs_function_with_job_name(templates: dict[str, dict[str, Any]]) -> None:
    rules = [
        r
        for r in resources(templates["dev"], "AWS::Events::Rule").values()
        if "index_reconcile" not in r["Properties"]["Targets"][0]["InputTransformer"]["InputTemplate"]
    ]
    expressions = {r["Properties"]["ScheduleExpression"] for r in rules}
    assert expressions == set(DEFAULT_SCHEDULES.values())
    assert expressions == {
        "rate(5 minutes)",
        "cron(0 3 * * ? *)",
        "cron(0 4 ? * SUN *)",
        "cron(30 3 * * ? *)",
        "rate(15 minutes)",
    }
    functions = resources(templates["dev"], "AWS::Lambda::Function")
    (jobs_fn,) = [k for k, f in functions.items() if f["Properties"]["Handler"] == "jobs.handler.lambda_handler"]
    jobs_seen = set()
    for rule in rules:
        (target,) = rule["Properties"]["Targets"]
        assert target["Arn"] == {"Fn::GetAtt": [jobs_fn, "Arn"]}
        assert "DeadLetterConfig" in target
        template = target["InputTransformer"]["InputTemplate"]
        detail = json.loads(template.split('"detail":', 1)[1][:-1])
        jobs_seen.add(detail["job"])
    assert jobs_seen == set(DEFAULT_SCHEDULES)
    (idle,) = [
        r for r in rules if "idle_sessions" in r["Properties"]["Targets"][0]["InputTransformer"]["InputTemplate"]
    ]
    assert idle["Properties"]["ScheduleExpression"] == "rate(5 minutes)"  # R7 / S6


def test_the_indexer_reconciles_on_its_own_schedule_and_writes_only_its_cursor(
    templates: dict[str, dict[str, Any]],
) -> None:
    template = templates["dev"]
    functions = resources(template, "AWS::Lambda::Function")
    (indexer,) = [
        k for k, f in functions.items() if f["Properties"]["Handler"] == "memory_indexer.handler.lambda_handler"
    ]
    (rule,) = [
        r
        for r in resources(template, "AWS::Events::Rule").values()
        if "index_reconcile" in r["Properties"]["Targets"][0]["InputTransformer"]["InputTemplate"]
    ]
    assert rule["Properties"]["ScheduleExpression"] == "cron(0 5 * * ? *)"
    assert rule["Properties"]["Targets"][0]["Arn"] == {"Fn::GetAtt": [indexer, "Arn"]}
    (statements,) = [s for p, s in policy_statements(template).items() if "MemoryIndexer" in p]
    writes = [s for s in statements if set(as_list(s["Action"])) & {"dynamodb:PutItem", "dynamodb:UpdateItem"}]
    assert len(writes) == 1 and as_list(writes[0]["Action"]) == ["dynamodb:PutItem"]
    assert writes[0]["Condition"] == {"ForAllValues:StringEquals": {"dynamodb:LeadingKeys": ["_JOB#index_reconcile"]}}
    assert not any("dynamodb:DeleteItem" in as_list(s["Action"]) for s in statements)


def test_jobs_role_is_what_the_registered_jobs_do(templates: dict[str, dict[str, Any]]) -> None:
    template = templates["dev"]
    functions = resources(template, "AWS::Lambda::Function")
    (jobs_fn,) = [
        f["Properties"] for f in functions.values() if f["Properties"]["Handler"] == "jobs.handler.lambda_handler"
    ]
    assert "ENGRAM_TABLE_NAME" in jobs_fn["Environment"]["Variables"]
    (statements,) = [s for p, s in policy_statements(template).items() if "JobsFunction" in p]
    table_arn = {"Fn::GetAtt": [_table_id(template), "Arn"]}
    index_arns = [
        {"Fn::Join": ["", [table_arn, f"/index/{name}"]]}
        for name in ("active_sessions", "compression_due", "by_user", "erasure_requests")
    ]
    by_resource: dict[str, set[str]] = {}
    for statement in (s for s in statements if s["Effect"] == "Allow"):  # P6's Deny: its own test
        for resource in as_list(statement["Resource"]):
            if "dynamodb:" in json.dumps(statement["Action"]):
                by_resource.setdefault(json.dumps(resource, sort_keys=True), set()).update(as_list(statement["Action"]))
    assert by_resource == {
        json.dumps(table_arn, sort_keys=True): {
            "dynamodb:GetItem",
            "dynamodb:Query",
            "dynamodb:Scan",
            "dynamodb:PutItem",
            "dynamodb:UpdateItem",
            "dynamodb:DeleteItem",
            "dynamodb:BatchWriteItem",
            "dynamodb:ConditionCheckItem",  # P1: the erasure fence's check in the jobs' writes
        },
        **{json.dumps(arn, sort_keys=True): {"dynamodb:Query"} for arn in index_arns},
        # O4: the re-erasure walks a restored table's users through the keys-only by_user index
        json.dumps(index_arns[2], sort_keys=True): {"dynamodb:Query", "dynamodb:Scan"},
        # P6: nothing on the audit log: the erasure's completion is appended through the audit writer
        # P3: the user's data key: read or made when content is sealed, deleted by an erasure,
        # rewrapped after a rotation
        json.dumps({"Fn::GetAtt": [_keys_table_id(template), "Arn"]}, sort_keys=True): {
            "dynamodb:GetItem",
            "dynamodb:PutItem",
            "dynamodb:DeleteItem",
            "dynamodb:Scan",
            "dynamodb:UpdateItem",
        },
        # O4: completed erasures logged, read back after a restore
        json.dumps({"Fn::GetAtt": [_side_table_id(template, "tenant"), "Arn"]}, sort_keys=True): {
            "dynamodb:PutItem",
            "dynamodb:Scan",
        },
    }
    # Closed runs reach the turn queue through the outbox pipe (the only send left is the
    # async-invoke failure destination, the jobs DLQ).
    turn_queue = _turn_queue_id(template)
    assert not any(
        "sqs:SendMessage" in as_list(s["Action"]) and turn_queue in json.dumps(s["Resource"]) for s in statements
    )


def test_erasure_signs_with_kms_and_deletes_documents_by_query_only(templates: dict[str, dict[str, Any]]) -> None:
    template = templates["prod"]
    keys = resources(template, "AWS::KMS::Key")
    (signing,) = [k for k, v in keys.items() if v["Properties"].get("KeyUsage") == "SIGN_VERIFY"]
    assert keys[signing]["Properties"]["KeySpec"] == "ECC_NIST_P256"
    statements = policy_statements(template)
    (jobs,) = [s for p, s in statements.items() if "JobsFunction" in p]
    signs = [s for s in jobs if "kms:Sign" in as_list(s["Action"])]
    assert signs and all(signing in json.dumps(s["Resource"]) for s in signs)
    assert not any(
        "kms:Sign" in as_list(s["Action"]) for p, st in statements.items() if "JobsFunction" not in p for s in st
    )
    functions = resources(template, "AWS::Lambda::Function")
    (jobs_fn,) = [
        f["Properties"] for f in functions.values() if f["Properties"]["Handler"] == "jobs.handler.lambda_handler"
    ]
    assert signing in json.dumps(jobs_fn["Environment"]["Variables"]["ENGRAM_RECEIPT_KMS_KEY_ID"])
    # an output, so the operator fetches its public key right after the deploy (make smoke PUBLIC_KEY=…)
    assert signing in json.dumps(template["Outputs"]["ReceiptKeyArn"]["Value"])
    (api_fn,) = [
        f["Properties"] for f in functions.values() if f["Properties"]["Handler"] == "api.handler.lambda_handler"
    ]
    env = api_fn["Environment"]["Variables"]
    assert "ENGRAM_ERASURE_HASH_KEY_SECRET_ARN" in env and "ENGRAM_ERASURE_FUNCTION_NAME" in env
    (api,) = [s for p, s in statements.items() if "ApiFunction" in p]
    assert any("lambda:InvokeFunction" in as_list(s["Action"]) for s in api)
    (domain,) = resources(template, "AWS::OpenSearchService::Domain").values()
    jobs_role = [r for r in resources(template, "AWS::IAM::Role") if "JobsFunction" in r]
    grants = [
        s
        for s in domain["Properties"]["AccessPolicies"]["Statement"]
        if any(r in json.dumps(s["Principal"]) for r in jobs_role) and "es:ESHttpPost" in as_list(s["Action"])
    ]
    posts = {json.dumps(r) for s in grants for r in as_list(s["Resource"])}
    assert any("_delete_by_query" in p for p in posts)
    assert not any("_bulk" in p or "_doc" in p for p in posts)


# --- api -----------------------------------------------------------------------------------


def test_routes_and_authorizers(templates: dict[str, dict[str, Any]], assertions: dict[str, Template]) -> None:
    template = assertions["prod"]
    routes = {
        r["Properties"]["RouteKey"]: r["Properties"]
        for r in resources(templates["prod"], "AWS::ApiGatewayV2::Route").values()
    }
    assert set(routes) == {
        "ANY /v1/{proxy+}",
        "ANY /v1/users/{userId}/{proxy+}",
        "ANY /v1/kb/{proxy+}",
        "ANY /openai/v1/{proxy+}",  # the OpenAI-compatible door: end users
        "ANY /openai/backend/v1/{proxy+}",  # and backends (X-Engram-User)
        "GET /v1/users/{userId}/audit",  # P6: the audit reader's own function
        "POST /line/webhook/{channel}",  # W1: no authorizer, the signature is checked in code
        "GET /inspector",  # the inspector's static page: no authorizer, no data
        "GET /inspector/{name}",
    }
    assert routes["GET /inspector"].get("AuthorizationType", "NONE") == "NONE"
    assert routes["POST /line/webhook/{channel}"].get("AuthorizationType", "NONE") == "NONE"
    assert routes["ANY /v1/kb/{proxy+}"]["AuthorizationType"] == "AWS_IAM"
    assert routes["ANY /v1/{proxy+}"]["AuthorizationType"] == "JWT"
    assert routes["ANY /v1/users/{userId}/{proxy+}"]["AuthorizationType"] == "AWS_IAM"
    assert routes["GET /v1/users/{userId}/audit"]["AuthorizationType"] == "AWS_IAM"
    assert routes["ANY /openai/v1/{proxy+}"]["AuthorizationType"] == "JWT"
    assert routes["ANY /openai/v1/{proxy+}"]["AuthorizerId"] == routes["ANY /v1/{proxy+}"]["AuthorizerId"]
    assert routes["ANY /openai/backend/v1/{proxy+}"]["AuthorizationType"] == "AWS_IAM"
    assert routes["ANY /openai/v1/{proxy+}"]["Target"] == routes["ANY /v1/{proxy+}"]["Target"]  # the api function
    template.has_resource_properties(
        "AWS::ApiGatewayV2::Authorizer",
        {
            "AuthorizerType": "JWT",
            "JwtConfiguration": {"Issuer": OPERATOR_CONTEXT["jwt_issuer_prod"], "Audience": list(PROD.jwt_audience)},
        },
    )
    template.has_resource_properties(
        "AWS::ApiGatewayV2::Stage",
        {
            "StageName": "$default",
            "AccessLogSettings": {
                "DestinationArn": Match.any_value(),
                "Format": Match.string_like_regexp("requestId"),
            },
            "DefaultRouteSettings": {
                "ThrottlingRateLimit": PROD.api_throttle_rate,
                "ThrottlingBurstLimit": PROD.api_throttle_burst,
            },
        },
    )


@pytest.mark.parametrize("env", list(CONFIGS))
def test_jwt_authorizer_trusts_the_operators_issuer(assertions: dict[str, Template], env: str) -> None:
    assertions[env].has_resource_properties(
        "AWS::ApiGatewayV2::Authorizer",
        {
            "JwtConfiguration": {
                "Issuer": OPERATOR_CONTEXT[f"jwt_issuer_{env}"],
                "Audience": list(CONFIGS[env].jwt_audience),
            }
        },
    )


# --- functions and roles --------------------------------------------------------------------


@pytest.mark.parametrize("env", ["dev", "prod"])
def test_functions_runtime_layers_env(templates: dict[str, dict[str, Any]], env: str) -> None:
    cfg = CONFIGS[env]
    functions = [f["Properties"] for f in resources(templates[env], "AWS::Lambda::Function").values()]
    assert {f["Handler"] for f in functions} == FUNCTION_HANDLERS
    for fn in functions:
        assert fn["Runtime"] == f"python{PYTHON_VERSION}"
        assert fn["Architectures"] == ["x86_64"]
        assert fn["TracingConfig"] == {"Mode": "Active"}  # ADOT's spans reach X-Ray through Lambda's daemon
        assert len(fn["Layers"]) == 4  # Powertools, dependencies, engram, ADOT (tests/infra/test_tracing.py)
        powertools = f":017000801446:layer:AWSLambdaPowertoolsPythonV3-{PY_TAG}-x86_64:"
        assert any(
            isinstance(layer, str) and layer.endswith(f"{powertools}{cfg.powertools_layer_version}")
            for layer in fn["Layers"]
        )
        variables = fn["Environment"]["Variables"]
        for key in (
            "ENGRAM_TABLE_NAME",
            "ENGRAM_TURN_QUEUE_URL",
            "ENGRAM_OPENSEARCH_URL",
            "ENGRAM_OPENAI_SECRET_ARN",
        ):
            assert key in variables, key
        assert variables["ENGRAM_ENVIRONMENT"] == env
        assert variables["POWERTOOLS_METRICS_NAMESPACE"] == "Engram"
        assert variables["POWERTOOLS_SERVICE_NAME"] == cfg.service_name
        assert variables["POWERTOOLS_LOG_LEVEL"] == cfg.log_level
    reserved = {f["Handler"]: f.get("ReservedConcurrentExecutions") for f in functions}
    assert reserved["api.handler.lambda_handler"] == cfg.api.reserved_concurrency


@pytest.mark.parametrize("env", list(CONFIGS))
def test_only_the_api_gets_the_backend_allow_list(templates: dict[str, dict[str, Any]], env: str) -> None:
    functions = [f["Properties"] for f in resources(templates[env], "AWS::Lambda::Function").values()]
    lists = {f["Handler"]: f["Environment"]["Variables"].get("ENGRAM_BACKEND_PRINCIPALS") for f in functions}
    api = lists.pop("api.handler.lambda_handler")
    assert isinstance(api, str) and json.loads(api) == BACKEND_ROLES.get(env, [])
    assert set(lists.values()) == {None}  # the audit reader too: its readers are operators (P6)
    readers = {f["Handler"]: f["Environment"]["Variables"].get("ENGRAM_AUDIT_READERS") for f in functions}
    audit = readers.pop("audit.handler.lambda_handler")
    assert isinstance(audit, str) and json.loads(audit) == AUDIT_READERS.get(env, [])
    assert set(readers.values()) == {None}


def test_each_function_has_its_own_role(templates: dict[str, dict[str, Any]]) -> None:
    functions = resources(templates["dev"], "AWS::Lambda::Function").values()
    roles = [json.dumps(f["Properties"]["Role"]) for f in functions]
    assert len(roles) == len(set(roles)) == 8
    for role in resources(templates["dev"], "AWS::IAM::Role").values():
        assert "ManagedPolicyArns" not in role["Properties"]


def test_roles_have_no_wildcard_table_actions(templates: dict[str, dict[str, Any]]) -> None:
    for env in CONFIGS:
        for policy, statements in policy_statements(templates[env]).items():
            for statement in statements:
                actions = as_list(statement["Action"])
                assert "*" not in actions, policy
                for action in actions:
                    service, _, verb = action.partition(":")
                    if service == "dynamodb":
                        assert "*" not in verb, (policy, action)
                        # one exception: the retention job's bounded, resumable page a day (R6)
                        assert verb != "Scan" or "JobsFunction" in policy, (policy, action)
                if statement.get("Resource") == "*":
                    assert set(actions) <= {
                        "xray:PutTraceSegments",
                        "xray:PutTelemetryRecords",
                        "dynamodb:ListStreams",
                    }, (policy, actions)


def test_permission_matrix(templates: dict[str, dict[str, Any]]) -> None:
    """Only the indexer writes the index or lacks table writes; api and jobs enqueue turns."""
    by_role: dict[str, set[str]] = {}
    for policy, statements in policy_statements(templates["dev"]).items():
        by_role[policy] = {a for s in statements for a in as_list(s["Action"])}
    writers = {p for p, actions in by_role.items() if "es:ESHttpPut" in actions}
    turn_queue = _turn_queue_id(templates["dev"])
    senders = {
        policy
        for policy, statements in policy_statements(templates["dev"]).items()
        for s in statements
        if "sqs:SendMessage" in as_list(s["Action"]) and turn_queue in json.dumps(s["Resource"])
    }
    assert len(writers) == 1 and "MemoryIndexer" in next(iter(writers))
    # api: access jobs; the outbox pipe: rounds and closed runs. Nothing else sends to the turn queue.
    assert len(senders) == 3  # the api and the LINE worker (access counts of their turns), the outbox pipe
    assert any("ApiFunction" in p for p in senders) and any("OutboxRole" in p for p in senders)
    assert any("LineWorker" in p for p in senders)
    (indexer,) = [a for p, a in by_role.items() if "MemoryIndexer" in p]
    # no table writes but its reconciliation cursor (one PutItem, on one partition key: tested above)
    assert not indexer & {"dynamodb:UpdateItem", "dynamodb:DeleteItem"}
    (api,) = [a for p, a in by_role.items() if "ApiFunction" in p]
    assert {"sqs:SendMessage", "dynamodb:PutItem", "secretsmanager:GetSecretValue"} <= api
    assert "es:ESHttpPut" not in api


# --- search ----------------------------------------------------------------------------------


def test_search_domain(templates: dict[str, dict[str, Any]], assertions: dict[str, Template]) -> None:
    for env in ("dev", "prod"):
        template = assertions[env]
        template.has_resource_properties(
            "AWS::OpenSearchService::Domain",
            {
                "EngineVersion": "OpenSearch_2.19",
                "NodeToNodeEncryptionOptions": {"Enabled": True},
                "EncryptionAtRestOptions": {"Enabled": True},
                "DomainEndpointOptions": Match.object_like({"EnforceHTTPS": True}),
                "SnapshotOptions": {"AutomatedSnapshotStartHour": CONFIGS[env].snapshot_hour_utc},
                "AdvancedSecurityOptions": Match.absent(),
            },
        )
    (domain,) = resources(templates["prod"], "AWS::OpenSearchService::Domain").values()
    cluster = domain["Properties"]["ClusterConfig"]
    assert cluster["DedicatedMasterEnabled"] is True
    assert cluster["ZoneAwarenessEnabled"] is True
    principals = [s["Principal"]["AWS"] for s in domain["Properties"]["AccessPolicies"]["Statement"]]
    assert all(p != "*" for p in principals)


# --- observability -----------------------------------------------------------------------------


def test_alarms(templates: dict[str, dict[str, Any]], assertions: dict[str, Template]) -> None:
    alarms = [a["Properties"] for a in resources(templates["prod"], "AWS::CloudWatch::Alarm").values()]
    metric_names = {a.get("MetricName") for a in alarms}
    assert {"5xx", "Errors", "ApproximateNumberOfMessagesVisible", "retrieval_latency_ms"} <= metric_names
    (latency,) = [a for a in alarms if a.get("MetricName") == "retrieval_latency_ms"]
    assert latency["Namespace"] == "Engram"
    assert latency["ExtendedStatistic"] == "p95"
    assert latency["Threshold"] == 1000
    (gate,) = [a for a in alarms if "Metrics" in a and "gate_decision" in json.dumps(a["Metrics"])]
    decisions = {
        d["Value"]
        for m in gate["Metrics"]
        if "MetricStat" in m
        for d in m["MetricStat"]["Metric"]["Dimensions"]
        if d["Name"] == "decision"
    }
    assert decisions == {"SKIP", "USE"}
    assert gate["Threshold"] == 95
    dlq_alarms = [a for a in alarms if a.get("MetricName") == "ApproximateNumberOfMessagesVisible"]
    assert len(dlq_alarms) == 5 and all(a["Threshold"] == 0 for a in dlq_alarms)  # turns, indexer, jobs, outbox, line
    (outbox_dlq_alarm,) = [a for a in dlq_alarms if "outbox" in a["AlarmDescription"]]
    (pipe,) = [p["Properties"] for p in resources(templates["prod"], "AWS::Pipes::Pipe").values()]
    pipe_dlq = _queue_id_by_arn(pipe["SourceParameters"]["DynamoDBStreamParameters"]["DeadLetterConfig"]["Arn"])
    assert outbox_dlq_alarm["Dimensions"][0]["Value"] == {"Fn::GetAtt": [pipe_dlq, "QueueName"]}
    assert len([a for a in alarms if a.get("MetricName") == "Errors"]) == 8
    assert all(a.get("AlarmActions") for a in alarms)
    assertions["prod"].has_resource_properties(
        "AWS::SNS::Subscription", {"Protocol": "email", "Endpoint": "ops-prod@engram.test"}
    )
    assertions["dev"].resource_count_is("AWS::SNS::Subscription", 0)


# --- assets and app wiring ------------------------------------------------------------------


def _asset_root(synth: Synth, code: dict[str, Any]) -> Path:
    return synth.outdir / f"asset.{code['S3Key'].removesuffix('.zip')}"


def _assert_runtime_bytecode(root: Path) -> None:
    """Every module ships the runtime's .pyc, hash-based and unchecked (PEP 552 flags == 1): /opt
    and /var/task are read-only, and a timestamp-checked .pyc never matches the zip's 1980 dates."""
    if runtime_python() is None:
        pytest.skip(f"no CPython {PYTHON_VERSION} on this machine: the suite synthesized sources only")
    tag = f"cpython-{PYTHON_VERSION.replace('.', '')}"
    modules = sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)
    assert modules
    for module in modules:
        pyc = module.parent / "__pycache__" / f"{module.stem}.{tag}.pyc"
        assert pyc.is_file(), f"{module.relative_to(root)} ships without {tag} bytecode"
        assert int.from_bytes(pyc.read_bytes()[4:8], "little") == 1, f"{pyc} is not unchecked-hash"
    stray = [p for p in root.rglob("*.pyc") if tag not in p.name]
    assert not stray, f"bytecode of another Python ships: {stray[:3]}"


def test_engram_layer_asset_has_python_prefix_and_runtime_bytecode(
    synth: Synth, templates: dict[str, dict[str, Any]]
) -> None:
    layers = resources(templates["dev"], "AWS::Lambda::LayerVersion")
    (engram,) = [layer for layer in layers.values() if "engram shared" in layer["Properties"]["Description"]]
    root = _asset_root(synth, engram["Properties"]["Content"])
    assert (root / "python" / "engram" / "__init__.py").is_file()
    _assert_runtime_bytecode(root)


def test_function_asset_ships_runtime_bytecode_and_no_tests(synth: Synth, templates: dict[str, dict[str, Any]]) -> None:
    functions = resources(templates["dev"], "AWS::Lambda::Function")
    roots = {
        _asset_root(synth, f["Properties"]["Code"]) for f in functions.values() if "S3Key" in f["Properties"]["Code"]
    }
    assert roots
    for root in roots:
        assert (root / "api" / "handler.py").is_file()
        assert not list(root.rglob("tests"))
        _assert_runtime_bytecode(root)


def test_context_selects_one_environment() -> None:
    context = {**cdk_json_context(), **OPERATOR_CONTEXT, "env": "staging"}
    app, stacks = build_app(context=context, dependencies_dir=PLACEHOLDER_DEPENDENCIES)
    assert [s.stack_name for s in stacks] == ["Engram-staging"]
    assert isinstance(app, App)


def test_the_local_table_has_the_deployed_indexes_and_projections() -> None:
    """Code tested locally meets the same table in AWS: a projection that differs hides bugs
    (the idle job read projected attributes that the deployed keys-only index does not have)."""
    from engram.adapters.dynamodb.tables import GSIS as LOCAL
    from infra.constructs.tables import GSIS as DEPLOYED

    local = {name: (hk, rk, proj["ProjectionType"]) for name, hk, _, rk, _, proj in LOCAL}
    deployed = {name: (pk[0], sk[0], projection.value) for name, (pk, sk, projection) in DEPLOYED.items()}
    assert local == deployed


def test_large_exports_live_a_day_in_a_private_bucket(templates: dict[str, dict[str, Any]]) -> None:
    """P2: the jobs function writes (and an erasure deletes) export documents, the api only
    reads them to sign a link; kept one day, never public, TLS only."""
    template = templates["prod"]
    (bucket_id, bucket) = next(iter(resources(template, "AWS::S3::Bucket").items()))
    props = bucket["Properties"]
    assert props["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True,
        "BlockPublicPolicy": True,
        "IgnorePublicAcls": True,
        "RestrictPublicBuckets": True,
    }
    assert [r["ExpirationInDays"] for r in props["LifecycleConfiguration"]["Rules"]] == [1]
    assert "BucketEncryption" in props
    (policy,) = [p["Properties"]["PolicyDocument"] for p in resources(template, "AWS::S3::BucketPolicy").values()]
    assert any(s["Effect"] == "Deny" and "aws:SecureTransport" in json.dumps(s) for s in policy["Statement"])
    on_bucket: dict[str, set[str]] = {}
    for name, statements in policy_statements(template).items():
        for statement in statements:
            if bucket_id in json.dumps(statement["Resource"]):
                on_bucket.setdefault(name.split("/")[0], set()).update(as_list(statement["Action"]))
    assert {next(f for f in ("Api", "Jobs") if f in k): v for k, v in on_bucket.items()} == {
        "Api": {"s3:GetObject"},
        "Jobs": {"s3:PutObject", "s3:DeleteObject"},
    }
    assert len(on_bucket) == 2


def test_the_line_webhook_only_verifies_dedups_and_queues(templates: dict[str, dict[str, Any]]) -> None:
    """W1: the webhook function may keep its markers, send to the LINE event queue and read the
    channel secrets, and seal each job with its user's data key (P3: the field key and the key
    table) — no model secret, no search; the worker dead-letters."""
    template = templates["dev"]
    queues = resources(template, "AWS::SQS::Queue")
    events = next(k for k, q in queues.items() if q["Properties"].get("QueueName") == "engram-dev-line-events.fifo")
    dlq = next(k for k, q in queues.items() if q["Properties"].get("QueueName") == "engram-dev-line-dlq.fifo")
    props = queues[events]["Properties"]
    assert props["FifoQueue"] is True and props["ContentBasedDeduplication"] is False
    assert props["RedrivePolicy"]["deadLetterTargetArn"] == {"Fn::GetAtt": [dlq, "Arn"]}
    statements = policy_statements(template)
    (webhook,) = [s for p, s in statements.items() if "LineWebhook" in p]
    actions = {a for s in webhook for a in as_list(s["Action"])}
    assert {
        "dynamodb:GetItem",
        "dynamodb:PutItem",
        "dynamodb:DeleteItem",
        "dynamodb:ConditionCheckItem",  # P1: the erasure fence's check beside each marker's put
        "sqs:SendMessage",
    } <= actions
    assert not any(a.startswith(("es:", "dynamodb:Query", "dynamodb:Update", "lambda:")) for a in actions)
    kms = [s for s in webhook if any(a.startswith("kms:") for a in as_list(s["Action"]))]
    field_key = [s for s in kms if "DataFieldKey" in json.dumps(s["Resource"])]
    assert field_key and all(set(as_list(s["Action"])) <= {"kms:Decrypt", "kms:GenerateDataKey"} for s in field_key)
    # otherwise the table's key, through DynamoDB only
    assert all("kms:ViaService" in json.dumps(s.get("Condition", {})) for s in kms if s not in field_key)
    sends = [s for s in webhook if "sqs:SendMessage" in as_list(s["Action"])]
    assert all(events in json.dumps(s["Resource"]) for s in sends)
    secrets = [s for s in webhook if "secretsmanager:GetSecretValue" in as_list(s["Action"])]
    assert secrets and all("engram/dev/line/respira" in json.dumps(s["Resource"]) for s in secrets)
    (worker,) = [s for p, s in statements.items() if "LineWorker" in p]
    assert any("sqs:SendMessage" in as_list(s["Action"]) and dlq in json.dumps(s["Resource"]) for s in worker)
    functions = resources(template, "AWS::Lambda::Function")
    (fn,) = [f for f in functions.values() if f["Properties"]["Handler"] == "line_webhook.handler.lambda_handler"]
    channels = json.loads(json.dumps(fn["Properties"]["Environment"]["Variables"]["ENGRAM_LINE_CHANNELS"]))
    assert "respira" in json.dumps(channels)


def test_the_jobs_hold_what_the_erasure_job_uses(templates: dict[str, dict[str, Any]]) -> None:
    """The erasure job names users by the keyed hash in the erasure log, exports and re-erasures:
    the jobs function gets the hash key's secret (and its grant), as the api does."""
    template = templates["prod"]
    functions = resources(template, "AWS::Lambda::Function")
    (jobs_fn,) = [f for f in functions.values() if f["Properties"]["Handler"] == "jobs.handler.lambda_handler"]
    variables = jobs_fn["Properties"]["Environment"]["Variables"]
    (hash_key,) = [k for k in resources(template, "AWS::SecretsManager::Secret") if "ErasureHashKey" in k]
    assert hash_key in json.dumps(variables["ENGRAM_ERASURE_HASH_KEY_SECRET_ARN"])
    (jobs,) = [s for p, s in policy_statements(template).items() if "JobsFunction" in p]
    assert any(
        "secretsmanager:GetSecretValue" in as_list(s["Action"]) and hash_key in json.dumps(s["Resource"]) for s in jobs
    )
