"""The empty memory slot (C1): what a prompt gets until long-term memory is configured."""

from __future__ import annotations

from engram.conversation.models import GateResult, MemoryQuery, MemorySlot
from engram.kernel.keys import SessionKey


class NoLongTermMemory:
    """The empty slot: used until long-term memory is configured."""

    bridges = False

    def slot(self, query: MemoryQuery, gate: GateResult) -> MemorySlot:
        return MemorySlot()

    def accessed(self, key: SessionKey, memory_ids: list[str], now: float) -> None:
        return None
