"""memory.ports.TurnBatch on the single table: the turn worker's one BatchGetItem and one
TransactWriteItems per round (memory/turn_batch.py says what each holds).

The read is consistent (the job's round, the thread and the profile are read-modify-written).
The write puts the erasure fence's one ConditionCheck first (P1), then (a job made from a stored
round) a ConditionCheck that the conversation round still exists — an erasure that started and
completed while the job worked deleted it and lowered the fence again, and the job must then
write nothing — then the new memories, the thread, the round memory, then the updates (the
extended round, the profile count): PynamoDB sends condition checks, puts, updates in that order,
which names each cancellation reason.
A lost condition is answered item by item and the rest written again: a memory whose id exists
was stored by an earlier delivery (left out), a thread or round extension another delivery wrote
first (left out), a profile that changed (read again); the round memory present means the job
ran before (nothing written).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError
from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.expressions.update import Action
from pynamodb.transactions import TransactWrite

from engram.adapters.dynamodb import erasure_fence as fence
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import translate
from engram.adapters.dynamodb.memory_store import check_round_held, from_item, replacement_actions, to_item
from engram.adapters.dynamodb.models import BoundModels
from engram.adapters.dynamodb.profile_store import profile_of
from engram.adapters.dynamodb.session_items import expired
from engram.adapters.dynamodb.thread_store import THREAD_SK, thread_condition, thread_item, thread_state
from engram.kernel.clock import Clock
from engram.kernel.errors import Conflict, StoreUnavailable
from engram.kernel.keys import SessionKey
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.models import MemoryRecord, Profile, ThreadState
from engram.memory.turn_batch import TurnReads, TurnWrites, TurnWritten

MAX_ITEMS = 100  # DynamoDB's limit of items in one transaction
CONDITION_FAILED = "ConditionalCheckFailed"
TX_CONFLICT = "TransactionConflict"


def _backoff(attempt: int) -> None:
    # Real-time jitter for write contention only.
    time.sleep(random.uniform(0.005, 0.02) * 2**attempt)


def _positions(memories: int, thread: bool, extended: bool, held: bool) -> dict[str, int]:
    """Where each item's cancellation reason is, after the fence's: the held round's check, the
    puts (memories, thread, round) in the order made, then the updates (extended round, profile);
    -1: not in it."""
    round_at = held + memories + thread
    return {
        "held": 0 if held else -1,
        "memories": int(held),
        "thread": held + memories if thread else -1,
        "round": round_at,
        "extended": round_at + 1 if extended else -1,
        "profile": round_at + 1 + extended,
    }


class DynamoTurnBatch:
    def __init__(
        self,
        models: BoundModels,
        policy: LifecyclePolicy,
        clock: Clock,
        attempts: int = 5,
        backoff: Callable[[int], None] = _backoff,
    ) -> None:
        self._models = models
        self._c = models.cipher
        self._policy = policy
        self._clock = clock
        self._attempts = attempts
        self._backoff = backoff

    # --- the read ------------------------------------------------------------------------
    def read(self, key: SessionKey, generation: int, seq: int, round_ids: list[str]) -> TurnReads:
        mm = self._models
        session_pk, memory_pk = keys.session_pk(key), keys.memory_pk(key.tenant_id, key.user_id)
        turn_sk, profile_sk = keys.turn_sk(generation, seq), keys.profile_sk(key.persona_id)
        wanted = [(session_pk, turn_sk), (session_pk, THREAD_SK), (memory_pk, profile_sk)]
        wanted += [(memory_pk, keys.memory_sk(i)) for i in dict.fromkeys(round_ids)]
        raw = self._batch_get(wanted)
        now = self._clock.now()
        turn = raw.get((session_pk, turn_sk))
        thread = raw.get((session_pk, THREAD_SK))
        profile = raw.get((memory_pk, profile_sk))
        rounds = {}
        for i in round_ids:
            item = raw.get((memory_pk, keys.memory_sk(i)))
            if item is not None:
                rounds[i] = from_item(mm.memory.from_raw_data(item), c=self._c)
        return TurnReads(
            round_held=turn is not None and not expired(mm.session.from_raw_data(turn), now),
            rounds=rounds,
            thread=thread_state(mm.thread.from_raw_data(thread), self._c) if thread is not None else None,
            profile=profile_of(self._c, key.persona_id, mm.profile.from_raw_data(profile) if profile else None),
        )

    def _batch_get(self, wanted: list[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
        """One consistent BatchGetItem (again only for what DynamoDB left unprocessed)."""
        table = self._models.memory.Meta.table_name
        client: Any = self._models.memory._get_connection().connection.client  # PynamoDB's botocore client
        request: dict[str, Any] = {
            table: {"Keys": [{"PK": {"S": pk}, "SK": {"S": sk}} for pk, sk in wanted], "ConsistentRead": True}
        }
        found: dict[tuple[str, str], dict[str, Any]] = {}
        for attempt in range(self._attempts):
            try:
                response = client.batch_get_item(RequestItems=request)
            except (BotoCoreError, ClientError) as exc:
                raise StoreUnavailable("the store is unavailable", details={"cause": type(exc).__name__}) from exc
            for item in response.get("Responses", {}).get(table, []):
                found[(item["PK"]["S"], item["SK"]["S"])] = item
            request = response.get("UnprocessedKeys") or {}
            if not request:
                return found
            self._backoff(attempt)
        raise StoreUnavailable("the store is throttling requests; retry", details={"cause": "UnprocessedKeys"})

    # --- the write -----------------------------------------------------------------------
    def write(self, writes: TurnWrites) -> TurnWritten:
        existing: list[str] = []
        memories = list({r.memory_id: r for r in writes.new_memories}.values())  # one write per item
        held = writes.held_round is not None
        # the fence, the held round's check, the round, the profile: the rest is the memories'
        room = MAX_ITEMS - 3 - held - (writes.thread is not None) - (writes.extended is not None)
        while len(memories) > room:  # rare: more memories than one transaction holds go first
            size = MAX_ITEMS - 1 - held
            chunk, memories = memories[:size], memories[size:]
            taken = self._put_memories(writes, chunk)
            if taken is None:
                return TurnWritten(False, existing, round_gone=True)
            existing += taken
        profile, thread, extended = writes.profile, writes.thread, writes.extended
        for attempt in range(self._attempts):
            if profile is None and writes.round_topics:
                profile = self._profile(writes.key)
            try:
                self._transact(writes, memories, thread, extended, profile)
                return TurnWritten(True, existing)
            except TransactWriteError as exc:
                refused = fence.refused(exc)
                if refused is not None:
                    raise refused from exc  # P1: the user is being erased
                codes = fence.own_codes(exc)
                at = _positions(len(memories), thread is not None, extended is not None, held)
                if len(codes) < at["profile"] + 1 or any(c not in (CONDITION_FAILED, TX_CONFLICT, None) for c in codes):
                    raise translate(exc) from exc
                if held and codes[at["held"]] == CONDITION_FAILED:
                    return TurnWritten(False, existing, round_gone=True)  # erased meanwhile: write nothing
                if codes[at["round"]] == CONDITION_FAILED:
                    return TurnWritten(False)  # the round memory is there: this job ran before
                failed = {i for i, code in enumerate(codes) if code == CONDITION_FAILED}
                first = at["memories"]
                existing += [r.memory_id for i, r in enumerate(memories) if first + i in failed]
                memories = [r for i, r in enumerate(memories) if first + i not in failed]
                if at["thread"] in failed:
                    thread = None  # another delivery stored the thread: its flushes have the same ids
                if at["extended"] in failed:
                    extended = None  # another delivery extended it already
                if at["profile"] in failed:
                    profile = None  # the profile changed: read it again
                if not failed:
                    self._backoff(attempt)  # another transaction on the same items: try again
            except PynamoDBException as exc:
                raise translate(exc) from exc
        raise Conflict("the turn's writes met contention on every attempt")

    def _profile(self, key: SessionKey) -> Profile:
        p = self._models.profile
        try:
            item = p.get(
                keys.memory_pk(key.tenant_id, key.user_id), keys.profile_sk(key.persona_id), consistent_read=True
            )
        except DoesNotExist:
            item = None
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return profile_of(self._c, key.persona_id, item)

    def _transact(
        self,
        writes: TurnWrites,
        memories: list[MemoryRecord],
        thread: ThreadState | None,
        extended: MemoryRecord | None,
        profile: Profile | None,
    ) -> None:
        mm, key = self._models, writes.key
        m = mm.memory
        with TransactWrite(connection=m._get_connection().connection) as tx:
            fence.check(tx, m, key.tenant_id, key.user_id, key.persona_id)  # reason 0
            self._check_held(tx, writes)  # reason 1, if any
            for record in memories:
                tx.save(self._item(record), condition=m.pk.does_not_exist())
            if thread is not None:
                item = thread_item(mm.thread, self._c, key, thread, writes.thread_expires_at)
                tx.save(item, condition=thread_condition(mm.thread, thread))
            tx.save(self._item(writes.round), condition=m.pk.does_not_exist())
            if extended is not None:
                self._extend(tx, extended)
            self._count(tx, writes.round, writes.round_topics, profile)

    def _item(self, record: MemoryRecord) -> Any:
        return to_item(self._models.memory, record, self._policy.due_at(record), self._c)

    def _check_held(self, tx: TransactWrite, writes: TurnWrites) -> None:
        """P1: the conversation round the job was made from is still stored (read as `round_held`)."""
        if writes.held_round is not None:
            check_round_held(tx, self._models.session, writes.held_round)

    def _put_memories(self, writes: TurnWrites, memories: list[MemoryRecord]) -> list[str] | None:
        """New memories alone (fence first, then the held round's check); the ids found taken, or
        None when the round is gone (nothing written)."""
        m, key, taken = self._models.memory, writes.key, list[str]()
        first = int(writes.held_round is not None)  # the memories' first reason after the fence's
        for attempt in range(self._attempts):
            try:
                with TransactWrite(connection=m._get_connection().connection) as tx:
                    fence.check(tx, m, key.tenant_id, key.user_id, key.persona_id)
                    self._check_held(tx, writes)
                    for record in memories:
                        tx.save(self._item(record), condition=m.pk.does_not_exist())
                return taken
            except TransactWriteError as exc:
                refused = fence.refused(exc)
                if refused is not None:
                    raise refused from exc
                codes = fence.own_codes(exc)
                if any(c not in (CONDITION_FAILED, TX_CONFLICT, None) for c in codes):
                    raise translate(exc) from exc
                if first and codes[:1] == [CONDITION_FAILED]:
                    return None  # erased meanwhile: write nothing
                failed = {i for i, code in enumerate(codes[first:]) if code == CONDITION_FAILED}
                taken += [memories[i].memory_id for i in failed]
                memories = [r for i, r in enumerate(memories) if i not in failed]
                if not memories:
                    return taken
                if not failed:
                    self._backoff(attempt)
            except PynamoDBException as exc:
                raise translate(exc) from exc
        raise Conflict("the turn's writes met contention on every attempt")

    def _extend(self, tx: TransactWrite, record: MemoryRecord) -> None:
        """The earlier round's new search key, under the version it was read at (as `replace`)."""
        m = self._models.memory
        item = self._item(record)
        condition = m.pk.exists() & (m.version == record.version - 1)
        tx.update(m(item.pk, item.sk), actions=replacement_actions(m, item), condition=condition)

    def _count(self, tx: TransactWrite, record: MemoryRecord, topics: list[str], profile: Profile | None) -> None:
        """L6: one more mention of the persona and its topics. Without topics one atomic ADD; with
        them the counts (one sealed JSON map, P3) written over the version they were read at."""
        p = self._models.profile
        pk = keys.memory_pk(record.tenant_id, record.user_id)
        target = p(pk, keys.profile_sk(record.persona_id))
        base: list[Action] = [
            p.persona_mentions.add(1),
            p.user_key.set(keys.user_key(record.tenant_id, record.user_id)),
            p.created_at.set(p.created_at | record.updated_at),
        ]
        if not topics or profile is None:  # no read: ADD version fails a concurrent read-modify-write
            tx.update(target, actions=[*base, p.version.add(1)])
            return
        counts = dict(profile.topic_counts)
        for topic in topics:
            counts[topic] = int(counts.get(topic, 0)) + 1
        sealed = self._c.seal(pk, "topic_counts", json.dumps(counts, ensure_ascii=False))
        actions = [*base, p.topic_counts.set(sealed), p.version.set(profile.version + 1)]
        condition = p.pk.does_not_exist() if profile.version == 0 else p.version == profile.version
        tx.update(target, actions=actions, condition=condition)
