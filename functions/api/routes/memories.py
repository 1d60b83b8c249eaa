"""M2 routes: long-term memories (create, list, load, get, patch, delete, archive,
restore, search, timeline, summarize), L4 pinned facts, persona deletion.

Every route exists twice: under /v1/memories... and /v1/personas/... for end users
(JWT) and under /v1/users/{user_id}/... for trusted backends (IAM).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Annotated, Any, get_args

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from engram.kernel.errors import ValidationFailed
from engram.kernel.ids import check_id
from engram.kernel.keys import OwnerKey
from engram.runtime import get_container

from .. import auth, plans
from ..schemas import (
    ID_PATTERN,
    OWNER_ID_PATTERN,
    ArchiveListResponse,
    ArchiveResponse,
    ArchiveView,
    CreateMemoryRequest,
    CreateMemoryResponse,
    DeleteMemoryResponse,
    DeletePersonaResponse,
    LifecycleEntryView,
    LifecycleLogResponse,
    MemoryListResponse,
    MemoryLoadResponse,
    MemoryMessage,
    MemoryResponse,
    MemoryTypeName,
    MemoryView,
    PatchMemoryRequest,
    PinnedFactView,
    ProfileResponse,
    PutProfileRequest,
    RestoreResponse,
    SearchResponse,
    SearchResultView,
    SummarizeRequest,
    SummarizeResponse,
    TimelineMonth,
    TimelineResponse,
    warnings,
)

if TYPE_CHECKING:  # not at import (issue 29: the API handler's import <= 1.1x the bare resolver's)
    from engram.memory.models import ArchiveInfo, MemoryRecord, MemoryType
    from engram.memory.service import MemoryService, Message

router = Router()

USER = "/memories"
BACKEND = "/users/<user_id>/memories"
PERSONA = "/personas/<persona_id>"
BACKEND_PERSONA = "/users/<user_id>/personas/<persona_id>"

Limit = Annotated[int | None, Query(ge=1, le=100, description="Default ENGRAM_LIST_DEFAULT_LIMIT (10)")]
Offset = Annotated[int, Query(ge=0)]
LoadCount = Annotated[int | None, Query(ge=1, le=50, description="Default ENGRAM_LOAD_DEFAULT_COUNT (5)")]
SearchLimit = Annotated[int | None, Query(ge=1, le=50)]
PersonaParam = Annotated[str, Query(min_length=1, max_length=128, pattern=OWNER_ID_PATTERN)]
PersonaFilter = Annotated[str | None, Query(min_length=1, max_length=128, pattern=OWNER_ID_PATTERN)]
FromParam = Annotated[
    str | None, Query(alias="from", description="ISO-8601 / RFC 3339 date or date-time; created at or after")
]
ToParam = Annotated[
    str | None,
    Query(
        alias="to", description="ISO-8601 / RFC 3339 date or date-time; created at or before (a date: the whole day)"
    ),
]
_TYPE_NAMES = "|".join(get_args(MemoryTypeName))  # MemoryType's values (test_api_memory_types)
TypeParam = Annotated[
    str | None,
    Query(description="One type or several, comma-separated", pattern=rf"^({_TYPE_NAMES})(,({_TYPE_NAMES}))*$"),
]


def _owner(user_id: str | None) -> OwnerKey:
    settings = get_container().settings
    event: dict[str, Any] = router.current_event.raw_event
    return auth.end_user(event, settings) if user_id is None else auth.backend(event, user_id, settings)


def _svc() -> MemoryService:
    return get_container().memory_service  # built on first use: keeps the cold start small


def _view(r: MemoryRecord, svc: MemoryService) -> MemoryView:
    return MemoryView(
        memory_id=r.memory_id,
        persona_id=r.persona_id,
        namespace=r.namespace.value,
        type=r.type.value,
        content=r.content,
        importance=r.importance,
        effective_importance=round(svc.effective_importance(r), 6),
        topics=list(r.topics),
        emotion=r.emotion,
        status=r.status.value,
        pinned=r.pinned,
        version=r.version,
        pii_flags=list(r.pii_flags),
        access_count=r.access_count,
        last_accessed_at=r.last_accessed_at,
        created_at=r.created_at,
        updated_at=r.updated_at,
        session_id=r.session_id,
        decay_from=r.decay_from if r.decay_from is not None else r.created_at,
        crosses_threshold_at=svc.crosses_threshold_at(r),
        archive=_archive_view(r.archive),
        links=list(r.links),
        co_retrieved=dict(r.co_retrieved),
        supersedes=r.supersedes,
        superseded_by=r.superseded_by,
        valid_from=r.valid_from,
        valid_to=r.valid_to,
    )


def _archive_view(info: ArchiveInfo | None) -> ArchiveView | None:
    if info is None:
        return None
    return ArchiveView(
        reason=info.reason.value,
        archived_at=info.archived_at,
        retention_until=info.retention_until,
        final_score=info.final_score,
        original_bytes=info.original_bytes,
        compressed_bytes=info.compressed_bytes,
        ratio=info.ratio,
        method=info.method,
        summary=info.summary,
    )


def _messages(messages: list[MemoryMessage] | None) -> list[Message] | None:
    from engram.memory.service import Message

    return None if messages is None else [Message(m.role, m.content) for m in messages]


_RFC3339_FRACTION = re.compile(r"(\.\d{6})\d+")
_LEAP_SECOND = re.compile(r"(T\d{2}:\d{2}):60")
_LATEST = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC).timestamp()


# RFC 3339 full-date, or date-time with its offset (lowercase t / z and any fraction allowed)
_RFC3339 = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}"  # full-date
    r"([Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2}))?"  # T full-time with its offset
)


def _epoch(name: str, value: str | None, end_of_day: bool = False) -> float | None:
    """ISO-8601 / RFC 3339 date or date-time -> epoch seconds; a bare date as `to` covers that whole day.

    RFC 3339 allows what fromisoformat does not: lowercase t/z, more than 6 fraction digits and a
    leap second (:60). Instants past datetime's range clamp to its ends instead of failing."""
    if value is None:
        return None
    text = value
    if not _RFC3339.fullmatch(text):  # what the contract declares (format date / date-time), nothing looser
        raise ValidationFailed(f"{name} is not an RFC 3339 date or date-time", details={"field": name})
    normalized = _LEAP_SECOND.sub(r"\1:59", _RFC3339_FRACTION.sub(r"\1", text.upper()))
    try:
        parsed = datetime.fromisoformat(normalized)
    except ValueError as exc:
        raise ValidationFailed(f"{name} is not an ISO-8601 date", details={"field": name}) from exc
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        if end_of_day and len(text) == 10:
            parsed += timedelta(days=1, microseconds=-1)
        return min(max(parsed.timestamp(), datetime.min.replace(tzinfo=UTC).timestamp()), _LATEST)
    except (OverflowError, ValueError):  # beyond year 1 or 9999 once the offset is applied
        return datetime.min.replace(tzinfo=UTC).timestamp() if parsed.year < 5000 else _LATEST


