"""MemorySearch without an index: a keyword scan of the system of record.

For deployments and tests without a search index (and as a reference for the
contract): every query term is matched as a case-folded substring, which also
works for CJK text that has no spaces. It reads every record of the user, so it
is only meant for small stores; the HybridRetriever is the production search.
"""

from __future__ import annotations

from dataclasses import dataclass

from engram.kernel.clock import Clock
from engram.kernel.keys import OwnerKey
from engram.memory.models import KB_OWNER, MemoryRecord, MemoryStatus, MemoryType, Namespace
from engram.memory.ports import MemoryRepository
from engram.memory.projection import to_index_document
from engram.memory.search import ScoredMemory


@dataclass(slots=True)
class RepositoryScanSearch:
    repo: MemoryRepository
    clock: Clock

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
    ) -> list[ScoredMemory]:
        now = self.clock.now()
        statuses = (MemoryStatus.ACTIVE,) + ((MemoryStatus.ARCHIVED,) if include_archived else ())
        records = self.repo.list(
            owner.tenant_id,
            owner.user_id,
            persona_id=persona_id,
            namespaces=tuple(Namespace(n) for n in namespaces),
            statuses=statuses,
            now=now,
        )
        if include_kb:  # L8: the tenant's knowledge base is a separate owner, searched only on request
            records += self.repo.list(
                owner.tenant_id, KB_OWNER, namespaces=(Namespace.KB,), statuses=(MemoryStatus.ACTIVE,), now=now
            )
        wanted = {MemoryType(t) for t in types} if types else None
        terms = [t for t in query.casefold().split() if t]
        scored: list[tuple[float, MemoryRecord]] = []
        for r in records:
            if wanted is not None and r.type not in wanted:
                continue
            if (created_from is not None and r.created_at < created_from) or (
                created_to is not None and r.created_at > created_to
            ):
                continue
            text = (r.search_text or r.content).casefold()
            found = sum(1 for t in terms if t in text)
            if found:
                scored.append((found / len(terms), r))
        scored.sort(key=lambda p: (-p[0], -p[1].created_at, p[1].memory_id))
        return [ScoredMemory(r.memory_id, score, to_index_document(r)) for score, r in scored[:k]]
