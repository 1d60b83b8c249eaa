"""Plays SQS FIFO and its event source mapping locally: each message goes to the real
turn_worker handler as an SQS event; failed messages are redelivered a few times, then
dropped with a log line (the DLQ's part). `OutboxPipe` plays the EventBridge pipe that
forwards the table's stream records of stored rounds and closed runs to the queue."""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from engram.adapters.dynamodb.outbox_records import is_outbox_record
from engram.adapters.lambda_context import LocalContext

logger = logging.getLogger(__name__)

Handler = Callable[[dict[str, Any], Any], dict[str, Any]]


def sqs_record(body_obj: Mapping[str, Any], group: str, dedup: str, receive_count: int = 1) -> dict[str, Any]:
    body = json.dumps(body_obj, ensure_ascii=False)
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
            "MessageDeduplicationId": dedup,
            "ApproximateFirstReceiveTimestamp": now_ms,
        },
        "messageAttributes": {},
        "md5OfBody": hashlib.md5(body.encode(), usedforsecurity=False).hexdigest(),
        "eventSource": "aws:sqs",
        "eventSourceARN": "arn:aws:sqs:us-east-1:000000000000:engram-local-turns.fifo",
        "awsRegion": "us-east-1",
    }


DEDUP_WINDOW_S = 300.0  # SQS FIFO drops a message whose deduplication id it saw in the last 5 minutes


class LocalSqsDelivery:
    """A job (or a forwarded stream record) -> the turn worker, with redelivery on failure and
    SQS FIFO's five-minute deduplication by id."""

    def __init__(self, handler: Handler | None = None, max_receives: int = 3) -> None:
        if handler is None:
            from functions.turn_worker.handler import lambda_handler

            handler = lambda_handler
        self._handler = handler
        self._max = max_receives
        self._seen: dict[str, float] = {}
        self._lock = threading.Lock()

    def _duplicate(self, dedup: str) -> bool:
        now = time.monotonic()
        with self._lock:
            self._seen = {d: t for d, t in self._seen.items() if now - t < DEDUP_WINDOW_S}
            if dedup in self._seen:
                return True
            self._seen[dedup] = now
            return False

    def __call__(self, job: dict[str, Any]) -> None:
        self.send(job, str(job.get("group", "local")), str(job.get("dedup", uuid.uuid4().hex)))

    def submit(self, job: dict[str, Any]) -> None:
        """As a queue port (the LINE webhook's): the job names its group and dedup id."""
        self(job)

    def submit_all(self, jobs: list[dict[str, Any]]) -> list[bool]:
        from engram.adapters.queues import submit_each

        return submit_each(self.submit, jobs)

    def send(self, body: Mapping[str, Any], group: str, dedup: str) -> None:
        if self._duplicate(dedup):
            return
        for receive in range(1, self._max + 1):
            result = self._handler({"Records": [sqs_record(body, group, dedup, receive)]}, LocalContext())
            if not result.get("batchItemFailures"):
                return
        logger.error("post-turn job failed %d times; dropped (the DLQ in AWS)", self._max)


def fan_out(pipe: OutboxPipe, indexer: Handler) -> Handler:
    """One stream reader for the two consumers of the table's stream (as two event source
    mappings would read it): the outbox pipe gets the inserted rounds and closed runs, the
    indexer the memory records (its filter); the indexer's failures drive redelivery."""
    from engram.adapters.dynamodb.stream_records import is_memory_record

    def handle(event: dict[str, Any], context: Any) -> dict[str, Any]:
        records = event.get("Records", [])
        pipe({"Records": [r for r in records if is_outbox_record(r)]}, context)
        memory = [r for r in records if is_memory_record(r)]
        if not memory:
            return {"batchItemFailures": []}
        result: dict[str, Any] = indexer({"Records": memory}, context)
        return result

    return handle


class OutboxPipe:
    """Stream records of inserted rounds and closed runs -> SQS bodies, as the pipe sends them."""

    def __init__(self, delivery: LocalSqsDelivery) -> None:
        self._delivery = delivery

    @staticmethod
    def accepts(record: Mapping[str, Any]) -> bool:
        return is_outbox_record(record)

    def __call__(self, event: dict[str, Any], context: Any) -> dict[str, Any]:
        for record in event.get("Records", []):
            if not is_outbox_record(record):
                continue
            image = record["dynamodb"]["NewImage"]
            self._delivery.send(record, image["job_group"]["S"], image["job_dedup"]["S"])
        return {"batchItemFailures": []}
