"""HTTP API Lambda: API Gateway HTTP API (v2) events -> routers -> domain."""

from __future__ import annotations

import time
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.middlewares import NextMiddleware
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram import runtime, snapshot
from engram.adapters.metrics import PowertoolsMetrics
from engram.observability.log_context import inject_invocation_context
from engram.observability.spans import traced_handler

from . import audit, errors
from .guard import BodyRejected, check_body, decode_path
from .methods import undeclared_method
from .route_modules import ROUTE_MODULES
from .routing import HttpResolver, warm_routes

logger = Logger()
metrics = Metrics(namespace="Engram")
runtime.configure(PowertoolsMetrics(metrics))

app = HttpResolver(enable_validation=True)  # route modules and regexes loaded on demand (routing.py)
for route_module in ROUTE_MODULES:  # sessions, memories, kb, privacy (/v1/...), inspector, the OpenAI door
    app.include_on_demand(*route_module)
errors.register(app)

# The matched route's template, for the access log (one request at a time per environment).
_matched: dict[str, str] = {}


_route_args: dict[str, Any] = {}


def remember_route(router: APIGatewayHttpResolver, next_middleware: NextMiddleware) -> Response[Any]:
    _matched["route"] = router.request.route
    _route_args.update(router.context.get("_route_args", {}))
    return next_middleware(router)


app.use(middlewares=[remember_route])


@app.get("/openapi.json", include_in_schema=False)
def openapi() -> dict[str, Any]:
    """The contract (functions/api/contract.py). Served by the local stack; not routed in AWS."""
    from .contract import openapi_document

    return openapi_document(app)


@inject_invocation_context(logger, correlation_id_path=correlation_paths.API_GATEWAY_HTTP)  # per thread (O3)
@traced_handler("api", server=True)  # OpenTelemetry, built on first use
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    started = time.perf_counter()
    _matched.clear()
    _route_args.clear()
    try:
        decode_path(event)
        allowed = undeclared_method(app, event)  # before the resolver hands it to a looser route
        if allowed:
            result = errors.method_not_allowed(APIGatewayProxyEventV2(event).http_method, allowed, event)
        else:
            check_body(event, runtime.get_container().settings.max_json_depth)
            result = app.resolve(event, context)
    except BodyRejected as exc:
        result = errors.raw_error(exc.status, exc.code, exc.message, event=event)
    access_log(event, result, started)
    audit.record(event, int(result.get("statusCode", 0)), _matched.get("route"), _route_args)
    return result


def access_log(event: dict[str, Any], result: dict[str, Any], started: float) -> None:
    """O3: one structured line per request — never the content (no body, no query values)."""
    http = event.get("requestContext", {}).get("http", {})
    status = int(result.get("statusCode", 0))
    logger.info(
        "request",
        extra={
            "method": http.get("method", ""),
            "route": _matched.get("route", "-"),
            "status": status,
            "latency_ms": round((time.perf_counter() - started) * 1000, 1),
            "request_id": event.get("requestContext", {}).get("requestId", ""),
        },
    )
    metrics.add_metric(name="api_requests", unit=MetricUnit.Count, value=1)  # never "no metrics to publish"


# SnapStart: no client, key or connection in a snapshot, a fresh random state after each restore; where
# init is off the request path (SnapStart, provisioned concurrency), the container's modules and every
# route's validation models and the token encoding are loaded now rather than by the first requests
# (engram/snapshot.py).
def _warm() -> None:
    warm_routes(app)
    snapshot.load_token_encoding()


snapshot.prepare(warm=_warm)
