"""Scheduled jobs (R7): one function, one EventBridge rule per job.

Each rule sends an event shaped like an EventBridge scheduled event, with the
job name in `detail.job`, so the handler can parse it as an EventBridgeEvent
and local runners can replay `events/` samples of the same shape.
"""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_events as events
from aws_cdk import aws_events_targets as targets
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_destinations as destinations
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import EnvConfig
from infra.constructs.function import EngramFunction, SharedRuntime
from infra.nag import acknowledge

JOB_EVENT_SOURCE = "engram.jobs"


def _schedule(expression: str) -> events.Schedule:
    # Schedule.expression passes rate()/cron() through verbatim: one syntax in config and console.
    if not expression.startswith(("rate(", "cron(")):
        raise ValueError(f"schedule must be rate(...) or cron(...): {expression!r}")
    return events.Schedule.expression(expression)


def job_input(job: str) -> events.RuleTargetInput:
    return events.RuleTargetInput.from_object(
        {
            "version": "0",
            "id": events.EventField.event_id,
            "detail-type": "Scheduled Event",
            "source": JOB_EVENT_SOURCE,
            "account": events.EventField.account,
            "time": events.EventField.time,
            "region": events.EventField.region,
            "resources": [],
            "detail": {"job": job},
        }
    )


class Jobs(Construct):
    def __init__(self, scope: Construct, cid: str, *, cfg: EnvConfig, shared: SharedRuntime) -> None:
        super().__init__(scope, cid)
        self._prefix = cfg.prefix
        # Failed deliveries (rule -> Lambda) and failed async invocations both land here.
        self.dlq = sqs.Queue(
            self,
            "JobFailures",
            retention_period=Duration.days(14),
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            removal_policy=RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY,
        )
        acknowledge(self.dlq, "SQS3", "This queue is the dead-letter queue of the scheduled jobs.")
        self.handler = EngramFunction(
            self,
            "JobsFunction",
            cfg=cfg,
            handler="jobs.handler.lambda_handler",
            description="Scheduled jobs: idle sessions, lifecycle, consolidation, retention, erasure",
            sizing=cfg.jobs,
            shared=shared,
        )
        # Every job is idempotent and cheap to rerun at its next tick: one retry, then the DLQ.
        self.handler.function.configure_async_invoke(
            retry_attempts=1,
            max_event_age=Duration.hours(1),
            on_failure=destinations.SqsDestination(self.dlq),
        )
        self.rules: dict[str, events.Rule] = {}
        for job, expression in cfg.schedules.items():
            self.schedule_function(job, expression, self.handler.function)

    def schedule_function(self, job: str, expression: str, function: lambda_.IFunction) -> events.Rule:
        """One EventBridge rule sending the job's scheduled-event-shaped input to `function` (the
        jobs function, or the indexer for its reconciliation), failures to the jobs' DLQ."""
        rule = events.Rule(
            self,
            f"{job.title().replace('_', '')}Schedule",
            rule_name=f"{self._prefix}-job-{job.replace('_', '-')}",
            description=f"Engram job {job}: {expression}",
            schedule=_schedule(expression),
        )
        rule.add_target(
            targets.LambdaFunction(
                function,
                event=job_input(job),
                dead_letter_queue=self.dlq,
                retry_attempts=2,
                max_event_age=Duration.hours(1),
            )
        )
        self.rules[job] = rule
        return rule
