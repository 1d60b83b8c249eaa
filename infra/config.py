"""Per-environment deployment configuration.

One `EnvConfig` per environment, passed explicitly into every construct: the
constructs never ask "is this prod?", they read a field. To change an
environment, change its config here — not the constructs.

Account ids: `None` means "the account of the credentials the CDK CLI runs
with" (CDK_DEFAULT_ACCOUNT), and account-agnostic when there are none (offline
synth, tests). Pin the real account id of staging / prod here so a deploy with
the wrong credentials fails instead of creating a second prod.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

Plan = Literal["free", "paid"]
JobName = Literal["idle_sessions", "lifecycle", "consolidation", "retention", "erasure"]

# R7: EventBridge expressions (UTC). Every one of them is configuration.
DEFAULT_SCHEDULES: Mapping[JobName, str] = MappingProxyType(
    {
        "idle_sessions": "rate(5 minutes)",  # S6 idle-session summarization
        "lifecycle": "cron(0 3 * * ? *)",  # R1-R4 daily 03:00
        "consolidation": "cron(0 4 ? * SUN *)",  # L9 weekly, Sunday 04:00
        "retention": "cron(30 3 * * ? *)",  # R3 / R6 daily 03:30 (after lifecycle)
        "erasure": "rate(15 minutes)",  # P1
    }
)


@dataclass(frozen=True)
class FunctionSizing:
    memory_mb: int
    timeout_s: int
    # None = unreserved. New accounts have a concurrency quota of 10, so
    # reserving anything in dev would fail the deploy.
    reserved_concurrency: int | None = None
    # Cold starts (docs/cost.md): SnapStart resumes new environments from a snapshot of init
    # (engram/snapshot.py keeps credentials and connections out of it); provisioned concurrency keeps
    # this many initialized. Either publishes a version behind the alias "live", which API Gateway
    # invokes. Lambda allows one or the other on a function, not both.
    snapstart: bool = False
    provisioned_concurrency: int = 0

    def __post_init__(self) -> None:
        if self.snapstart and self.provisioned_concurrency:
            raise ValueError("SnapStart and provisioned concurrency exclude each other (Lambda)")
        if self.provisioned_concurrency < 0:
            raise ValueError("provisioned_concurrency must be >= 0")
        reserved = self.reserved_concurrency
        if reserved is not None and self.provisioned_concurrency > reserved:
            raise ValueError("provisioned_concurrency cannot exceed reserved_concurrency")

    @property
    def published(self) -> bool:
        """Invoked through a published version and its alias, not $LATEST."""
        return self.snapstart or self.provisioned_concurrency > 0


@dataclass(frozen=True)
class SearchSizing:
    """OpenSearch managed-domain sizing (k-NN needs a managed domain or a vector collection)."""

    data_node_instance_type: str
    data_nodes: int
    volume_size_gib: int
    master_node_instance_type: str | None = None  # None = no dedicated masters
    master_nodes: int = 0
    zone_awareness_azs: int | None = None  # None = single AZ


@dataclass(frozen=True)
class AlarmThresholds:
    retrieval_p95_ms: float = 1000.0  # O2
    gate_skip_ratio: float = 0.95  # G2
    gate_min_decisions: int = 50  # below this many decisions per period the ratio is noise
    unsummarized_rounds: int = 100  # O2 "conversation > 100 rounds without summary"
    api_5xx_per_5min: int = 5
    function_errors_per_5min: int = 1


@dataclass(frozen=True)
class Throttle:
    """An API Gateway token bucket: steady requests per second and the burst above it."""

    rate: int
    burst: int


# Per-route limits under the stage's: the routes anyone can call without credentials get their own,
# smaller bucket, so a flood on them is refused there and never spends the stage's (every user's).
def anonymous_throttles(inspector: Throttle, inspector_files: Throttle, line: Throttle) -> Mapping[str, Throttle]:
    return MappingProxyType(
        {
            "GET /inspector": inspector,
            "GET /inspector/{name}": inspector_files,  # one page load fetches a few files
            "POST /line/webhook/{channel}": line,  # LINE redelivers a refused (429) event when redelivery is on
        }
    )


@dataclass(frozen=True)
class LineChannelConfig:
    """W1: one LINE channel: its webhook URL ends in `id`; its turns are `tenant`'s with `persona`.
    The secret (created out of band, docs/deploy.md) holds {"channel_secret", "channel_access_token"}."""

    id: str
    tenant: str
    persona: str
    secret_name: str
    language: str = "zh-TW"
    # W4: an unfollow erases the user after this many seconds (a re-follow within it cancels); None: never
    erase_after_unfollow_s: int | None = None


@dataclass(frozen=True)
class EventDestination:
    """An outgoing webhook of memory change events (docs/events.md): an EventBridge rule on the
    stack's bus sends the matching events to an API destination, authorized by a connection whose
    credential comes from Secrets Manager; failed deliveries are retried by EventBridge, then land
    in a dead-letter queue with an alarm. No code of ours runs per delivery.

    The secret (created out of band) holds {"api_key": "..."}: EventBridge sends it as the
    `header` on every request (the receiver checks it; the body never carries content)."""

    name: str  # [A-Za-z0-9-]{1,40}: names the resources
    endpoint: str  # https://... (EventBridge API destinations call HTTPS endpoints only)
    secret_name: str
    header: str = "X-Engram-Signature"
    # detail-types this destination receives (docs/events.schema.json); the source is always engram
    detail_types: tuple[str, ...] = ("memory.created", "memory.updated", "memory.deleted", "user.erased")
    rate_per_second: int = 10  # the API destination's invocation rate limit
    retry_attempts: int = 185  # EventBridge's maximum
    max_event_age_hours: int = 24


# The ADOT Lambda layer for Python (AWSOpenTelemetryDistroPython) per region: published by a
# different account in each region; take the ARN for yours from the table in
# https://aws-otel.github.io/docs/getting-started/lambda and pin its version here.
ADOT_PYTHON_LAYERS: Mapping[str, str] = MappingProxyType(
    {"us-east-1": "arn:aws:lambda:us-east-1:615299751070:layer:AWSOpenTelemetryDistroPython:16"}
)


@dataclass(frozen=True)
class TracingConfig:
    """O3: where the functions' spans go (ENGRAM_TRACING, engram/observability/otel.py).

    - "adot": the ADOT Lambda layer (`layer_arn`) wraps each handler (AWS_LAMBDA_EXEC_WRAPPER=
      /opt/otel-instrument), owns the OpenTelemetry SDK and sends the spans to X-Ray through the
      X-Ray daemon Lambda runs for active tracing, which therefore stays on (with its
      xray:PutTraceSegments grant); our spans go to the layer's provider.
    - "otlp": our SDK, imported at the first span, sends OTLP/HTTP to `otlp_endpoint` (a collector
      the operator runs); no X-Ray, so active tracing is off and the role holds no X-Ray grant.
    - "off": no spans, no X-Ray.
    """

    exporter: Literal["off", "otlp", "adot"]
    layer_arn: str = ""
    otlp_endpoint: str = ""

    def __post_init__(self) -> None:
        if self.exporter == "adot" and not self.layer_arn:
            raise ValueError("tracing 'adot' needs the ADOT layer's ARN for the region (ADOT_PYTHON_LAYERS)")
        if self.exporter == "otlp" and not self.otlp_endpoint:
            raise ValueError("tracing 'otlp' needs otlp_endpoint (the collector's OTLP/HTTP traces URL)")

    @property
    def xray(self) -> bool:
        """Whether Lambda's active tracing (and its X-Ray daemon) is part of the path."""
        return self.exporter == "adot"


