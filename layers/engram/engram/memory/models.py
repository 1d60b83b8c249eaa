"""Long-term memory values (L1) and what the search index holds."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engram.kernel.keys import SessionKey


class MemoryType(StrEnum):
    FACT = "fact"
    PREFERENCE = "preference"
    CONSTRAINT = "constraint"
    DECISION = "decision"
    TODO = "todo"
    TIMELINE = "timeline"
    PROFILE = "profile"
    NOTE = "note"
    SUMMARY = "summary"  # L9: a consolidation of older memories (topic, month), linked to them


class MemoryStatus(StrEnum):
    ACTIVE = "active"
    ARCHIVED = "archived"
    COMPRESSED = "compressed"


class MemoryOrigin(StrEnum):
    """Who made a memory. The free plan's cap (L10, seed 002 §4.2) counts what seed 002 calls
    memories, session memories and memories created through the API, never extracted facts."""

    EXTRACTED = "extracted"  # the write pipeline (facts, preferences, round memories)
    SESSION = "session"  # the memory a session run leaves (S6)
    API = "api"  # POST /v1/memories


CAPPED_ORIGINS = frozenset({MemoryOrigin.SESSION, MemoryOrigin.API})


class ArchiveReason(StrEnum):
    """R2: why a memory left the active set."""

    LOW_IMPORTANCE = "low_importance"  # its effective score fell below the threshold (R1, R2)
    CAPACITY_LIMIT = "capacity_limit"  # a user's capacity (R4) or a plan's cap (L10)
    MANUAL = "manual"  # the user or a backend archived it


# L7: retrieved together twice makes a link (once can be chance: one broad question)
CO_RETRIEVAL_LINK = 2


@dataclass(slots=True)
class ArchiveInfo:
    """What the archive holds about an archived or compressed memory (R2, R3, seed 004 §4.2).

    A compressed memory's `content` is the summary; the original text is kept here and its
    original embedding stays in the record, so a restore brings both back. A memory too short
    to compress is archived as it is (`summary` None, ratio 0)."""

    reason: ArchiveReason
    archived_at: float
    final_score: float  # its effective importance when it left (R1)
    original_bytes: int
    compressed_bytes: int
    method: str  # "none", "local-extractive", or the chat model's name
    retention_until: float | None = None  # R3: deleted then unless restored (None: kept)
    summary: str | None = None
    original_content: str | None = None
    original_search_text: str | None = None

    @property
    def ratio(self) -> float:
        """R6: (original − compressed) / original bytes."""
        if self.original_bytes <= 0:
            return 0.0
        return round((self.original_bytes - self.compressed_bytes) / self.original_bytes, 4)


class Namespace(StrEnum):
    MEMORY = "memory"  # facts, preferences ... extracted or created through the API
    ROUND = "round"  # L5: a logged conversation round, searchable for 180 days
    KB = "kb"  # L8: knowledge-base chunks, owned by the tenant, not a user
    THREAD = "thread"  # S5: a flushed thread's mid-term memory (summary + keywords), 30 days


KB_OWNER = "_kb"  # user_id under which a tenant's knowledge base is stored


@dataclass(slots=True)
class MemoryRecord:
    memory_id: str
    tenant_id: str
    user_id: str
    persona_id: str
    type: MemoryType
    content: str
    importance: float
    created_at: float
    updated_at: float
    namespace: Namespace = Namespace.MEMORY
    embedding: list[float] | None = None  # what k-NN searches (a round's blends the rounds before it)
    # A round's own words embedded alone, when `embedding` blends in its context: ranking weighs
    # both (the context finds "Yes, last week!", the own text tells a round from its neighbour).
    own_embedding: list[float] | None = None
    source_turn_ids: list[str] = field(default_factory=list)
    topics: list[str] = field(default_factory=list)
    version: int = 1
    pii_flags: list[str] = field(default_factory=list)
    status: MemoryStatus = MemoryStatus.ACTIVE
    access_count: int = 0
    last_accessed_at: float | None = None
    pinned: bool = False
    supersedes: str | None = None
    superseded_by: str | None = None
    language: str = "und"
    emotion: str | None = None
    search_text: str | None = None  # content plus expansion keys; None = content
    expires_at: float | None = None
    session_id: str | None = None
    origin: MemoryOrigin = MemoryOrigin.EXTRACTED
    # R1: decay counts from here (None: from created_at); a restore starts the clock again
    decay_from: float | None = None
    archive: ArchiveInfo | None = None  # R2/R3: set while archived or compressed
    # Contradictions over time: a superseded fact holds until valid_to, its successor from valid_from
    valid_from: float | None = None
    valid_to: float | None = None
    links: list[str] = field(default_factory=list)  # L7/L9: related memories (bounded), e.g. a summary's sources
    # L7: memories retrieved together with this one, and how often (bounded; written by accesses only)
    co_retrieved: dict[str, int] = field(default_factory=dict)

    def associates(self) -> list[str]:
        """L7: what retrieval may pull in with this memory: its links, then the memories retrieved
        with it at least CO_RETRIEVAL_LINK times, most often first."""
        often = sorted((-n, i) for i, n in self.co_retrieved.items() if n >= CO_RETRIEVAL_LINK)
        return list(dict.fromkeys([*self.links, *(i for _, i in often)]))


@dataclass(slots=True)
class IndexDocument:
    """The searchable projection of a memory record; rebuildable from DynamoDB."""

    doc_id: str
    tenant_id: str
    user_id: str
    persona_id: str
    namespace: str
    type: str
    status: str
    text: str
    vector: list[float] | None
    importance: float
    created_at: float
    updated_at: float
    expires_at: float | None = None
    access_count: int = 0
    topics: list[str] = field(default_factory=list)
    source_ids: list[str] = field(default_factory=list)
    pinned: bool = False
    version: int = 0  # the record's version: the indexer's stale guard (0: unknown)
    links: list[str] = field(default_factory=list)  # L7: related memories retrieval may pull in
    own_vector: list[float] | None = None  # MemoryRecord.own_embedding: read for ranking, never searched


@dataclass(frozen=True, slots=True)
class IndexKey:
    """One document of the index, as the reconciliation pass pages through them."""

    tenant_id: str
    user_id: str
    doc_id: str
    version: int


@dataclass(frozen=True, slots=True)
class RecordKey:
    """One memory record, as the retention pass pages through the table."""

    tenant_id: str
    user_id: str
    memory_id: str
    version: int
    expires_at: float | None


@dataclass(frozen=True, slots=True)
class ExpiredItem:
    """Any other item past its TTL the retention pass met (session state, rounds, markers ...):
    opaque table keys, deleted only if still expired."""

    pk: str
    sk: str


@dataclass(frozen=True, slots=True)
class SearchFilter:
    """Applied inside the index query, never after it (tenant isolation)."""

    tenant_id: str
    user_id: str
    persona_ids: tuple[str, ...] | None = None
    namespaces: tuple[str, ...] = (Namespace.MEMORY.value,)
    types: tuple[str, ...] | None = None
    statuses: tuple[str, ...] = (MemoryStatus.ACTIVE.value,)
    created_from: float | None = None
    created_to: float | None = None
    now: float | None = None  # documents with expires_at <= now are excluded


@dataclass(frozen=True, slots=True)
class Hit:
    doc_id: str
    score: float
    doc: IndexDocument


@dataclass(slots=True)
class Fact:
    """One memory candidate from extraction, in the user's own language (never translated)."""

    content: str
    type: MemoryType
    importance: float
    safety: bool = False
    subject_key: str | None = None
    negated: bool = False
    topics: list[str] = field(default_factory=list)
    language: str = "und"
    value_key: str | None = None  # the value the fact sets for subject_key, when the extractor knows it
    valence: float = 0.0
    # what the extractor decided against existing memories (LLM mode); None = let the pipeline decide
    action: str | None = None  # "add" | "merge" | "supersede" | "skip"
    target_id: str | None = None


