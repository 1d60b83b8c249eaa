"""HTTP API Lambda: API Gateway HTTP API (v2) events -> routers -> domain."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram import runtime
from engram.adapters.metrics import PowertoolsMetrics

from . import errors
from .guard import BodyRejected, check_body
from .routes import kb, memories, sessions

logger = Logger()
tracer = Tracer()
metrics = Metrics(namespace="Engram")
runtime.configure(PowertoolsMetrics(metrics))

app = APIGatewayHttpResolver(enable_validation=True)
app.include_router(sessions.router, prefix="/v1")
app.include_router(memories.router, prefix="/v1")
app.include_router(kb.router, prefix="/v1")
errors.register(app)
app.enable_swagger(path="/docs", title="Engram API", version="1.0.0", description="Conversation memory for chatbots")


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP, log_event=False)
@tracer.capture_lambda_handler(capture_response=False)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    try:
        check_body(event, runtime.get_container().settings.max_json_depth)
    except BodyRejected as exc:
        return errors.raw_error(exc.status, exc.code, exc.message)
    return app.resolve(event, context)
