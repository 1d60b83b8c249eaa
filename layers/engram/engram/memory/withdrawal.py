"""W4 (LINE's unsend): what long-term memory made of a round the user withdrew goes with it —
the round's own memory (L5), every fact, thread or session memory whose sources name the
round, and their index documents. A memory made of several rounds goes whole: it cannot be
told apart from the withdrawn words. Each deletion writes its lifecycle line (reason "unsend")."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass

from engram.kernel.errors import NotFound
from engram.kernel.keys import OwnerKey
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.models import Namespace
from engram.memory.ports import MemoryIndex
from engram.memory.service import MemoryService

logger = logging.getLogger(__name__)
USER_NAMESPACES = tuple(n for n in Namespace if n != Namespace.KB)


@dataclass
class RoundMemories:
    service: MemoryService
    index: MemoryIndex | None  # None: the stream's indexer removes each deleted record's document

    def forget_round(self, owner: OwnerKey, persona_id: str, round_memory_id: str, turn_ref: str) -> list[str]:
        records = self.service.repo.list(
            owner.tenant_id, owner.user_id, persona_id=persona_id, namespaces=USER_NAMESPACES
        )
        derived = [r for r in records if r.memory_id == round_memory_id or turn_ref in r.source_turn_ids]
        now, policy = self.service.clock.now(), LifecyclePolicy(self.service.settings)
        for record in derived:
            entry = policy.delete_entry(record, now, reason="unsend")
            if record.pinned:
                self.service.profiles.update(owner.tenant_id, owner.user_id, persona_id, unpin=[record.memory_id])
            self.service.repo.delete(owner.tenant_id, owner.user_id, record.memory_id, log=[entry])
        ids = [r.memory_id for r in derived]
        if ids and self.index is not None:
            with contextlib.suppress(NotFound):  # not indexed yet: the stream's REMOVE finishes it
                self.index.delete(owner.tenant_id, owner.user_id, ids)
        return ids
