"""PynamoDB models of the single table.

Item kinds share one table, so each model declares only the attributes of its
kind. Models are bound to a table at run time (`bind`), so tests, the local
stack and each environment can point at their own table without globals.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pynamodb.attributes import (
    BinaryAttribute,
    BooleanAttribute,
    ListAttribute,
    MapAttribute,
    UnicodeAttribute,
    UnicodeSetAttribute,
)
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex, KeysOnlyProjection
from pynamodb.models import Model

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.numbers import NumberAttribute
from engram.observability.spans import TRACEPARENT

LOCAL_CREDENTIALS = {"aws_access_key_id": "local", "aws_secret_access_key": "local"}


class _Base(Model):
    class Meta:
        table_name = "unbound"

    pk = UnicodeAttribute(hash_key=True, attr_name="PK")
    sk = UnicodeAttribute(range_key=True, attr_name="SK")
    expires_at = NumberAttribute(null=True)  # the table's TTL attribute (epoch seconds)
    user_key = UnicodeAttribute(null=True)  # by_user GSI


class ByUserIndex(GlobalSecondaryIndex[Any]):
    """Keys-only: erasure and export enumerate a user's items, then act on them."""

    class Meta:
        index_name = "by_user"
        projection = KeysOnlyProjection()

    user_key = UnicodeAttribute(hash_key=True)
    sk = UnicodeAttribute(range_key=True, attr_name="SK")


class ActiveSessionsIndex(GlobalSecondaryIndex[Any]):
    """Sparse: only open sessions (and closed runs awaiting their memory) carry active_shard;
    the idle job reads only those. Keys only: the partition key names the conversation."""

    class Meta:
        index_name = "active_sessions"
        projection = KeysOnlyProjection()

    active_shard = UnicodeAttribute(hash_key=True)
    last_activity_at = NumberAttribute(range_key=True)


class LifecycleDueIndex(GlobalSecondaryIndex[Any]):
    """Sparse (R1–R4): a memory carries due_shard only while a lifecycle step lies ahead (its
    score's crossing of the threshold, or its archive's end), plus a user's capacity marker.
    The daily job queries `compress_due_at <= now` per shard and reads nothing else."""

    class Meta:
        index_name = "compression_due"
        projection = KeysOnlyProjection()

    due_shard = UnicodeAttribute(hash_key=True)
    compress_due_at = NumberAttribute(range_key=True)


class SessionItem(_Base):
    """~META and TURN# items of a conversation partition."""

    # meta
    tenant_id = UnicodeAttribute(null=True)
    user_id = UnicodeAttribute(null=True)
    persona_id = UnicodeAttribute(null=True)
    session_id = UnicodeAttribute(null=True)
    generation = NumberAttribute(null=True)
    turn_count = NumberAttribute(null=True)
    summary = UnicodeAttribute(null=True)
    summary_cursor = NumberAttribute(null=True)
    summary_version = NumberAttribute(null=True)
    pending_tokens = NumberAttribute(null=True)
    status = UnicodeAttribute(null=True)
    started_at = NumberAttribute(null=True)
    last_activity_at = NumberAttribute(null=True)
    ended_at = NumberAttribute(null=True)
    active_shard = UnicodeAttribute(null=True)
    # turn
    seq = NumberAttribute(null=True)
    user_text = UnicodeAttribute(null=True)
    assistant_text = UnicodeAttribute(null=True)
    request_id = UnicodeAttribute(null=True)
    created_at = NumberAttribute(null=True)
    emergency = BooleanAttribute(null=True)
    # lease, request marker (REQ#: status INPROGRESS | COMPLETED) and closed run (RUN#: status closing | done)
    holder = UnicodeAttribute(null=True)
    lease_until = NumberAttribute(null=True)
    result = UnicodeAttribute(null=True)  # JSON: a request's answer, a closed run's session memory
    reason = UnicodeAttribute(null=True)
    closed_at = NumberAttribute(null=True)
    # outbox (TURN#, RUN#): the stream pipe turns these items into post-turn jobs (SQS FIFO group / dedup id)
    job_group = UnicodeAttribute(null=True)
    job_dedup = UnicodeAttribute(null=True)
    hint_cursor = NumberAttribute(null=True)  # the summary cursor the append saw: lets the worker skip a read
    hint_pending = NumberAttribute(null=True)
    # META and a run's first rounds: the run continued (S6 message limit), for the round context
    cont_generation = NumberAttribute(null=True)
    cont_seq = NumberAttribute(null=True)
    # TURN#: the API span's W3C context, so the worker's spans join the turn's trace (observability/spans.py)
    trace_parent = UnicodeAttribute(null=True, attr_name=TRACEPARENT)

    by_user = ByUserIndex()
    active_sessions = ActiveSessionsIndex()