@dataclass(frozen=True, slots=True)
class ExistingMemory:
    """A stored memory shown to the extractor so it can merge or supersede in the same call."""

    memory_id: str
    content: str
    type: str
    subject_key: str | None = None


@dataclass(slots=True)
class Profile:
    """Pinned core facts and learned profile of one persona (L4, L6)."""

    persona_id: str
    pinned: dict[str, str] = field(default_factory=dict)  # memory_id -> text
    topic_counts: dict[str, int] = field(default_factory=dict)
    persona_mentions: int = 0
    version: int = 0
    plan: str | None = None  # L10: the plan of the user's last request (background work applies it)


SUBJECT_TAG = "subject:"  # topics entry that carries a fact's subject key (supersede detection)
VALUE_TAG = "value:"  # topics entry with a digest of the value it sets (a rephrasing merges)


# Topics entries the system writes for itself, never a topic a person would name: prefixes
# ("subject:", "value:", "pii:", "span:") and whole markers ("superseded", "consolidated", ...).
_TAG_PREFIXES = (SUBJECT_TAG, VALUE_TAG, "pii:", "span:")
_MARKERS = frozenset({"superseded", "consolidated", "important_moment"})


def plain_topics(topics: list[str]) -> list[str]:
    """The topics a person would name (what L7 links and L9 groups by), machine tags left out."""
    return [t for t in topics if not t.startswith(_TAG_PREFIXES) and t not in _MARKERS]


