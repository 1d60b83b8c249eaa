"""Asynchronous workers: the turn worker (SQS FIFO) and the memory indexer (table stream)."""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_dynamodb as ddb
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_event_sources as sources
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import EnvConfig
from infra.constructs.function import EngramFunction, SharedRuntime
from infra.constructs.queue import TurnQueue
from infra.nag import acknowledge

# keys.MEMORY_PREFIX in layers/engram/engram/adapters/dynamodb/keys.py.
MEMORY_SK_PREFIX = "M#"


class Workers(Construct):
    def __init__(
        self,
        scope: Construct,
        cid: str,
        *,
        cfg: EnvConfig,
        shared: SharedRuntime,
        turns: TurnQueue,
        table: ddb.ITable,
    ) -> None:
        super().__init__(scope, cid)
        self.turn_worker = EngramFunction(
            self,
            "TurnWorker",
            cfg=cfg,
            handler="turn_worker.handler.lambda_handler",
            description="Slow part of a turn: LLM reply, summary, extraction, LINE reply",
            sizing=cfg.turn_worker,
            shared=shared,
        )
        self.turn_worker.function.add_event_source(
            sources.SqsEventSource(
                turns.queue,
                batch_size=10,
                # Only the failed messages (and the rest of their message group) are retried.
                report_batch_item_failures=True,
            )
        )

        self.indexer = EngramFunction(
            self,
            "MemoryIndexer",
            cfg=cfg,
            handler="memory_indexer.handler.lambda_handler",
            description="DynamoDB Streams -> OpenSearch; the only writer of the memory index",
            sizing=cfg.indexer,
            shared=shared,
            reads_stream=True,
        )
        # Standard queue: Lambda's stream on-failure destination does not accept FIFO queues.
        # It receives batch metadata (shard, sequence numbers), not the records.
        self.indexer_dlq = sqs.Queue(
            self,
            "IndexerFailures",
            retention_period=Duration.days(14),
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            removal_policy=RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY,
        )
        acknowledge(self.indexer_dlq, "SQS3", "This queue is the on-failure destination of the indexer.")
        self.indexer.function.add_event_source(
            sources.DynamoEventSource(
                table,
                starting_position=lambda_.StartingPosition.TRIM_HORIZON,
                batch_size=100,
                max_batching_window=Duration.seconds(1),
                report_batch_item_failures=True,
                bisect_batch_on_error=True,  # isolate a poison record instead of blocking the shard
                retry_attempts=cfg.indexer_retry_attempts,
                max_record_age=Duration.hours(24),
                on_failure=sources.SqsDlq(self.indexer_dlq),
                # Memory records only (KB chunks are memory records too, SK M#...): the stream
                # also carries every round, meta and marker, which would only wake the indexer.
                filters=[
                    lambda_.FilterCriteria.filter(
                        {"dynamodb": {"Keys": {"SK": {"S": lambda_.FilterRule.begins_with(MEMORY_SK_PREFIX)}}}}
                    )
                ],
            )
        )
        self.dead_letter_queues: dict[str, sqs.IQueue] = {
            "turns": turns.dlq,
            "indexer": self.indexer_dlq,
        }
