"""EventBridge schedule targets (R7). The job name arrives in detail.job.

Registered: idle_sessions (S6). The other jobs (lifecycle, consolidation, retention,
erasure) belong to their own issues; until one is registered here, its schedule is a
no-op that is logged and counted, never an error that retries forever.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.parser import event_parser
from aws_lambda_powertools.utilities.parser.models import EventBridgeModel
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram import runtime
from engram.adapters.metrics import PowertoolsMetrics
from engram.log_context import inject_invocation_context
from engram.tracing import LazyTracer

logger = Logger()
tracer = LazyTracer()  # Powertools Tracer built on first invocation: no X-Ray SDK at import
metrics = Metrics(namespace="Engram")
runtime.configure(PowertoolsMetrics(metrics))

JOBS: dict[str, Callable[[], dict[str, Any]]] = {
    "idle_sessions": lambda: dict(runtime.get_container().closer.sweep_idle()),
}


@inject_invocation_context(logger)
@tracer.capture_lambda_handler(capture_response=False)
@event_parser(model=EventBridgeModel)  # a malformed event fails before anything is counted
@metrics.log_metrics
def lambda_handler(event: EventBridgeModel, context: LambdaContext) -> dict[str, Any]:
    # Published by every invocation, so log_metrics never finds nothing to publish.
    metrics.add_metric(name="job_runs", unit=MetricUnit.Count, value=1)
    detail = event.detail if isinstance(event.detail, dict) else {}
    name = str(detail.get("job", ""))
    job = JOBS.get(name)
    if job is None:
        logger.warning("no job registered under this name", extra={"job": name})
        metrics.add_metric(name="job_not_registered", unit=MetricUnit.Count, value=1)
        return {"job": name, "status": "not_registered"}
    result = {"job": name, "status": "done", **job()}
    logger.info("job", extra=result)  # counts only
    return result