def value_tag(value_key: str) -> str:
    """A topics entry naming a fact's value by digest: comparable, and no PII leaks into topics."""
    return VALUE_TAG + hashlib.sha1(value_key.encode(), usedforsecurity=False).hexdigest()[:16]


def value_of(topics: list[str]) -> str | None:
    return next((t for t in topics if t.startswith(VALUE_TAG)), None)


def subject_of(topics: list[str]) -> str | None:
    for t in topics:
        if t.startswith(SUBJECT_TAG):
            return t[len(SUBJECT_TAG) :]
    return None


# Attributes one holds a single value of at a time, with no value in their subject key ("job",
# not "allergy:{x}": a user has several allergies, conditions, medicines, dislikes).
SINGLE_VALUED_SUBJECTS = frozenset({"job", "lives_in", "diet", "name", "age", "hometown"})

# Subjects a user holds several of at once (two pets, three daughters): a second one said plainly is
# an addition ("My cat's name is Luna" after "My dog is called Rex"); only said as a change ("now it's
# just our cat Luna", "we lost Rex") does it replace the one before.
_SEVERAL_AT_ONCE = frozenset(
    {
        "pet:name",
        "pet:species",
        "family:son",
        "family:daughter",
        "family:brother",
        "family:sister",
        "family:sibling",
        "family:grandchild",
        "family:grandparent",
    }
)


def held_several_at_once(subject: str | None) -> bool:
    return subject in _SEVERAL_AT_ONCE


def replaces_subject(new_topics: list[str], old_topics: list[str]) -> bool:
    """Whether a fact on the new subject, said as a change, replaces one on the old: the same key,
    or a bare single-valued attribute over any value of it ("diet", the way one eats, over
    "diet:meat"); never a key with its own value over a sibling ("allergy:shellfish" leaves
    "allergy:peanuts", "diet:pork" leaves "diet:meat")."""
    new, old = subject_of(new_topics), subject_of(old_topics)
    if new is None or old is None:
        return False
    return new == old or (new in SINGLE_VALUED_SUBJECTS and old.partition(":")[0] == new)


class LifecycleEvent(StrEnum):
    """R5 (seed 004 §4.3 event types, plus restore)."""

    SCORE_UPDATE = "score_update"  # a score crossed the threshold, or an edit changed importance
    COMPRESS = "compress"
    ARCHIVE = "archive"
    RESTORE = "restore"
    DELETE = "delete"


@dataclass(frozen=True, slots=True)
class LifecycleEntry:
    """One append-only line of a memory's lifecycle log. Never content: ids, scores, sizes."""

    tenant_id: str
    user_id: str
    memory_id: str
    event: LifecycleEvent
    at: float
    score_before: float | None = None
    score_after: float | None = None
    details: dict[str, Any] = field(default_factory=dict)
    version: int = 0  # the record's version the step made: orders and tells apart same-instant steps


@dataclass(frozen=True, slots=True)
class DueRef:
    """An item the lifecycle job must look at: a memory, or (memory_id None) a user's capacity mark."""

    tenant_id: str
    user_id: str
    memory_id: str | None
    due_at: float


@dataclass(slots=True)
class ThreadState:
    """The open thread of one conversation run."""

    generation: int
    start_seq: int
    last_seq: int
    last_at: float
    centroid: list[float]
    rounds: int
    words: list[str] = field(default_factory=list)  # analysed words of its rounds (bounded)
    candidates: list[str] = field(default_factory=list)  # facts extracted during the thread
    version: int = 0


def round_memory_id(key: SessionKey, generation: int, seq: int) -> str:
    """L5: one round memory per (conversation, run, round): its id says which."""
    digest = hashlib.sha1(f"{key}|{generation}|{seq}".encode(), usedforsecurity=False).hexdigest()[:24]
    return f"rnd-{digest}"
