"""What one `POST …/context` (one session, short-term path) is made of, beside the bare DynamoDB
Query it needs (issue 29 item 4; run by turn_overhead.py in the same run as its floor).

In one process, no HTTP in between, each part timed in turn in every round:
- request: the whole request through the local gateway (JWT check, the real API handler with
  Powertools validation, the conversation service, the audit entry, the response);
- service: ConversationService.context alone (session Query, sealed text opened, gate, assembly);
- audit: the request's audit entry alone (P6: one TransactWriteItems, the entry and the chain head;
  in AWS one synchronous invoke of the audit writer, which makes that transaction);
- floor: the bare boto3 Query of the session partition.
And the DynamoDB requests one request makes, counted by kind through the real handler.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from typing import Any

import boto3

from _report import summary
from engram import runtime
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.request_count import RequestCount
from engram.adapters.embedders.local import DIMENSIONS
from engram.adapters.local_index import LocalIndex
from engram.kernel.keys import SessionKey
from engram.local import tokens
from engram.local.gateway import LocalGateway
from engram.privacy.models import AuditEntry
from engram.settings import Settings
from engram.wiring import build_container

os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")  # the handler's access log line per request, unprinted
USER, PERSONA, SESSION = "parts-user", "p", "s-parts"
MESSAGE = "My daughter visits on Sunday, we will walk in the park."
ROUTE = "/v1/personas/<persona_id>/sessions/<session_id>/context"


def floor_query(settings: Settings, key: SessionKey) -> dict[str, Any]:
    """The floor: the bare boto3 Query a `/context` makes of its session partition (recent rounds and META)."""
    return {
        "TableName": settings.table_name,
        "KeyConditionExpression": "PK = :pk",
        "ExpressionAttributeValues": {":pk": {"S": keys.session_pk(key)}},
        "ScanIndexForward": False,
        "Limit": settings.recent_window_rounds + 1,
        "ConsistentRead": True,
    }


def _ms(run: Callable[[], Any]) -> float:
    started = time.perf_counter()
    run()
    return (time.perf_counter() - started) * 1000


def context_parts(settings: Settings, rounds: int) -> dict[str, Any]:
    container = build_container(settings, queue_mode="inline", long_term=False, index=LocalIndex.in_memory(DIMENSIONS))
    runtime.set_container(container)
    try:
        gateway = LocalGateway(settings)
        headers = {"authorization": f"Bearer {tokens.mint(settings, USER)}", "content-type": "application/json"}
        base = f"/v1/personas/{PERSONA}/sessions/{SESSION}"
        body = json.dumps({"message": MESSAGE}).encode()
        key = SessionKey(settings.default_tenant, USER, PERSONA, SESSION)
        client = boto3.client("dynamodb", endpoint_url=settings.dynamodb_endpoint, region_name="us-east-1")
        query = floor_query(settings, key)
        trail = container.audit_trail
        subject = trail.subject(key.tenant_id, key.user_id)

        def request() -> None:
            if gateway.handle("POST", base + "/context", headers, body).status != 200:
                raise RuntimeError("context request failed")

        def audit() -> None:
            now = container.clock.now()
            trail.record(AuditEntry(key.tenant_id, subject, now, f"POST {ROUTE}", "end_user", subject, "200"))

        parts: dict[str, Callable[[], Any]] = {
            "request": request,
            "service": lambda: container.conversation.context(key, MESSAGE),
            "audit": audit,
            "floor": lambda: client.query(**query),
        }
        for i in range(3):  # the session's rounds, the user's data key and audit chain head exist
            turn = json.dumps({"user": MESSAGE, "assistant": "Noted.", "idempotency_key": f"parts{i}"}).encode()
            gateway.handle("POST", base + "/turns", headers, turn)
        for run in parts.values():
            run()
        count = RequestCount(main_table=settings.table_name, with_capacity=True)
        with count.counting():
            for _ in range(10):
                request()
        times: dict[str, list[float]] = {name: [] for name in parts}
        for _ in range(rounds):
            for name, run in parts.items():
                times[name].append(_ms(run))
    finally:
        runtime.set_container(None)
    figures = {name: summary(values) for name, values in times.items()}
    return {
        "context_parts_ms": figures,
        "context_parts_ratio_p95": {name: round(f["p95"] / figures["floor"]["p95"], 2) for name, f in figures.items()},
        # the whole request against the Query timed beside it in every round (issue 29: <= 3)
        "context_to_floor_ratio_1_in_process": round(figures["request"]["p95"] / figures["floor"]["p95"], 2),
        "ddb_requests_per_context": round(len(count) / 10, 2),
        "ddb_capacity_per_context": round(count.capacity / 10, 2),
        "requests_by_key_context": {label: n / 10 for label, n in count.by_label().items()},
    }
