"""Long-term memory records in DynamoDB: the system of record (L1).

The embedding is stored as float32 bytes so a re-index never re-embeds.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import json
from array import array
from collections.abc import Callable, Sequence
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError
from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.expressions.operand import Path
from pynamodb.expressions.update import Action
from pynamodb.transactions import TransactWrite

from engram.adapters import half_vectors
from engram.adapters.crypto.cipher import FieldCipher, is_sealed
from engram.adapters.dynamodb import access_jobs, keys
from engram.adapters.dynamodb import erasure_fence as fence
from engram.adapters.dynamodb.errors import cancellation_codes, is_condition_failure, translate
from engram.adapters.dynamodb.models import BoundModels, LifecycleLogItem, MemoryItem
from engram.kernel.errors import Conflict, StoreUnavailable
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.models import (
    ArchiveInfo,
    ArchiveReason,
    DueRef,
    ExpiredItem,
    LifecycleEntry,
    LifecycleEvent,
    MemoryOrigin,
    MemoryRecord,
    MemoryStatus,
    MemoryType,
    Namespace,
    RecordKey,
)
from engram.memory.turn_batch import HeldRound, RoundGone
from engram.observability.spans import current_traceparent
from engram.settings import get_settings

# Written only by touch_access (with access_jobs.ACCESS_JOBS, which no model field maps).
ACCESS_FIELDS = ("access_count", "last_accessed_at", "co_retrieved")


def replacement_actions(m: Any, item: Any) -> list[Action]:
    """A whole record written over the stored one as one update: every attribute but the keys and
    the access fields, which move without a version (a replacement never undoes an access)."""
    actions: list[Action] = []
    for name, attr in m.get_attributes().items():
        if name in ("pk", "sk") or name in ACCESS_FIELDS:
            continue
        value = getattr(item, name)
        actions.append(attr.remove() if value is None else attr.set(value))
    return actions


def check_round_held(tx: TransactWrite, session: Any, held: HeldRound) -> None:
    """P1: the conversation round a post-turn job was made from is still stored; an erasure that
    completed while the job worked took it, and the job's writes must fail with it."""
    turn_sk = keys.turn_sk(held.generation, held.seq)
    tx.condition_check(session, keys.session_pk(held.key), turn_sk, condition=session.pk.exists())


def save_fenced(
    model: Any,
    session: Any,
    owner: tuple[str, str, str],
    item: Any,
    condition: Any,
    held: HeldRound | None = None,
) -> bool:
    """One item of `owner` (tenant, user, persona) saved under `condition`, behind the erasure
    fence's check (P1: ErasureInProgress while the user is erased) and, given `held`, the post-turn
    job's round check (RoundGone: an erasure took the round meanwhile). False when the item's own
    condition failed."""

    def write(tx: TransactWrite) -> None:
        if held is not None:  # reason 1, the item's 2
            check_round_held(tx, session, held)
        tx.save(item, condition=condition)

    tenant_id, user_id, persona_id = owner
    try:
        fence.write_fenced(model, tenant_id, user_id, write, persona_id=persona_id)
    except PynamoDBException as exc:
        own = fence.own_codes(exc)
        if held is not None:
            if own[:1] == [fence.FENCED]:
                raise RoundGone("the conversation round is gone: erased meanwhile") from exc
            own = own[1:]
        if own == [fence.FENCED]:
            return False
        raise translate(exc) from exc
    return True


def _archive_json(info: ArchiveInfo | None) -> str | None:
    if info is None:
        return None
    raw = dataclasses.asdict(info)
    raw["reason"] = info.reason.value
    return json.dumps(raw, ensure_ascii=False)


def _archive_of(raw: str | None) -> ArchiveInfo | None:
    if not raw:
        return None
    data = json.loads(raw)
    data["reason"] = ArchiveReason(data["reason"])
    return ArchiveInfo(**data)


