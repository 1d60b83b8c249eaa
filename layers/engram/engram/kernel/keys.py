"""Whose data and which conversation: the keys every feature, store and index partitions by (P4)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OwnerKey:
    """Whose data: every store and index partitions by this pair (P4)."""

    tenant_id: str
    user_id: str


@dataclass(frozen=True, slots=True)
class SessionKey:
    tenant_id: str
    user_id: str
    persona_id: str
    session_id: str

    @property
    def owner(self) -> OwnerKey:
        return OwnerKey(self.tenant_id, self.user_id)
