"""W1–W3: the LINE channel. `POST /line/webhook/{channel}` (no authorizer: LINE can neither sign
with IAM nor send a JWT; the function verifies X-Line-Signature over the raw body with the
channel secret before anything else) -> the webhook function, which deduplicates and queues
each event on a FIFO queue (group = chat) -> the line worker, which runs the turn and replies
through the Messaging API. Events the worker cannot answer go to the dead-letter queue with what
a replay needs (the worker puts them there itself; SQS moves a message there after
queue_max_receive_count failed receives)."""

from __future__ import annotations

import json

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_apigatewayv2_integrations as integrations
from aws_cdk import aws_lambda_event_sources as sources
from aws_cdk import aws_secretsmanager as secretsmanager
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import EnvConfig
from infra.constructs.function import EngramFunction, SharedRuntime
from infra.constructs.queue import VISIBILITY_FACTOR
from infra.nag import acknowledge


class LineChannel(Construct):
    def __init__(
        self, scope: Construct, cid: str, *, cfg: EnvConfig, shared: SharedRuntime, http_api: apigw.HttpApi
    ) -> None:
        super().__init__(scope, cid)
        removal = RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY
        self.dlq = sqs.Queue(
            self,
            "DeadLetters",
            queue_name=f"{cfg.prefix}-line-dlq.fifo",
            fifo=True,
            content_based_deduplication=False,
            retention_period=Duration.days(14),
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            removal_policy=removal,
        )
        self.queue = sqs.Queue(
            self,
            "Events",
            queue_name=f"{cfg.prefix}-line-events.fifo",
            fifo=True,
            content_based_deduplication=False,  # the webhook sets the dedup id from webhookEventId
            deduplication_scope=sqs.DeduplicationScope.MESSAGE_GROUP,
            fifo_throughput_limit=sqs.FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
            visibility_timeout=Duration.seconds(VISIBILITY_FACTOR * cfg.turn_worker.timeout_s),
            retention_period=Duration.days(4),
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            dead_letter_queue=sqs.DeadLetterQueue(queue=self.dlq, max_receive_count=cfg.queue_max_receive_count),
            removal_policy=removal,
        )
        self.webhook = EngramFunction(
            self,
            "LineWebhook",
            cfg=cfg,
            handler="line_webhook.handler.lambda_handler",
            description="LINE webhook: signature, dedup per webhookEventId, queue (no model call)",
            sizing=cfg.line_webhook or cfg.api,
            shared=shared,
        )
        self.worker = EngramFunction(
            self,
            "LineWorker",
            cfg=cfg,
            handler="line_worker.handler.lambda_handler",
            description="LINE events -> turn -> reply (reply token, push fallback, retries, DLQ)",
            sizing=cfg.turn_worker,
            shared=shared,
        )
        self.worker.function.add_event_source(
            sources.SqsEventSource(self.queue, batch_size=10, report_batch_item_failures=True)
        )
        self.queue.grant_send_messages(self.webhook.role)
        self.dlq.grant_send_messages(self.worker.role)
        channels = []
        self.secrets: list[secretsmanager.ISecret] = []
        for channel in cfg.line_channels:
            secret = secretsmanager.Secret.from_secret_name_v2(self, f"Channel-{channel.id}", channel.secret_name)
            secret.grant_read(self.webhook.role)
            secret.grant_read(self.worker.role)
            channels.append(
                {
                    "id": channel.id,
                    "tenant": channel.tenant,
                    "persona": channel.persona,
                    "language": channel.language,
                    "secret_arn": secret.secret_arn,
                    "erase_after_unfollow_s": channel.erase_after_unfollow_s,
                }
            )
            self.secrets.append(secret)
        self.channels_json = json.dumps(channels)  # the jobs function sends the chat's erasure receipts
        for fn in (self.webhook, self.worker):
            fn.add_environment("ENGRAM_LINE_CHANNELS", self.channels_json)
        self.webhook.add_environment("ENGRAM_LINE_QUEUE_URL", self.queue.queue_url)
        self.worker.add_environment("ENGRAM_LINE_DLQ_URL", self.dlq.queue_url)
        routes = http_api.add_routes(
            path="/line/webhook/{channel}",
            methods=[apigw.HttpMethod.POST],
            integration=integrations.HttpLambdaIntegration("LineWebhookIntegration", self.webhook.target),
        )
        self.routes = routes  # anonymous: throttled per route (EngramApi.throttle_routes)
        for route in routes:
            acknowledge(
                route,
                "APIG4",
                "LINE's servers call this route and can neither sign with IAM nor send a JWT: it has no "
                "authorizer, and the function verifies X-Line-Signature (HMAC-SHA256 of the raw body with the "
                "channel secret, constant-time) before anything else, answering 401 to a bad or missing one.",
            )
