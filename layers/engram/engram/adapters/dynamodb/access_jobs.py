"""R1: the access jobs already counted on a memory, so that each job counts it once.

A memory item keeps a short list of the jobs that counted it (`access_jobs`, newest last, a
10-hex digest of each job id), checked and appended in the access count's own conditional
UpdateItem: a redelivered job, or a dead letter redriven after later accesses, finds its digest
there and counts nothing twice. The list is bounded: past TRIM_AT entries the oldest go, down to
KEPT (one extra write every TRIM_AT - KEPT accesses of a memory), so a dead letter redriven after
more than KEPT later accesses of the same memory could count it again.

Not a declared attribute of the memory model: no read maps it, and `replace` never writes it.
"""

from __future__ import annotations

import hashlib
from typing import Any

from pynamodb.attributes import ListAttribute, UnicodeAttribute
from pynamodb.exceptions import PynamoDBException
from pynamodb.expressions.condition import Condition, size
from pynamodb.expressions.update import Action

from engram.adapters.dynamodb.errors import is_condition_failure, translate

ACCESS_JOBS: ListAttribute[Any] = ListAttribute(of=UnicodeAttribute, attr_name="access_jobs")
KEPT = 32
TRIM_AT = 48


def token(job_id: str) -> str:
    """What the list holds for a job: short, so the list stays small in every access's write."""
    return hashlib.sha1(job_id.encode(), usedforsecurity=False).hexdigest()[:10]


def not_counted(job_token: str) -> Condition:
    condition: Condition = ~ACCESS_JOBS.contains(job_token)
    return condition


def record(job_token: str) -> Action:
    return ACCESS_JOBS.set((ACCESS_JOBS | []).append([job_token]))


def trim(item: Any, response: dict[str, Any]) -> None:
    """Drop the oldest digests once the list passed TRIM_AT (the update's ALL_NEW `response`).
    Only if nobody trimmed or appended meanwhile: the next access trims otherwise."""
    held = response.get("Attributes", {}).get(ACCESS_JOBS.attr_name, {}).get("L", [])
    if len(held) <= TRIM_AT:
        return
    excess = len(held) - KEPT
    try:
        item.update(
            actions=[ACCESS_JOBS[i].remove() for i in range(excess)],
            condition=size(ACCESS_JOBS) == len(held),
        )
    except PynamoDBException as exc:
        if not is_condition_failure(exc):
            raise translate(exc) from exc