class IdempotencyItem(_Base):
    """D1 request markers and D2 audio locks / cached results."""

    status = UnicodeAttribute()  # INPROGRESS | COMPLETED
    owner = UnicodeAttribute()
    result = UnicodeAttribute(null=True)  # JSON
    created_at = NumberAttribute()


class MemoryItem(_Base):
    """Long-term memory record (L1); DynamoDB is the system of record."""

    memory_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    user_id = UnicodeAttribute()
    persona_id = UnicodeAttribute()
    namespace = UnicodeAttribute()
    type = UnicodeAttribute()
    content = UnicodeAttribute()
    search_text = UnicodeAttribute(null=True)
    embedding = BinaryAttribute(null=True, legacy_encoding=False)  # float32 bytes: re-index never re-embeds
    own_embedding = BinaryAttribute(null=True, legacy_encoding=False)  # a round's own text, float16 bytes
    importance = NumberAttribute()
    created_at = NumberAttribute()
    updated_at = NumberAttribute()
    source_turn_ids = ListAttribute(of=UnicodeAttribute, null=True)
    topics = ListAttribute(of=UnicodeAttribute, null=True)  # P3: keyed hashes, and the system's markers
    topics_sealed = UnicodeAttribute(null=True)  # P3: the topics as written (JSON), sealed
    version = NumberAttribute()
    pii_flags = UnicodeSetAttribute(null=True)
    status = UnicodeAttribute()
    access_count = NumberAttribute(default=0)
    last_accessed_at = NumberAttribute(null=True)
    pinned = BooleanAttribute(default=False)
    supersedes = UnicodeAttribute(null=True)
    superseded_by = UnicodeAttribute(null=True)
    language = UnicodeAttribute(null=True)
    emotion = UnicodeAttribute(null=True)
    session_id = UnicodeAttribute(null=True)
    origin = UnicodeAttribute(null=True)  # MemoryOrigin; absent on items written before it existed
    decay_from = NumberAttribute(null=True)  # R1: the decay clock's start when not created_at
    archive_info = UnicodeAttribute(null=True)  # R2/R3: JSON of ArchiveInfo while archived
    due_shard = UnicodeAttribute(null=True)  # compression_due GSI (set from LifecyclePolicy.due_at)
    compress_due_at = NumberAttribute(null=True)
    reindexed_at = NumberAttribute(null=True)  # R6: touched so the stream re-indexes the record
    valid_from = NumberAttribute(null=True)  # a successor fact holds from here
    valid_to = NumberAttribute(null=True)  # a superseded fact held until here
    links = ListAttribute(of=UnicodeAttribute, null=True)  # L7/L9 related memory ids (bounded)
    co_retrieved: MapAttribute[str, Any] = MapAttribute(
        null=True
    )  # L7: {memory id: times retrieved together}, written by touch_access
    # the writer's W3C span context (a put or replace sets or removes it): the indexer continues that trace
    trace_parent = UnicodeAttribute(null=True, attr_name=TRACEPARENT)
    by_user = ByUserIndex()
    lifecycle_due = LifecycleDueIndex()


class CapacityMarker(_Base):
    """R4: "this user may be at capacity", written at write time; the lifecycle job's next run
    counts and compresses (SK ~CAPACITY in the user's memory partition, in the due index)."""

    due_shard = UnicodeAttribute()
    compress_due_at = NumberAttribute()
    lifecycle_due = LifecycleDueIndex()


class ThreadItem(_Base):
    """S5: the open thread of a conversation (SK #THREAD in its partition)."""

    generation = NumberAttribute()
    start_seq = NumberAttribute()
    last_seq = NumberAttribute()
    last_at = NumberAttribute()
    centroid = BinaryAttribute(legacy_encoding=False)  # float32 bytes
    rounds = NumberAttribute()
    words = UnicodeAttribute(null=True)  # JSON list
    candidates = UnicodeAttribute(null=True)  # JSON list of fact ids
    version = NumberAttribute()


class ErasureRequestsIndex(GlobalSecondaryIndex[Any]):
    """Sparse: only requests still to process carry erasure_status ("due")."""

    class Meta:
        index_name = "erasure_requests"
        projection = AllProjection()

    erasure_status = UnicodeAttribute(hash_key=True)
    requested_at = NumberAttribute(range_key=True)


class ErasureRequestItem(_Base):
    """P1: one erasure request (PK _ERASURE#{tenant}, SK REQ#{request id}); never in a user's
    partitions nor in by_user, so the erasure it orders cannot delete it."""

    request_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    user_id = UnicodeAttribute(null=True)  # removed after the re-verification: the hash alone names the user
    user_hash = UnicodeAttribute()
    scope = UnicodeAttribute()
    state = UnicodeAttribute()
    requested_at = NumberAttribute()
    requested_by = UnicodeAttribute()
    token_hash = UnicodeAttribute()
    token_expires_at = NumberAttribute()
    confirmed_at = NumberAttribute(null=True)
    completed_at = NumberAttribute(null=True)
    tallies = UnicodeAttribute(null=True)  # JSON {store: {found, deleted, anonymized}}
    receipt = UnicodeAttribute(null=True)  # JSON, signed
    error = UnicodeAttribute(null=True)
    holder = UnicodeAttribute(null=True)
    lease_until = NumberAttribute(null=True)
    erasure_status = UnicodeAttribute(null=True)
    persona_id = UnicodeAttribute(null=True)
    until = NumberAttribute(null=True)  # a re-erasure after a restore: items written up to here
    reapplies = UnicodeAttribute(null=True)
    version = NumberAttribute()
    due_requests = ErasureRequestsIndex()


