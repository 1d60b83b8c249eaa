"""P5: the one gate between user text and long-term storage.

Every writer of long-term memory — session memories, memories created or edited
through the API (manual or summarised from messages), facts and rounds of the turn
worker, knowledge-base chunks of tenants that opt in — masks through
`mask_for_storage`, so the text, its topics and the recorded `pii_flags` are
masked alike and nowhere differently. Whatever summarises or extracts from a user's
words (session-end summaries, memories made from `messages`, the rolling summary, the
turn worker's extraction) reads them through `mask_text` first, so an address or a
number is masked whole before any sentence split or model can cut it into pieces that
no longer look like PII; the output is masked again on its way to storage.
`text.pii.mask_pii` does the detection; no other module calls it
(tests/unit/test_masking.py keeps it that way).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engram.language.pii import ADDRESS, CARD, EMAIL, ID, PHONE, mask_pii


@dataclass(frozen=True, slots=True)
class MaskedMemory:
    content: str
    topics: list[str] = field(default_factory=list)  # masked, duplicates dropped, order kept
    pii_flags: list[str] = field(default_factory=list)  # sorted, unique: what content and topics had


def mask_for_storage(
    content: str, topics: Iterable[str] = (), *, flags: Iterable[str] = (), read_from: Iterable[str] = ()
) -> MaskedMemory:
    """Mask `content` and each topic; `flags` are carried over (an edit keeps what the record had).
    `read_from`: the flags of the masked text `content` was summarised or extracted from; each
    whose placeholder the content or a topic shows is recorded too (the model saw "[EMAIL]",
    not the address, so masking the output alone would find nothing)."""
    masked = mask_pii(content)
    found = set(masked.flags) | set(flags)
    out: list[str] = []
    for topic in topics:
        t = mask_pii(topic)
        found.update(t.flags)
        out.append(t.text)
    shown = " ".join([masked.text, *out])
    found.update(f for f in read_from if (mark := _placeholder_of(f)) and mark in shown)
    return MaskedMemory(masked.text, list(dict.fromkeys(out)), sorted(found))


def _placeholder_of(flag: str) -> str | None:
    if flag.startswith("national_id"):
        return ID
    return {"email": EMAIL, "phone": PHONE, "card": CARD, "address": ADDRESS}.get(flag)


def masked_input(texts: Iterable[str]) -> MaskedMemory:
    """The flags of what a summary or an extraction read (`read_from` of `mask_for_storage`)."""
    found: set[str] = set()
    for text in texts:
        found.update(mask_pii(text).flags if text else ())
    return MaskedMemory("", [], sorted(found))


def mask_text(text: str) -> str:
    """What a summary or an extraction reads: `text` with its PII masked whole (the extractive
    summariser splits "jane.doe@example.org" at its dots, and "doe", "example", "org" would
    reach the summary and the topics unmasked)."""
    return mask_pii(text).text if text else text
