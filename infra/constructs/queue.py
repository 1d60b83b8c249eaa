"""SQS FIFO queue for the slow part of a turn (message group = conversation)."""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import EnvConfig

# AWS guidance for Lambda consumers: visibility timeout >= 6x the function timeout,
# so a batch retried by Lambda's poller is not redelivered while still running.
VISIBILITY_FACTOR = 6


class TurnQueue(Construct):
    def __init__(self, scope: Construct, cid: str, *, cfg: EnvConfig) -> None:
        super().__init__(scope, cid)
        removal = RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY
        self.dlq = sqs.Queue(
            self,
            "DeadLetters",
            queue_name=f"{cfg.prefix}-turns-dlq.fifo",
            fifo=True,
            content_based_deduplication=False,
            retention_period=Duration.days(14),  # the longest SQS allows: time to inspect and redrive
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            removal_policy=removal,
        )
        self.queue = sqs.Queue(
            self,
            "Turns",
            queue_name=f"{cfg.prefix}-turns.fifo",
            fifo=True,
            # Producers set MessageDeduplicationId = request id (D1), never a body hash:
            # two identical texts a minute apart are two turns.
            content_based_deduplication=False,
            # Per message group (one conversation): keeps throughput per conversation, not per queue.
            deduplication_scope=sqs.DeduplicationScope.MESSAGE_GROUP,
            fifo_throughput_limit=sqs.FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
            visibility_timeout=Duration.seconds(VISIBILITY_FACTOR * cfg.turn_worker.timeout_s),
            retention_period=Duration.days(4),
            encryption=sqs.QueueEncryption.SQS_MANAGED,  # SSE-SQS: no KMS grants for producers/consumers
            enforce_ssl=True,
            dead_letter_queue=sqs.DeadLetterQueue(queue=self.dlq, max_receive_count=cfg.queue_max_receive_count),
            removal_policy=removal,
        )
