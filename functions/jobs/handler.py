"""EventBridge schedule targets (R7). The job name arrives in detail.job.

Registered: idle_sessions (S6), lifecycle (R1–R5), retention (R6), consolidation (L9),
erasure (P1); by hand: rewrap_keys (P3, after a key rotation), reerase_restored (O4, after a
restore). A job not registered here is a no-op that is logged and counted, never an
error that retries forever.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram import runtime
from engram.adapters.metrics import PowertoolsMetrics, count_invocation
from engram.observability.log_context import inject_invocation_context
from engram.observability.spans import traced_handler

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.parser.models import EventBridgeModel

logger = Logger()
metrics = Metrics(namespace="Engram")
runtime.configure(PowertoolsMetrics(metrics))


def _lifecycle(context: LambdaContext) -> dict[str, Any]:
    return runtime.get_container().lifecycle_job.run(remaining_s=lambda: _remaining_s(context))


def _retention(context: LambdaContext) -> dict[str, Any]:
    return runtime.get_container().retention_job.run(remaining_s=lambda: _remaining_s(context))


def _consolidation(_context: LambdaContext) -> dict[str, Any]:
    return runtime.get_container().consolidation_job.run()


def _erasure(context: LambdaContext) -> dict[str, Any]:
    container = runtime.get_container()
    unfollows = container.line_unfollow_erasures.run()  # W4: due unfollow erasures join this run
    erased = container.erasure_job.run(remaining_s=lambda: _remaining_s(context))
    erased = {**erased, **unfollows}
    return {**erased, **container.large_exports.run()}  # the backstop of lost export kicks too


def _rewrap_keys(_context: LambdaContext) -> dict[str, Any]:
    return runtime.get_container().key_rewrap_job.run()


def _reerase_restored(_context: LambdaContext) -> dict[str, Any]:
    container = runtime.get_container()
    queued = container.reerasure_job.run()
    return {**queued, **container.erasure_job.run()}  # what is left stays due for the schedule


def _export(_context: LambdaContext) -> dict[str, Any]:
    return runtime.get_container().large_exports.run()


def _remaining_s(context: LambdaContext) -> float:
    try:
        return float(context.get_remaining_time_in_millis()) / 1000.0
    except (AttributeError, TypeError):
        return float("inf")


JOBS: dict[str, Callable[[LambdaContext], dict[str, Any]]] = {
    "idle_sessions": lambda _context: dict(runtime.get_container().closer.sweep_idle()),
    "lifecycle": _lifecycle,
    "retention": _retention,
    "consolidation": _consolidation,
    "erasure": _erasure,
    "export": _export,  # P2: large exports (started by the API; the erasure schedule's runs pick up the rest)
    "rewrap_keys": _rewrap_keys,  # P3: after a wrapping-key rotation (run by hand, not scheduled)
    "reerase_restored": _reerase_restored,  # O4: after a restore of the table (run by hand)
}


def parse_eventbridge(handler: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """Powertools `@event_parser(model=EventBridgeModel)`, applied on the first invocation.

    The parser package (pydantic and every Powertools event model) is ~200 ms of import;
    built here on first use it validates exactly as before, and a malformed event still
    fails before anything is counted."""
    parsed: Callable[..., dict[str, Any]] | None = None

    @functools.wraps(handler)
    def wrapper(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        nonlocal parsed
        if parsed is None:
            from aws_lambda_powertools.utilities.parser import event_parser
            from aws_lambda_powertools.utilities.parser.models import EventBridgeModel

            parsed = event_parser(model=EventBridgeModel)(handler)
        return parsed(event, context)

    return wrapper


@inject_invocation_context(logger)
@traced_handler("jobs")  # OpenTelemetry, built on first use
@parse_eventbridge  # a malformed event fails before anything is counted
@metrics.log_metrics
@count_invocation(metrics, "job_runs")
def lambda_handler(event: EventBridgeModel, context: LambdaContext) -> dict[str, Any]:
    detail = event.detail if isinstance(event.detail, dict) else {}
    name = str(detail.get("job", ""))
    job = JOBS.get(name)
    if job is None:
        logger.warning("no job registered under this name", extra={"job": name})
        metrics.add_metric(name="job_not_registered", unit=MetricUnit.Count, value=1)
        return {"job": name, "status": "not_registered"}
    result = {"job": name, "status": "done", **job(context)}
    logger.info("job", extra=result)  # counts only
    return result
