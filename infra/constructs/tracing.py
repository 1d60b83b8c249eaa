"""O3: what each function gets for its tracing choice (infra/config.py TracingConfig)."""

from __future__ import annotations

from aws_cdk import aws_lambda as lambda_
from constructs import Construct

from infra.config import TracingConfig

ADOT_WRAPPER = "/opt/otel-instrument"  # the ADOT layer's exec wrapper: sets up its SDK before the handler


def tracing_layers(scope: Construct, tracing: TracingConfig) -> list[lambda_.ILayerVersion]:
    if tracing.exporter != "adot":
        return []
    return [lambda_.LayerVersion.from_layer_version_arn(scope, "AdotLayer", tracing.layer_arn)]


def tracing_environment(tracing: TracingConfig) -> dict[str, str]:
    """ENGRAM_TRACING and the variables its exporter reads."""
    environment: dict[str, str] = {"ENGRAM_TRACING": tracing.exporter}
    if tracing.exporter == "adot":
        environment["AWS_LAMBDA_EXEC_WRAPPER"] = ADOT_WRAPPER
    elif tracing.exporter == "otlp":
        environment["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] = tracing.otlp_endpoint
    return environment


def lambda_tracing(tracing: TracingConfig) -> lambda_.Tracing:
    """Active X-Ray tracing only where X-Ray carries the spans: it is also the role's X-Ray grant."""
    return lambda_.Tracing.ACTIVE if tracing.xray else lambda_.Tracing.DISABLED