@dataclass(frozen=True)
class EnvConfig:
    name: Literal["dev", "staging", "prod"]
    region: str
    account: str | None
    # Lifecycle of stateful resources (table, keys, domain, log groups).
    retain_data: bool
    log_retention_days: int
    pitr: bool  # O4 point-in-time recovery for the table
    search: SearchSizing
    snapshot_hour_utc: int  # O4 automated snapshot hour of the search domain
    jwt_audience: tuple[str, ...]  # `aud` the IdP puts in end-user tokens (JWT authorizer)
    api: FunctionSizing
    turn_worker: FunctionSizing
    indexer: FunctionSizing
    jobs: FunctionSizing
    # Version of the AWS-managed layer (runtime and arch from infra/runtime.py)
    # arn:aws:lambda:{region}:017000801446:layer:AWSLambdaPowertoolsPythonV3-python312-x86_64:{version}.
    # Find the latest with: aws ssm get-parameter --name
    #   /aws/service/powertools/python/x86_64/python3.12/latest
    powertools_layer_version: int
    openai_secret_name: str  # Secrets Manager secret holding the OpenAI API key (created out of band)
    plan: Plan
    # Operator-set, never committed as a guess: the issuer URL of the IdP whose tokens the
    # end-user routes accept. Empty = unset, and synth fails (infra/deployable.py). Given here or
    # at synth with `-c jwt_issuer_<env>=https://...` (infra/app.py, docs/deploy.md).
    jwt_issuer: str = ""
    # P4: IAM role (or user) ARNs allowed to act for users on the backend routes (a role's
    # sessions match it), each bound to the tenants it may act in: a tuple binds each to the
    # default tenant; a mapping names them, {"arn:aws:iam::<account>:role/line-bot": ("respira",)}.
    # The api gets them as ENGRAM_BACKEND_PRINCIPALS. Required in staging and prod; empty in
    # dev = every backend call is 403 until you add yours.
    backend_principals: tuple[str, ...] | Mapping[str, tuple[str, ...]] = ()
    # P6: operator ARNs that may read users' audit trails (GET /v1/users/{id}/audit), in the
    # same two forms; never a chatbot backend's (synth refuses an ARN on both lists). Empty = the
    # audit trail is read by nobody through the API (the export still carries a user's own entries).
    audit_readers: tuple[str, ...] | Mapping[str, tuple[str, ...]] = ()
    # The models the functions run (ENGRAM_MODEL_MODE): "openai" reads the key from
    # openai_secret_name at cold start; "local" runs the labelled offline heuristics, which
    # staging and prod accept only with allow_local_models=True (synth and cold start refuse it).
    model_mode: Literal["openai", "local"] = "openai"
    allow_local_models: bool = False
    # O2: who gets the alarms (an e-mail subscription to the alarm topic, to be confirmed). Required in
    # staging and prod (synth fails without one, infra/deployable.py); given here or at synth with
    # `-c alarm_email_<env>=ops@your-company.com` (infra/app.py, docs/deploy.md).
    alarm_email: str | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    # P3 / O4: how far back the key table can be restored (PITR, where pitr is on). Short on
    # purpose: an erased user's data key exists in no backup for longer than this, so no older
    # copy of the single table decrypts that user's content again (docs/deploy.md).
    key_recovery_days: int = 1
    line_channels: tuple[LineChannelConfig, ...] = ()  # W1: LINE channels served by this deployment
    # Outgoing webhooks of memory change events (EventBridge API destinations, docs/events.md)
    event_destinations: tuple[EventDestination, ...] = ()
    service_name: str = "engram"  # POWERTOOLS_SERVICE_NAME; also the `service` dimension of metrics
    api_throttle_rate: int = 50  # requests / s, stage-wide
    api_throttle_burst: int = 100
    # route key -> its own bucket (API Gateway route settings); the anonymous routes' are stricter
    route_throttles: Mapping[str, Throttle] = field(
        default_factory=lambda: anonymous_throttles(Throttle(5, 10), Throttle(10, 20), Throttle(20, 40))
    )
    queue_max_receive_count: int = 3  # turns moved to the DLQ after this many failed receives
    indexer_retry_attempts: int = 5
    outbox_retry_attempts: int = 10  # stream -> turn queue sends retried, then the batch goes to the pipe's DLQ
    schedules: Mapping[JobName, str] = field(default_factory=lambda: DEFAULT_SCHEDULES)
    # R6: the memory indexer's own daily pass that removes documents whose record is gone
    index_reconcile_schedule: str = "cron(0 5 * * ? *)"
    alarms: AlarmThresholds = field(default_factory=AlarmThresholds)
    # P6: the audit table's only writer; one small transaction per audited request
    audit_writer: FunctionSizing = field(default_factory=lambda: FunctionSizing(memory_mb=512, timeout_s=10))
    # W1: the LINE webhook's sizing; None = the API's (memory, timeout, SnapStart / provisioned concurrency)
    line_webhook: FunctionSizing | None = None
    # Extra ENGRAM_* settings (SPEC defaults overridden per environment), e.g.
    # {"ENGRAM_SESSION_IDLE_TIMEOUT_S": "300"}.
    settings_env: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # O3: the spans' way out (TracingConfig); every environment below sends them to X-Ray via ADOT
    tracing: TracingConfig = field(default_factory=lambda: TracingConfig("off"))

    @property
    def stack_name(self) -> str:
        return f"Engram-{self.name}"

    @property
    def prefix(self) -> str:
        """Physical-name prefix, so several environments can share one account."""
        return f"engram-{self.name}"


