"""O4: after a restore of the table, erase again what the erasures since then had removed.

A backup taken before an erasure holds the erased user's items. Crypto-shredding already makes
their content unreadable (the user's data key was deleted and no backup of the table holds a
key); this job removes the items themselves. It reads the erasure log (its own table, never
restored with the table), walks the users the restored table holds through the by_user index a
bounded page at a time (a cursor kept between runs), and for every user whose keyed hash
matches a logged erasure queues a confirmed re-erasure: same scope and persona, limited to what
was written up to the original erasure's completion, so what the user wrote after it stays.
The erasure job then processes it like any other and signs a receipt of kind `re_erasure`.
Request ids derive from the logged request and this walk, so a rerun queues nothing twice.
"""

from __future__ import annotations

import hashlib
import uuid
from collections import defaultdict
from dataclasses import dataclass

from engram.kernel.clock import Clock
from engram.kernel.ports import JobState
from engram.privacy import receipt as receipts
from engram.privacy.models import ErasureLogEntry, ErasureRequest, ErasureState
from engram.privacy.ports import ErasureLog, ErasureRequests, TableUsers

JOB = "reerase_restored"


@dataclass
class ReerasureJob:
    log: ErasureLog
    users: TableUsers
    requests: ErasureRequests
    state: JobState
    clock: Clock
    hash_key: bytes
    page_items: int = 1_000

    def run(self, max_pages: int = 1_000_000) -> dict[str, int]:
        erased: dict[tuple[str, str], list[ErasureLogEntry]] = defaultdict(list)
        for entry in self.log.entries():
            erased[(entry.tenant_id, entry.user_hash)].append(entry)
        saved = self.state.load(JOB)
        cursor, walk = saved.get("cursor"), saved.get("walk") or uuid.uuid4().hex
        seen = queued = 0
        for _ in range(max_pages):
            users, cursor = self.users.page(cursor, self.page_items)
            for tenant_id, user_id in users:
                seen += 1
                user_hash = receipts.user_hash(self.hash_key, tenant_id, user_id)
                for entry in erased.get((tenant_id, user_hash), []):
                    queued += self._queue(entry, user_id, walk)
            self.state.save(JOB, {"cursor": cursor, "walk": walk if cursor else None})
            if cursor is None:
                return {
                    "log_entries": sum(map(len, erased.values())),
                    "users_seen": seen,
                    "queued": queued,
                    "complete": 1,
                }
        return {"log_entries": sum(map(len, erased.values())), "users_seen": seen, "queued": queued, "complete": 0}

    def _queue(self, entry: ErasureLogEntry, user_id: str, walk: str) -> int:
        now = self.clock.now()
        request_id = "er-" + hashlib.sha256(f"{entry.request_id}|{walk}".encode()).hexdigest()[:32]
        request = ErasureRequest(
            request_id=request_id,
            tenant_id=entry.tenant_id,
            user_id=user_id,
            user_hash=entry.user_hash,
            scope=entry.scope,
            state=ErasureState.CONFIRMED,
            requested_at=entry.requested_at,  # the "recent" window is the original one
            token_expires_at=now,
            requested_by="restore",
            confirmed_at=now,
            persona_id=entry.persona_id,
            # what the erasure covered: up to its cutoff when a chat wrote on, else its completion
            until=entry.cutoff if entry.cutoff is not None else entry.completed_at,
            reapplies=entry.request_id,
        )
        # a user named on several pages (a partition per page) is queued once per walk
        return int(self.requests.create(request, hashlib.sha256(uuid.uuid4().bytes).hexdigest()))
