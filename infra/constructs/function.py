"""One Lambda function with its own role, log group and the common runtime settings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from aws_cdk import AssetHashType, BundlingOptions, DockerImage, Duration, RemovalPolicy
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.config import EnvConfig, FunctionSizing
from infra.constructs.bundling import CompiledTree
from infra.constructs.layers import ARCHITECTURE, REPO_ROOT, RUNTIME
from infra.constructs.tracing import lambda_tracing
from infra.nag import acknowledge

FUNCTIONS_DIR = REPO_ROOT / "functions"
# Test and cache folders never ship (nor does local bytecode: the bundler compiles the runtime's).
_ASSET_EXCLUDES = ["**/__pycache__", "**/*.pyc", "**/tests", "**/.pytest_cache"]


@dataclass(frozen=True)
class SharedRuntime:
    """What every function gets: layers and the environment every handler reads at cold start."""

    layers: list[lambda_.ILayerVersion]
    environment: Mapping[str, str]


class EngramFunction(Construct):
    """A Python / x86_64 function (infra/runtime.py) whose code asset is the whole `functions/` folder.

    The role starts empty (no AWS managed policy): callers grant exactly what the
    function needs, so each function's permissions are visible in one place.
    """

    def __init__(
        self,
        scope: Construct,
        cid: str,
        *,
        cfg: EnvConfig,
        handler: str,
        description: str,
        sizing: FunctionSizing,
        shared: SharedRuntime,
        code_dir: Path = FUNCTIONS_DIR,
        reads_stream: bool = False,
    ) -> None:
        super().__init__(scope, cid)
        removal = RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY
        self.log_group = logs.LogGroup(
            self,
            "Logs",
            retention=log_retention(cfg.log_retention_days),
            removal_policy=removal,
        )
        self.role = iam.Role(
            self,
            "Role",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description=f"{cfg.prefix} {cid}: least privilege, granted per resource",
        )
        self.function = lambda_.Function(
            self,
            "Function",
            description=description,
            runtime=RUNTIME,
            architecture=ARCHITECTURE,
            handler=handler,
            code=lambda_.Code.from_asset(
                str(code_dir),
                asset_hash_type=AssetHashType.SOURCE,
                exclude=_ASSET_EXCLUDES,
                bundling=BundlingOptions(
                    image=DockerImage.from_registry("local-bundling-only"),  # never pulled: local bundling
                    local=CompiledTree(code_dir),
                ),
            ),
            layers=shared.layers,
            role=self.role,
            log_group=self.log_group,
            memory_size=sizing.memory_mb,
            timeout=Duration.seconds(sizing.timeout_s),
            reserved_concurrent_executions=sizing.reserved_concurrency,
            tracing=lambda_tracing(cfg.tracing),  # O3: on where ADOT sends the spans to X-Ray
            environment=dict(shared.environment),
            snap_start=lambda_.SnapStartConf.ON_PUBLISHED_VERSIONS if sizing.snapstart else None,
        )
        # What callers invoke: SnapStart and provisioned concurrency apply to a published version only,
        # so those functions are invoked through the alias "live" on the version each deploy publishes.
        self.alias: lambda_.Alias | None = None
        self.target: lambda_.IFunction = self.function
        if sizing.published:
            self.alias = lambda_.Alias(
                self,
                "Live",
                alias_name="live",
                version=self.function.current_version,
                provisioned_concurrent_executions=sizing.provisioned_concurrency or None,
            )
            self.target = self.alias
        # A role passed in gets no AWSLambdaBasicExecutionRole: logging is granted on its own log group only.
        self.log_group.grant_write(self.role)
        acknowledge(
            self.function,
            "L1",
            "Runtime pinned in infra/runtime.py together with the dependency layer's wheel "
            "platform and the Powertools layer name; they move together, deliberately.",
        )
        # The reason names exactly the actions this role holds on "*" (tests/infra/test_least_privilege.py).
        unscoped = [
            *(["X-Ray PutTraceSegments/PutTelemetryRecords (added by tracing=ACTIVE)"] if cfg.tracing.xray else []),
            *(["DynamoDB ListStreams (added by the stream event source)"] if reads_stream else []),
        ]
        if unscoped:
            reason = f"{' and '.join(unscoped)}: no resource-level permissions exist for them."
            acknowledge(self.role, "IAM5[Resource::*]", reason)

    def add_environment(self, key: str, value: str) -> None:
        self.function.add_environment(key, value)


_RETENTION = {
    1: logs.RetentionDays.ONE_DAY,
    3: logs.RetentionDays.THREE_DAYS,
    7: logs.RetentionDays.ONE_WEEK,
    14: logs.RetentionDays.TWO_WEEKS,
    30: logs.RetentionDays.ONE_MONTH,
    60: logs.RetentionDays.TWO_MONTHS,
    90: logs.RetentionDays.THREE_MONTHS,
    180: logs.RetentionDays.SIX_MONTHS,
    365: logs.RetentionDays.ONE_YEAR,
}


def log_retention(days: int) -> logs.RetentionDays:
    try:
        return _RETENTION[days]
    except KeyError:
        raise ValueError(f"log retention must be one of {sorted(_RETENTION)} days, not {days}") from None
