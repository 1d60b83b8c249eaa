"""A switch of medicine said as a switch ("my doctor switched me to amlodipine", "醫生讓我改吃立普能",
"レクサプロに変わりました", "혈압약을 올메텍으로 바꿨어요"): the new medicine replaces the one the
user took before.

A user takes several medicines at once, so no subject key ties a new one to the one it replaced
("medication:amlodipine" never meets "medication:lisinopril"); the statement itself names the
switch: a switch to a name ("switched me to X", "Xに変わりました"), or a medicine the rules found,
said as a change ("I'm on X now", "今はXを飲んでいます", "이제 X를 먹어요"), never one said as an
addition ("also", 也, も, 도). It replaces a stored medicine only when that is unambiguous: exactly
one medicine among the memories nearest to the statement, and the statement speaks of medicine (a
doctor, pills, a dose, a medicine the rules found) or that medicine is the nearest memory of all.
Otherwise nothing is replaced: hiding a medicine the user still takes on a guess is worse than
showing one they stopped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engram.language.packs import PACKS
from engram.language.tense import states_change
from engram.memory.extraction_rules import norm_key, split_sentences
from engram.memory.models import ExistingMemory

FAMILY = "medication"


@dataclass(frozen=True, slots=True)
class Switch:
    sentence: str  # the statement that names it
    medicine: str  # the new one, as said
    subject_key: str  # "medication:<new>"
    replaces: str  # the memory id of the medicine it replaces


def _family(memory: ExistingMemory) -> str | None:
    return memory.subject_key.partition(":")[0] if memory.subject_key else None


def medicine_switch(
    user_text: str, existing: Sequence[ExistingMemory], found: Sequence[tuple[str, str | None]] = ()
) -> Switch | None:
    """`found`: (content, subject key) of what the rules extracted from the same text."""
    medicines = [e for e in existing if _family(e) == FAMILY]
    if len(medicines) != 1:
        return None
    (old,) = medicines
    if any(p.extraction.in_addition.search(user_text) for p in PACKS if p.extraction.in_addition is not None):
        return None  # "I also take metformin now": one more, the other stays
    for content, subject in found:
        if subject and subject.partition(":")[0] == FAMILY and subject != old.subject_key and states_change(content):
            return Switch(content, subject.partition(":")[2], subject, old.memory_id)
    nearest = existing[0].memory_id == old.memory_id  # `existing`: nearest first
    for sentence in split_sentences(user_text):
        for pack in PACKS:
            switch, context = pack.extraction.switched_to, pack.extraction.medical_context
            m = switch.search(sentence) if switch is not None else None
            if m is None:
                continue
            if not (nearest or (context is not None and context.search(sentence))):
                continue
            new = norm_key(m.group("x"))
            if new and f"{FAMILY}:{new}" != old.subject_key:
                return Switch(sentence.strip(), m.group("x"), f"{FAMILY}:{new}", old.memory_id)
    return None
