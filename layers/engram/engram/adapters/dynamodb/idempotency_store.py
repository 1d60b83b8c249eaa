"""Idempotency markers and locks with TTL (D1 request dedup, D2 audio locks).

Why not Powertools Idempotency here: it reads wall-clock time internally (TTL
tests could not inject the clock), keeps one expiry for both the in-progress
lock and the stored result (D2 needs 180 s vs 24 h), and takes its in-progress
expiry from the Lambda context. This store is the same idea — first writer wins
with a conditional put — with both TTLs explicit and an injectable `now`.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.transactions import TransactWrite

from engram.adapters.dynamodb import erasure_fence as fence
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import translate
from engram.adapters.dynamodb.models import BoundModels
from engram.conversation.models import Claim
from engram.kernel.errors import ErasureInProgress
from engram.kernel.keys import OwnerKey

logger = logging.getLogger(__name__)

_TRANSACT_ITEMS = 100  # TransactWriteItems' limit
IN_PROGRESS = "INPROGRESS"
COMPLETED = "COMPLETED"


class DynamoIdempotencyStore:
    def __init__(self, models: BoundModels) -> None:
        self._m = models.idempotency
        self._c = models.cipher

    def _lock(self, owner_key: OwnerKey, scope: str, key: str, owner: str, lock_ttl_s: float, now: float) -> Any:
        """An in-progress marker, and the condition it is written under (absent, or expired)."""
        m = self._m
        item = m(
            keys.idempotency_pk(owner_key.tenant_id, owner_key.user_id, scope, key),
            keys.IDEM_SK,
            status=IN_PROGRESS,
            owner=owner,
            created_at=now,
            expires_at=now + lock_ttl_s,
            user_key=keys.user_key(owner_key.tenant_id, owner_key.user_id),
        )
        return item, m.pk.does_not_exist() | (m.expires_at <= now)

    def claim(self, owner_key: OwnerKey, scope: str, key: str, owner: str, lock_ttl_s: float, now: float) -> Claim:
        """First writer wins; an expired lock or result can be claimed again."""
        m = self._m
        item, condition = self._lock(owner_key, scope, key, owner, lock_ttl_s, now)
        pk = item.pk
        try:  # P1: a marker is an item of the user: with the erasure fence's check
            fence.write_fenced(m, owner_key.tenant_id, owner_key.user_id, lambda tx: tx.save(item, condition=condition))
            return Claim("acquired", owner=owner)
        except PynamoDBException as exc:
            if not fence.lost(exc):
                raise translate(exc) from exc
        try:
            existing = m.get(pk, keys.IDEM_SK, consistent_read=True)
        except DoesNotExist:  # released between our put and get: the caller may retry
            return Claim("in_progress")
        except PynamoDBException as exc:
            raise translate(exc) from exc
        text = self._c.read(pk, "result", existing.result)  # P3: a cached answer is content
        if existing.status == COMPLETED and text:
            result: dict[str, Any] = json.loads(text)
            return Claim("completed", result=result, owner=existing.owner)
        return Claim("in_progress", owner=existing.owner)

    def claim_all(
        self, claims: list[tuple[OwnerKey, str, str]], owner: str, lock_ttl_s: float, now: float, attempts: int = 3
    ) -> list[bool]:
        """Claim many markers in one TransactWriteItems (a LINE batch: one round trip, not one per
        event). True where this call took the marker; False where it was held already. A marker
        another writer is claiming at the same moment (TransactionConflict) is tried again, and in
        the end on its own."""
        m = self._m
        taken: dict[int, bool] = {}
        for _ in range(attempts):
            pending = [i for i in range(len(claims)) if i not in taken]
            if not pending:
                break
            # P1: the erasure fence's check of each user first (condition checks lead the reasons)
            users = list(dict.fromkeys((claims[i][0].tenant_id, claims[i][0].user_id) for i in pending))
            if len(users) + len(pending) > _TRANSACT_ITEMS:
                break  # one by one below
            try:
                with TransactWrite(connection=m._get_connection().connection) as tx:
                    for tenant_id, user_id in users:
                        fence.check(tx, m, tenant_id, user_id)
                    for i in pending:
                        item, condition = self._lock(*claims[i], owner, lock_ttl_s, now)
                        tx.save(item, condition=condition)
            except TransactWriteError as exc:
                all_codes = [r.code if r else None for r in (exc.cancellation_reasons or [])]
                if "ConditionalCheckFailed" in all_codes[: len(users)]:
                    break  # a user is being erased: one by one below, where only that user's are refused
                codes = all_codes[len(users) :]
                if len(codes) != len(pending) or not all(
                    c in ("ConditionalCheckFailed", "TransactionConflict", None) for c in codes
                ):
                    raise translate(exc) from exc
                for i, code in zip(pending, codes, strict=True):
                    if code == "ConditionalCheckFailed":
                        taken[i] = False  # held already: a duplicate
                continue
            except PynamoDBException as exc:
                raise translate(exc) from exc
            taken.update(dict.fromkeys(pending, True))
        for i in range(len(claims)):
            if i not in taken:  # still contended (or a user is being erased): one by one
                owner_key, scope, key = claims[i]
                try:
                    taken[i] = self.claim(owner_key, scope, key, owner, lock_ttl_s, now).state == "acquired"
                except ErasureInProgress:
                    # P1: what arrives for a user while they are erased is written before the
                    # erasure completes: it is not taken (nothing of it is stored or queued)
                    logger.warning("event for a user being erased not taken", extra={"scope": scope})
                    taken[i] = False
        return [taken[i] for i in range(len(claims))]

    def complete(
        self,
        owner_key: OwnerKey,
        scope: str,
        key: str,
        owner: str,
        result: dict[str, Any],
        result_ttl_s: float,
        now: float,
    ) -> None:
        m = self._m
        pk = keys.idempotency_pk(owner_key.tenant_id, owner_key.user_id, scope, key)
        try:
            m(pk, keys.IDEM_SK).update(
                actions=[
                    m.status.set(COMPLETED),
                    m.result.set(
                        self._c.seal(pk, "result", json.dumps(result, ensure_ascii=False, separators=(",", ":")))
                    ),
                    m.expires_at.set(now + result_ttl_s),
                ],
                condition=m.owner == owner,
            )
        except PynamoDBException as exc:
            # Our lock expired and someone else took over: their result stands.
            logger.warning("idempotency result not stored", extra={"scope": scope, "cause": type(exc).__name__})

    def release(self, owner_key: OwnerKey, scope: str, key: str, owner: str) -> None:
        """Drop our in-progress lock after a failure; a failed release is logged, not raised (D2)."""
        m = self._m
        pk = keys.idempotency_pk(owner_key.tenant_id, owner_key.user_id, scope, key)
        try:
            m(pk, keys.IDEM_SK).delete(condition=(m.owner == owner) & (m.status == IN_PROGRESS))
        except PynamoDBException as exc:
            logger.warning("idempotency lock not released", extra={"scope": scope, "cause": type(exc).__name__})


class DynamoTranscriptBuffer:
    """D2: partial transcripts of one audio id, one item each (TTL 1 h), read in order when
    the final one arrives. A part number makes a redelivered partial idempotent."""

    def __init__(self, models: BoundModels) -> None:
        self._m = models.idempotency
        self._c = models.cipher

    def _pk(self, owner_key: OwnerKey, audio_id: str) -> str:
        return keys.idempotency_pk(owner_key.tenant_id, owner_key.user_id, "audiobuf", audio_id)

    def add(self, owner_key: OwnerKey, audio_id: str, part: int | None, text: str, ttl_s: float, now: float) -> int:
        sk = f"P#{part:010d}" if part is not None else f"P#t{int(now * 1_000_000):020d}"
        pk = self._pk(owner_key, audio_id)
        item = self._m(
            pk,
            sk,
            status="PART",
            owner="-",
            result=self._c.seal(pk, "result", text),
            created_at=now,
            expires_at=now + ttl_s,
            user_key=keys.user_key(owner_key.tenant_id, owner_key.user_id),
        )
        try:  # P1: a buffered part is the user's content: with the erasure fence's check
            fence.write_fenced(self._m, owner_key.tenant_id, owner_key.user_id, lambda tx: tx.save(item))
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return len(self.parts(owner_key, audio_id, now))

    def parts(self, owner_key: OwnerKey, audio_id: str, now: float) -> list[str]:
        m = self._m
        pk = self._pk(owner_key, audio_id)
        try:
            items = m.query(pk, m.sk.startswith("P#"), consistent_read=True)
            return [self._c.read(pk, "result", i.result) for i in items if i.expires_at is None or i.expires_at > now]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def clear(self, owner_key: OwnerKey, audio_id: str) -> None:
        m = self._m
        try:
            items = list(m.query(self._pk(owner_key, audio_id), m.sk.startswith("P#")))
            with m.batch_write() as batch:
                for item in items:
                    batch.delete(item)
        except PynamoDBException:
            logger.warning("transcript buffer not cleared (it expires by itself)")