StatusParam = Annotated[
    str | None,
    Query(
        description="active, archived, compressed or superseded (replaced by a newer fact; also when archived "
        "since); several comma-separated (archived, compressed and superseded imply include_archived). "
        "Without it: every memory not archived, superseded ones included",
        pattern=r"^(active|archived|compressed|superseded)(,(active|archived|compressed|superseded))*$",
    ),
]
PinnedParam = Annotated[bool | None, Query(description="Only pinned (true) or only unpinned (false) memories")]
SessionParam = Annotated[
    str | None,
    Query(min_length=1, max_length=128, pattern=ID_PATTERN, description="Only the memories made from this session"),
]


@dataclass(frozen=True)
class ListFilters:
    type: str | None = None
    status: str | None = None
    pinned: bool | None = None
    session_id: str | None = None


def _types(value: str | None) -> list[MemoryType] | None:
    from engram.memory.models import MemoryType

    if not value:
        return None
    try:
        return [MemoryType(t.strip()) for t in value.split(",") if t.strip()]
    except ValueError as exc:
        raise ValidationFailed("unknown memory type", details={"field": "type"}) from exc


# --- use cases, shared by the end-user and backend routes ----------------------------------


def _create(owner: OwnerKey, body: CreateMemoryRequest, user_id: str | None) -> CreateMemoryResponse:
    from engram.conversation.idempotent import IdempotentWrites, derived_id

    c = get_container()
    writes = IdempotentWrites(c.conversation.idempotency, c.clock, c.settings)
    request = body.model_dump(mode="json", exclude={"idempotency_key"})
    memory_id = derived_id("mem-", owner, "memory_create", body.idempotency_key)  # made once, whatever the lock
    answer, replayed = writes.run(
        owner, "memory_create", body.idempotency_key, request, lambda: _create_once(owner, body, user_id, memory_id)
    )
    return CreateMemoryResponse.model_validate({**answer, "deduplicated": replayed})


