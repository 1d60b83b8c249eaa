"""Transactional outbox: the table's stream -> EventBridge Pipe -> the turn FIFO queue.

A stored round (SK `TURN#...`) or a closed run (SK `RUN#...`) is its own post-turn
job: the item is written in the same transaction as the rest of the turn, so a
crash after the write cannot lose the job, and no function sends it. The pipe
forwards each INSERT of such an item unchanged (the SQS body is the stream record
JSON; the turn worker parses it), with the FIFO group and dedup id the writer put
on the item (`job_group`, `job_dedup`).
"""

from __future__ import annotations

import json
from typing import Any

from aws_cdk import Aws, Duration, RemovalPolicy, Stack
from aws_cdk import aws_dynamodb as ddb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_pipes as pipes
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import EnvConfig
from infra.nag import acknowledge

# Sort-key prefixes of the items that carry a job (layers/engram/.../dynamodb/keys.py).
OUTBOX_SK_PREFIXES = ("TURN#", "RUN#")
GROUP_ID_PATH = "$.dynamodb.NewImage.job_group.S"
DEDUP_ID_PATH = "$.dynamodb.NewImage.job_dedup.S"
# What a pipe needs to read a DynamoDB stream (EventBridge Pipes execution-role docs).
STREAM_READ_ACTIONS = [
    "dynamodb:DescribeStream",
    "dynamodb:GetRecords",
    "dynamodb:GetShardIterator",
    "dynamodb:ListStreams",
]


def outbox_filter_pattern() -> dict[str, Any]:
    """Only inserts ask for a job: an update of the same item (summary cursor, lease) must not repeat it."""
    return {
        "eventName": ["INSERT"],
        "dynamodb": {"Keys": {"SK": {"S": [{"prefix": p} for p in OUTBOX_SK_PREFIXES]}}},
    }


class OutboxPipe(Construct):
    def __init__(
        self,
        scope: Construct,
        cid: str,
        *,
        cfg: EnvConfig,
        table: ddb.ITable,
        table_key: kms.IKey,
        queue: sqs.IQueue,
    ) -> None:
        super().__init__(scope, cid)
        stream_arn = table.table_stream_arn
        if stream_arn is None:
            raise ValueError("the outbox pipe needs the table's stream")
        name = f"{cfg.prefix}-outbox"
        # Standard queue: a stream source's dead-letter target cannot be FIFO. It receives
        # the coordinates of a failed batch (shard, sequence numbers), not the records.
        self.dlq = sqs.Queue(
            self,
            "PipeFailures",
            retention_period=Duration.days(14),
            encryption=sqs.QueueEncryption.SQS_MANAGED,  # SSE-SQS: no KMS grant for the pipe
            enforce_ssl=True,
            removal_policy=RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY,
        )
        acknowledge(self.dlq, "SQS3", "This queue is the dead-letter queue of the outbox pipe.")

        pipe_arn = Stack.of(self).format_arn(service="pipes", resource="pipe", resource_name=name)
        self.role = iam.Role(
            self,
            "Role",
            # Confused deputy: only this account's pipe of this name may assume the role.
            assumed_by=iam.ServicePrincipal(
                "pipes.amazonaws.com",
                conditions={"StringEquals": {"aws:SourceAccount": Aws.ACCOUNT_ID, "aws:SourceArn": pipe_arn}},
            ),
            description=f"{cfg.prefix} outbox pipe: read the table stream, send to the turn queue",
        )
        self.role.add_to_policy(iam.PolicyStatement(actions=STREAM_READ_ACTIONS, resources=[stream_arn]))
        # Stream records are encrypted with the table's customer-managed key.
        self.role.add_to_policy(
            iam.PolicyStatement(
                actions=["kms:Decrypt"],
                resources=[table_key.key_arn],
                conditions={"StringEquals": {"kms:ViaService": f"dynamodb.{Stack.of(self).region}.amazonaws.com"}},
            )
        )
        # Both queues use SSE-SQS, so sending needs no KMS permission.
        self.role.add_to_policy(
            iam.PolicyStatement(actions=["sqs:SendMessage"], resources=[queue.queue_arn, self.dlq.queue_arn])
        )

        self.pipe = pipes.CfnPipe(
            self,
            "Pipe",
            name=name,
            description="Table stream -> turn queue: stored rounds and closed runs become post-turn jobs",
            role_arn=self.role.role_arn,
            source=stream_arn,
            source_parameters=pipes.CfnPipe.PipeSourceParametersProperty(
                dynamo_db_stream_parameters=pipes.CfnPipe.PipeSourceDynamoDBStreamParametersProperty(
                    starting_position="LATEST",
                    batch_size=10,
                    maximum_retry_attempts=cfg.outbox_retry_attempts,
                    # The stream keeps records 24 h: older ones are gone anyway.
                    maximum_record_age_in_seconds=int(Duration.hours(24).to_seconds()),
                    # Isolate a record that cannot be sent (e.g. no job_group) instead of blocking the shard.
                    on_partial_batch_item_failure="AUTOMATIC_BISECT",
                    dead_letter_config=pipes.CfnPipe.DeadLetterConfigProperty(arn=self.dlq.queue_arn),
                ),
                filter_criteria=pipes.CfnPipe.FilterCriteriaProperty(
                    filters=[pipes.CfnPipe.FilterProperty(pattern=json.dumps(outbox_filter_pattern()))]
                ),
            ),
            target=queue.queue_arn,
            # No input template: the message body is the stream record itself.
            target_parameters=pipes.CfnPipe.PipeTargetParametersProperty(
                sqs_queue_parameters=pipes.CfnPipe.PipeTargetSqsQueueParametersProperty(
                    message_group_id=GROUP_ID_PATH,
                    message_deduplication_id=DEDUP_ID_PATH,
                )
            ),
        )
        # The role's policy is a separate resource: the pipe must not start before it exists.
        self.pipe.node.add_dependency(self.role)
