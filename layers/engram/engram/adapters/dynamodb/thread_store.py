"""ThreadStore on the single table: one item per conversation, SK #THREAD (sorts before TURN#,
never in the way of the recent-window query), written under its version."""

from __future__ import annotations

import json
from array import array

from pynamodb.exceptions import DoesNotExist, PynamoDBException
from pynamodb.expressions.condition import Condition

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.dynamodb import erasure_fence as fence
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import translate
from engram.adapters.dynamodb.models import BoundModels, ThreadItem
from engram.kernel.errors import Conflict
from engram.kernel.keys import SessionKey
from engram.memory.models import ThreadState

THREAD_SK = "#THREAD"


class DynamoThreadStore:
    def __init__(self, models: BoundModels) -> None:
        self._m = models.thread
        self._c = models.cipher  # P3: a thread's words and centroid come from its rounds

    def get(self, key: SessionKey) -> ThreadState | None:
        pk = keys.session_pk(key)
        try:
            item = self._m.get(pk, THREAD_SK, consistent_read=True)
        except DoesNotExist:
            return None
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return thread_state(item, self._c)

    def put(self, key: SessionKey, state: ThreadState, expires_at: float) -> None:
        m = self._m
        item = thread_item(m, self._c, key, state, expires_at)
        condition = thread_condition(m, state)
        try:  # P1: with the erasure fence's check (ErasureInProgress while the user is erased)
            fence.write_fenced(
                m, key.tenant_id, key.user_id, lambda tx: tx.save(item, condition=condition), persona_id=key.persona_id
            )
        except PynamoDBException as exc:
            if fence.lost(exc):
                raise Conflict("the thread changed meanwhile") from exc
            raise translate(exc) from exc


def thread_state(item: ThreadItem, c: FieldCipher) -> ThreadState:
    centroid = array("f")
    centroid.frombytes(c.read_bytes(item.pk, "centroid", item.centroid) or b"")
    return ThreadState(
        generation=int(item.generation),
        start_seq=int(item.start_seq),
        last_seq=int(item.last_seq),
        last_at=float(item.last_at),
        centroid=centroid.tolist(),
        rounds=int(item.rounds),
        words=json.loads(c.read(item.pk, "words", item.words) or "[]"),
        candidates=json.loads(item.candidates or "[]"),
        version=int(item.version),
    )


def thread_item(
    m: type[ThreadItem], c: FieldCipher, key: SessionKey, state: ThreadState, expires_at: float
) -> ThreadItem:
    """The item of `state` as its next version (stored under `thread_condition`)."""
    pk = keys.session_pk(key)
    return m(
        pk,
        THREAD_SK,
        generation=state.generation,
        start_seq=state.start_seq,
        last_seq=state.last_seq,
        last_at=state.last_at,
        centroid=c.seal_bytes(pk, "centroid", array("f", state.centroid).tobytes()),
        rounds=state.rounds,
        words=c.seal(pk, "words", json.dumps(state.words, ensure_ascii=False)),
        candidates=json.dumps(state.candidates),
        version=state.version + 1,
        expires_at=expires_at,
        user_key=keys.user_key(key.tenant_id, key.user_id),
    )


def thread_condition(m: type[ThreadItem], state: ThreadState) -> Condition:
    """Written over the version it was read at (none yet: absent)."""
    condition: Condition = m.pk.does_not_exist() if state.version == 0 else m.version == state.version
    return condition