def _create_once(
    owner: OwnerKey, body: CreateMemoryRequest, user_id: str | None, memory_id: str | None
) -> dict[str, Any]:
    from engram.memory.models import MemoryType

    svc = _svc()
    plan = plans.of_request(router.current_event.raw_event, user_id, owner, body.persona_id)
    result = svc.create(
        owner,
        body.persona_id,
        plan=plan,
        summary=body.summary,
        messages=_messages(body.messages),
        type=MemoryType(body.type) if body.type else None,
        importance=body.importance,
        pinned=body.pinned,
        topics=body.topics,
        session_id=body.session_id,
        memory_id=memory_id,
    )
    return CreateMemoryResponse(
        memory=_view(result.record, svc),
        archived=[r.memory_id for r in result.archived],
        **warnings(
            archived=[r.memory_id for r in result.archived],
            summary_failed=bool(result.warning),
            about="this one",
        ),
        model=result.summary.model if result.summary else None,
    ).model_dump(mode="json")


def _list(
    owner: OwnerKey, persona_id: str | None, include_archived: bool, limit: int | None, offset: int, f: ListFilters
) -> MemoryListResponse:
    svc = _svc()
    if f.session_id is not None:
        check_id("session_id", f.session_id)
    page = svc.list(
        owner,
        persona_id,
        include_archived=include_archived,
        limit=limit,
        offset=offset,
        types=_types(f.type),
        states=[s for s in (f.status or "").split(",") if s] or None,
        pinned=f.pinned,
        session_id=f.session_id,
    )
    return MemoryListResponse(
        memories=[_view(r, svc) for r in page.items],
        total=page.total,
        has_more=page.has_more,
        limit=page.limit,
        offset=page.offset,
    )


def _load(owner: OwnerKey, persona_id: str, n: int | None) -> MemoryLoadResponse:
    svc = _svc()
    return MemoryLoadResponse(memories=[_view(r, svc) for r in svc.load(owner, persona_id, n)])


def _get(owner: OwnerKey, memory_id: str) -> MemoryResponse:
    svc = _svc()
    return MemoryResponse(memory=_view(svc.get(owner, memory_id), svc))


def _patch(owner: OwnerKey, memory_id: str, body: PatchMemoryRequest) -> MemoryResponse:
    svc = _svc()
    record = svc.patch(
        owner, memory_id, version=body.version, content=body.summary, importance=body.importance, pinned=body.pinned
    )
    return MemoryResponse(memory=_view(record, svc))


def _delete(owner: OwnerKey, memory_id: str) -> DeleteMemoryResponse:
    _svc().delete(owner, memory_id)
    return DeleteMemoryResponse(memory_id=memory_id, deleted=True)


def _archive(owner: OwnerKey, memory_id: str) -> ArchiveResponse:
    svc = _svc()
    record = svc.archive(owner, memory_id)
    archived_at = record.archive.archived_at if record.archive is not None else record.updated_at
    return ArchiveResponse(memory=_view(record, svc), archived_at=archived_at)


def _lifecycle(owner: OwnerKey, memory_id: str) -> LifecycleLogResponse:
    entries = _svc().lifecycle_log(owner, memory_id)
    return LifecycleLogResponse(
        memory_id=memory_id,
        entries=[
            LifecycleEntryView(
                event=e.event.value, at=e.at, score_before=e.score_before, score_after=e.score_after, details=e.details
            )
            for e in entries
        ],
    )


def _archive_list(owner: OwnerKey, persona_id: str | None, limit: int | None, offset: int) -> ArchiveListResponse:
    svc = _svc()
    page = svc.archive_list(owner, persona_id, limit, offset)
    return ArchiveListResponse(
        memories=[_view(r, svc) for r in page.items],
        total=page.total,
        has_more=page.has_more,
        limit=page.limit,
        offset=page.offset,
    )


def _restore(owner: OwnerKey, memory_id: str, user_id: str | None) -> RestoreResponse:
    svc = _svc()
    plan = auth.plan(router.current_event.raw_event, get_container().settings, backend_call=user_id is not None)
    record, archived = svc.restore(owner, memory_id, plan)
    ids = [r.memory_id for r in archived]
    return RestoreResponse(
        memory=_view(record, svc), archived=ids, **warnings(archived=ids, summary_failed=False, about="this one")
    )