class ExportRequestItem(_Base):
    """P2: a large export made by the job (PK _EXPORT#{tenant}, SK EXP#{id}); while due it sits
    in the sparse erasure_requests index under "export_due". Expires with its document (TTL)."""

    export_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    user_id = UnicodeAttribute()
    state = UnicodeAttribute()
    requested_at = NumberAttribute()
    completed_at = NumberAttribute(null=True)
    object_key = UnicodeAttribute(null=True)
    items = NumberAttribute(null=True)
    error = UnicodeAttribute(null=True)
    version = NumberAttribute()
    erasure_status = UnicodeAttribute(null=True)
    due_requests = ErasureRequestsIndex()


class AnonymousMomentItem(_Base):
    """P1: an important moment kept without its person (PK _ANON#{tenant}, SK M#{id})."""

    day = UnicodeAttribute()
    kind = UnicodeAttribute()
    text = UnicodeAttribute()


class JobStateItem(_Base):
    """Cursors a scheduled job keeps between runs (PK _JOB#{name}, SK ~STATE)."""

    state = UnicodeAttribute()  # JSON


class LifecycleLogItem(_Base):
    """R5: one append-only lifecycle log line (SK LOG#{memory_id}#{at}#{event}); no content."""

    memory_id = UnicodeAttribute()
    event = UnicodeAttribute()
    at = NumberAttribute()
    score_before = NumberAttribute(null=True)
    score_after = NumberAttribute(null=True)
    details = UnicodeAttribute(null=True)  # JSON: reason, sizes, ratio, method


class ProfileItem(_Base):
    """Pinned core facts and learned profile of one persona (JSON maps keep the item one read)."""

    pinned = UnicodeAttribute(null=True)
    topic_counts = UnicodeAttribute(null=True)
    persona_mentions = NumberAttribute(null=True)
    version = NumberAttribute(null=True)
    plan = UnicodeAttribute(null=True)
    # when this profile began (kept by every later write): an erasure's cutoff (P1) tells a
    # profile a chat started after it from the one the user had
    created_at = NumberAttribute(null=True)


@dataclass(frozen=True)
class BoundModels:
    session: type[SessionItem]
    idempotency: type[IdempotencyItem]
    memory: type[MemoryItem]
    profile: type[ProfileItem]
    capacity: type[CapacityMarker]
    log: type[LifecycleLogItem]
    job_state: type[JobStateItem]
    thread: type[ThreadItem]
    erasure: type[ErasureRequestItem]
    anonymous: type[AnonymousMomentItem]
    export: type[ExportRequestItem]
    cipher: FieldCipher  # P3: seals and opens the content attributes of these items


def _meta_for(cfg: TableConfig) -> type:
    attrs: dict[str, Any] = {"table_name": cfg.table_name, "region": cfg.region}
    if cfg.host:
        attrs["host"] = cfg.host
        attrs.update(LOCAL_CREDENTIALS)
    attrs["max_retry_attempts"] = 3
    attrs["connect_timeout_seconds"] = 2
    attrs["read_timeout_seconds"] = 5
    return type("Meta", (), attrs)


@lru_cache(maxsize=16)
def bind(cfg: TableConfig, cipher: FieldCipher) -> BoundModels:
    """Model classes bound to one table (cached: one connection pool per table); `cipher`
    seals their content attributes (the composition root's `bound_models` passes the table's)."""
    meta = _meta_for(cfg)

    def sub(base: type[Model], name: str) -> Any:
        return type(name, (base,), {"Meta": meta, "__module__": __name__})

    return BoundModels(
        session=sub(SessionItem, "SessionItem"),
        idempotency=sub(IdempotencyItem, "IdempotencyItem"),
        memory=sub(MemoryItem, "MemoryItem"),
        profile=sub(ProfileItem, "ProfileItem"),
        capacity=sub(CapacityMarker, "CapacityMarker"),
        log=sub(LifecycleLogItem, "LifecycleLogItem"),
        job_state=sub(JobStateItem, "JobStateItem"),
        thread=sub(ThreadItem, "ThreadItem"),
        erasure=sub(ErasureRequestItem, "ErasureRequestItem"),
        anonymous=sub(AnonymousMomentItem, "AnonymousMomentItem"),
        export=sub(ExportRequestItem, "ExportRequestItem"),
        cipher=cipher,
    )
