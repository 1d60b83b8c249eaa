"""ConversationStore on DynamoDB (S1–S4, S6, D1).

- load: one descending Query returns ~META and the last N rounds.
- append_turn: one TransactWriteItems — META counter CAS, the TURN item, the request
  marker (REQ#), and, when the append replaces an idle run or reaches the message
  limit, the RUN# item that closes that run. Concurrent writers can neither share a
  seq nor lose a round; a run that is ended, idle or expired never takes another
  round under its generation; a retried request is stored once.
- A failed condition hands back the item that failed it
  (ReturnValuesOnConditionCheckFailure), so a retry needs no extra read.
- commit_summary: compare-and-swap on the summary cursor; the loser gets False.
"Expired" means `expires_at <= now` everywhere: in reads and in every overwrite condition.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from typing import Any

from pynamodb.exceptions import PynamoDBException, TransactWriteError
from pynamodb.expressions.update import Action
from pynamodb.transactions import TransactWrite

from engram.adapters.dynamodb import erasure_fence as fence
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import is_condition_failure, translate
from engram.adapters.dynamodb.meta_cache import MetaCache
from engram.adapters.dynamodb.models import BoundModels, SessionItem
from engram.adapters.dynamodb.session_items import (
    COMPLETED,
    IN_PROGRESS,
    expired,
    get_live,
    not_live,
    run_item,
    sealed_result,
    to_marker,
    to_meta,
    to_turn,
)
from engram.conversation.models import (
    AppendResult,
    ClosedRun,
    LoggedRound,
    RequestMarker,
    RunState,
    SessionMeta,
    SessionSnapshot,
    SessionStatus,
    Turn,
)
from engram.kernel.errors import Conflict, DuplicateRequest
from engram.kernel.ids import job_group
from engram.kernel.keys import SessionKey
from engram.observability.spans import current_traceparent
from engram.settings import Settings

CONDITION_FAILED = "ConditionalCheckFailed"


def _backoff(attempt: int) -> None:
    # Real-time jitter for write contention only; TTL logic never sleeps.
    time.sleep(random.uniform(0, min(0.2, 0.005 * 2**attempt)))


class DynamoConversationStore:
    def __init__(self, models: BoundModels, settings: Settings, backoff: Callable[[int], None] = _backoff) -> None:
        self._m = models.session
        self._c = models.cipher
        self._settings = settings
        self._backoff = backoff
        # issue 29: the META this container last read or wrote; an append starts from it (no read)
        self._metas = MetaCache(settings.session_meta_cache_size, settings.warm_cache_max_age_s)

    # --- reads -----------------------------------------------------------------
    def load(self, key: SessionKey, recent: int, now: float) -> SessionSnapshot:
        recent = min(recent, self._settings.recent_hard_cap)  # S3: never more than the hard cap
        pk = keys.session_pk(key)
        try:
            items = list(self._m.query(pk, scan_index_forward=False, limit=recent + 1, consistent_read=True))
        except PynamoDBException as exc:
            raise translate(exc) from exc
        meta = None
        if items and items[0].sk == keys.META_SK and not expired(items[0], now):
            meta = to_meta(key, items[0], self._c)
        self._metas.put(key, meta)
        if meta is None:
            return SessionSnapshot(meta=None, recent=())
        turns = [
            to_turn(i, self._c)
            for i in items
            if i.sk.startswith(keys.turn_prefix(meta.generation)) and not expired(i, now)
        ]
        turns.sort(key=lambda t: t.seq)
        return SessionSnapshot(meta=meta, recent=tuple(turns[-recent:] if recent else ()))

    def get_meta(self, key: SessionKey, now: float) -> SessionMeta | None:
        item = get_live(self._m, keys.session_pk(key), keys.META_SK, now)
        meta = to_meta(key, item, self._c) if item is not None else None
        self._metas.put(key, meta)
        return meta

    def list_metas(self, tenant_id: str, user_id: str, now: float, limit: int) -> list[SessionMeta]:
        """by_user (keys only) names the user's conversation partitions by their ~META key; at most
        `limit` of them (in index order, not by activity: past it the newest may be missed) are
        read in consistent BatchGetItems (100 keys each), so a long history stays a bounded read.
        META items expire with the hot history (ENGRAM_HISTORY_TTL_S), so a user rarely has more
        than a day's sessions here."""
        m = self._m
        try:
            pks = [
                i.pk
                for i in m.by_user.query(keys.user_key(tenant_id, user_id), m.sk == keys.META_SK, limit=limit)
                if i.pk.count("#") == 7  # a conversation partition (T#..#U#..#P#..#S#..)
            ]
            items = list(m.batch_get([(pk, keys.META_SK) for pk in pks], consistent_read=True))
        except PynamoDBException as exc:
            raise translate(exc) from exc
        metas = [to_meta(SessionKey(*keys.parse_session_pk(i.pk)), i, self._c) for i in items if not expired(i, now)]
        metas.sort(key=lambda meta: meta.last_activity_at, reverse=True)
        return metas

    def get_turn(self, key: SessionKey, generation: int, seq: int, now: float) -> Turn | None:
        item = get_live(self._m, keys.session_pk(key), keys.turn_sk(generation, seq), now)
        return to_turn(item, self._c) if item is not None else None

    def tail(self, key: SessionKey, generation: int, first: int, now: float) -> tuple[SessionMeta | None, list[Turn]]:
        """One Query from round `first` of a run to ~META: the rounds after a cursor and the
        META together (REQ#, RUN# and leases sort before TURN#, outside the range)."""
        cond = self._m.sk.between(keys.turn_sk(generation, first), keys.META_SK)
        try:
            items = list(self._m.query(keys.session_pk(key), cond, consistent_read=True))
        except PynamoDBException as exc:
            raise translate(exc) from exc
        meta_items = [i for i in items if i.sk == keys.META_SK and not expired(i, now)]
        meta = to_meta(key, meta_items[0], self._c) if meta_items else None
        prefix = keys.turn_prefix(generation)
        return meta, [to_turn(i, self._c) for i in items if i.sk.startswith(prefix) and not expired(i, now)]

    def turns_between(self, key: SessionKey, generation: int, first: int, last: int, now: float) -> list[Turn]:
        if last < first:
            return []
        cond = self._m.sk.between(keys.turn_sk(generation, first), keys.turn_sk(generation, last))
        try:
            items = self._m.query(keys.session_pk(key), cond, consistent_read=True)
            return [to_turn(i, self._c) for i in items if not expired(i, now)]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    # --- conversation log (S2 / R6) -------------------------------------------------
    def log_page(
        self, key: SessionKey, now: float, limit: int, before: tuple[int, int] | None = None
    ) -> tuple[list[LoggedRound], tuple[int, int] | None]:
        """The session's rounds still held, newest first, `limit` a page; the position to go on
        from, or None at the end. One Query over the TURN# range of the partition."""
        m = self._m
        upper = keys.turn_sk(*before) if before is not None else keys.turn_sk(10**13 - 1, 0)
        cond = m.sk.between(keys.TURN_PREFIX, upper)
        rounds: list[LoggedRound] = []
        try:
            for item in m.query(keys.session_pk(key), cond, scan_index_forward=False, consistent_read=True):
                if item.sk == upper or expired(item, now):
                    continue
                generation, _ = keys.parse_turn_sk(item.sk)
                rounds.append(LoggedRound(generation, to_turn(item, self._c), kept=item.expires_at is None))
                if len(rounds) > limit:
                    break
        except PynamoDBException as exc:
            raise translate(exc) from exc
        more = len(rounds) > limit
        rounds = rounds[:limit]
        return rounds, ((rounds[-1].generation, rounds[-1].turn.seq) if more else None)

    def keep_turn(self, key: SessionKey, generation: int, seq: int) -> bool:
        """R6: a round linked to an important moment leaves the TTL (kept until erasure).
        Idempotent; False when the round is no longer held."""
        m = self._m
        try:
            m(keys.session_pk(key), keys.turn_sk(generation, seq)).update(
                actions=[m.expires_at.remove()], condition=m.pk.exists()
            )
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def withdraw_round(self, key: SessionKey, generation: int, seq: int, request_id: str) -> bool:
        m, pk = self._m, keys.session_pk(key)
        try:
            held = m(pk, keys.turn_sk(generation, seq)).delete(condition=m.pk.exists())
        except PynamoDBException as exc:
            if not is_condition_failure(exc):
                raise translate(exc) from exc
            held = None
        try:  # the cached answer is the round's words too
            m(pk, keys.request_sk(request_id)).update(actions=[m.result.remove()], condition=m.pk.exists())
        except PynamoDBException as exc:
            if not is_condition_failure(exc):
                raise translate(exc) from exc
        return held is not None

    def rewrite_summary(self, key: SessionKey, generation: int, cursor: int, summary: str) -> bool:
        m, pk = self._m, keys.session_pk(key)
        try:
            m(pk, keys.META_SK).update(
                actions=[m.summary.set(self._c.seal(pk, "summary", summary)), m.summary_version.add(1)],
                condition=(m.generation == generation) & (m.summary_cursor == cursor),
            )
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    # --- request markers (D1) ----------------------------------------------------
    def claim_request(
        self, key: SessionKey, request_id: str, owner: str, lock_ttl_s: float, now: float
    ) -> RequestMarker:
        """First writer wins; an expired lock can be claimed again. Returns the claim or what holds it."""
        m = self._m
        item = self._request_item(key, request_id, owner, lock_ttl_s, now)
        try:  # P1: with the erasure fence's check (a marker is an item of the user)
            fence.write_fenced(
                m,
                key.tenant_id,
                key.user_id,
                lambda tx: tx.save(item, condition=not_live(m, now)),
                persona_id=key.persona_id,
            )
        except PynamoDBException as exc:
            if not fence.lost(exc):
                raise translate(exc) from exc
            # A duplicate (rare): read what holds the id. Released meanwhile: the caller retries.
            return self.get_request(key, request_id, now) or RequestMarker(request_id, "in_progress")
        return RequestMarker(request_id, "in_progress", owner=owner)

    def get_request(self, key: SessionKey, request_id: str, now: float) -> RequestMarker | None:
        item = get_live(self._m, keys.session_pk(key), keys.request_sk(request_id), now)
        return to_marker(request_id, item, self._c) if item is not None else None

    def claim_text(
        self,
        key: SessionKey,
        dedup_key: str,
        request_id: str,
        window_s: float,
        owner: str,
        lock_ttl_s: float,
        now: float,
    ) -> RequestMarker:
        """D1 for a text sent without a client key: the sliding window and the request's claim in
        one transaction (one request for a new text). When either is held — a repeat inside the
        window, or this request already claimed — the two steps run one by one as before, which
        name the earlier request and return its claim."""
        m = self._m
        window = self._window_item(key, dedup_key, request_id, window_s, now)
        marker = self._request_item(key, request_id, owner, lock_ttl_s, now)
        free = not_live(m, now) | (m.request_id == request_id)
        try:  # P1: both are items of the user: with the erasure fence's check
            fence.write_fenced(
                m,
                key.tenant_id,
                key.user_id,
                lambda tx: (tx.save(window, condition=free), tx.save(marker, condition=not_live(m, now))),
                persona_id=key.persona_id,
            )
            return RequestMarker(request_id, "in_progress", owner=owner)
        except PynamoDBException as exc:
            if CONDITION_FAILED not in fence.own_codes(exc):
                raise translate(exc) from exc
        held = self.claim_window(key, dedup_key, request_id, window_s, now)
        return self.claim_request(key, held, owner, lock_ttl_s, now)

    def claim_window(self, key: SessionKey, dedup_key: str, request_id: str, window_s: float, now: float) -> str:
        """D1's sliding window: the request a text started, if it was accepted less than
        `window_s` ago; otherwise `request_id`, which takes the window from now. One conditional
        put (absent or expired: `expires_at` is the acceptance plus the window), so of copies
        racing, one names the request and the others learn it; TTL removes the item later."""
        m = self._m
        item = self._window_item(key, dedup_key, request_id, window_s, now)
        free = not_live(m, now) | (m.request_id == request_id)
        for _ in range(3):
            try:  # P1: an item of the user: with the erasure fence's check (refused while erased)
                fence.write_fenced(
                    m, key.tenant_id, key.user_id, lambda tx: tx.save(item, condition=free), persona_id=key.persona_id
                )
                return request_id
            except PynamoDBException as exc:
                if not fence.lost(exc):
                    raise translate(exc) from exc
            held = get_live(m, keys.session_pk(key), keys.window_sk(dedup_key), now)
            if held is not None and held.request_id:
                return held.request_id
        return request_id  # the window kept expiring under us: ours is as good as any

    def _request_item(self, key: SessionKey, request_id: str, owner: str, lock_ttl_s: float, now: float) -> Any:
        """D1's REQ# marker of a request being run by `owner` (a lock until `lock_ttl_s`)."""
        return self._m(
            keys.session_pk(key),
            keys.request_sk(request_id),
            status=IN_PROGRESS,
            holder=owner,
            created_at=now,
            expires_at=now + lock_ttl_s,
            user_key=keys.user_key(key.tenant_id, key.user_id),
        )

    def _window_item(self, key: SessionKey, dedup_key: str, request_id: str, window_s: float, now: float) -> Any:
        """D1's REQW# window: the request a text started, live for `window_s`."""
        return self._m(
            keys.session_pk(key),
            keys.window_sk(dedup_key),
            request_id=request_id,
            created_at=now,
            expires_at=now + window_s,
            user_key=keys.user_key(key.tenant_id, key.user_id),
        )

    def release_request(self, key: SessionKey, request_id: str, owner: str) -> None:
        """Drop our in-progress claim after a failure (a failed release expires by itself)."""
        m = self._m
        with contextlib.suppress(PynamoDBException):
            m(keys.session_pk(key), keys.request_sk(request_id)).delete(
                condition=(m.holder == owner) & (m.status == IN_PROGRESS)
            )

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
        claim_owner: str | None = None,
        result: dict[str, Any] | None = None,
    ) -> AppendResult:
        """Append one round; retries on contention.

        `claim_owner`: the request was claimed first (chat): the marker is completed with
        `result` in the same transaction. Otherwise the marker is created here, and
        DuplicateRequest (details: generation, seq) says the request was stored before.
        """
        s = self._settings
        meta = meta_hint
        known = meta_hint is not None
        # Without a hint, the META this container last saw, as a guess: the condition then also
        # covers the summary version (the worker's commits move it, and the round's job hints
        # copy the cursor), so a stale copy fails it and the failure hands back the current META.
        guess = False
        if meta is None and (cached := self._metas.get(key)) is not None:
            meta, known, guess = cached, True, True
        elif not known:
            # Nothing cached: guess a new conversation. The transaction's condition is then "no live
            # META" — exactly what a read would have found for one — and when one is there, the
            # failure hands it back: a new conversation costs no read, another one the read it did.
            known, guess = True, True
        for attempt in range(s.append_max_attempts):
            if not known:
                meta = self.get_meta(key, now)
            known = False
            plan = _Plan.decide(meta, now, s)
            plan.guess, guess = guess, False
            turn = Turn(plan.seq, user_text, assistant_text, request_id, now, emergency)
            try:
                closed = self._transact_append(key, meta, plan, turn, now, tokens, claim_owner, result)
            except TransactWriteError as exc:
                self._metas.drop(key)  # whatever failed, the next append starts from the store
                fenced = fence.refused(exc)
                if fenced is not None:
                    raise fenced from exc  # P1: the user is being erased
                reasons = exc.cancellation_reasons or []
                codes = [r.code if r else None for r in reasons]
                marker = plan.positions["marker"]
                if len(codes) > marker and codes[marker] == CONDITION_FAILED:
                    raise self._duplicate(key, request_id, reasons[marker], claim_owner, now) from exc
                meta_at = plan.positions["meta"]
                if len(codes) > meta_at and codes[meta_at] == CONDITION_FAILED:
                    failed = reasons[meta_at]
                    raw = failed.raw_item if failed is not None else None
                    meta = self._meta_from_raw(key, raw, now) if raw else None
                    known = raw is not None  # the failed condition handed back the current META
                    if not plan.guess:  # a stale copy is not contention: try again at once
                        self._backoff(attempt)
                    continue
                if codes and all(c in (CONDITION_FAILED, "TransactionConflict", None) for c in codes):
                    self._backoff(attempt)  # contention: decide again
                    continue
                raise translate(exc) from exc  # throttling, validation, the store is down: not contention
            except PynamoDBException as exc:
                self._metas.drop(key)
                raise translate(exc) from exc
            written = plan.new_meta(key, meta, turn, now, tokens, s)
            self._metas.put(key, written)
            return AppendResult(written, turn, closed)
        raise Conflict("too much contention on this session; retry", details={"session_id": key.session_id})

    def _meta_from_raw(self, key: SessionKey, raw: dict[str, Any], now: float) -> SessionMeta | None:
        item = self._m.from_raw_data(raw)
        return None if expired(item, now) else to_meta(key, item, self._c)

    def _duplicate(
        self, key: SessionKey, request_id: str, reason: Any, claim_owner: str | None, now: float
    ) -> DuplicateRequest | Conflict:
        if claim_owner is not None:  # our claim expired and another attempt took the request over
            return Conflict("this request was taken over by a retry", details={"request_id": request_id})
        raw = reason.raw_item if reason else None
        marker = (
            to_marker(request_id, self._m.from_raw_data(raw), self._c)
            if raw
            else self.get_request(key, request_id, now)
        )
        details: dict[str, Any] = {"request_id": request_id}
        if marker is not None and marker.state == "completed":
            details.update(generation=marker.generation, seq=marker.seq)
        return DuplicateRequest("this request was already recorded", details=details)

    def _transact_append(
        self,
        key: SessionKey,
        meta: SessionMeta | None,
        plan: _Plan,
        turn: Turn,
        now: float,
        tokens: int,
        claim_owner: str | None,
        result: dict[str, Any] | None,
    ) -> ClosedRun | None:
        m = self._m
        c = self._c
        s = self._settings
        pk = keys.session_pk(key)
        expires = now + s.history_ttl_s
        ukey = keys.user_key(key.tenant_id, key.user_id)
        group = job_group(key)
        closes_own_run = plan.seq >= s.session_end_max_messages  # S6: 20+ messages end the run
        actions: list[Action] = [
            m.turn_count.set(turn.seq),
            m.generation.set(plan.generation),
            m.last_activity_at.set(now),
            m.expires_at.set(expires),
            m.user_key.set(ukey),
        ]
        if closes_own_run:
            actions += [m.status.set(SessionStatus.ENDED.value), m.ended_at.set(now), m.active_shard.remove()]
        else:
            actions += [m.status.set(SessionStatus.ACTIVE.value), m.active_shard.set(keys.active_shard(key))]
        if plan.fresh:
            actions += [
                m.summary.set(""),
                m.summary_cursor.set(0),
                m.summary_version.set(0),
                m.pending_tokens.set(tokens),
                m.started_at.set(now),
                m.tenant_id.set(key.tenant_id),
                m.user_id.set(key.user_id),
                m.persona_id.set(key.persona_id),
                m.session_id.set(key.session_id),
            ]
            if not closes_own_run:
                actions.append(m.ended_at.remove())
            if plan.continues is not None:
                actions += [m.cont_generation.set(plan.continues[0]), m.cont_seq.set(plan.continues[1])]
            else:
                actions += [m.cont_generation.remove(), m.cont_seq.remove()]
        else:
            actions.append(m.pending_tokens.add(tokens))
        condition = plan.condition(m, meta, now)
        turn_item = m(
            pk,
            keys.turn_sk(plan.generation, turn.seq),
            seq=turn.seq,
            user_text=c.seal(pk, "user_text", turn.user_text),
            assistant_text=c.seal(pk, "assistant_text", turn.assistant_text),
            request_id=turn.request_id,
            created_at=now,
            emergency=turn.emergency,
            # R6: the round outlives the session's hot state as the conversation log (30 days);
            # an emergency is an important moment: its log is kept
            expires_at=None if turn.emergency else now + s.conversation_log_ttl_s,
            user_key=ukey,
            job_group=group,
            job_dedup=f"t-{plan.generation}-{turn.seq}",
            hint_cursor=0 if plan.fresh or meta is None else meta.summary_cursor,
            hint_pending=tokens if plan.fresh or meta is None else meta.pending_tokens + tokens,
            trace_parent=current_traceparent(),  # the turn's trace, continued by the worker
        )
        if (continued := _continuation(plan, turn, s)) is not None:
            # the first rounds of a continued run name the run before: their context is its last rounds
            turn_item.cont_generation, turn_item.cont_seq = continued
        closed: ClosedRun | None = None
        # Positions of the cancellation reasons: PynamoDB sends the condition check (the erasure
        # fence's, P1) first, then the puts, then the updates.
        puts = 2 + (claim_owner is None) + int(plan.closes_previous and meta is not None) + int(closes_own_run)
        plan.positions = {"marker": 2 if claim_owner is None else puts, "meta": puts + (claim_owner is not None)}
        with TransactWrite(connection=m._get_connection().connection) as tx:
            fence.check(
                tx, m, key.tenant_id, key.user_id, key.persona_id
            )  # no extra request: one more item in the transaction
            tx.save(turn_item, condition=not_live(m, now))
            if claim_owner is None:
                marker = m(
                    pk,
                    keys.request_sk(turn.request_id),
                    status=COMPLETED,
                    generation=plan.generation,
                    seq=turn.seq,
                    created_at=now,
                    expires_at=now + s.dedup_marker_ttl_s,
                    user_key=ukey,
                )
                tx.save(marker, condition=not_live(m, now), return_values="ALL_OLD")
            if plan.closes_previous and meta is not None:  # S6: the idle run this round replaces gets its memory
                closed = ClosedRun(key, meta.generation, meta.turn_count, meta.summary, "idle", RunState.CLOSING, now)
                tx.save(run_item(m, closed, now, s, c), condition=m.pk.does_not_exist())
            if closes_own_run:
                own_summary = "" if plan.fresh or meta is None else meta.summary
                closed = ClosedRun(key, plan.generation, turn.seq, own_summary, "max_messages", RunState.CLOSING, now)
                tx.save(run_item(m, closed, now, s, c), condition=m.pk.does_not_exist())
            if claim_owner is not None:
                tx.update(
                    m(pk, keys.request_sk(turn.request_id)),
                    actions=[
                        m.status.set(COMPLETED),
                        m.generation.set(plan.generation),
                        m.seq.set(turn.seq),
                        m.result.set(sealed_result(c, pk, {**(result or {}), "session_ended": closes_own_run})),
                        m.expires_at.set(now + s.dedup_marker_ttl_s),
                    ],
                    condition=(m.holder == claim_owner) & (m.status == IN_PROGRESS),
                )
            tx.update(m(pk, keys.META_SK), actions=actions, condition=condition, return_values="ALL_OLD")
        return closed

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
        pk = keys.session_pk(key)
        item = m(pk, keys.META_SK)
        try:
            item.update(
                actions=[
                    m.summary.set(self._c.seal(pk, "summary", summary)),
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
        free = m.pk.does_not_exist() | (m.expires_at <= now) | (m.holder == holder)
        try:  # P1: a lease is an item in the user's partition: not while the user is erased
            fence.write_fenced(
                m, key.tenant_id, key.user_id, lambda tx: tx.save(item, condition=free), persona_id=key.persona_id
            )
        except PynamoDBException as exc:
            if fence.lost(exc):
                return False
            raise translate(exc) from exc
        return True

    def release_lease(self, key: SessionKey, name: str, holder: str) -> None:
        m = self._m
        with contextlib.suppress(PynamoDBException):  # a lease we fail to drop expires by itself
            m(keys.session_pk(key), f"{keys.LEASE_PREFIX}{name}").delete(condition=m.holder == holder)


def _continuation(plan: _Plan, turn: Turn, s: Settings) -> tuple[int, int] | None:
    return None if turn.seq > s.round_context_rounds else plan.continues


class _Plan:
    """What an append does to the session, decided from the META it saw, and the condition
    that makes the transaction fail if the META changed since."""

    def __init__(
        self,
        fresh: bool,
        closes_previous: bool,
        generation: int,
        seq: int,
        continues: tuple[int, int] | None = None,
    ) -> None:
        self.fresh = fresh
        self.closes_previous = closes_previous
        self.generation = generation
        self.seq = seq
        self.continues = continues
        self.guess = False  # decided from the container's copy of META, not a read
        # positions in the transaction (PynamoDB sends puts, then updates): turn, marker?, runs..., updates
        self.positions: dict[str, int] = {}

    @classmethod
    def decide(cls, meta: SessionMeta | None, now: float, s: Settings) -> _Plan:
        if meta is not None and meta.is_open(now, s.session_idle_timeout_s):
            return cls(False, False, meta.generation, meta.turn_count + 1, meta.continues)
        generation = int(now * 1000)
        if meta is not None and generation <= meta.generation:
            generation = meta.generation + 1
        # An idle run that was never ended gets its session memory; an ended one has it already.
        closes = meta is not None and meta.status != SessionStatus.ENDED
        # S6: a run the message limit closed, followed without a pause, is one conversation: its
        # last rounds are the context of this run's first (L5 key expansion, round vectors).
        continues = None
        if (
            meta is not None
            and meta.status == SessionStatus.ENDED
            and meta.turn_count >= s.session_end_max_messages
            and not meta.is_idle(now, s.session_idle_timeout_s)
            and meta.expires_at > now
        ):
            continues = (meta.generation, meta.turn_count)
        return cls(True, closes, generation, 1, continues)

    def condition(self, m: type[SessionItem], meta: SessionMeta | None, now: float) -> Any:
        if meta is None:  # nothing live was seen: nothing live may be there now
            return not_live(m, now)
        # Exactly the META that was seen: same run, same count, same state. A round stored
        # meanwhile (just before the idle threshold) or an `end` makes this fail, and the
        # retry decides again from the META the failure hands back.
        same = (
            (m.generation == meta.generation)
            & (m.turn_count == meta.turn_count)
            & (m.status == meta.status.value)
            & (m.expires_at > now)
        )
        # The RUN# item copies the rolling summary, and a guessed META's cursor goes into the
        # round's job hints: either must be the current one.
        if self.guess or (self.fresh and self.closes_previous):
            same = same & (m.summary_version == meta.summary_version)
        if self.fresh:
            return not_live(m, now) | same
        return same

    def new_meta(
        self, key: SessionKey, meta: SessionMeta | None, turn: Turn, now: float, tokens: int, s: Settings
    ) -> SessionMeta:
        keep = not self.fresh and meta is not None
        ended = self.seq >= s.session_end_max_messages
        return SessionMeta(
            key=key,
            generation=self.generation,
            turn_count=turn.seq,
            summary=meta.summary if keep and meta else "",
            summary_cursor=meta.summary_cursor if keep and meta else 0,
            summary_version=meta.summary_version if keep and meta else 0,
            status=SessionStatus.ENDED if ended else SessionStatus.ACTIVE,
            started_at=meta.started_at if keep and meta else now,
            last_activity_at=now,
            expires_at=now + s.history_ttl_s,
            ended_at=now if ended else None,
            pending_tokens=meta.pending_tokens + tokens if keep and meta else tokens,
            continues=self.continues,
        )