DEV = EnvConfig(
    # W1: the COPD care bot's channel; create the secret before the first webhook (docs/deploy.md)
    line_channels=(
        LineChannelConfig(
            id="respira",
            tenant="respira",
            persona="nurse",
            secret_name="engram/dev/line/respira",  # noqa: S106 -- a secret's name, not a secret
        ),
    ),
    name="dev",
    region="us-east-1",
    account=None,
    retain_data=False,
    log_retention_days=14,
    pitr=False,  # O4: point-in-time recovery everywhere but dev (throwaway data, no cost)
    search=SearchSizing(data_node_instance_type="t3.small.search", data_nodes=1, volume_size_gib=10),
    snapshot_hour_utc=2,
    jwt_audience=("engram-dev",),
    api=FunctionSizing(memory_mb=1024, timeout_s=29),
    turn_worker=FunctionSizing(memory_mb=1024, timeout_s=120),
    indexer=FunctionSizing(memory_mb=512, timeout_s=60),
    jobs=FunctionSizing(memory_mb=1024, timeout_s=900),
    powertools_layer_version=27,
    tracing=TracingConfig("adot", layer_arn=ADOT_PYTHON_LAYERS["us-east-1"]),
    openai_secret_name="engram/dev/openai-api-key",  # noqa: S106 -- a secret's name, not a secret
    plan="paid",  # L10: unlimited by default; a user is on the free plan when their token says so
    log_level="DEBUG",
    api_throttle_rate=10,
    api_throttle_burst=20,
    route_throttles=anonymous_throttles(Throttle(2, 5), Throttle(5, 10), Throttle(5, 10)),
)

