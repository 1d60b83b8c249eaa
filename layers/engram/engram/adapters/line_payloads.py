"""P3: what the LINE event queue and its dead-letter queue carry. Only what SQS routes by stays
readable (the job's kind, channel, FIFO group and dedup id, all hashes or config ids) and the
owner the rest is sealed for; the event itself (the user's words, ids, reply token) and a reply
kept for a replay are one sealed field, opened with the LINE user's data key. An erasure that
deletes that key leaves every copy still on a queue (the DLQ keeps 14 days) unreadable; the
worker drops such a job. Jobs written before sealing (or with encryption off) read as they are.

The owner is the LINE user the event is from, as the turn stores it (`line_user`); an event
from a group member who hides their id belongs to nobody's memory and is sealed under the
channel's own reserved owner."""

from __future__ import annotations

import json
import logging
from typing import Any

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.dynamodb.keys import user_key
from engram.kernel.errors import ContentShredded
from engram.line.channels import Channels
from engram.line.models import line_user
from engram.line.ports import EventQueue
from engram.line.webhook import EVENTS

logger = logging.getLogger(__name__)

Job = dict[str, Any]
FIELD = "line_job"  # the associated data's attribute name: a sealed job opens as nothing else
ROUTING = ("kind", "channel", "group", "dedup")  # what SQS and the worker route by, before opening
SEALED = "sealed"
SEALED_FOR = "sealed_for"


class LinePayloads:
    def __init__(self, cipher: FieldCipher, channels: Channels) -> None:
        self._cipher = cipher
        self._channels = channels

    def owner_of(self, job: Job) -> str:
        """The partition whose data key seals the job: the one it was sealed for before (a job
        opened by the worker and dead-lettered again), else its LINE user's."""
        if job.get(SEALED_FOR):
            return str(job[SEALED_FOR])
        channel = self._channels.get(str(job.get("channel")))
        if channel is None:
            raise ValueError("a LINE job names no known channel")
        user = line_user(EVENTS.validate_python(job["event"]).source)
        return user_key(channel.tenant, user or f"_line-channel:{channel.id}")

    def seal(self, job: Job) -> Job:
        if SEALED in job:
            return job
        try:
            owner = self.owner_of(job)
        except (ValueError, KeyError):  # pydantic's ValidationError is a ValueError
            # only a job that came in unsealed (from before sealing) and names no channel: kept as it came
            logger.warning("LINE job without an owner kept unsealed", extra={"kind": str(job.get("kind"))})
            return job
        rest = {k: v for k, v in job.items() if k not in ROUTING and k != SEALED_FOR}
        text = json.dumps(rest, ensure_ascii=False, separators=(",", ":"))
        return {
            **{k: job[k] for k in ROUTING if k in job},
            SEALED_FOR: owner,
            SEALED: self._cipher.seal(owner, FIELD, text),
        }

    def open(self, body: Job) -> Job | None:
        """The job as the worker reads it (a redriven dead letter keeps its shape: `job` opened);
        None when its owner's key was erased (crypto-shredded: nothing left to do)."""
        if SEALED not in body and isinstance(body.get("job"), dict):
            inner = self.open(body["job"])
            return None if inner is None else {**body, "job": inner}
        if SEALED not in body:
            return body  # queued before sealing, or a sample
        owner = str(body[SEALED_FOR])
        try:
            rest = json.loads(self._cipher.open(owner, FIELD, str(body[SEALED])))
        except ContentShredded:
            logger.info("LINE job of an erased user dropped", extra={"kind": str(body.get("kind"))})
            return None
        return {**{k: body[k] for k in ROUTING if k in body}, SEALED_FOR: owner, **rest}


class SealingEventQueue:
    """The LINE event queue, every job sealed on its way in."""

    def __init__(self, inner: EventQueue, payloads: LinePayloads) -> None:
        self._inner = inner
        self._payloads = payloads

    def submit(self, job: Job) -> None:
        self._inner.submit(self._payloads.seal(job))

    def submit_all(self, jobs: list[Job]) -> list[bool]:
        return self._inner.submit_all([self._payloads.seal(job) for job in jobs])