def _search(
    owner: OwnerKey,
    q: str | None,
    persona_id: str | None,
    type_: str | None,
    from_: str | None,
    to: str | None,
    include_archived: bool,
    include_kb: bool,
    limit: int | None,
) -> SearchResponse:
    svc = _svc()
    found = svc.search(
        owner,
        q or "",
        persona_id=persona_id,
        types=_types(type_),
        created_from=_epoch("from", from_),
        created_to=_epoch("to", to, end_of_day=True),
        include_archived=include_archived,
        include_kb=include_kb,
        limit=limit,
    )
    return SearchResponse(
        results=[SearchResultView(memory=_view(f.record, svc), score=f.score, from_kb=f.from_kb) for f in found]
    )


def _timeline(owner: OwnerKey, persona_id: str | None) -> TimelineResponse:
    svc = _svc()
    groups = svc.timeline(owner, persona_id)
    return TimelineResponse(
        months=[
            TimelineMonth(month=g.month, count=len(g.items), memories=[_view(r, svc) for r in g.items]) for g in groups
        ]
    )


def _summarize(owner: OwnerKey, body: SummarizeRequest) -> SummarizeResponse:
    # `owner` is resolved only to authenticate the caller: nothing is stored.
    s = _svc().summarize(_messages(body.messages) or [])
    return SummarizeResponse(
        summary=s.summary,
        topics=list(s.topics),
        emotion=s.emotion,
        importance=s.importance,
        model=s.model,
        **warnings(archived=[], summary_failed=bool(s.warning), about=""),
    )


def _profile(owner: OwnerKey, persona_id: str) -> ProfileResponse:
    p = _svc().profile(owner, persona_id)
    return ProfileResponse(
        persona_id=p.persona_id,
        pinned=[PinnedFactView(memory_id=k, text=v) for k, v in p.pinned.items()],
        topic_counts=p.topic_counts,
        persona_mentions=p.persona_mentions,
        version=p.version,
    )


def _put_profile(owner: OwnerKey, persona_id: str, body: PutProfileRequest) -> ProfileResponse:
    _svc().set_pinned(owner, persona_id, body.pinned_memory_ids)
    return _profile(owner, persona_id)


def _delete_persona(owner: OwnerKey, persona_id: str) -> DeletePersonaResponse:
    """Cascades like an erasure over the persona's data (its conversations, rounds, threads,
    memories, archive, lifecycle log, profile, index documents), with its own signed receipt.
    The erasure job does it, not this function (it holds neither the signing key nor the index's
    delete): the request is confirmed and the job started; the answer carries the state so far,
    and GET /v1/me/erasure/{request_id} the receipt once completed."""
    check_id("persona_id", persona_id)
    container = get_container()
    service = container.erasure_service
    request = service.persona(owner.tenant_id, owner.user_id, persona_id)
    container.start_erasure()
    done = service.get(owner.tenant_id, owner.user_id, request.request_id)
    memories = sum(done.tallies[s].found for s in ("memories", "midterm", "archive") if s in done.tallies)
    container.metrics.put("memory_deleted", float(memories), reason="persona_deleted")
    return DeletePersonaResponse(
        persona_id=persona_id,
        deleted_memories=memories,
        request_id=done.request_id,
        state=done.state.value,
        receipt=done.receipt,
    )


# --- routes: static paths first (load, search, timeline, summarize are not memory ids) -------


@router.post(USER, summary="Create a memory from a manual summary or from messages (LLM summary)", tags=["memories"])
def create_memory(body: CreateMemoryRequest) -> tuple[CreateMemoryResponse, int]:
    return _create(_owner(None), body, None), 201


@router.post(BACKEND, summary="Create a memory (trusted backend)", tags=["backend"])
def backend_create_memory(user_id: str, body: CreateMemoryRequest) -> tuple[CreateMemoryResponse, int]:
    return _create(_owner(user_id), body, user_id), 201


@router.get(
    USER,
    summary="List memories, newest first (persona, type, status, pinned, session; limit/offset)",
    tags=["memories"],
)
def list_memories(
    persona_id: PersonaFilter = None,
    include_archived: bool = False,
    limit: Limit = None,
    offset: Offset = 0,
    type: TypeParam = None,
    status: StatusParam = None,
    pinned: PinnedParam = None,
    session_id: SessionParam = None,
) -> MemoryListResponse:
    return _list(
        _owner(None), persona_id, include_archived, limit, offset, ListFilters(type, status, pinned, session_id)
    )


