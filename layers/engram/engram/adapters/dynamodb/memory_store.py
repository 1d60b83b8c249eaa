"""Long-term memory records in DynamoDB: the system of record (L1).

The embedding is stored as float32 bytes so a re-index never re-embeds.
"""

from __future__ import annotations

import builtins
import json
from array import array

from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.expressions.update import Action
from pynamodb.transactions import TransactWrite

from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import is_condition_failure, translate
from engram.adapters.dynamodb.models import BoundModels, MemoryItem
from engram.errors import Conflict
from engram.memory.models import MemoryOrigin, MemoryRecord, MemoryStatus, MemoryType, Namespace

ACCESS_FIELDS = ("access_count", "last_accessed_at")  # written only by touch_access


def to_item(cls: type[MemoryItem], r: MemoryRecord) -> MemoryItem:
    return cls(
        keys.memory_pk(r.tenant_id, r.user_id),
        keys.memory_sk(r.memory_id),
        memory_id=r.memory_id,
        tenant_id=r.tenant_id,
        user_id=r.user_id,
        persona_id=r.persona_id,
        namespace=r.namespace.value,
        type=r.type.value,
        content=r.content,
        search_text=r.search_text,
        embedding=array("f", r.embedding).tobytes() if r.embedding is not None else None,
        importance=r.importance,
        created_at=r.created_at,
        updated_at=r.updated_at,
        source_turn_ids=list(r.source_turn_ids) or None,
        topics=list(r.topics) or None,
        version=r.version,
        pii_flags=set(r.pii_flags) or None,
        status=r.status.value,
        access_count=r.access_count,
        last_accessed_at=r.last_accessed_at,
        pinned=r.pinned,
        supersedes=r.supersedes,
        superseded_by=r.superseded_by,
        language=r.language,
        emotion=r.emotion,
        session_id=r.session_id,
        origin=r.origin.value,
        expires_at=r.expires_at,
        user_key=keys.user_key(r.tenant_id, r.user_id),
    )


def _floats(raw: bytes) -> list[float]:
    # float32, little-endian (what array("f") writes on every platform Lambda runs on)
    values = array("f")
    values.frombytes(raw)
    return values.tolist()


def from_item(i: MemoryItem, with_embedding: bool = True) -> MemoryRecord:
    return MemoryRecord(
        memory_id=i.memory_id,
        tenant_id=i.tenant_id,
        user_id=i.user_id,
        persona_id=i.persona_id,
        type=MemoryType(i.type),
        content=i.content,
        importance=float(i.importance),
        created_at=float(i.created_at),
        updated_at=float(i.updated_at),
        namespace=Namespace(i.namespace),
        embedding=_floats(i.embedding) if i.embedding and with_embedding else None,
        source_turn_ids=[str(x) for x in i.source_turn_ids or []],
        topics=[str(x) for x in i.topics or []],
        version=int(i.version),
        pii_flags=sorted(i.pii_flags or []),
        status=MemoryStatus(i.status),
        access_count=int(i.access_count or 0),
        last_accessed_at=float(i.last_accessed_at) if i.last_accessed_at is not None else None,
        pinned=bool(i.pinned),
        supersedes=i.supersedes,
        superseded_by=i.superseded_by,
        language=i.language or "und",
        emotion=i.emotion,
        search_text=i.search_text,
        expires_at=float(i.expires_at) if i.expires_at is not None else None,
        session_id=i.session_id,
        origin=_origin(i),
    )


def _origin(i: MemoryItem) -> MemoryOrigin:
    if i.origin:
        return MemoryOrigin(i.origin)
    # Written before the attribute existed: session memories are the only "ses-" ids.
    return MemoryOrigin.SESSION if i.memory_id.startswith("ses-") else MemoryOrigin.EXTRACTED


