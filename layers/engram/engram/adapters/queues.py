"""PostTurnQueue adapters: SQS FIFO in AWS, inline or a background thread locally."""

from __future__ import annotations

import json
import logging
import queue
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

logger = logging.getLogger(__name__)

Job = dict[str, Any]


class InlineQueue:
    """Runs the job before returning: deterministic for tests, freshest for benchmarks.

    A job that submits another (a KB document embedded batch by batch) has it run after itself,
    as a queue would, not nested inside it: the chain is a loop, never a deep recursion."""

    def __init__(self, handler: Callable[[Job], None]) -> None:
        self._handler = handler
        self._local = threading.local()

    def submit(self, job: Job) -> None:
        pending: deque[Job] | None = getattr(self._local, "pending", None)
        if pending is not None:
            pending.append(job)
            return
        self._local.pending = pending = deque([job])
        try:
            while pending:
                self._handler(pending.popleft())
        finally:
            self._local.pending = None


class ThreadQueue:
    """Local stack: one worker thread per process, in submission order (like one FIFO group)."""

    def __init__(self, handler: Callable[[Job], None]) -> None:
        self._handler = handler
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="post-turn", daemon=True)
        self._thread.start()

    def submit(self, job: Job) -> None:
        self._jobs.put(job)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            try:
                self._handler(job)
            except Exception:
                logger.exception("post-turn job failed")
            finally:
                self._jobs.task_done()

    def drain(self) -> None:
        self._jobs.join()

    def close(self) -> None:
        self._jobs.put(None)


class SqsFifoQueue:
    """Production: the turn_worker Lambda consumes this queue; one message group per conversation."""

    def __init__(self, queue_url: str, region: str, client: Any = None) -> None:
        if client is None:
            import boto3

            client = boto3.client("sqs", region_name=region)
        self._client = client
        self._url = queue_url

    def submit(self, job: Job) -> None:
        # The job names its FIFO group (a hash: within SQS's 128 characters for any ids) and dedup id.
        self._client.send_message(
            QueueUrl=self._url,
            MessageBody=json.dumps(job, ensure_ascii=False),
            MessageGroupId=job["group"],
            MessageDeduplicationId=job["dedup"],
        )
