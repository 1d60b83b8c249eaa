"""P2 data portability: everything held about a user as one JSON document.

Found the way erasure finds it (by_user and the user's own partitions, never a scan), so
what export shows is what erasure removes: sessions, rounds still held, dedup markers,
memories with versions and supersede links, mid-term memory, the archive with originals,
the profile and the lifecycle log — and nothing of another user. Vectors are left out
(derived from the text the export carries)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from engram.kernel.clock import Clock
from engram.kernel.errors import EngramError
from engram.privacy import receipt as receipts
from engram.privacy.models import STORES, AuditEntry
from engram.privacy.ports import UserData
from engram.settings import Settings


class ExportTooLarge(EngramError):
    code = "EXPORT_TOO_LARGE"
    status = 413


class AuditHistory(Protocol):
    def entries_about(self, tenant_id: str, subject: str, limit: int) -> list[AuditEntry]: ...


@dataclass
class ExportService:
    data: UserData
    settings: Settings
    clock: Clock
    audit: AuditHistory | None = None  # P6 entries about the user (never content)
    hash_key: bytes = b""  # names the user in the audit log, as in receipts

    def export(self, tenant_id: str, user_id: str, limit: int | None = 0) -> dict[str, Any]:
        """`limit`: 0 = the inline bound (ENGRAM_EXPORT_MAX_ITEMS); None = no bound (the job)."""
        bound = self.settings.export_max_items if limit == 0 else limit
        items = self.data.read_items(tenant_id, user_id, bound if bound is not None else 10**12)
        if bound is not None and len(items) > bound:
            raise ExportTooLarge(
                "more than ENGRAM_EXPORT_MAX_ITEMS items: ask for it with POST /v1/me/exports (a job makes it)",
                details={"limit": bound},
            )
        # the index is a projection of the items; the data key is a secret, not data about the user
        stores: dict[str, list[dict[str, Any]]] = {name: [] for name in STORES if name not in ("index", "data_key")}
        for store, item in items:
            stores.setdefault(store, []).append(item)
        audit: list[dict[str, Any]] = []
        if self.audit is not None:
            subject = receipts.user_hash(self.hash_key, tenant_id, user_id)
            entries = self.audit.entries_about(tenant_id, subject, self.settings.export_max_items)
            audit = [e.as_export() for e in entries]  # what happened, not the entries' keys
        return {
            "export_version": 1,
            "tenant_id": tenant_id,
            "user_id": user_id,
            "exported_at": self.clock.now(),
            "counts": {name: len(held) for name, held in stores.items()},
            "stores": stores,
            "audit_entries": audit,
        }
