"""ThreadStore on the single table: one item per conversation, SK #THREAD (sorts before TURN#,
never in the way of the recent-window query), written under its version."""

from __future__ import annotations

import json
from array import array

from pynamodb.exceptions import DoesNotExist, PynamoDBException

from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import is_condition_failure, translate
from engram.adapters.dynamodb.models import BoundModels
from engram.domain.models import SessionKey
from engram.errors import Conflict
from engram.memory.threads import ThreadState

THREAD_SK = "#THREAD"


class DynamoThreadStore:
    def __init__(self, models: BoundModels) -> None:
        self._m = models.thread

    def get(self, key: SessionKey) -> ThreadState | None:
        try:
            item = self._m.get(keys.session_pk(key), THREAD_SK, consistent_read=True)
        except DoesNotExist:
            return None
        except PynamoDBException as exc:
            raise translate(exc) from exc
        centroid = array("f")
        centroid.frombytes(item.centroid)
        return ThreadState(
            generation=int(item.generation),
            start_seq=int(item.start_seq),
            last_seq=int(item.last_seq),
            last_at=float(item.last_at),
            centroid=centroid.tolist(),
            rounds=int(item.rounds),
            words=json.loads(item.words or "[]"),
            candidates=json.loads(item.candidates or "[]"),
            version=int(item.version),
        )

    def put(self, key: SessionKey, state: ThreadState, expires_at: float) -> None:
        m = self._m
        item = m(
            keys.session_pk(key),
            THREAD_SK,
            generation=state.generation,
            start_seq=state.start_seq,
            last_seq=state.last_seq,
            last_at=state.last_at,
            centroid=array("f", state.centroid).tobytes(),
            rounds=state.rounds,
            words=json.dumps(state.words, ensure_ascii=False),
            candidates=json.dumps(state.candidates),
            version=state.version + 1,
            expires_at=expires_at,
            user_key=keys.user_key(key.tenant_id, key.user_id),
        )
        condition = m.pk.does_not_exist() if state.version == 0 else m.version == state.version
        try:
            item.save(condition=condition)
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                raise Conflict("the thread changed meanwhile") from exc
            raise translate(exc) from exc
