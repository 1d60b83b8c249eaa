"""Memory change events (docs/events.md): the stack's EventBridge bus, and per environment the
outgoing webhooks (infra/config.py `event_destinations`) as EventBridge API destinations.

The memory indexer publishes every memory change (it already reads the table's stream: one
consumer, not a second one in an EventBridge Pipe) and the erasure job one user.erased per
completed erasure. Operators subscribe with their own rules on this bus. A destination's
deliveries are EventBridge's: a rule with a retry policy, a dead-letter queue, and an alarm on
that queue (Observability, like every other DLQ of the stack)."""

from __future__ import annotations

import re

from aws_cdk import Duration, RemovalPolicy, SecretValue
from aws_cdk import aws_events as events
from aws_cdk import aws_events_targets as targets
from aws_cdk import aws_iam as iam
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import EnvConfig, EventDestination
from infra.nag import acknowledge

SOURCE = "engram"  # engram.memory.change_events.SOURCE
NAME = re.compile(r"^[A-Za-z0-9-]{1,40}$")


class MemoryEvents(Construct):
    def __init__(self, scope: Construct, cid: str, *, cfg: EnvConfig) -> None:
        super().__init__(scope, cid)
        self.bus = events.EventBus(self, "Bus", event_bus_name=f"{cfg.prefix}-events")
        self.dead_letter_queues: dict[str, sqs.IQueue] = {}
        seen: set[str] = set()
        for dest in cfg.event_destinations:
            if not NAME.match(dest.name) or dest.name in seen:
                raise ValueError(f"event destination name {dest.name!r}: [A-Za-z0-9-]{{1,40}}, unique")
            if not dest.endpoint.startswith("https://"):
                raise ValueError(f"event destination {dest.name}: EventBridge calls https:// endpoints only")
            seen.add(dest.name)
            self._destination(cfg, dest)

    def _destination(self, cfg: EnvConfig, dest: EventDestination) -> None:
        cid = "".join(part.capitalize() for part in dest.name.split("-"))
        connection = events.Connection(
            self,
            f"{cid}Connection",
            description=f"{cfg.prefix}: memory events to {dest.name}",
            # EventBridge keeps the credential in a secret of its own; the value is read at deploy
            authorization=events.Authorization.api_key(
                dest.header, SecretValue.secrets_manager(dest.secret_name, json_field="api_key")
            ),
        )
        destination = events.ApiDestination(
            self,
            f"{cid}Destination",
            connection=connection,
            endpoint=dest.endpoint,
            http_method=events.HttpMethod.POST,
            rate_limit_per_second=dest.rate_per_second,
            description=f"{cfg.prefix}: memory events to {dest.name}",
        )
        dlq = sqs.Queue(
            self,
            f"{cid}Failures",
            retention_period=Duration.days(14),
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            removal_policy=RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY,
        )
        acknowledge(dlq, "SQS3", f"This queue is the dead-letter queue of the {dest.name} event destination.")
        rule = events.Rule(
            self,
            f"{cid}Rule",
            event_bus=self.bus,
            description=f"{cfg.prefix}: memory events to {dest.name}",
            event_pattern=events.EventPattern(source=[SOURCE], detail_type=list(dest.detail_types)),
        )
        rule.add_target(
            targets.ApiDestination(
                destination,
                dead_letter_queue=dlq,
                retry_attempts=dest.retry_attempts,
                max_event_age=Duration.hours(dest.max_event_age_hours),
            )
        )
        self.dead_letter_queues[f"events-{dest.name}"] = dlq

    def grant_publish(self, grantee: iam.IGrantable) -> None:
        self.bus.grant_put_events_to(grantee)
