"""Where LINE events whose reply cannot be sent are kept, with what a replay needs: the LINE
dead-letter queue (SQS FIFO) in AWS, memory (and a log line) locally. Both keep the job sealed
(`line_payloads.py`): the event and the reply open only with the user's data key."""

from __future__ import annotations

import hashlib
import logging
import threading
from typing import Any

from engram.adapters.line_payloads import LinePayloads
from engram.adapters.queues import message_body

logger = logging.getLogger(__name__)


class LocalDeadLetters:
    """The DLQ's part locally: kept in memory (and logged) for `engram line` and the tests."""

    def __init__(self, payloads: LinePayloads | None = None) -> None:
        self.entries: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._payloads = payloads

    def send(self, job: dict[str, Any], reason: str) -> None:
        kept = self._payloads.seal(job) if self._payloads else job
        with self._lock:
            self.entries.append({"job": kept, "reason": reason})
        logger.error("LINE event dead-lettered", extra={"reason": reason})


class SqsDeadLetters:
    def __init__(self, queue_url: str, region: str, payloads: LinePayloads | None = None) -> None:
        import boto3

        self._client = boto3.client("sqs", region_name=region)
        self._url = queue_url
        self._payloads = payloads

    def send(self, job: dict[str, Any], reason: str) -> None:
        job = self._payloads.seal(job) if self._payloads else job
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
