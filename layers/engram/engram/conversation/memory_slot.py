"""What long-term memory contributes to one prompt (C1): pinned facts + retrieved items."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from engram.conversation.models import GateResult, SessionKey


@dataclass(frozen=True, slots=True)
class MemoryItemView:
    memory_id: str
    text: str
    score: float = 0.0


@dataclass(frozen=True, slots=True)
class MemorySlot:
    pinned: tuple[MemoryItemView, ...] = ()  # L4 core facts (no score: they are not ranked)
    items: tuple[MemoryItemView, ...] = ()
    retrieval_ms: float = 0.0
    searched: bool = False


@dataclass(frozen=True, slots=True)
class MemoryQuery:
    key: SessionKey
    text: str
    summary: str
    recent_user_texts: tuple[str, ...] = field(default_factory=tuple)
    k: int = 8
    now: float = 0.0
    # S6: the previous run's session memory, for the first prompt of a new run (first, even on SKIP)
    bridge: MemoryItemView | None = None


class MemoryProvider(Protocol):
    """Filled by the long-term memory module; returns pinned facts even on SKIP (L4)."""

    bridges: bool  # puts a query's bridge in the prompt: worth closing an idle run for (S6)

    def slot(self, query: MemoryQuery, gate: GateResult) -> MemorySlot: ...

    def accessed(self, key: SessionKey, memory_ids: list[str], now: float) -> None: ...


class NoLongTermMemory:
    """The empty slot: used until long-term memory is configured."""

    bridges = False

    def slot(self, query: MemoryQuery, gate: GateResult) -> MemorySlot:
        return MemorySlot()

    def accessed(self, key: SessionKey, memory_ids: list[str], now: float) -> None:
        return None
