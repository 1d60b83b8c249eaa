"""P6 audit log: who read, changed, exported or erased what, when, why, from where, with what
outcome — append-only, never content.

Entries are filed under their subject: the tenant and the user as the same keyed hash the
erasure receipts use, so the log outlives an erasure without naming the person. Writing an
entry never fails the request it records (a failed write is counted, `audit_write_failed`,
and alarmed on): an API that refused to answer whenever its log hiccups would be its own outage.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass

from engram.kernel.errors import EngramError
from engram.kernel.ports import MetricsSink
from engram.privacy.models import AuditEntry
from engram.privacy.ports import AuditWriter
from engram.privacy.receipt import user_hash

logger = logging.getLogger(__name__)
MAX_FIELD = 256  # user agents and reasons are cut: bounded entries


@dataclass
class AuditTrail:
    writer: AuditWriter
    hash_key: bytes | None  # None where entries arrive already hashed (the erasure job)
    metrics: MetricsSink

    def subject(self, tenant_id: str, user_id: str) -> str:
        assert self.hash_key is not None, "this trail records pre-hashed subjects only"
        return user_hash(self.hash_key, tenant_id, user_id)

    def record(self, entry: AuditEntry) -> bool:
        entry = AuditEntry(
            **{
                **entry.as_dict(),
                "reason": entry.reason[:MAX_FIELD],
                "user_agent": entry.user_agent[:MAX_FIELD],
                "entry_id": entry.entry_id or uuid.uuid4().hex,
            }
        )
        try:
            self.writer.append(entry)
        except EngramError as exc:
            logger.error("audit entry not written", extra={"action": entry.action, "cause": exc.code})
            self.metrics.put("audit_write_failed")
            return False
        return True
