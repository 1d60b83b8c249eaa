"""Alarms (O2, G2) and the SNS topic they notify.

Custom metrics come from Powertools Metrics in namespace `Engram`; Powertools
adds the `service` dimension (POWERTOOLS_SERVICE_NAME) to every metric, so
each alarm names it too.
"""

from __future__ import annotations

from collections.abc import Mapping

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_cloudwatch_actions as cw_actions
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import EnvConfig

NAMESPACE = "Engram"
FIVE_MINUTES = Duration.minutes(5)


class Observability(Construct):
    def __init__(
        self,
        scope: Construct,
        cid: str,
        *,
        cfg: EnvConfig,
        http_api: apigw.HttpApi,
        functions: Mapping[str, lambda_.Function],
        dead_letter_queues: Mapping[str, sqs.IQueue],
        indexer: lambda_.Function,
    ) -> None:
        super().__init__(scope, cid)
        limits = cfg.alarms
        key = kms.Key(
            self,
            "AlarmTopicKey",
            description=f"{cfg.prefix}: alarm topic encryption",
            enable_key_rotation=True,
            removal_policy=RemovalPolicy.DESTROY,  # holds no data at rest worth keeping
            pending_window=Duration.days(7),
        )
        # CloudWatch publishes to an encrypted topic only if the key lets it.
        key.add_to_resource_policy(
            iam.PolicyStatement(
                principals=[iam.ServicePrincipal("cloudwatch.amazonaws.com")],
                actions=["kms:Decrypt", "kms:GenerateDataKey"],
                resources=["*"],  # in a key policy, "*" means this key
            )
        )
        # Always created, so operators can subscribe chat / paging tools later.
        self.topic = sns.Topic(
            self, "Alarms", display_name=f"Engram {cfg.name} alarms", master_key=key, enforce_ssl=True
        )
        if cfg.alarm_email:
            self.topic.add_subscription(subscriptions.EmailSubscription(cfg.alarm_email))
        self.alarms: dict[str, cw.Alarm] = {}
        service = {"service": cfg.service_name}

        self._alarm(
            "Api5xx",
            http_api.metric_server_error(period=FIVE_MINUTES, statistic="Sum"),
            threshold=limits.api_5xx_per_5min,
            description="HTTP API 5xx responses",
        )
        self._alarm(
            "RetrievalLatencyP95",
            cw.Metric(
                namespace=NAMESPACE,
                metric_name="retrieval_latency_ms",
                dimensions_map=service,
                statistic="p95",
                period=FIVE_MINUTES,
            ),
            threshold=limits.retrieval_p95_ms,
            comparison=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
            evaluation_periods=3,
            datapoints_to_alarm=2,
            description="O2: memory retrieval p95 above target",
        )
        gate = {
            decision.lower(): cw.Metric(
                namespace=NAMESPACE,
                metric_name="gate_decision",
                dimensions_map={**service, "decision": decision},
                statistic="Sum",
                period=Duration.hours(1),
            )
            for decision in ("SKIP", "USE")
        }
        self._alarm(
            "GateSkipRatio",
            cw.MathExpression(
                # Below gate_min_decisions per hour the ratio says nothing: report 0 instead.
                expression=f"IF((skip + use) >= {limits.gate_min_decisions}, 100 * skip / (skip + use), 0)",
                using_metrics=gate,
                label="gate SKIP %",
                period=Duration.hours(1),
            ),
            threshold=100 * limits.gate_skip_ratio,
            comparison=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
            description="G2: memory gate says SKIP for more than the configured share of turns",
        )
        self._alarm(
            "UnsummarizedRounds",
            cw.Metric(
                namespace=NAMESPACE,
                metric_name="unsummarized_rounds",
                dimensions_map=service,
                statistic="Maximum",
                period=FIVE_MINUTES,
            ),
            threshold=limits.unsummarized_rounds,
            comparison=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
            description="O2: a conversation has more rounds than this without a summary",
        )
        for name, queue in dead_letter_queues.items():
            self._alarm(
                f"{name.title()}DlqDepth",
                queue.metric_approximate_number_of_messages_visible(period=FIVE_MINUTES, statistic="Maximum"),
                threshold=0,
                comparison=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
                description=f"O2: messages in the {name} dead-letter queue",
            )
        for name, function in functions.items():
            self._alarm(
                f"{name}Errors",
                function.metric_errors(period=FIVE_MINUTES, statistic="Sum"),
                threshold=limits.function_errors_per_5min,
                description=f"O2: {name} function errors",
            )
        self._alarm(
            "IndexerIteratorAge",
            indexer.metric("IteratorAge", period=FIVE_MINUTES, statistic="Maximum"),
            threshold=Duration.minutes(5).to_milliseconds(),
            comparison=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
            evaluation_periods=3,
            description="The search index lags the table by more than 5 minutes",
        )

    def _alarm(
        self,
        name: str,
        metric: cw.IMetric,
        *,
        threshold: float,
        description: str,
        comparison: cw.ComparisonOperator = cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluation_periods: int = 1,
        datapoints_to_alarm: int | None = None,
    ) -> None:
        alarm = cw.Alarm(
            self,
            name,
            metric=metric,
            threshold=threshold,
            comparison_operator=comparison,
            evaluation_periods=evaluation_periods,
            datapoints_to_alarm=datapoints_to_alarm,
            treat_missing_data=cw.TreatMissingData.NOT_BREACHING,  # no traffic is not an incident
            alarm_description=description,
        )
        alarm.add_alarm_action(cw_actions.SnsAction(self.topic))
        alarm.add_ok_action(cw_actions.SnsAction(self.topic))
        self.alarms[name] = alarm
