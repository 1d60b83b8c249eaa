"""Plays the SQS FIFO event source mapping locally: each post-turn job goes to the real
turn_worker handler as an SQS event; failed messages are redelivered a few times, then
dropped with a log line (the DLQ's part)."""

from __future__ import annotations

import hashlib
import json
import logging
import time
import uuid
from collections.abc import Callable
from typing import Any

from engram.local.apigw import LocalContext

logger = logging.getLogger(__name__)

Handler = Callable[[dict[str, Any], Any], dict[str, Any]]


def sqs_record(job: dict[str, Any], receive_count: int = 1) -> dict[str, Any]:
    body = json.dumps(job, ensure_ascii=False)
    key = job.get("key", {})
    group = "|".join(str(key.get(k, "")) for k in ("tenant_id", "user_id", "persona_id", "session_id"))
    now_ms = str(int(time.time() * 1000))
    return {
        "messageId": str(uuid.uuid4()),
        "receiptHandle": "local",
        "body": body,
        "attributes": {
            "ApproximateReceiveCount": str(receive_count),
            "SentTimestamp": now_ms,
            "SequenceNumber": now_ms.ljust(20, "0"),
            "MessageGroupId": group,
            "SenderId": "local",
            "MessageDeduplicationId": f"{job.get('kind', 'job')}-{job.get('request_id', '')}"[:128],
            "ApproximateFirstReceiveTimestamp": now_ms,
        },
        "messageAttributes": {},
        "md5OfBody": hashlib.md5(body.encode(), usedforsecurity=False).hexdigest(),
        "eventSource": "aws:sqs",
        "eventSourceARN": "arn:aws:sqs:us-east-1:000000000000:engram-local-turns.fifo",
        "awsRegion": "us-east-1",
    }


class LocalSqsDelivery:
    def __init__(self, handler: Handler | None = None, max_receives: int = 3) -> None:
        if handler is None:
            from functions.turn_worker.handler import lambda_handler

            handler = lambda_handler
        self._handler = handler
        self._max = max_receives

    def __call__(self, job: dict[str, Any]) -> None:
        for receive in range(1, self._max + 1):
            result = self._handler({"Records": [sqs_record(job, receive)]}, LocalContext())
            if not result.get("batchItemFailures"):
                return
        logger.error(
            "post-turn job failed %d times; dropped (the DLQ in AWS)", self._max, extra={"kind": job.get("kind")}
        )
