"""The search contract shared by retrieval (prompts) and the memory REST API (M2 search)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engram.kernel.keys import OwnerKey
from engram.memory.models import IndexDocument, Namespace

# What a question recalls, in a prompt (/context) and through the search API alike: facts, logged
# rounds, closed threads. One set and one relevance rule, so both find the same memories.
RECALLED_NAMESPACES = (Namespace.MEMORY.value, Namespace.ROUND.value, Namespace.THREAD.value)


@dataclass(frozen=True, slots=True)
class ScoredMemory:
    memory_id: str
    score: float  # final rerank score, higher is better
    doc: IndexDocument
    similarity: float = 0.0
    fused: float = 0.0
    lexical: bool = False  # BM25 found it: it shares words with the query


class MemorySearch(Protocol):
    def search(
        self,
        owner: OwnerKey,
        query: str,
        *,
        persona_id: str | None = None,
        k: int = 8,
        namespaces: tuple[str, ...] = ("memory",),
        types: tuple[str, ...] | None = None,
        created_from: float | None = None,
        created_to: float | None = None,
        include_archived: bool = False,
        include_kb: bool = False,
    ) -> list[ScoredMemory]: ...