@router.get(BACKEND, summary="List memories (trusted backend)", tags=["backend"])
def backend_list_memories(
    user_id: str,
    persona_id: PersonaFilter = None,
    include_archived: bool = False,
    limit: Limit = None,
    offset: Offset = 0,
    type: TypeParam = None,
    status: StatusParam = None,
    pinned: PinnedParam = None,
    session_id: SessionParam = None,
) -> MemoryListResponse:
    filters = ListFilters(type, status, pinned, session_id)
    return _list(_owner(user_id), persona_id, include_archived, limit, offset, filters)


@router.get(USER + "/load", summary="Top N memories of a persona for the start of a conversation", tags=["memories"])
def load_memories(persona_id: PersonaParam, n: LoadCount = None) -> MemoryLoadResponse:
    return _load(_owner(None), persona_id, n)


@router.get(BACKEND + "/load", summary="Top N memories of a persona (trusted backend)", tags=["backend"])
def backend_load_memories(user_id: str, persona_id: PersonaParam, n: LoadCount = None) -> MemoryLoadResponse:
    return _load(_owner(user_id), persona_id, n)


@router.get(USER + "/search", summary="Search memories by keyword, date range and type", tags=["memories"])
def search_memories(
    q: Annotated[str | None, Query(max_length=2000)] = None,
    persona_id: PersonaFilter = None,
    type: TypeParam = None,
    from_: FromParam = None,
    to: ToParam = None,
    include_archived: bool = False,
    include_kb: bool = False,
    limit: SearchLimit = None,
) -> SearchResponse:
    return _search(_owner(None), q, persona_id, type, from_, to, include_archived, include_kb, limit)


@router.get(BACKEND + "/search", summary="Search memories (trusted backend)", tags=["backend"])
def backend_search_memories(
    user_id: str,
    q: Annotated[str | None, Query(max_length=2000)] = None,
    persona_id: PersonaFilter = None,
    type: TypeParam = None,
    from_: FromParam = None,
    to: ToParam = None,
    include_archived: bool = False,
    include_kb: bool = False,
    limit: SearchLimit = None,
) -> SearchResponse:
    return _search(_owner(user_id), q, persona_id, type, from_, to, include_archived, include_kb, limit)


@router.get(USER + "/timeline", summary="Active memories grouped by month, newest first", tags=["memories"])
def memory_timeline(persona_id: PersonaFilter = None) -> TimelineResponse:
    return _timeline(_owner(None), persona_id)


@router.get(BACKEND + "/timeline", summary="Memory timeline (trusted backend)", tags=["backend"])
def backend_memory_timeline(user_id: str, persona_id: PersonaFilter = None) -> TimelineResponse:
    return _timeline(_owner(user_id), persona_id)


@router.post(
    USER + "/summarize", summary="Summarise messages (topics, emotion, importance) without storing", tags=["memories"]
)
def summarize_messages(body: SummarizeRequest) -> SummarizeResponse:
    return _summarize(_owner(None), body)


@router.post(BACKEND + "/summarize", summary="Summarise messages without storing (trusted backend)", tags=["backend"])
def backend_summarize_messages(user_id: str, body: SummarizeRequest) -> SummarizeResponse:
    return _summarize(_owner(user_id), body)


@router.get(
    USER + "/archive",
    summary="Archived and compressed memories with sizes, ratio, final score, reason and retention",
    tags=["memories"],
)
def list_archive(persona_id: PersonaFilter = None, limit: Limit = None, offset: Offset = 0) -> ArchiveListResponse:
    return _archive_list(_owner(None), persona_id, limit, offset)


@router.get(BACKEND + "/archive", summary="The archive (trusted backend)", tags=["backend"])
def backend_list_archive(
    user_id: str, persona_id: PersonaFilter = None, limit: Limit = None, offset: Offset = 0
) -> ArchiveListResponse:
    return _archive_list(_owner(user_id), persona_id, limit, offset)


@router.get(USER + "/<memory_id>/lifecycle", summary="A memory's lifecycle log (R5)", tags=["memories"])
def memory_lifecycle(memory_id: str) -> LifecycleLogResponse:
    return _lifecycle(_owner(None), memory_id)