class DynamoMemoryRepository:
    """MemoryRepository on the single table: PK = T#..#U#..#MEM, SK = M#{memory_id}.

    Every change bumps `version` under a condition on the expected version (optimistic
    concurrency): a stale writer gets Conflict, never a silent overwrite.
    """

    def __init__(self, models: BoundModels) -> None:
        self._m = models.memory
        self._profile = models.profile

    def put_new(self, record: MemoryRecord) -> bool:
        m = self._m
        try:
            to_item(m, record).save(condition=m.pk.does_not_exist())
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def put_batch(self, records: builtins.list[MemoryRecord]) -> None:
        """New records whose ids nobody else can hold (a fresh document id in each): BatchWriteItem,
        25 a request, unconditional. PynamoDB resends what DynamoDB leaves unprocessed."""
        m = self._m
        try:
            with m.batch_write() as batch:
                for record in records:
                    batch.save(to_item(m, record))
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def delete_batch(self, tenant_id: str, user_id: str, memory_ids: builtins.list[str]) -> None:
        m = self._m
        try:
            with m.batch_write() as batch:
                for memory_id in memory_ids:
                    batch.delete(m(keys.memory_pk(tenant_id, user_id), keys.memory_sk(memory_id)))
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def put_round_counted(self, record: MemoryRecord, topics: builtins.list[str], attempts: int = 5) -> bool:
        """Store a new round memory and count it in the persona's profile (L6: one more mention,
        its topics) in one transaction. A redelivered job finds the round and counts nothing
        twice; False when the round was stored before."""
        m, p = self._m, self._profile
        pk = keys.memory_pk(record.tenant_id, record.user_id)
        profile_sk = keys.profile_sk(record.persona_id)
        ukey = keys.user_key(record.tenant_id, record.user_id)
        for _ in range(attempts):
            with_read = bool(topics)
            current = None
            if with_read:  # topic counts are one JSON map: read-modify-write under the version
                try:
                    current = p.get(pk, profile_sk, consistent_read=True)
                except DoesNotExist:
                    current = None
                except PynamoDBException as exc:
                    raise translate(exc) from exc
            try:
                with TransactWrite(connection=m._get_connection().connection) as tx:
                    tx.save(to_item(m, record), condition=m.pk.does_not_exist())
                    if not with_read:  # no read: one atomic counter (ADD version fails concurrent RMWs)
                        tx.update(
                            p(pk, profile_sk),
                            actions=[p.persona_mentions.add(1), p.version.add(1), p.user_key.set(ukey)],
                        )
                    else:
                        counts = json.loads(current.topic_counts or "{}") if current else {}
                        for topic in topics:
                            counts[topic] = int(counts.get(topic, 0)) + 1
                        version = int(current.version or 0) if current else 0
                        item = p(
                            pk,
                            profile_sk,
                            pinned=current.pinned if current else "{}",
                            topic_counts=json.dumps(counts, ensure_ascii=False),
                            persona_mentions=int(current.persona_mentions or 0) + 1 if current else 1,
                            version=version + 1,
                            user_key=ukey,
                        )
                        tx.save(item, condition=p.pk.does_not_exist() if current is None else p.version == version)
            except TransactWriteError as exc:
                codes = [r.code if r else None for r in (exc.cancellation_reasons or [])]
                if codes and codes[0] == "ConditionalCheckFailed":
                    return False  # the round is there: this job ran before
                if any(c in ("ConditionalCheckFailed", "TransactionConflict") for c in codes):
                    continue  # the profile changed meanwhile: read it again
                raise translate(exc) from exc
            except PynamoDBException as exc:
                raise translate(exc) from exc
            return True
        raise Conflict("profile update contention")

    def get(self, tenant_id: str, user_id: str, memory_id: str) -> MemoryRecord | None:
        try:
            item = self._m.get(keys.memory_pk(tenant_id, user_id), keys.memory_sk(memory_id), consistent_read=True)
        except DoesNotExist:
            return None
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return from_item(item)

    def batch_get(self, tenant_id: str, user_id: str, memory_ids: builtins.list[str]) -> builtins.list[MemoryRecord]:
        if not memory_ids:
            return []
        pk = keys.memory_pk(tenant_id, user_id)
        try:
            items = self._m.batch_get([(pk, keys.memory_sk(i)) for i in dict.fromkeys(memory_ids)])
            return [from_item(i) for i in items]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def replace(self, record: MemoryRecord, expected_version: int) -> MemoryRecord:
        """Write `record` (its version must be expected + 1) only if the stored version is `expected_version`."""
        if record.version != expected_version + 1:
            raise ValueError("a replacement carries version = expected + 1")
        m = self._m
        item = to_item(m, record)
        actions: list[Action] = []
        for name, attr in m.get_attributes().items():
            if name in ("pk", "sk") or name in ACCESS_FIELDS:
                continue
            value = getattr(item, name)
            actions.append(attr.remove() if value is None else attr.set(value))
        try:
            # An update, not a put: the access counters belong to touch_access (atomic ADDs
            # that never bump the version), so a read-modify-write cannot write back an old count.
            m(item.pk, item.sk).update(actions=actions, condition=m.pk.exists() & (m.version == expected_version))
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                raise Conflict(
                    "the memory changed since it was read",
                    details={"memory_id": record.memory_id, "expected_version": expected_version},
                ) from exc
            raise translate(exc) from exc
        return record

    def delete(self, tenant_id: str, user_id: str, memory_id: str) -> bool:
        m = self._m
        try:
            m(keys.memory_pk(tenant_id, user_id), keys.memory_sk(memory_id)).delete(condition=m.pk.exists())
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def list(
        self,
        tenant_id: str,
        user_id: str,
        *,
        persona_id: str | None = None,
        namespaces: tuple[Namespace, ...] = (Namespace.MEMORY,),
        statuses: tuple[MemoryStatus, ...] | None = None,
        now: float | None = None,
    ) -> builtins.list[MemoryRecord]:
        """Every matching record of a user (no embedding), newest first."""
        m = self._m
        condition = m.namespace.is_in(*[n.value for n in namespaces])
        if persona_id is not None:
            condition &= m.persona_id == persona_id
        if statuses is not None:
            condition &= m.status.is_in(*[s.value for s in statuses])
        try:
            items = m.query(
                keys.memory_pk(tenant_id, user_id),
                m.sk.startswith(keys.MEMORY_PREFIX),
                filter_condition=condition,
                consistent_read=True,
            )
            records = [from_item(i, with_embedding=False) for i in items]
        except PynamoDBException as exc:
            raise translate(exc) from exc
        if now is not None:
            records = [r for r in records if r.expires_at is None or r.expires_at > now]
        records.sort(key=lambda r: (r.created_at, r.memory_id), reverse=True)
        return records

    def touch_access(self, tenant_id: str, user_id: str, memory_ids: builtins.list[str], now: float) -> None:
        """R1 access boost: count the access (effective importance is derived at read time).

        Once per job: the access carries its time, and a memory whose last access is exactly that
        time was counted by this job before it was redelivered (a user's access jobs share one FIFO
        group, so nothing of that user runs between a failed job and its redelivery). The version
        stays: a read does not make a caller's next edit conflict, and `replace` never writes the
        access fields, so no read-modify-write can write back an old count."""
        m = self._m
        for memory_id in dict.fromkeys(memory_ids):
            try:
                m(keys.memory_pk(tenant_id, user_id), keys.memory_sk(memory_id)).update(
                    actions=[m.access_count.add(1), m.last_accessed_at.set(now)],
                    condition=m.pk.exists() & (m.last_accessed_at.does_not_exist() | (m.last_accessed_at != now)),
                )
            except PynamoDBException as exc:
                if not is_condition_failure(exc):  # a memory deleted meanwhile is fine
                    raise translate(exc) from exc

    def delete_all(self, tenant_id: str, user_id: str, persona_id: str | None = None) -> int:
        """Delete a user's (or one persona's) memories of every namespace; returns how many."""
        records = self.list(tenant_id, user_id, persona_id=persona_id, namespaces=tuple(Namespace), statuses=None)
        self.delete_batch(tenant_id, user_id, [r.memory_id for r in records])
        return len(records)
