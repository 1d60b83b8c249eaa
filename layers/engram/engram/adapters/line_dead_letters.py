"""Where LINE events whose reply cannot be sent are kept, with what a replay needs: the LINE
dead-letter queue (SQS FIFO) in AWS, memory (and a log line) locally."""

from __future__ import annotations

import hashlib
import logging
import threading
from typing import Any

from engram.adapters.queues import message_body

logger = logging.getLogger(__name__)


class LocalDeadLetters:
    """The DLQ's part locally: kept in memory (and logged) for `engram line` and the tests."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def send(self, job: dict[str, Any], reason: str) -> None:
        with self._lock:
            self.entries.append({"job": job, "reason": reason})
        logger.error("LINE event dead-lettered", extra={"reason": reason})


class SqsDeadLetters:
    def __init__(self, queue_url: str, region: str) -> None:
        import boto3

        self._client = boto3.client("sqs", region_name=region)
        self._url = queue_url

    def send(self, job: dict[str, Any], reason: str) -> None:
        body = message_body({"job": job, "reason": reason})
        # A webhook job names its group and dedup id (the worker running twice keeps one dead
        # letter); anything else is deduplicated by its content, never by a shared constant that
        # would drop a second, different dead letter for five minutes.
        dedup = job.get("dedup") or hashlib.sha256(body.encode()).hexdigest()
        self._client.send_message(
            QueueUrl=self._url,
            MessageBody=body,
            MessageGroupId=str(job.get("group") or "line"),
            MessageDeduplicationId=str(dedup),
        )
