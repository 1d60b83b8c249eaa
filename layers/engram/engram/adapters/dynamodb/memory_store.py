"""Long-term memory records in DynamoDB: the system of record (L1).

The embedding is stored as float32 bytes so a re-index never re-embeds.
"""

from __future__ import annotations

from array import array


from pynamodb.exceptions import DoesNotExist, PynamoDBException

from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import translate
from engram.adapters.dynamodb.models import BoundModels, MemoryItem
from engram.memory.models import MemoryRecord, MemoryStatus, MemoryType, Namespace


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
        expires_at=r.expires_at,
        user_key=keys.user_key(r.tenant_id, r.user_id),
    )


def _floats(raw: bytes) -> list[float]:
    # float32, little-endian (what array("f") writes on every platform Lambda runs on)
    values = array("f")
    values.frombytes(raw)
    return values.tolist()


def from_item(i: MemoryItem) -> MemoryRecord:
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
        embedding=_floats(i.embedding) if i.embedding else None,
        source_turn_ids=list(i.source_turn_ids or []),
        topics=list(i.topics or []),
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
    )


class DynamoMemoryRepository:
    def __init__(self, models: BoundModels) -> None:
        self._m = models.memory

    def put_new(self, record: MemoryRecord) -> bool:
        m = self._m
        try:
            to_item(m, record).save(condition=m.pk.does_not_exist())
        except PynamoDBException as exc:
            if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
                return False
            raise translate(exc) from exc
        return True

    def get(self, tenant_id: str, user_id: str, memory_id: str) -> MemoryRecord | None:
        try:
            item = self._m.get(keys.memory_pk(tenant_id, user_id), keys.memory_sk(memory_id), consistent_read=True)
        except DoesNotExist:
            return None
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return from_item(item)