def to_item(
    cls: type[MemoryItem], r: MemoryRecord, due_at: float | None = None, c: FieldCipher | None = None
) -> MemoryItem:
    """`due_at`: when the lifecycle job must next look at it (LifecyclePolicy.due_at); None: never.
    `c`: seals the content, search text, embedding and archive original (P3); None writes them
    plain (tests of items written before encryption)."""
    pk = keys.memory_pk(r.tenant_id, r.user_id)
    vector = array("f", r.embedding).tobytes() if r.embedding is not None else None
    own = half_vectors.to_bytes(r.own_embedding) if r.own_embedding is not None else None
    archive = _archive_json(r.archive)
    return cls(
        pk,
        keys.memory_sk(r.memory_id),
        memory_id=r.memory_id,
        tenant_id=r.tenant_id,
        user_id=r.user_id,
        persona_id=r.persona_id,
        namespace=r.namespace.value,
        type=r.type.value,
        content=c.seal(pk, "content", r.content) if c else r.content,
        search_text=c.seal(pk, "search_text", r.search_text) if c and r.search_text else r.search_text,
        embedding=c.seal_bytes(pk, "embedding", vector) if c and vector else vector,
        own_embedding=c.seal_bytes(pk, "own_embedding", own) if c and own else own,
        importance=r.importance,
        created_at=r.created_at,
        updated_at=r.updated_at,
        source_turn_ids=list(r.source_turn_ids) or None,
        topics=_hashed_topics(pk, r.topics, c) or None,
        topics_sealed=c.seal(pk, "topics_sealed", json.dumps(r.topics, ensure_ascii=False)) if c and r.topics else None,
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
        decay_from=r.decay_from,
        archive_info=c.seal(pk, "archive_info", archive) if c and archive else archive,
        valid_from=r.valid_from,
        valid_to=r.valid_to,
        links=list(r.links) or None,
        co_retrieved=dict(r.co_retrieved),
        due_shard=keys.due_shard(r.tenant_id, r.user_id) if due_at is not None else None,
        compress_due_at=due_at,
        trace_parent=current_traceparent(),
    )


# Topics the system writes for itself, naming nothing a user said: kept readable so a raw read
# (the erasure's important moments) and anyone comparing them need no key.
PLAIN_TOPICS = frozenset({"superseded", "consolidated", "important_moment"})
PLAIN_TOPIC_PREFIXES = ("pii:",)  # what masking found (the pii_flags are not sealed either)


def _hashed_topics(pk: str, topics: builtins.list[str], c: FieldCipher | None) -> builtins.list[str]:
    """P3: what the `topics` attribute holds: each topic a person or a fact named as a keyed hash
    of the user's (the readable list is `topics_sealed`), the system's markers as they are."""
    if c is None:
        return list(topics)
    return [
        t if t in PLAIN_TOPICS or t.startswith(PLAIN_TOPIC_PREFIXES) else c.keyed_hash(pk, "topics", t) for t in topics
    ]


def _read_topics(i: MemoryItem, c: FieldCipher | None) -> builtins.list[str]:
    """The readable topics: opened from `topics_sealed`; an item written before it holds them
    plain in `topics`; a shredded one keeps only the markers."""
    if i.topics_sealed:
        text = c.read(i.pk, "topics_sealed", i.topics_sealed) if c is not None else i.topics_sealed
        if text and not is_sealed(text):
            return [str(x) for x in json.loads(text)]
        return [str(x) for x in i.topics or [] if x in PLAIN_TOPICS or str(x).startswith(PLAIN_TOPIC_PREFIXES)]
    return [str(x) for x in i.topics or []]


def _floats(raw: bytes) -> list[float]:
    # float32, little-endian (what array("f") writes on every platform Lambda runs on)
    values = array("f")
    values.frombytes(raw)
    return values.tolist()


