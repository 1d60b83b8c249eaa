"""Closed runs on DynamoDB (S6): close a run, lease the making of its session memory,
record the result, and find what is due through the sparse active-sessions index."""

from __future__ import annotations

from typing import Any

from pynamodb.exceptions import PynamoDBException, TransactWriteError
from pynamodb.transactions import TransactWrite

from engram.adapters.dynamodb import erasure_fence as fence
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import cancellation_codes, is_condition_failure, translate
from engram.adapters.dynamodb.models import BoundModels
from engram.adapters.dynamodb.session_items import get_live, run_item, sealed_result, to_run
from engram.conversation.models import ClosedRun, DueItem, RunState, SessionMeta, SessionStatus
from engram.kernel.keys import SessionKey
from engram.settings import Settings


class DynamoSessionRuns:
    def __init__(self, models: BoundModels, settings: Settings) -> None:
        self._m = models.session
        self._c = models.cipher
        self._settings = settings

    def close(
        self, key: SessionKey, meta: SessionMeta, reason: str, holder: str | None, now: float
    ) -> ClosedRun | None:
        """Close the run `meta` describes: META ends (no round can join this generation any
        more) and its RUN# item is created, in one transaction. None when the META is no
        longer what the caller saw (a round arrived, or another closer won)."""
        m = self._m
        lease = now + self._settings.session_end_lease_s if holder else 0.0
        run = ClosedRun(
            key, meta.generation, meta.turn_count, meta.summary, reason, RunState.CLOSING, now, holder, lease
        )
        try:
            with TransactWrite(connection=m._get_connection().connection) as tx:
                fence.check(
                    tx, m, key.tenant_id, key.user_id, key.persona_id
                )  # P1: refused (None) while the user is erased
                tx.save(run_item(m, run, now, self._settings, self._c), condition=m.pk.does_not_exist())
                tx.update(
                    m(keys.session_pk(key), keys.META_SK),
                    actions=[
                        m.status.set(SessionStatus.ENDED.value),
                        m.ended_at.set(now),
                        m.active_shard.remove(),
                    ],
                    condition=(m.generation == meta.generation)
                    & (m.turn_count == meta.turn_count)
                    & (m.summary_version == meta.summary_version)
                    & (m.status == SessionStatus.ACTIVE.value)
                    & (m.expires_at > now),
                )
        except TransactWriteError as exc:
            codes = cancellation_codes(exc)
            if codes and all(c in ("ConditionalCheckFailed", "TransactionConflict", None) for c in codes):
                return None  # the META changed or another closer won
            raise translate(exc) from exc
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return run

    def get(self, key: SessionKey, generation: int, now: float) -> ClosedRun | None:
        item = get_live(self._m, keys.session_pk(key), keys.run_sk(generation), now)
        return to_run(key, item, self._c) if item is not None else None

    def take(self, run: ClosedRun, holder: str, now: float) -> ClosedRun | None:
        """Lease the making of the run's memory: only while nobody holds a live lease."""
        m = self._m
        lease = now + self._settings.session_end_lease_s
        try:
            m(keys.session_pk(run.key), keys.run_sk(run.generation)).update(
                actions=[m.holder.set(holder), m.lease_until.set(lease), m.last_activity_at.set(now)],
                condition=(m.status == RunState.CLOSING.value)
                & (m.holder.does_not_exist() | (m.lease_until <= now) | (m.holder == holder)),
            )
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return None
            raise translate(exc) from exc
        return ClosedRun(
            run.key, run.generation, run.turn_count, run.summary, run.reason, run.state, run.closed_at, holder, lease
        )

    def complete(self, run: ClosedRun, holder: str, result: dict[str, Any]) -> bool:
        """Record the session memory; leaves the active-sessions index. False when the lease was lost."""
        m = self._m
        pk = keys.session_pk(run.key)
        try:
            m(pk, keys.run_sk(run.generation)).update(
                actions=[
                    m.status.set(RunState.DONE.value),
                    m.result.set(sealed_result(self._c, pk, result)),
                    m.active_shard.remove(),
                ],
                condition=(m.status == RunState.CLOSING.value) & (m.holder == holder),
            )
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def due(self, idle_before: float, limit: int) -> list[DueItem]:
        """Sessions and closed runs whose last activity is at or before `idle_before`: one
        Query per shard of the sparse index, reading only what is due (never a scan)."""
        m = self._m
        out: list[DueItem] = []
        try:
            for shard in range(keys.ACTIVE_SHARDS):
                if len(out) >= limit:
                    break
                for item in m.active_sessions.query(
                    f"ACTIVE#{shard}", m.last_activity_at <= idle_before, limit=limit - len(out)
                ):
                    # Keys only: the partition key names the conversation, the sort key the item.
                    key = SessionKey(*keys.parse_session_pk(item.pk))
                    if item.sk.startswith(keys.RUN_PREFIX):
                        generation = int(item.sk[len(keys.RUN_PREFIX) :])
                        out.append(DueItem(key, generation, float(item.last_activity_at), "run"))
                    else:  # ~META: the caller reads it (strongly) before acting
                        out.append(DueItem(key, 0, float(item.last_activity_at), "session"))
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return out
