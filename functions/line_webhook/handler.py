"""W1: the LINE webhook (POST /line/webhook/{channel}). No authorizer on the route: the
X-Line-Signature over the raw body is the authentication, checked before anything else; a bad
or missing one is 401 and nothing else happens. Each event is deduplicated (webhookEventId) and
queued; the answer is immediate (no model call, no retrieval: the line worker runs the turn)."""

from __future__ import annotations

import base64
import json
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram import snapshot
from engram.adapters.metrics import PowertoolsMetrics, count_invocation
from engram.kernel.errors import EngramError
from engram.observability.log_context import inject_invocation_context

# A plain handler, not the HTTP resolver: the signature is over the raw body bytes, and the cold
# start stays a fraction of the API's (no routing, no OpenAPI models).
logger = Logger()
metrics = Metrics(namespace="Engram")  # line_event_stale, line_event_invalid
PREFIX = "/line/webhook/"
_webhook: Any = None


def use_webhook(webhook: Any) -> None:
    """The local stack and tests hand in theirs (its queue is the local delivery)."""
    global _webhook
    _webhook = webhook


def _get_webhook() -> Any:
    global _webhook
    if _webhook is None:
        from engram.kernel.clock import SystemClock
        from engram.settings import get_settings
        from engram.wiring.line import event_queue_for, line_webhook

        settings = get_settings()
        _webhook = line_webhook(settings, SystemClock(), event_queue_for(settings), PowertoolsMetrics(metrics))
    return _webhook


def _answer(status: int, body: dict[str, Any]) -> dict[str, Any]:
    return {"statusCode": status, "headers": {"content-type": "application/json"}, "body": json.dumps(body)}


@inject_invocation_context(logger)
@metrics.log_metrics
@count_invocation(metrics, "line_webhook_requests")  # always something to publish
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    path = str(event.get("rawPath", ""))
    channel = path[len(PREFIX) :] if path.startswith(PREFIX) else ""
    raw = event.get("body") or ""
    body = base64.b64decode(raw) if event.get("isBase64Encoded") else raw.encode("utf-8", errors="surrogateescape")
    headers = {str(k).lower(): str(v) for k, v in (event.get("headers") or {}).items()}
    try:
        accepted = _get_webhook().accept(channel, body, headers.get("x-line-signature"))
    except EngramError as exc:
        if exc.status == 401:
            logger.warning("LINE webhook rejected: bad signature")  # nothing of the body is logged
        return _answer(exc.status if exc.status < 500 else 503, {"error": {"code": exc.code, "message": exc.message}})
    logger.info("LINE webhook", extra={"queued": accepted.queued, "duplicates": accepted.duplicates})
    return _answer(200, {"queued": accepted.queued, "duplicates": accepted.duplicates, "ignored": accepted.ignored})


# SnapStart: the webhook (its queue client, the channels' secrets) is never in a snapshot; where init is
# off the request path, what building it imports is loaded now (engram/snapshot.py).
snapshot.prepare(
    modules=("engram.kernel.clock", "engram.settings", "engram.wiring.line", "boto3"), drop=lambda: use_webhook(None)
)
