"""A value replaced by one said as a switch, where no subject key ties the two.

*Medicines.* A switch of medicine said as a switch ("my doctor switched me to amlodipine", "醫生讓我改吃立普能",
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

*A dose moved, the medicine unnamed.* "She bumped me up to 100mg", 劑量加到兩顆, 10mgに増えました,
20mg로 늘었어요 name no medicine: the statement takes the subject of the one medicine among the
memories nearest to it, when that one is the nearest memory of all or the sentence speaks of
medicine, and replaces it — the dose said before ("started sertraline 50mg") leaves the present,
and "what dose did I start on?" still finds it; the stored fact names the medicine. With two
medicines near, neither is guessed.

*Favourites said without their category.* "Ramen is my favourite now", 最近はラーメンが一番好きです,
現在我最喜歡拉麵, 요즘은 라면이 제일 좋아요 name no category ("food"), so they key no `favourite:food`
to replace. Said as a change, with a word of liking most (each pack's `favourite_words`), such a
statement takes the subject of the one favourite among the memories nearest to it, when that one is
the nearest memory of all; with two favourites near, it replaces neither.

*A spouse or partner after a divorce or a remarriage.* "健一とは離婚して、今は和也と再婚しました",
"I remarried last year, to Tom" key no relation, so they replace no `family:husband`. Said as a
change, with a word of marrying or parting (`partner_change_words`), such a statement takes the
subject of the one spouse or partner among the memories nearest to it; with two, neither.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engram.language.answer_slots import opens_with_someone_else
from engram.language.gate_words import has_first_person
from engram.language.packs import PACKS
from engram.language.tense import states_change
from engram.memory.extraction_rules import norm_key, split_sentences
from engram.memory.models import ExistingMemory

MEDICINE = "medication"
FAVOURITE = "favourite"
PARTNER = "family"  # the family of every subject in PARTNERS
PARTNERS = frozenset({"family:husband", "family:wife", "family:partner", "family:spouse"})

# every pack's words, as for every other rule: a statement may mix languages
_IN_ADDITION = tuple(p.extraction.in_addition for p in PACKS if p.extraction.in_addition is not None)
_LIKING_MOST = tuple(p.extraction.favourite_words for p in PACKS if p.extraction.favourite_words is not None)
# a pet's dose said without "my": "the vet bumped it up to 20mg for the dog"
_A_PET = re.compile(
    r"\b(?:dog|cat|puppy|kitten|pet|vet)s?\b|狗|貓|猫|寵物|宠物|ペット|犬|강아지|고양이|반려", re.IGNORECASE
)
_DOSE_MOVED = tuple(p.extraction.dose_change for p in PACKS if p.extraction.dose_change is not None)
_MEDICAL_CONTEXT = tuple(p.extraction.medical_context for p in PACKS if p.extraction.medical_context is not None)
_MARRYING_OR_PARTING = tuple(
    p.extraction.partner_change_words for p in PACKS if p.extraction.partner_change_words is not None
)


def _says_any(patterns: tuple[re.Pattern[str], ...], text: str) -> bool:
    return any(p.search(text) for p in patterns)


@dataclass(frozen=True, slots=True)
class Switch:
    sentence: str  # the statement that names it
    value: str  # the new value as said ("" when the statement is all there is to match)
    subject_key: str  # "medication:<new>", or the replaced favourite's "favourite:<category>"
    replaces: str  # the memory id of the value it replaces
    # the statement names no medicine ("she bumped me up to 100mg"): the stored fact names the one it
    # moves, or a present prompt would hold the dose and lose the medicine's name
    names_what_it_moves: bool = False

    @property
    def family(self) -> str:
        return self.subject_key.partition(":")[0]


def _family(memory: ExistingMemory) -> str | None:
    return memory.subject_key.partition(":")[0] if memory.subject_key else None


def _the_one_medicine(existing: Sequence[ExistingMemory]) -> ExistingMemory | None:
    """The medicine among the memories nearest to a statement, when there is exactly one."""
    medicines = [e for e in existing if _family(e) == MEDICINE]
    return medicines[0] if len(medicines) == 1 else None


def medicine_switch(
    user_text: str, existing: Sequence[ExistingMemory], found: Sequence[tuple[str, str | None]] = ()
) -> Switch | None:
    """`found`: (content, subject key) of what the rules extracted from the same text."""
    old = _the_one_medicine(existing)
    if old is None:
        return None
    if _says_any(_IN_ADDITION, user_text):
        return None  # "I also take metformin now": one more, the other stays
    for content, subject in found:
        if subject and subject.partition(":")[0] == MEDICINE and subject != old.subject_key and states_change(content):
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
            said = next(v for v in m.groupdict().values() if v)  # x, or y where an alternative names it so
            new = norm_key(said)
            if new and f"{MEDICINE}:{new}" != old.subject_key:
                return Switch(sentence.strip(), said, f"{MEDICINE}:{new}", old.memory_id)
    return None


def dose_switch(
    user_text: str, existing: Sequence[ExistingMemory], found: Sequence[tuple[str, str | None]] = ()
) -> Switch | None:
    """`found`: as for `medicine_switch`."""
    old = _the_one_medicine(existing)
    if old is None:
        return None
    if any(subject and subject.partition(":")[0] == MEDICINE for _, subject in found):
        return None  # it names a medicine: `medicine_switch` and the subject keys decide
    nearest = existing[0].memory_id == old.memory_id
    for sentence in split_sentences(user_text):
        if opens_with_someone_else(sentence) or (_A_PET.search(sentence) and not has_first_person(sentence)):
            continue  # "my mom's dose got bumped up", "猫の薬が5mgに減った", "…20mg for the dog": theirs
        if _says_any(_DOSE_MOVED, sentence) and (nearest or _says_any(_MEDICAL_CONTEXT, sentence)):
            return Switch(sentence.strip(), "", old.subject_key or MEDICINE, old.memory_id, names_what_it_moves=True)
    return None


def favourite_switch(
    user_text: str, existing: Sequence[ExistingMemory], found: Sequence[tuple[str, str | None]] = ()
) -> Switch | None:
    """`found`: as for `medicine_switch`."""
    favourites = [e for e in existing if _family(e) == FAVOURITE]
    if len(favourites) != 1 or existing[0].memory_id != favourites[0].memory_id:
        return None
    if any(subject and subject.partition(":")[0] == FAVOURITE for _, subject in found):
        return None  # it names its category: the subject keys decide
    (old,) = favourites
    subject = old.subject_key or FAVOURITE
    for sentence in split_sentences(user_text):
        if _says_any(_LIKING_MOST, sentence) and states_change(sentence):
            return Switch(sentence.strip(), "", subject, old.memory_id)
    return None


def partner_switch(
    user_text: str, existing: Sequence[ExistingMemory], found: Sequence[tuple[str, str | None]] = ()
) -> Switch | None:
    """`found`: as for `medicine_switch`."""
    partners = [e for e in existing if e.subject_key in PARTNERS]
    if len(partners) != 1:
        return None  # none or several to replace
    (old,) = partners
    if any(subject == old.subject_key for _, subject in found):
        return None  # the same relation keyed again: the subject keys decide
    for sentence in split_sentences(user_text):
        if _says_any(_MARRYING_OR_PARTING, sentence) and states_change(sentence):
            return Switch(sentence.strip(), "", old.subject_key or "family:spouse", old.memory_id)
    return None
