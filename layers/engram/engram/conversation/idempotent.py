"""D1 for API creates other than turns: with an `idempotency_key`, a retried request (its
answer lost on the way) gets the first answer back instead of writing a second time.

The marker and the stored answer sit in the user's own partition (request markers), sealed
like every result (P3), kept `dedup_marker_ttl_s`, and erased with the user. The marker's lock
is not what makes a create happen once: the created item's id is derived from the key
(`derived_id`) and created by a conditional put, so a write that outlives the lock, or a crash
before the marker's completion, cannot make a second item.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engram.conversation.ports import IdempotencyStore
from engram.kernel.clock import Clock
from engram.kernel.errors import IdempotencyKeyReused, RequestInProgress
from engram.kernel.keys import OwnerKey
from engram.settings import Settings


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def marker_key(idempotency_key: str) -> str:
    """Any text the caller chose, as a fixed-size part of the marker's key."""
    return _digest(idempotency_key)[:40]


def derived_id(prefix: str, owner: OwnerKey, scope: str, idempotency_key: str | None) -> str | None:
    """The id of what a request with this key creates, the same on every retry; None without a
    key. The store creates an id at most once (conditional put), so a retry whose marker no
    longer stops it (its first attempt outlived the lock, or died before completing the marker)
    finds the first write instead of making a second one."""
    if idempotency_key is None:
        return None
    return prefix + _digest([owner.tenant_id, owner.user_id, scope, idempotency_key])[:32]


@dataclass(frozen=True)
class IdempotentWrites:
    store: IdempotencyStore
    clock: Clock
    settings: Settings

    def run(
        self,
        owner: OwnerKey,
        scope: str,
        idempotency_key: str | None,
        request: Mapping[str, Any],
        write: Callable[[], dict[str, Any]],
    ) -> tuple[dict[str, Any], bool]:
        """`write()`'s answer and False; or, for a key seen before with the same `request`, the
        answer stored then and True. The same key with another request is refused, and so is
        a retry while the first is still running (its lock lapses with `request_lock_ttl_s`)."""
        if idempotency_key is None:
            return write(), False
        s = self.settings
        key = marker_key(idempotency_key)
        fingerprint = _digest(request)
        holder = uuid.uuid4().hex
        claim = self.store.claim(owner, scope, key, holder, s.request_lock_ttl_s, self.clock.now())
        if claim.state == "completed" and claim.result is not None:
            if claim.result.get("fingerprint") != fingerprint:
                raise IdempotencyKeyReused(
                    "this idempotency_key was used with a different request", details={"scope": scope}
                )
            answer = claim.result.get("response")
            assert isinstance(answer, dict)
            return answer, True
        if claim.state != "acquired":
            raise RequestInProgress(
                "the first request with this idempotency_key is still running",
                details={"retry_after": s.duplicate_retry_after_s},
            )
        try:
            answer = write()
        except BaseException:
            self.store.release(owner, scope, key, holder)  # a failed write can be tried again
            raise
        result = {"fingerprint": fingerprint, "response": answer}
        self.store.complete(owner, scope, key, holder, result, float(s.dedup_marker_ttl_s), self.clock.now())
        return answer, False