STAGING = EnvConfig(
    name="staging",
    region="us-east-1",
    account=None,
    retain_data=False,
    log_retention_days=30,
    pitr=True,
    search=SearchSizing(
        data_node_instance_type="r6g.large.search", data_nodes=2, volume_size_gib=20, zone_awareness_azs=2
    ),
    snapshot_hour_utc=2,
    jwt_audience=("engram-staging",),
    api=FunctionSizing(memory_mb=1024, timeout_s=29, snapstart=True),  # and the LINE webhook (docs/cost.md)
    turn_worker=FunctionSizing(memory_mb=1024, timeout_s=120),
    indexer=FunctionSizing(memory_mb=512, timeout_s=60),
    jobs=FunctionSizing(memory_mb=1024, timeout_s=900),
    powertools_layer_version=27,
    tracing=TracingConfig("adot", layer_arn=ADOT_PYTHON_LAYERS["us-east-1"]),
    openai_secret_name="engram/staging/openai-api-key",  # noqa: S106 -- a secret's name, not a secret
    plan="paid",
)

PROD = EnvConfig(
    name="prod",
    region="us-east-1",
    account=None,  # pin the prod account id here
    retain_data=True,
    log_retention_days=90,
    pitr=True,
    search=SearchSizing(
        data_node_instance_type="r6g.large.search",
        data_nodes=3,
        volume_size_gib=50,
        master_node_instance_type="m6g.large.search",
        master_nodes=3,
        zone_awareness_azs=3,
    ),
    snapshot_hour_utc=2,
    jwt_audience=("engram",),
    api=FunctionSizing(memory_mb=1769, timeout_s=29, reserved_concurrency=200),  # 1769 MB = one vCPU
    turn_worker=FunctionSizing(memory_mb=1769, timeout_s=120, reserved_concurrency=100),
    indexer=FunctionSizing(memory_mb=512, timeout_s=60, reserved_concurrency=20),
    jobs=FunctionSizing(memory_mb=1769, timeout_s=900, reserved_concurrency=5),
    powertools_layer_version=27,
    tracing=TracingConfig("adot", layer_arn=ADOT_PYTHON_LAYERS["us-east-1"]),
    openai_secret_name="engram/prod/openai-api-key",  # noqa: S106 -- a secret's name, not a secret
    plan="paid",
    alarm_email=None,  # required: set here or with -c alarm_email_prod=... (SNS subscription must be confirmed)
    api_throttle_rate=500,
    api_throttle_burst=1000,
    route_throttles=anonymous_throttles(Throttle(10, 20), Throttle(20, 40), Throttle(100, 200)),
)


def principal_tenants(configured: tuple[str, ...] | Mapping[str, tuple[str, ...]]) -> dict[str, list[str]] | list[str]:
    """backend_principals / audit_readers as the functions read them (ENGRAM_BACKEND_PRINCIPALS,
    ENGRAM_AUDIT_READERS): a list stays a list (each bound to the default tenant), a mapping an object."""
    if isinstance(configured, Mapping):
        return {arn: list(tenants) for arn, tenants in configured.items()}
    return list(configured)


ENVIRONMENTS: Mapping[str, EnvConfig] = MappingProxyType({c.name: c for c in (DEV, STAGING, PROD)})