def from_item(i: MemoryItem, with_embedding: bool = True, c: FieldCipher | None = None) -> MemoryRecord:
    """`c` opens sealed fields (P3); content whose key was erased reads as ""."""
    content: str = i.content
    search_text: str | None = i.search_text
    archive: str | None = i.archive_info
    vector = i.embedding if with_embedding else None
    own = i.own_embedding if with_embedding else None
    if c is not None:
        content = c.read(i.pk, "content", content)
        search_text = c.read(i.pk, "search_text", search_text) or None
        archive = c.read(i.pk, "archive_info", archive) or None
        vector = c.read_bytes(i.pk, "embedding", vector)
        own = c.read_bytes(i.pk, "own_embedding", own)
    return MemoryRecord(
        memory_id=i.memory_id,
        tenant_id=i.tenant_id,
        user_id=i.user_id,
        persona_id=i.persona_id,
        type=MemoryType(i.type),
        content=content,
        importance=float(i.importance),
        created_at=float(i.created_at),
        updated_at=float(i.updated_at),
        namespace=Namespace(i.namespace),
        embedding=_floats(vector) if vector else None,
        own_embedding=half_vectors.from_bytes(own) if own else None,
        source_turn_ids=[str(x) for x in i.source_turn_ids or []],
        topics=_read_topics(i, c),
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
        search_text=search_text,
        expires_at=float(i.expires_at) if i.expires_at is not None else None,
        session_id=i.session_id,
        origin=_origin(i),
        decay_from=float(i.decay_from) if i.decay_from is not None else None,
        archive=_archive_of(archive),
        valid_from=float(i.valid_from) if i.valid_from is not None else None,
        valid_to=float(i.valid_to) if i.valid_to is not None else None,
        links=[str(x) for x in i.links or []],
        co_retrieved={str(k): int(v) for k, v in (i.co_retrieved.as_dict() if i.co_retrieved else {}).items()},
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

    def __init__(self, models: BoundModels, policy: LifecyclePolicy | None = None) -> None:
        self._m = models.memory
        self._c = models.cipher
        self._session = models.session
        self._capacity = models.capacity
        self._log = models.log
        self._policy = policy or LifecyclePolicy(get_settings())
        self._settings = self._policy.settings

    def _item(self, record: MemoryRecord) -> MemoryItem:
        """Every write goes through here, so the due index always says when the record is next due."""
        return to_item(self._m, record, self._policy.due_at(record), self._c)

    def put_new(self, record: MemoryRecord, held: HeldRound | None = None) -> bool:
        m = self._m
        owner = (record.tenant_id, record.user_id, record.persona_id)
        return save_fenced(m, self._session, owner, self._item(record), m.pk.does_not_exist(), held)

    def put_batch(self, records: builtins.list[MemoryRecord]) -> None:
        """New records whose ids nobody else can hold (a fresh document id in each): BatchWriteItem,
        25 a request, unconditional. PynamoDB resends what DynamoDB leaves unprocessed. Only the
        knowledge base writes this way: its records belong to the tenant's reserved owner, never a
        user, so no erasure fence applies (P1)."""
        m = self._m
        try:
            with m.batch_write() as batch:
                for record in records:
                    batch.save(self._item(record))
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

    def get(self, tenant_id: str, user_id: str, memory_id: str) -> MemoryRecord | None:
        try:
            item = self._m.get(keys.memory_pk(tenant_id, user_id), keys.memory_sk(memory_id), consistent_read=True)
        except DoesNotExist:
            return None
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return from_item(item, c=self._c)

    def batch_get(
        self, tenant_id: str, user_id: str, memory_ids: builtins.list[str], consistent: bool = False
    ) -> builtins.list[MemoryRecord]:
        if not memory_ids:
            return []
        pk = keys.memory_pk(tenant_id, user_id)
        try:
            items = self._m.batch_get(
                [(pk, keys.memory_sk(i)) for i in dict.fromkeys(memory_ids)], consistent_read=consistent
            )
            return [from_item(i, c=self._c) for i in items]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def replace(
        self,
        record: MemoryRecord,
        expected_version: int,
        log: Sequence[LifecycleEntry] = (),
        expected_access_count: int | None = None,
    ) -> MemoryRecord:
        """Write `record` (its version must be expected + 1) only if the stored version is
        `expected_version`. With `log`, its lifecycle log lines are appended in the same
        transaction: a step is logged exactly when it happened (R5). With
        `expected_access_count`, also only if no access was counted since (accesses do not bump
        the version): a decision made from the score is not written over a score that moved."""
        if record.version != expected_version + 1:
            raise ValueError("a replacement carries version = expected + 1")
        m = self._m
        item = self._item(record)
        actions = replacement_actions(m, item)
        condition = m.pk.exists() & (m.version == expected_version)
        if expected_access_count is not None:
            same_count = m.access_count == expected_access_count
            if expected_access_count == 0:  # an item written before the counter existed has none
                same_count = same_count | m.access_count.does_not_exist()
            condition &= same_count
        target = m(item.pk, item.sk)
        # An update, not a put: the access counters belong to touch_access (atomic ADDs
        # that never bump the version), so a read-modify-write cannot write back an old count.
        written = self._logged(
            lambda: target.update(actions=actions, condition=condition),
            lambda tx: tx.update(target, actions=actions, condition=condition),
            log,
        )
        if not written:
            raise Conflict(
                "the memory changed since it was read",
                details={"memory_id": record.memory_id, "expected_version": expected_version},
            )
        return record

    def delete(
        self,
        tenant_id: str,
        user_id: str,
        memory_id: str,
        *,
        expected_version: int | None = None,
        log: Sequence[LifecycleEntry] = (),
    ) -> bool:
        """False when it was not there (or, with `expected_version`, changed meanwhile)."""
        m = self._m
        target = m(keys.memory_pk(tenant_id, user_id), keys.memory_sk(memory_id))
        condition = m.pk.exists()
        if expected_version is not None:
            condition &= m.version == expected_version
        return self._logged(
            lambda: target.delete(condition=condition), lambda tx: tx.delete(target, condition=condition), log
        )

    def _logged(
        self,
        write: Callable[[], object],
        write_in: Callable[[TransactWrite], object],
        log: Sequence[LifecycleEntry],
    ) -> bool:
        """One conditional write of a memory: alone, or with its lifecycle log lines in one
        transaction (R5: a step is logged exactly when it happened). False when its condition
        (or a log line's: never overwritten) failed; other failures become domain errors."""
        try:
            if not log:
                write()  # conditioned on the memory's existence: it cannot bring back an erased one
            else:  # log lines are new items: with the erasure fence's check (P1)
                e = log[0]
                with TransactWrite(connection=self._m._get_connection().connection) as tx:
                    fence.check(tx, self._m, e.tenant_id, e.user_id)
                    self._append(tx, log)
                    write_in(tx)
        except TransactWriteError as exc:
            fenced = fence.refused(exc)
            if fenced is not None:
                raise fenced from exc
            if "ConditionalCheckFailed" in cancellation_codes(exc):
                return False
            raise translate(exc) from exc
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    # --- R5 lifecycle log ----------------------------------------------------------------
    def _log_item(self, e: LifecycleEntry, position: int = 0) -> LifecycleLogItem:
        return self._log(
            keys.memory_pk(e.tenant_id, e.user_id),
            keys.log_sk(e.memory_id, e.at, e.version, position, e.event.value),
            memory_id=e.memory_id,
            event=e.event.value,
            at=e.at,
            score_before=e.score_before,
            score_after=e.score_after,
            details=json.dumps(e.details, ensure_ascii=False, sort_keys=True),
            user_key=keys.user_key(e.tenant_id, e.user_id),
        )

    def _append(self, tx: TransactWrite, entries: Sequence[LifecycleEntry]) -> None:
        log = self._log
        for position, entry in enumerate(entries):  # append-only: a line is never overwritten
            tx.save(self._log_item(entry, position), condition=log.pk.does_not_exist())

    def append_log(self, entries: Sequence[LifecycleEntry]) -> None:
        """Lines about something already written (a crossing seen on access); a replay is a no-op."""
        log = self._log
        for position, entry in enumerate(entries):
            item = self._log_item(entry, position)
            try:  # P1: a new line is an item of the user: with the erasure fence's check
                fence.write_fenced(
                    log,
                    entry.tenant_id,
                    entry.user_id,
                    lambda tx, i=item: tx.save(i, condition=log.pk.does_not_exist()),
                )
            except PynamoDBException as exc:
                if not fence.lost(exc):
                    raise translate(exc) from exc

    def lifecycle_log(self, tenant_id: str, user_id: str, memory_id: str) -> builtins.list[LifecycleEntry]:
        """A memory's lifecycle log, oldest first (kept after the memory is deleted)."""
        log = self._log
        try:
            items = list(
                log.query(
                    keys.memory_pk(tenant_id, user_id),
                    log.sk.startswith(keys.log_prefix(memory_id)),
                    consistent_read=True,
                )
            )
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return [
            LifecycleEntry(
                tenant_id=tenant_id,
                user_id=user_id,
                memory_id=i.memory_id,
                event=LifecycleEvent(i.event),
                at=float(i.at),
                score_before=float(i.score_before) if i.score_before is not None else None,
                score_after=float(i.score_after) if i.score_after is not None else None,
                details=json.loads(i.details or "{}"),
                version=keys.parse_log_version(i.sk),
            )
            for i in items
        ]

    # --- the lifecycle job's reads ---------------------------------------------------------
    def due(self, now: float, limit: int) -> builtins.list[DueRef]:
        """Up to `limit` items whose next lifecycle step is due at `now`, earliest first per shard:
        memories (crossing or archive end) and capacity markers. Reads the sparse index only."""
        return self._due_in(keys.due_shards(), now, limit)

    def mark_capacity(self, tenant_id: str, user_id: str, now: float) -> None:
        """R4: ask the next lifecycle run to check this user's capacity."""
        self._mark(tenant_id, user_id, keys.CAPACITY_SK, keys.due_shard(tenant_id, user_id), now, keep_waiting=False)

    def clear_capacity(self, tenant_id: str, user_id: str, marked_at: float) -> None:
        """Drop the marker the run handled; a newer mark (written meanwhile) stays."""
        self._clear_mark(tenant_id, user_id, keys.CAPACITY_SK, marked_at)

    # --- L9: users with memories to consolidate ----------------------------------------------
    def mark_consolidation(self, tenant_id: str, user_id: str, due_at: float) -> None:
        """A user wrote memories: consolidate them at `due_at`, unless a mark is already waiting
        (an active user's mark is not pushed back by every write)."""
        shard = keys.consolidation_shard(tenant_id, user_id)
        self._mark(tenant_id, user_id, keys.CONSOLIDATE_SK, shard, due_at, keep_waiting=True)

    def due_consolidation(self, now: float, limit: int) -> builtins.list[DueRef]:
        return self._due_in(keys.consolidation_shards(), now, limit)

    def clear_consolidation(self, tenant_id: str, user_id: str, due_at: float) -> None:
        self._clear_mark(tenant_id, user_id, keys.CONSOLIDATE_SK, due_at)

    # --- the compression_due index: memories and users' marks ------------------------------
    def _due_in(self, shards: builtins.list[str], now: float, limit: int) -> builtins.list[DueRef]:
        """Up to `limit` keys due at `now` in these shards: a memory (its id), or a user's mark (None)."""
        m = self._m
        found: builtins.list[DueRef] = []
        try:
            for shard in shards:
                if len(found) >= limit:
                    break
                for item in m.lifecycle_due.query(
                    shard, m.compress_due_at <= now, limit=limit - len(found), page_size=min(limit, 500)
                ):
                    tenant_id, user_id = keys.parse_memory_pk(item.pk)
                    memory_id = item.sk[len(keys.MEMORY_PREFIX) :] if item.sk.startswith(keys.MEMORY_PREFIX) else None
                    found.append(DueRef(tenant_id, user_id, memory_id, float(item.compress_due_at)))
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return found

    def _mark(self, tenant_id: str, user_id: str, sk: str, shard: str, due_at: float, *, keep_waiting: bool) -> None:
        c = self._capacity
        mark = c(
            keys.memory_pk(tenant_id, user_id),
            sk,
            due_shard=shard,
            compress_due_at=due_at,
            user_key=keys.user_key(tenant_id, user_id),
        )
        condition = c.pk.does_not_exist() if keep_waiting else None
        try:  # P1: a mark is an item in the user's partition: with the erasure fence's check
            fence.write_fenced(c, tenant_id, user_id, lambda tx: tx.save(mark, condition=condition))
        except PynamoDBException as exc:
            if not (keep_waiting and fence.lost(exc)):
                raise translate(exc) from exc

    def _clear_mark(self, tenant_id: str, user_id: str, sk: str, marked_at: float) -> None:
        """Drop a mark a run handled; one written meanwhile (a later date) stays."""
        c = self._capacity
        try:
            c(keys.memory_pk(tenant_id, user_id), sk).delete(condition=c.compress_due_at <= marked_at)
        except PynamoDBException as exc:
            if not is_condition_failure(exc):
                raise translate(exc) from exc

    # --- R6: the retention job's paged pass ---------------------------------------------------
    def scan_keys(
        self, cursor: str | None, limit: int, now: float
    ) -> tuple[builtins.list[RecordKey], builtins.list[ExpiredItem], str | None]:
        """One page of the table (at most `limit` items evaluated): the memory records, the other
        items already past their TTL, and the cursor of the next page. The one Scan in Engram: the
        reconciliation must see every record once per cycle, and reads a bounded page a run
        (ARCHITECTURE §4: no job scans otherwise). One Scan serves both: its cost is the items
        it evaluates, so a second filter over the same page would cost it twice."""
        m = self._m
        kwargs: dict[str, Any] = {
            "TableName": m.Meta.table_name,
            "Limit": limit,
            "FilterExpression": "begins_with(SK, :m) OR expires_at <= :now",
            "ExpressionAttributeValues": {":m": {"S": keys.MEMORY_PREFIX}, ":now": {"N": repr(float(now))}},
            "ProjectionExpression": "PK, SK, #v, expires_at",
            "ExpressionAttributeNames": {"#v": "version"},
        }
        if cursor:
            kwargs["ExclusiveStartKey"] = json.loads(cursor)
        try:
            client: Any = m._get_connection().connection.client  # PynamoDB's botocore client
            page = client.scan(**kwargs)
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the store is unavailable", details={"cause": type(exc).__name__}) from exc
        found: builtins.list[RecordKey] = []
        other: builtins.list[ExpiredItem] = []
        for item in page.get("Items", []):
            pk, sk = item["PK"]["S"], item["SK"]["S"]
            expires = item.get("expires_at", {}).get("N")
            if not sk.startswith(keys.MEMORY_PREFIX):
                other.append(ExpiredItem(pk, sk))
                continue
            tenant_id, user_id = keys.parse_memory_pk(pk)
            found.append(
                RecordKey(
                    tenant_id=tenant_id,
                    user_id=user_id,
                    memory_id=sk[len(keys.MEMORY_PREFIX) :],
                    version=int(item.get("version", {}).get("N", "0")),
                    expires_at=float(expires) if expires is not None else None,
                )
            )
        last = page.get("LastEvaluatedKey")
        return found, other, json.dumps(last, sort_keys=True) if last else None

    def delete_expired(self, item: ExpiredItem, now: float) -> bool:
        m = self._m
        try:
            m(item.pk, item.sk).delete(condition=m.expires_at <= now)
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def touch_for_reindex(self, key: RecordKey, now: float) -> bool:
        m = self._m
        try:
            m(keys.memory_pk(key.tenant_id, key.user_id), keys.memory_sk(key.memory_id)).update(
                actions=[m.reindexed_at.set(now)],
                condition=m.pk.exists() & (m.version == key.version),
            )
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def reschedule(self, record: MemoryRecord) -> None:
        """Rewrite only the due date (an access moved the crossing), under the record's version and
        access count, so a concurrent change is never overwritten: it wrote its own date."""
        m = self._m
        due_at = self._policy.due_at(record)
        actions: list[Action] = (
            [m.due_shard.set(keys.due_shard(record.tenant_id, record.user_id)), m.compress_due_at.set(due_at)]
            if due_at is not None
            else [m.due_shard.remove(), m.compress_due_at.remove()]
        )
        try:
            m(keys.memory_pk(record.tenant_id, record.user_id), keys.memory_sk(record.memory_id)).update(
                actions=actions,
                condition=m.pk.exists() & (m.version == record.version) & (m.access_count == record.access_count),
            )
        except PynamoDBException as exc:
            if not is_condition_failure(exc):
                raise translate(exc) from exc

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
            records = [from_item(i, with_embedding=False, c=self._c) for i in items]
        except PynamoDBException as exc:
            raise translate(exc) from exc
        if now is not None:
            records = [r for r in records if r.expires_at is None or r.expires_at > now]
        records.sort(key=lambda r: (r.created_at, r.memory_id), reverse=True)
        return records

    def touch_access(
        self, tenant_id: str, user_id: str, memory_ids: builtins.list[str], now: float, job_id: str | None = None
    ) -> None:
        """R1 access boost: count the access (effective importance is derived at read time), and
        L7: count, on each, the others retrieved with it (the first `co_retrieval_partners`).

        Once per job (`job_id`; without one, the access's time names it): each memory records the
        jobs that counted it in the same conditional write (access_jobs), so a redelivered job,
        or a partly failed one redriven from its DLQ after later accesses, counts nothing twice.
        The version stays: a read does not make a caller's next edit conflict, and `replace` never
        writes the access fields, so no read-modify-write can write back an old count."""
        job = access_jobs.token(job_id or f"at-{now!r}")
        ids = list(dict.fromkeys(memory_ids))
        together = ids[: self._settings.co_retrieval_partners]
        for memory_id in ids:
            partners = [p for p in together if p != memory_id] if memory_id in together else []
            item = self._count_access(tenant_id, user_id, memory_id, partners, now, job)
            if item is None:
                continue
            record = from_item(item, with_embedding=False, c=self._c)
            self._trim_co_retrieved(record, partners)
            self._after_access(record, now)

    def _count_access(
        self, tenant_id: str, user_id: str, memory_id: str, partners: builtins.list[str], now: float, job: str
    ) -> MemoryItem | None:
        """One UpdateItem: +1 access, +1 per partner in the co-retrieval map, the job recorded as
        counted. None when the memory is gone or this job counted it already. The newest access also
        moves the last access time; an older one (a dead letter redriven after later accesses) is
        counted in a second try that leaves it; one at the same time is the same access."""
        m = self._m
        item = m(keys.memory_pk(tenant_id, user_id), keys.memory_sk(memory_id))
        counts = [Path(["co_retrieved", p]) for p in partners]
        counted: list[Action] = [m.access_count.add(1), *(c.set((c | 0) + 1) for c in counts), access_jobs.record(job)]
        fresh = m.pk.exists() & access_jobs.not_counted(job)
        tries = (
            (
                [*counted, m.last_accessed_at.set(now)],
                fresh & (m.last_accessed_at.does_not_exist() | (m.last_accessed_at < now)),
            ),
            (counted, fresh & (m.last_accessed_at > now)),
        )
        for actions, condition in tries:
            response = self._update_access(item, actions, condition, has_partners=bool(counts))
            if response is not None:
                access_jobs.trim(item, response)
                return item
        return None

    def _update_access(
        self, item: MemoryItem, actions: builtins.list[Action], condition: Any, has_partners: bool
    ) -> dict[str, Any] | None:
        """The update's ALL_NEW response (PynamoDB also reads it into `item`); None when its
        condition failed. A record written before the co-retrieval map existed gets it first (a
        nested SET needs its map; DynamoDB cannot create both in one expression)."""
        m = self._m
        for attempt in range(2):
            try:
                response: dict[str, Any] = item.update(actions=actions, condition=condition)
                return response
            except PynamoDBException as exc:
                if is_condition_failure(exc):
                    return None
                if attempt or not has_partners or getattr(exc, "cause_response_code", None) != "ValidationException":
                    raise translate(exc) from exc
            with contextlib.suppress(PynamoDBException):  # absent item: the retry's condition says so
                item.update(actions=[m.co_retrieved.set(m.co_retrieved | {})], condition=m.pk.exists())
        return None

    def _trim_co_retrieved(self, record: MemoryRecord, partners: builtins.list[str]) -> None:
        """L7 links are bounded per memory: past `max_links` partners, the rarest go (never one just
        counted). A heuristic counter: a concurrent +1 on a partner removed here is lost, no harm."""
        excess = len(record.co_retrieved) - self._settings.max_links
        if excess <= 0:
            return
        rarest = sorted((n, i) for i, n in record.co_retrieved.items() if i not in partners)[:excess]
        if not rarest:
            return
        m = self._m
        try:
            m(keys.memory_pk(record.tenant_id, record.user_id), keys.memory_sk(record.memory_id)).update(
                actions=[Path(["co_retrieved", i]).remove() for _, i in rarest], condition=m.pk.exists()
            )
        except PynamoDBException as exc:
            if not is_condition_failure(exc):
                raise translate(exc) from exc
        for _, i in rarest:
            record.co_retrieved.pop(i, None)

    def _after_access(self, record: MemoryRecord, now: float) -> None:
        """R1: an access moves the date the score crosses the threshold (kept current in the due
        index) and, when it lifts a score back over it, that is logged (R5)."""
        policy = self._policy
        if not policy.decays(record):
            return
        self.reschedule(record)
        before = dataclasses.replace(record, access_count=max(0, record.access_count - 1))
        if policy.is_below(before, now) and not policy.is_below(record, now):
            self.append_log(
                [
                    policy.entry(
                        record,
                        LifecycleEvent.SCORE_UPDATE,
                        now,
                        policy.effective(before, now),
                        policy.effective(record, now),
                        crossed="above",
                        cause="access",
                    )
                ]
            )
