"""P5: the one gate between user text and long-term storage.

Every writer of long-term memory — session memories, memories created or edited
through the API (manual or summarised from messages), facts and rounds of the turn
worker, knowledge-base chunks of tenants that opt in — masks through
`mask_for_storage`, so the text, its topics and the recorded `pii_flags` are
masked alike and nowhere differently. `text.pii.mask_pii` does the detection; no
other module calls it (tests/unit/test_masking.py keeps it that way).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engram.language.pii import mask_pii


@dataclass(frozen=True, slots=True)
class MaskedMemory:
    content: str
    topics: list[str] = field(default_factory=list)  # masked, duplicates dropped, order kept
    pii_flags: list[str] = field(default_factory=list)  # sorted, unique: what content and topics had


def mask_for_storage(content: str, topics: Iterable[str] = (), *, flags: Iterable[str] = ()) -> MaskedMemory:
    """Mask `content` and each topic; `flags` are carried over (an edit keeps what the record had)."""
    masked = mask_pii(content)
    found = set(masked.flags) | set(flags)
    out: list[str] = []
    for topic in topics:
        t = mask_pii(topic)
        found.update(t.flags)
        out.append(t.text)
    return MaskedMemory(masked.text, list(dict.fromkeys(out)), sorted(found))
