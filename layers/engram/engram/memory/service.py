"""M2 memory use cases behind the REST API: create, list, load, get, patch, delete,
archive, restore, search, timeline, summarize, pinned facts, persona deletion.

Every read and write is scoped by the caller's OwnerKey: a memory id of another
user is simply not found (the partition key includes the user), so existence is
never revealed. Records are only ever changed by a versioned replace (optimistic
concurrency): a stale client gets CONFLICT, never a silent overwrite.
"""

from __future__ import annotations

import builtins
import dataclasses
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field

from engram.conversation.models import SessionSummary, Turn
from engram.conversation.ports import Summarizer
from engram.kernel.clock import Clock
from engram.kernel.errors import Conflict, MemoryLimitReached, NotFound, PayloadTooLarge, ValidationFailed
from engram.kernel.ids import check_id
from engram.kernel.keys import OwnerKey
from engram.kernel.ports import MetricsSink
from engram.language.blank import is_blank
from engram.language.masking import mask_for_storage, mask_text, masked_input
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.models import (
    KB_OWNER,
    ArchiveReason,
    LifecycleEntry,
    LifecycleEvent,
    MemoryOrigin,
    MemoryRecord,
    MemoryStatus,
    MemoryType,
    Namespace,
    Profile,
)
from engram.memory.plan import FREE, apply_cap, counts_toward_cap, plan_of
from engram.memory.ports import Embedder, MemoryRepository, ProfileStore
from engram.memory.scoring import record_effective_importance
from engram.memory.search import RECALLED_NAMESPACES, MemorySearch
from engram.memory.session_summary import summarize_session_with_retry
from engram.settings import Settings

LLM_SUMMARY_FAILED = "LLM_SUMMARY_FAILED"
MAX_LOAD = 50
MAX_SEARCH = 50


@dataclass(frozen=True, slots=True)
class Message:
    role: str  # "user" | "assistant" | "system"
    content: str


@dataclass(slots=True)
class CreateResult:
    record: MemoryRecord
    archived: list[MemoryRecord] = field(default_factory=list)  # L10: what the cap archived (X2)
    warning: str | None = None  # LLM_SUMMARY_FAILED when the raw fallback was stored (M4)
    summary: SessionSummary | None = None  # set when the memory was summarised from messages


@dataclass(frozen=True, slots=True)
class Page:
    items: list[MemoryRecord]
    total: int
    limit: int
    offset: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


@dataclass(frozen=True, slots=True)
class Found:
    record: MemoryRecord
    score: float | None  # None when listed by filters only (no query text)

    @property
    def from_kb(self) -> bool:
        return self.record.namespace == Namespace.KB


@dataclass(frozen=True, slots=True)
class TimelineGroup:
    month: str  # "YYYY-MM" (UTC) of created_at
    items: list[MemoryRecord]