@router.get(BACKEND + "/<memory_id>/lifecycle", summary="A memory's lifecycle log (trusted backend)", tags=["backend"])
def backend_memory_lifecycle(user_id: str, memory_id: str) -> LifecycleLogResponse:
    return _lifecycle(_owner(user_id), memory_id)


@router.get(USER + "/<memory_id>", summary="Read one memory", tags=["memories"])
def get_memory(memory_id: str) -> MemoryResponse:
    return _get(_owner(None), memory_id)


@router.get(BACKEND + "/<memory_id>", summary="Read one memory (trusted backend)", tags=["backend"])
def backend_get_memory(user_id: str, memory_id: str) -> MemoryResponse:
    return _get(_owner(user_id), memory_id)


@router.patch(
    USER + "/<memory_id>", summary="Edit summary / importance / pin (optimistic: send the version)", tags=["memories"]
)
def patch_memory(memory_id: str, body: PatchMemoryRequest) -> MemoryResponse:
    return _patch(_owner(None), memory_id, body)


@router.patch(BACKEND + "/<memory_id>", summary="Edit a memory (trusted backend)", tags=["backend"])
def backend_patch_memory(user_id: str, memory_id: str, body: PatchMemoryRequest) -> MemoryResponse:
    return _patch(_owner(user_id), memory_id, body)


@router.delete(USER + "/<memory_id>", summary="Delete a memory", tags=["memories"])
def delete_memory(memory_id: str) -> DeleteMemoryResponse:
    return _delete(_owner(None), memory_id)


@router.delete(BACKEND + "/<memory_id>", summary="Delete a memory (trusted backend)", tags=["backend"])
def backend_delete_memory(user_id: str, memory_id: str) -> DeleteMemoryResponse:
    return _delete(_owner(user_id), memory_id)


@router.post(USER + "/<memory_id>/archive", summary="Archive a memory (restorable)", tags=["memories"])
def archive_memory(memory_id: str) -> ArchiveResponse:
    return _archive(_owner(None), memory_id)


@router.post(BACKEND + "/<memory_id>/archive", summary="Archive a memory (trusted backend)", tags=["backend"])
def backend_archive_memory(user_id: str, memory_id: str) -> ArchiveResponse:
    return _archive(_owner(user_id), memory_id)


@router.post(
    USER + "/<memory_id>/restore", summary="Restore an archived memory (the plan cap is re-applied)", tags=["memories"]
)
def restore_memory(memory_id: str) -> RestoreResponse:
    return _restore(_owner(None), memory_id, None)


@router.post(BACKEND + "/<memory_id>/restore", summary="Restore an archived memory (trusted backend)", tags=["backend"])
def backend_restore_memory(user_id: str, memory_id: str) -> RestoreResponse:
    return _restore(_owner(user_id), memory_id, user_id)


@router.get(PERSONA + "/profile", summary="Pinned facts and learned profile of a persona", tags=["memories"])
def get_profile(persona_id: str) -> ProfileResponse:
    return _profile(_owner(None), persona_id)


@router.get(
    BACKEND_PERSONA + "/profile", summary="Pinned facts and learned profile (trusted backend)", tags=["backend"]
)
def backend_get_profile(user_id: str, persona_id: str) -> ProfileResponse:
    return _profile(_owner(user_id), persona_id)


@router.put(PERSONA + "/profile", summary="Set the persona's pinned facts", tags=["memories"])
def put_profile(persona_id: str, body: PutProfileRequest) -> ProfileResponse:
    return _put_profile(_owner(None), persona_id, body)


@router.put(BACKEND_PERSONA + "/profile", summary="Set the persona's pinned facts (trusted backend)", tags=["backend"])
def backend_put_profile(user_id: str, persona_id: str, body: PutProfileRequest) -> ProfileResponse:
    return _put_profile(_owner(user_id), persona_id, body)


@router.delete(PERSONA, summary="Delete a persona: all its memories and pinned facts", tags=["memories"])
def delete_persona(persona_id: str) -> DeletePersonaResponse:
    return _delete_persona(_owner(None), persona_id)


@router.delete(BACKEND_PERSONA, summary="Delete a persona's memories (trusted backend)", tags=["backend"])
def backend_delete_persona(user_id: str, persona_id: str) -> DeletePersonaResponse:
    return _delete_persona(_owner(user_id), persona_id)
