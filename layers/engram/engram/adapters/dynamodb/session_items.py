"""Items of a conversation partition <-> domain values, and the one rule for "expired"."""

from __future__ import annotations

import json
from typing import Any

from pynamodb.exceptions import DoesNotExist, PynamoDBException
from pynamodb.expressions.condition import Condition

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import translate
from engram.adapters.dynamodb.models import SessionItem
from engram.conversation.models import ClosedRun, RequestMarker, RunState, SessionMeta, SessionStatus, Turn
from engram.kernel.ids import job_group
from engram.kernel.keys import SessionKey
from engram.settings import Settings

IN_PROGRESS = "INPROGRESS"
COMPLETED = "COMPLETED"


def expired(item: SessionItem, now: float) -> bool:
    """DynamoDB deletes expired items late: every read ignores them. Same rule as `not_live`."""
    return item.expires_at is not None and item.expires_at <= now


def not_live(m: type[SessionItem], now: float) -> Condition:
    """The condition under which an item may be (over)written as new: absent, or expired."""
    condition: Condition = m.pk.does_not_exist() | (m.expires_at <= now)
    return condition


def get_live(m: type[SessionItem], pk: str, sk: str, now: float) -> SessionItem | None:
    """One consistent GetItem; None when the item is absent or expired."""
    try:
        item = m.get(pk, sk, consistent_read=True)
    except DoesNotExist:
        return None
    except PynamoDBException as exc:
        raise translate(exc) from exc
    return None if expired(item, now) else item


def to_meta(key: SessionKey, item: SessionItem, c: FieldCipher) -> SessionMeta:
    return SessionMeta(
        key=key,
        generation=int(item.generation or 0),
        turn_count=int(item.turn_count or 0),
        summary=c.read(item.pk, "summary", item.summary),
        summary_cursor=int(item.summary_cursor or 0),
        summary_version=int(item.summary_version or 0),
        status=SessionStatus(item.status or SessionStatus.ACTIVE.value),
        started_at=float(item.started_at or 0),
        last_activity_at=float(item.last_activity_at or 0),
        expires_at=float(item.expires_at or 0),
        ended_at=float(item.ended_at) if item.ended_at is not None else None,
        pending_tokens=int(item.pending_tokens or 0),
        continues=(int(item.cont_generation), int(item.cont_seq))
        if item.cont_generation is not None and item.cont_seq is not None
        else None,
    )


def to_turn(item: SessionItem, c: FieldCipher) -> Turn:
    return Turn(
        seq=int(item.seq or 0),
        user_text=c.read(item.pk, "user_text", item.user_text),
        assistant_text=c.read(item.pk, "assistant_text", item.assistant_text),
        request_id=item.request_id or "",
        created_at=float(item.created_at or 0),
        emergency=bool(item.emergency),
    )


def sealed_result(c: FieldCipher, pk: str, result: dict[str, Any]) -> str:
    """A request's answer or a run's session memory, as stored: JSON, sealed (P3)."""
    return c.seal(pk, "result", json.dumps(result, ensure_ascii=False, separators=(",", ":")))


def opened_result(c: FieldCipher, item: SessionItem) -> dict[str, Any] | None:
    text = c.read(item.pk, "result", item.result)
    return json.loads(text) if text else None


def to_marker(request_id: str, item: SessionItem, c: FieldCipher) -> RequestMarker:
    result = opened_result(c, item)
    return RequestMarker(
        request_id=request_id,
        state="completed" if item.status == COMPLETED else "in_progress",
        owner=item.holder,
        generation=int(item.generation or 0),
        seq=int(item.seq or 0),
        result=result,
    )


def run_item(m: type[SessionItem], run: ClosedRun, now: float, s: Settings, c: FieldCipher) -> SessionItem:
    """A closed run. While it waits for its session memory it sits in the sparse active-sessions
    index with its closing time as last activity: if whoever makes the memory dies, the idle
    job finds it one idle timeout later and finishes it."""
    key = run.key
    pk = keys.session_pk(key)
    return m(
        pk,
        keys.run_sk(run.generation),
        status=run.state.value,
        generation=run.generation,
        turn_count=run.turn_count,
        summary=c.seal(pk, "summary", run.summary),
        reason=run.reason,
        closed_at=run.closed_at,
        holder=run.holder,
        lease_until=run.lease_until,
        last_activity_at=now,
        active_shard=keys.active_shard(key),
        tenant_id=key.tenant_id,
        user_id=key.user_id,
        persona_id=key.persona_id,
        session_id=key.session_id,
        expires_at=now + s.history_ttl_s,
        user_key=keys.user_key(key.tenant_id, key.user_id),
        job_group=job_group(key),
        job_dedup=f"r-{run.generation}",
    )


def to_run(key: SessionKey, item: SessionItem, c: FieldCipher) -> ClosedRun:
    return ClosedRun(
        key=key,
        generation=int(item.generation or 0),
        turn_count=int(item.turn_count or 0),
        summary=c.read(item.pk, "summary", item.summary),
        reason=item.reason or "end",
        state=RunState(item.status or RunState.CLOSING.value),
        closed_at=float(item.closed_at or 0),
        holder=item.holder,
        lease_until=float(item.lease_until or 0),
        result=opened_result(c, item),
    )