@dataclass(slots=True)
class MemoryService:
    repo: MemoryRepository
    profiles: ProfileStore
    retriever: MemorySearch
    embedder: Embedder
    summarizer: Summarizer
    settings: Settings
    clock: Clock
    metrics: MetricsSink

    # --- helpers ---------------------------------------------------------------------
    def effective_importance(self, record: MemoryRecord) -> float:
        return record_effective_importance(record, self.clock.now(), self.settings)

    def crosses_threshold_at(self, record: MemoryRecord) -> float | None:
        return self._policy.crossing_at(record)

    def _check_text(self, name: str, text: str) -> str:
        if is_blank(text):
            raise ValidationFailed(f"{name} must not be empty", details={"field": name})
        size = len(text.encode("utf-8"))
        if size > self.settings.max_message_bytes:
            raise PayloadTooLarge(
                f"{name} is {size} bytes; the limit is {self.settings.max_message_bytes}",
                details={"field": name, "limit": self.settings.max_message_bytes},
            )
        return text

    def _check_messages(self, messages: Sequence[Message]) -> None:
        if not messages:
            raise ValidationFailed("messages must not be empty", details={"field": "messages"})
        for m in messages:
            self._check_text("messages.content", m.content)
        total = sum(len(m.content.encode("utf-8")) for m in messages)
        if total > self.settings.max_request_text_bytes:  # M3: what one summary may cost
            raise PayloadTooLarge(
                f"the messages hold {total} bytes of text; the limit is {self.settings.max_request_text_bytes}",
                details={"field": "messages", "limit": self.settings.max_request_text_bytes},
            )

    def _check_pin_room(
        self,
        owner: OwnerKey,
        persona_id: str,
        pin: dict[str, str],
        unpin: Sequence[str] = (),
        pinned_now: dict[str, str] | None = None,
    ) -> None:
        """L4: a persona's pinned facts go into every prompt and live in one profile item; their
        text together is capped (ENGRAM_PINNED_FACTS_MAX_BYTES). Checked before anything is written.
        `pinned_now`: the profile's pins when the caller has just read them."""
        if pinned_now is None:
            pinned_now = self.profiles.get(owner.tenant_id, owner.user_id, persona_id).pinned
        after = {k: v for k, v in pinned_now.items() if k not in unpin} | pin
        size = sum(len(text.encode("utf-8")) for text in after.values())
        if size > self.settings.pinned_facts_max_bytes:
            raise PayloadTooLarge(
                f"the pinned facts would hold {size} bytes; the limit is {self.settings.pinned_facts_max_bytes}",
                details={"field": "pinned", "limit": self.settings.pinned_facts_max_bytes},
            )

    @staticmethod
    def _check_importance(value: float | None) -> None:
        if value is not None and not 0.0 <= value <= 1.0:
            raise ValidationFailed("importance must be between 0 and 1", details={"field": "importance"})

    def _embed(self, text: str) -> builtins.list[float]:
        # The stored side's recipe, as the turn worker's memories (one recipe per index).
        return [float(x) for x in self.embedder.embed_documents([text])[0]]

    def _get(self, owner: OwnerKey, memory_id: str) -> MemoryRecord:
        check_id("memory_id", memory_id)
        record = self.repo.get(owner.tenant_id, owner.user_id, memory_id)
        now = self.clock.now()
        if record is None or (record.expires_at is not None and record.expires_at <= now):
            raise NotFound("memory not found", details={"memory_id": memory_id})
        return record

    def _bump(self, record: MemoryRecord, log: Sequence[LifecycleEntry] = (), **changes: object) -> MemoryRecord:
        """A replacement: version + 1 and a fresh updated_at, stored only if nobody wrote meanwhile."""
        updated = dataclasses.replace(record, version=record.version + 1, updated_at=self.clock.now(), **changes)  # type: ignore[arg-type]
        return self.repo.replace(updated, expected_version=record.version, log=log)

    @property
    def _policy(self) -> LifecyclePolicy:
        return LifecyclePolicy(self.settings)

    def lifecycle_log(self, owner: OwnerKey, memory_id: str) -> builtins.list[LifecycleEntry]:
        """R5: the memory's lifecycle log, oldest first; it outlives the memory (a deleted one's
        log still answers), so only an id nobody ever logged is NOT_FOUND."""
        check_id("memory_id", memory_id)
        entries = self.repo.lifecycle_log(owner.tenant_id, owner.user_id, memory_id)
        if not entries:
            self._get(owner, memory_id)  # NOT_FOUND unless the memory exists (with no step yet)
        return entries

    def archive_list(
        self, owner: OwnerKey, persona_id: str | None = None, limit: int | None = None, offset: int = 0
    ) -> Page:
        """R2/R3: archived and compressed memories, most recently archived first."""
        items = self.repo.list(
            owner.tenant_id,
            owner.user_id,
            persona_id=persona_id,
            namespaces=(Namespace.MEMORY,),
            statuses=(MemoryStatus.ARCHIVED, MemoryStatus.COMPRESSED),
            now=self.clock.now(),
        )
        items.sort(key=lambda r: (-(r.archive.archived_at if r.archive else r.updated_at), r.memory_id))
        limit = limit or self.settings.list_default_limit
        return Page(items[offset : offset + limit], len(items), limit, offset)

    def plan_of(self, owner: OwnerKey, persona_id: str, plan: str | None) -> str:
        return plan_of(self.profiles, owner, persona_id, plan, self.settings.plan)

    def _refuses_over_limit(self) -> bool:
        # Suggested setting ENGRAM_FREE_PLAN_OVER_LIMIT = "archive" (default, seed 002) | "refuse".
        return getattr(self.settings, "free_plan_over_limit", "archive") == "refuse"

    def _active(self, owner: OwnerKey, persona_id: str | None) -> builtins.list[MemoryRecord]:
        return self.repo.list(
            owner.tenant_id,
            owner.user_id,
            persona_id=persona_id,
            namespaces=(Namespace.MEMORY,),
            statuses=(MemoryStatus.ACTIVE,),
            now=self.clock.now(),
        )

    def _refuse_if_full(self, owner: OwnerKey, persona_id: str, plan: str) -> None:
        if plan == FREE and self._refuses_over_limit():
            limit = self.settings.free_plan_active_limit
            active = sum(counts_toward_cap(r) for r in self._active(owner, persona_id))
            if active >= limit:
                raise MemoryLimitReached(
                    f"the free plan keeps at most {limit} active memories per persona",
                    details={"limit": limit, "active": active, "persona_id": persona_id},
                )

    def _apply_cap(
        self, owner: OwnerKey, persona_id: str, plan: str, protect: Sequence[str] = ()
    ) -> builtins.list[MemoryRecord]:
        limit = self.settings.free_plan_active_limit
        return apply_cap(
            self.repo,
            self.metrics,
            owner,
            persona_id,
            plan=plan,
            limit=limit,
            now=self.clock.now(),
            protect=protect,
            policy=self._policy,
        )

    # --- summaries ---------------------------------------------------------------------
    @staticmethod
    def _turns(messages: Sequence[Message], now: float) -> builtins.list[Turn]:
        """Pair user / assistant messages into rounds, the shape the Summarizer port takes."""
        turns: builtins.list[Turn] = []
        user: str | None = None
        for m in messages:
            if m.role == "user":
                if user is not None:
                    turns.append(Turn(len(turns) + 1, user, "", "", now))
                user = m.content
            elif m.role == "assistant":
                turns.append(Turn(len(turns) + 1, user or "", m.content, "", now))
                user = None
        if user is not None:
            turns.append(Turn(len(turns) + 1, user, "", "", now))
        return turns

    def summarize(self, messages: Sequence[Message]) -> SessionSummary:
        """Seed 002 `summarize`: messages -> summary, topics, emotion, importance (1-10); stores nothing.

        M4: 3 attempts with 1 s / 2 s back-off; then the raw conversation as "role: content"
        lines (first 500 chars), importance 5, and the LLM_SUMMARY_FAILED warning — never an error.
        """
        self._check_messages(messages)
        now = self.clock.now()
        result = summarize_session_with_retry(
            self.summarizer, "", self._turns(messages, now), self.settings, self.clock, self.metrics
        )
        if result.fallback:
            # The caller's messages verbatim (system lines and odd orderings included), not re-paired rounds.
            # Masked before the cut (P5): an address cut in two would no longer look like one.
            raw = mask_text("\n".join(f"{m.role}: {m.content}" for m in messages))
            result = dataclasses.replace(result, summary=raw[: self.settings.fallback_summary_chars])
        return result

    # --- create -------------------------------------------------------------------------
    def create(
        self,
        owner: OwnerKey,
        persona_id: str,
        *,
        summary: str | None = None,
        messages: Sequence[Message] | None = None,
        type: MemoryType | None = None,
        importance: float | None = None,
        pinned: bool = False,
        topics: Sequence[str] = (),
        session_id: str | None = None,
        plan: str | None = None,
        memory_id: str | None = None,
    ) -> CreateResult:
        """A manual summary, or an LLM summary of `messages` (raw fallback on failure).

        `memory_id`: the id a retry of the same request names again (derived from its
        idempotency key). The memory is made at most once under it: a create that finds it
        made (by a first attempt whose answer was lost, or that outlived its lock) returns it."""
        check_id("persona_id", persona_id)
        if session_id is not None:
            check_id("session_id", session_id)
        self._check_importance(importance)
        if summary is None and not messages:
            raise ValidationFailed("give a summary or messages", details={"field": "summary"})
        if summary is not None:
            self._check_text("summary", summary)
        if messages is not None:  # beside a summary too: not summarised, still part of the request
            self._check_messages(messages)
        if memory_id is not None and (made := self.repo.get(owner.tenant_id, owner.user_id, memory_id)) is not None:
            return CreateResult(made)
        plan = self.plan_of(owner, persona_id, plan)
        self._refuse_if_full(owner, persona_id, plan)

        generated: SessionSummary | None = None
        if summary is not None:
            text, base, kind = summary, importance, type or MemoryType.NOTE
        else:
            assert messages is not None
            generated = self.summarize(messages)
            text, kind = generated.summary, type or MemoryType.TIMELINE
            base = importance if importance is not None else generated.importance / 10.0
            topics = list(topics) or list(generated.topics)

        # P5: manual text, an LLM summary and the raw fallback alike; topics count for the flags too.
        read = masked_input(m.content for m in messages or ()) if generated else None
        masked = mask_for_storage(text, topics, read_from=read.pii_flags if read else ())
        now = self.clock.now()
        record = MemoryRecord(
            memory_id=memory_id or "mem-" + uuid.uuid4().hex,
            tenant_id=owner.tenant_id,
            user_id=owner.user_id,
            persona_id=persona_id,
            type=kind,
            content=masked.content,
            importance=self.settings.importance_at_birth if base is None else base,
            created_at=now,
            updated_at=now,
            embedding=self._embed(masked.content),
            topics=masked.topics,
            pii_flags=masked.pii_flags,
            pinned=pinned,
            emotion=generated.emotion if generated else None,
            session_id=session_id,
            origin=MemoryOrigin.API,
        )
        if pinned:
            self._check_pin_room(owner, persona_id, {record.memory_id: record.content})
        if not self.repo.put_new(record):  # a concurrent attempt of the same request made it first
            made = self.repo.get(owner.tenant_id, owner.user_id, record.memory_id)
            if made is None:  # made and deleted since: nothing more to do
                raise Conflict("this memory was made and deleted meanwhile", details={"memory_id": record.memory_id})
            return CreateResult(made)
        if pinned:
            self.profiles.update(owner.tenant_id, owner.user_id, persona_id, pin={record.memory_id: record.content})
        # Never the memory just made (seed 002 §4.2): the lowest importance, then the oldest, of the others.
        archived = self._apply_cap(owner, persona_id, plan, protect=[record.memory_id])
        source = "manual" if generated is None else ("fallback" if generated.fallback else "llm")
        self.metrics.put("memory_created", source=source)
        return CreateResult(record, archived, generated.warning if generated else None, generated)

    # --- reads --------------------------------------------------------------------------
    def list(
        self,
        owner: OwnerKey,
        persona_id: str | None = None,
        *,
        include_archived: bool = False,
        limit: int | None = None,
        offset: int = 0,
        types: Sequence[MemoryType] | None = None,
        states: Sequence[str] | None = None,
        pinned: bool | None = None,
        session_id: str | None = None,
    ) -> Page:
        """M2 list, newest first. `states` filters by what the inspector shows: active, archived,
        compressed, or superseded (a fact replaced by a newer one, kept with its validity, wherever
        it is now); naming archived, compressed or superseded implies include_archived."""
        limit = self.settings.list_default_limit if limit is None else limit
        if limit < 1 or offset < 0:
            raise ValidationFailed("limit must be >= 1 and offset >= 0", details={"field": "limit"})
        if persona_id is not None:
            check_id("persona_id", persona_id)
        wanted = set(states or ())
        unknown = wanted - {*MemoryStatus, "superseded"}
        if unknown:
            raise ValidationFailed("unknown memory status", details={"field": "status", "values": sorted(unknown)})
        # archived and compressed live apart; a superseded fact may have been archived since
        include_archived = include_archived or bool(
            wanted & {MemoryStatus.ARCHIVED, MemoryStatus.COMPRESSED, "superseded"}
        )
        records = self.repo.list(
            owner.tenant_id,
            owner.user_id,
            persona_id=persona_id,
            namespaces=(Namespace.MEMORY,),
            statuses=None if include_archived else (MemoryStatus.ACTIVE,),
            now=self.clock.now(),
        )

        def keep(r: MemoryRecord) -> bool:
            state = "superseded" if r.superseded_by else r.status.value
            return (
                (not types or r.type in types)
                and (not wanted or state in wanted)
                and (pinned is None or r.pinned == pinned)
                and (session_id is None or r.session_id == session_id)
            )

        records = [r for r in records if keep(r)]
        return Page(records[offset : offset + limit], len(records), limit, offset)

    def load(self, owner: OwnerKey, persona_id: str, n: int | None = None) -> builtins.list[MemoryRecord]:
        """Conversation start: the top N active memories by effective importance (R1), then recency."""
        check_id("persona_id", persona_id)
        n = self.settings.load_default_count if n is None else n
        if not 1 <= n <= MAX_LOAD:
            raise ValidationFailed(f"n must be between 1 and {MAX_LOAD}", details={"field": "n"})
        now = self.clock.now()
        ranked = sorted(
            self._active(owner, persona_id),
            key=lambda r: (-record_effective_importance(r, now, self.settings), -r.created_at, r.memory_id),
        )[:n]
        if ranked:  # R1: being loaded into a prompt is an access
            self.repo.touch_access(owner.tenant_id, owner.user_id, [r.memory_id for r in ranked], now)
        return ranked

    def get(self, owner: OwnerKey, memory_id: str) -> MemoryRecord:
        return self._get(owner, memory_id)

    # --- writes -------------------------------------------------------------------------
    def patch(
        self,
        owner: OwnerKey,
        memory_id: str,
        *,
        version: int,
        content: str | None = None,
        importance: float | None = None,
        pinned: bool | None = None,
    ) -> MemoryRecord:
        """Edit summary / importance / pin; `version` is the one the client read (else CONFLICT)."""
        if content is None and importance is None and pinned is None:
            raise ValidationFailed("nothing to change", details={"field": "body"})
        if content is not None:
            self._check_text("content", content)
        self._check_importance(importance)
        record = self._get(owner, memory_id)
        if record.version != version:  # fail fast, before re-embedding
            raise _conflict(record, version)
        changes: dict[str, object] = {}
        if content is not None and content != record.content:
            masked = mask_for_storage(content, flags=record.pii_flags)  # the topics keep their flags
            changes.update(
                content=masked.content,
                pii_flags=masked.pii_flags,
                embedding=self._embed(masked.content),
                search_text=None,  # expansion keys describe the old text
            )
        if importance is not None and importance != record.importance:
            # The caller states how much it matters now: the decay clock starts again (R1).
            changes.update(importance=importance, decay_from=self.clock.now())
        if pinned is not None:
            changes["pinned"] = pinned
        now_pinned = record.pinned if pinned is None else pinned
        # The profile gets this pin when it is new, or its text changed, on an active memory.
        repin = now_pinned and record.status == MemoryStatus.ACTIVE and (not record.pinned or "content" in changes)
        if repin:
            text = str(changes.get("content", record.content))
            self._check_pin_room(owner, record.persona_id, {record.memory_id: text})
        log = []
        if importance is not None and "importance" in changes:
            now = self.clock.now()
            after = dataclasses.replace(record, importance=importance, decay_from=now)
            before_score, after_score = self._policy.effective(record, now), self._policy.effective(after, now)
            log.append(
                self._policy.entry(record, LifecycleEvent.SCORE_UPDATE, now, before_score, after_score, cause="edit")
            )
        updated = self._bump(record, log=log, **changes)
        if repin:
            self.profiles.update(
                owner.tenant_id, owner.user_id, updated.persona_id, pin={updated.memory_id: updated.content}
            )
        elif record.pinned and not updated.pinned:
            self.profiles.update(owner.tenant_id, owner.user_id, updated.persona_id, unpin=[updated.memory_id])
        return updated

    def delete(self, owner: OwnerKey, memory_id: str) -> None:
        record = self._get(owner, memory_id)
        entry = self._policy.delete_entry(record, self.clock.now(), reason="manual")
        if not self.repo.delete(owner.tenant_id, owner.user_id, memory_id, log=[entry]):
            raise NotFound("memory not found", details={"memory_id": memory_id})
        if record.pinned:
            self.profiles.update(owner.tenant_id, owner.user_id, record.persona_id, unpin=[memory_id])
        self.metrics.put("memory_deleted", reason="manual")

    def archive(self, owner: OwnerKey, memory_id: str) -> MemoryRecord:
        """Idempotent: archiving an archived memory returns it unchanged."""
        record = self._get(owner, memory_id)
        if record.status != MemoryStatus.ACTIVE:
            return record
        now = self.clock.now()
        after = self._policy.archived(record, reason=ArchiveReason.MANUAL, now=now)
        log = self._policy.archive_entries(record, after, now)
        archived = self.repo.replace(after, expected_version=record.version, log=log)
        if record.pinned:  # keeps its pinned flag, so a restore puts it back in the pinned block
            self.profiles.update(owner.tenant_id, owner.user_id, record.persona_id, unpin=[memory_id])
        self.metrics.put("memory_archived", reason="manual")
        return archived

    def restore(
        self, owner: OwnerKey, memory_id: str, plan: str | None = None
    ) -> tuple[MemoryRecord, builtins.list[MemoryRecord]]:
        """Back to active; on the free plan the cap is re-applied to the others (the restored one stays)."""
        record = self._get(owner, memory_id)
        if record.status == MemoryStatus.ACTIVE:
            return record, []
        plan = self.plan_of(owner, record.persona_id, plan)
        self._refuse_if_full(owner, record.persona_id, plan)
        if record.pinned:
            self._check_pin_room(owner, record.persona_id, {record.memory_id: record.content})
        now = self.clock.now()
        after = self._policy.restored(record, now)
        restored = self.repo.replace(
            after, expected_version=record.version, log=[self._policy.restore_entry(record, after, now)]
        )
        if restored.pinned:
            self.profiles.update(
                owner.tenant_id, owner.user_id, restored.persona_id, pin={restored.memory_id: restored.content}
            )
        self.metrics.put("memory_restored")
        return restored, self._apply_cap(owner, restored.persona_id, plan, protect=[restored.memory_id])

    # --- search / timeline --------------------------------------------------------------------
    def search(
        self,
        owner: OwnerKey,
        query: str = "",
        *,
        persona_id: str | None = None,
        types: Sequence[MemoryType] | None = None,
        created_from: float | None = None,
        created_to: float | None = None,
        include_archived: bool = False,
        include_kb: bool = False,
        limit: int | None = None,
    ) -> builtins.list[Found]:
        """Keyword + date range + type. With query text: the MemorySearch port (ranked);
        without: the filters alone, newest first. KB chunks only with include_kb (L8)."""
        limit = self.settings.list_default_limit if limit is None else limit
        if not 1 <= limit <= MAX_SEARCH:
            raise ValidationFailed(f"limit must be between 1 and {MAX_SEARCH}", details={"field": "limit"})
        if persona_id is not None:
            check_id("persona_id", persona_id)
        if created_from is not None and created_to is not None and created_from > created_to:
            return []  # an empty range: nothing was created in it
        if len(query.encode("utf-8")) > self.settings.max_message_bytes:
            raise PayloadTooLarge(
                "the query is too long", details={"field": "q", "limit": self.settings.max_message_bytes}
            )
        statuses = {MemoryStatus.ACTIVE} | (
            {MemoryStatus.ARCHIVED, MemoryStatus.COMPRESSED} if include_archived else set()
        )
        wanted = set(types) if types else None

        def keep(r: MemoryRecord) -> bool:
            # Re-checked on the fresh record: the index may lag behind the system of record.
            if r.status not in statuses or (wanted is not None and r.type not in wanted):
                return False
            if r.namespace != Namespace.KB and persona_id is not None and r.persona_id != persona_id:
                return False
            if r.expires_at is not None and r.expires_at <= self.clock.now():
                return False
            return (created_from is None or r.created_at >= created_from) and (
                created_to is None or r.created_at <= created_to
            )

        if not query.strip():
            records = self.repo.list(owner.tenant_id, owner.user_id, persona_id=persona_id, statuses=None)
            if include_kb:
                records += self.repo.list(owner.tenant_id, KB_OWNER, namespaces=(Namespace.KB,), statuses=None)
            records.sort(key=lambda r: (-r.created_at, r.memory_id))
            return [Found(r, None) for r in records if keep(r)][:limit]

        # The recall of a prompt (/context) over the same namespaces and ranking, without its relevance
        # floor: a search lists every match, so it finds at least what a prompt would hold.
        hits = self.retriever.search(
            owner,
            query,
            persona_id=persona_id,
            k=limit,
            namespaces=RECALLED_NAMESPACES,
            types=tuple(t.value for t in types) if types else None,
            created_from=created_from,
            created_to=created_to,
            include_archived=include_archived,
            include_kb=include_kb,
        )
        # Defence in depth: only this user's documents, and the tenant's KB when asked for.
        mine = [h.memory_id for h in hits if h.doc.tenant_id == owner.tenant_id and h.doc.user_id == owner.user_id]
        kb = [
            h.memory_id for h in hits if include_kb and h.doc.tenant_id == owner.tenant_id and h.doc.user_id == KB_OWNER
        ]
        fresh = {r.memory_id: r for r in self.repo.batch_get(owner.tenant_id, owner.user_id, mine)}
        fresh.update({r.memory_id: r for r in self.repo.batch_get(owner.tenant_id, KB_OWNER, kb)})
        out = [Found(fresh[h.memory_id], h.score) for h in hits if h.memory_id in fresh]
        return [f for f in out if keep(f.record) and (f.from_kb or f.record.namespace in RECALLED_NAMESPACES)][:limit]

    def timeline(self, owner: OwnerKey, persona_id: str | None = None) -> builtins.list[TimelineGroup]:
        """Active memories grouped by the UTC month they were created in, newest first."""
        if persona_id is not None:
            check_id("persona_id", persona_id)
        groups: dict[str, builtins.list[MemoryRecord]] = {}
        for r in self._active(owner, persona_id):  # already newest first
            groups.setdefault(time.strftime("%Y-%m", time.gmtime(r.created_at)), []).append(r)
        return [TimelineGroup(month, items) for month, items in groups.items()]

    # --- profile (L4 pinned facts, L6 learned profile) -------------------------------------------
    def profile(self, owner: OwnerKey, persona_id: str) -> Profile:
        check_id("persona_id", persona_id)
        return self.profiles.get(owner.tenant_id, owner.user_id, persona_id)

    def set_pinned(self, owner: OwnerKey, persona_id: str, memory_ids: Sequence[str]) -> Profile:
        """Make exactly these memories the persona's pinned facts (the profile item and each record's flag)."""
        check_id("persona_id", persona_id)
        wanted = list(dict.fromkeys(memory_ids))
        current = self.profiles.get(owner.tenant_id, owner.user_id, persona_id)
        # Validate everything before writing anything: no half-applied pin sets.
        to_pin = [self._get(owner, memory_id) for memory_id in wanted]
        for r in to_pin:
            if r.persona_id != persona_id:
                raise ValidationFailed("the memory belongs to another persona", details={"memory_id": r.memory_id})
            if r.status != MemoryStatus.ACTIVE:
                raise ValidationFailed("only active memories can be pinned", details={"memory_id": r.memory_id})
        pins = {r.memory_id: r.content for r in to_pin}
        self._check_pin_room(owner, persona_id, pins, unpin=list(current.pinned), pinned_now=current.pinned)
        for r in to_pin:
            if not r.pinned:
                self._bump(r, pinned=True)
        dropped = [memory_id for memory_id in current.pinned if memory_id not in wanted]
        for memory_id in dropped:
            old = self.repo.get(owner.tenant_id, owner.user_id, memory_id)
            if old is not None and old.pinned:
                self._bump(old, pinned=False)
        return self.profiles.update(
            owner.tenant_id,
            owner.user_id,
            persona_id,
            pin=pins,
            unpin=dropped,
        )


def _conflict(record: MemoryRecord, expected: int) -> Conflict:
    return Conflict(
        "the memory changed since it was read",
        details={"memory_id": record.memory_id, "expected_version": expected, "current_version": record.version},
    )
