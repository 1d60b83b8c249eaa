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
SQS_BATCH = 10  # SendMessageBatch's limit


def submit_each(submit: Callable[[Job], None], jobs: list[Job]) -> list[bool]:
    """Queues that take one job at a time: in order, and after a failure nothing more (the
    caller takes the rest back, so a chat's order holds)."""
    done: list[bool] = []
    for job in jobs:
        try:
            submit(job)
        except Exception:
            logger.exception("queueing a job failed")
            return done + [False] * (len(jobs) - len(done))
        done.append(True)
    return done


def message_body(payload: object) -> str:
    """JSON with every non-ASCII character escaped: SQS refuses a body holding characters outside
    XML's set (U+FFFE, U+FFFF, most controls), which a user's text may carry, and a refused LINE
    event would be answered 503 on every redelivery. Escaped, any text is accepted."""
    return json.dumps(payload, ensure_ascii=True)


class InlineQueue:
    """Runs the job before returning: deterministic for tests, freshest for benchmarks.

    A job that submits another (a KB document embedded batch by batch) has it run after itself,
    as a queue would, not nested inside it: the chain is a loop, never a deep recursion."""

    def __init__(self, handler: Callable[[Job], None]) -> None:
        self._handler = handler
        self._local = threading.local()

    def submit_all(self, jobs: list[Job]) -> list[bool]:
        return submit_each(self.submit, jobs)

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

    def submit_all(self, jobs: list[Job]) -> list[bool]:
        return submit_each(self.submit, jobs)

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
            MessageBody=message_body(job),
            MessageGroupId=job["group"],
            MessageDeduplicationId=job["dedup"],
        )

    def submit_all(self, jobs: list[Job]) -> list[bool]:
        """SendMessageBatch, 10 at a time: one request for a LINE webhook's whole batch (not one
        per event). Within a batch a FIFO group keeps its order; what failed is reported, never
        retried here (the caller decides)."""
        done: list[bool] = []
        for start in range(0, len(jobs), SQS_BATCH):
            chunk = jobs[start : start + SQS_BATCH]
            entries = [
                {
                    "Id": str(n),
                    "MessageBody": message_body(job),
                    "MessageGroupId": job["group"],
                    "MessageDeduplicationId": job["dedup"],
                }
                for n, job in enumerate(chunk)
            ]
            try:
                answer = self._client.send_message_batch(QueueUrl=self._url, Entries=entries)
            except Exception:
                logger.exception("SendMessageBatch failed")
                return done + [False] * (len(jobs) - len(done))
            sent = {str(e["Id"]) for e in answer.get("Successful", [])}
            for failed in answer.get("Failed", []):
                logger.error("SendMessageBatch entry failed", extra={"code": failed.get("Code")})
            done.extend(str(n) in sent for n in range(len(chunk)))
        return done
