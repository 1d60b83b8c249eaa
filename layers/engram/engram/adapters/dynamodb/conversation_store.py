"""ConversationStore on DynamoDB (S1–S4, S6).

- load: one descending Query returns ~META and the last N rounds.
- append_turn: one TransactWriteItems (META counter CAS + TURN put + request
  marker), so concurrent writers can neither share a seq nor lose a round, and a
  retried request is stored once.
- commit_summary: compare-and-swap on the summary cursor; the loser gets False.
Expired items are ignored on every read: DynamoDB deletes them late.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable

from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.expressions.update import Action
from pynamodb.transactions import TransactWrite

from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import is_condition_failure, translate
from engram.adapters.dynamodb.models import BoundModels, SessionItem
from engram.domain.models import SessionKey, SessionMeta, SessionSnapshot, SessionStatus, Turn
from engram.errors import Conflict, DuplicateRequest, NotFound
from engram.settings import Settings


def _backoff(attempt: int) -> None:
    # Real-time jitter for write contention only; TTL logic never sleeps.
    time.sleep(random.uniform(0, min(0.2, 0.005 * 2**attempt)))


class DynamoConversationStore:
    def __init__(self, models: BoundModels, settings: Settings, backoff: Callable[[int], None] = _backoff) -> None:
        self._m = models.session
        self._settings = settings
        self._backoff = backoff

    # --- reads -----------------------------------------------------------------
    def load(self, key: SessionKey, recent: int, now: float) -> SessionSnapshot:
        pk = keys.session_pk(key)
        try:
            items = list(self._m.query(pk, scan_index_forward=False, limit=recent + 1, consistent_read=True))
        except PynamoDBException as exc:
            raise translate(exc) from exc
        meta = None
        if items and items[0].sk == keys.META_SK and not _expired(items[0], now):
            meta = _to_meta(key, items[0])
        if meta is None:
            return SessionSnapshot(meta=None, recent=())
        turns = [
            _to_turn(i) for i in items if i.sk.startswith(keys.turn_prefix(meta.generation)) and not _expired(i, now)
        ]
        turns.sort(key=lambda t: t.seq)
        return SessionSnapshot(meta=meta, recent=tuple(turns[-recent:] if recent else ()))

    def get_meta(self, key: SessionKey, now: float) -> SessionMeta | None:
        try:
            item = self._m.get(keys.session_pk(key), keys.META_SK, consistent_read=True)
        except DoesNotExist:
            return None
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return None if _expired(item, now) else _to_meta(key, item)

    def turns_between(self, key: SessionKey, generation: int, first: int, last: int, now: float) -> list[Turn]:
        if last < first:
            return []
        cond = self._m.sk.between(keys.turn_sk(generation, first), keys.turn_sk(generation, last))
        try:
            items = self._m.query(keys.session_pk(key), cond, consistent_read=True)
            return [_to_turn(i) for i in items if not _expired(i, now)]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    # --- writes ----------------------------------------------------------------
    def append_turn(
        self,
        key: SessionKey,
        user_text: str,
        assistant_text: str,
        request_id: str,
        now: float,
        emergency: bool = False,
        meta_hint: SessionMeta | None = None,
        tokens: int = 0,
    ) -> tuple[SessionMeta, Turn]:
        """Append one round; retries on contention. DuplicateRequest if request_id was stored."""
        s = self._settings
        meta = meta_hint
        read = meta_hint is not None
        for attempt in range(s.append_max_attempts):
            if not read:
                meta = self.get_meta(key, now)
            read = False
            fresh = meta is None or meta.status == SessionStatus.ENDED or meta.is_idle(now, s.session_idle_timeout_s)
            generation = int(now * 1000) if fresh or meta is None else meta.generation
            if meta is not None and fresh and generation <= meta.generation:
                generation = meta.generation + 1
            seq = 1 if fresh or meta is None else meta.turn_count + 1
            turn = Turn(seq, user_text, assistant_text, request_id, now, emergency)
            try:
                self._transact_append(key, meta, fresh, generation, turn, now, tokens)
            except TransactWriteError as exc:
                reasons = exc.cancellation_reasons or []
                codes = [r.code if r else None for r in reasons]
                # PynamoDB sends puts before updates: [turn, marker, meta].
                if len(codes) > 1 and codes[1] == "ConditionalCheckFailed":
                    raise DuplicateRequest(
                        "this request was already recorded", details={"request_id": request_id}
                    ) from exc
                if any(c in ("ConditionalCheckFailed", "TransactionConflict") for c in codes) or not codes:
                    self._backoff(attempt)
                    continue
                raise translate(exc) from exc
            except PynamoDBException as exc:
                raise translate(exc) from exc
            started = now if fresh or meta is None else meta.started_at
            new_meta = SessionMeta(
                key=key,
                generation=generation,
                turn_count=seq,
                summary="" if fresh or meta is None else meta.summary,
                summary_cursor=0 if fresh or meta is None else meta.summary_cursor,
                summary_version=0 if fresh or meta is None else meta.summary_version,
                status=SessionStatus.ACTIVE,
                started_at=started,
                last_activity_at=now,
                expires_at=now + s.history_ttl_s,
                pending_tokens=tokens if fresh or meta is None else meta.pending_tokens + tokens,
            )
            return new_meta, turn
        raise Conflict("too much contention on this session; retry", details={"session_id": key.session_id})

    def _transact_append(
        self,
        key: SessionKey,
        meta: SessionMeta | None,
        fresh: bool,
        generation: int,
        turn: Turn,
        now: float,
        tokens: int,
    ) -> None:
        m = self._m
        s = self._settings
        pk = keys.session_pk(key)
        expires = now + s.history_ttl_s
        ukey = keys.user_key(key.tenant_id, key.user_id)
        meta_item = m(pk, keys.META_SK)
        actions: list[Action] = [
            m.turn_count.set(turn.seq),
            m.generation.set(generation),
            m.last_activity_at.set(now),
            m.expires_at.set(expires),
            m.status.set(SessionStatus.ACTIVE.value),
            m.active_shard.set(keys.active_shard(key)),
            m.user_key.set(ukey),
        ]
        if fresh or meta is None:
            actions += [
                m.summary.set(""),
                m.summary_cursor.set(0),
                m.summary_version.set(0),
                m.pending_tokens.set(tokens),
                m.started_at.set(now),
                m.ended_at.remove(),
                m.tenant_id.set(key.tenant_id),
                m.user_id.set(key.user_id),
                m.persona_id.set(key.persona_id),
                m.session_id.set(key.session_id),
            ]
            condition = m.pk.does_not_exist() | (m.expires_at < now)
            if meta is not None:
                condition = condition | (m.generation == meta.generation)
        else:
            condition = (m.generation == meta.generation) & (m.turn_count == meta.turn_count)
            actions.append(m.pending_tokens.add(tokens))
        turn_item = m(
            pk,
            keys.turn_sk(generation, turn.seq),
            seq=turn.seq,
            user_text=turn.user_text,
            assistant_text=turn.assistant_text,
            request_id=turn.request_id,
            created_at=now,
            emergency=turn.emergency,
            expires_at=expires,
            user_key=ukey,
        )
        marker = m(
            pk,
            keys.request_sk(turn.request_id),
            seq=turn.seq,
            generation=generation,
            created_at=now,
            expires_at=now + s.dedup_marker_ttl_s,
            user_key=ukey,
        )
        with TransactWrite(connection=m._get_connection().connection) as tx:
            tx.update(meta_item, actions=actions, condition=condition)
            tx.save(turn_item, condition=m.pk.does_not_exist() | (m.expires_at < now))
            tx.save(marker, condition=m.pk.does_not_exist() | (m.expires_at < now))

    def commit_summary(
        self,
        key: SessionKey,
        generation: int,
        expected_cursor: int,
        new_cursor: int,
        summary: str,
        now: float,
        folded_tokens: int = 0,
    ) -> bool:
        """Compare-and-swap the cursor forward; False when another worker got there first."""
        if new_cursor <= expected_cursor:
            raise ValueError("the summary cursor only moves forward")
        m = self._m
        item = m(keys.session_pk(key), keys.META_SK)
        try:
            item.update(
                actions=[
                    m.summary.set(summary),
                    m.summary_cursor.set(new_cursor),
                    m.summary_version.add(1),
                    m.pending_tokens.add(-folded_tokens),
                ],
                condition=(m.generation == generation)
                & (m.summary_cursor == expected_cursor)
                & (m.turn_count >= new_cursor),
            )
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def try_lease(self, key: SessionKey, name: str, holder: str, ttl_s: float, now: float) -> bool:
        m = self._m
        item = m(keys.session_pk(key), f"{keys.LEASE_PREFIX}{name}", holder=holder, expires_at=now + ttl_s)
        try:
            item.save(condition=m.pk.does_not_exist() | (m.expires_at < now) | (m.holder == holder))
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def release_lease(self, key: SessionKey, name: str, holder: str) -> None:
        m = self._m
        with contextlib.suppress(PynamoDBException):  # a lease we fail to drop expires by itself
            m(keys.session_pk(key), f"{keys.LEASE_PREFIX}{name}").delete(condition=m.holder == holder)

    def end_session(self, key: SessionKey, generation: int, now: float) -> SessionMeta:
        m = self._m
        item = m(keys.session_pk(key), keys.META_SK)
        try:
            item.update(
                actions=[
                    m.status.set(SessionStatus.ENDED.value),
                    m.ended_at.set(now),
                    m.active_shard.remove(),
                ],
                condition=(m.generation == generation) & (m.status != SessionStatus.ENDED.value) & (m.expires_at > now),
            )
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                raise Conflict("the session already ended or changed", details={"session_id": key.session_id}) from exc
            raise translate(exc) from exc
        meta = self.get_meta(key, now)
        if meta is None:
            raise NotFound("session not found")
        return meta


def _expired(item: SessionItem, now: float) -> bool:
    return item.expires_at is not None and item.expires_at <= now


def _to_meta(key: SessionKey, item: SessionItem) -> SessionMeta:
    return SessionMeta(
        key=key,
        generation=int(item.generation or 0),
        turn_count=int(item.turn_count or 0),
        summary=item.summary or "",
        summary_cursor=int(item.summary_cursor or 0),
        summary_version=int(item.summary_version or 0),
        status=SessionStatus(item.status or SessionStatus.ACTIVE.value),
        started_at=float(item.started_at or 0),
        last_activity_at=float(item.last_activity_at or 0),
        expires_at=float(item.expires_at or 0),
        ended_at=float(item.ended_at) if item.ended_at is not None else None,
        pending_tokens=int(item.pending_tokens or 0),
    )


def _to_turn(item: SessionItem) -> Turn:
    return Turn(
        seq=int(item.seq or 0),
        user_text=item.user_text or "",
        assistant_text=item.assistant_text or "",
        request_id=item.request_id or "",
        created_at=float(item.created_at or 0),
        emergency=bool(item.emergency),
    )
