"""A pet or partner said to be gone ("Rocky passed in March", コタロウが虹の橋を渡って, 콩이 보내고,
跟小傑分手) leaves what was said of them before out of a prompt about the present.

"Taking Rocky to the vet for his shots" is no longer the present once "Rocky passed in March" is
said, whatever the question: neither a subject key nor a slot (a user has several pets) says so, the
name does. The statement of the end stays (it names them and says what happened), as do the facts
of its turn; a question about the past, and any search, still find the rest. Only what spoke of the
name as a pet or partner goes (each pack's `companions`), and never a safety fact; relatives are left
out (`ended_names`): a grandparent's illness is family history a care bot keeps.

A thing of one's own said to be over — sold, traded in, given up ("traded in the corolla",
把March賣掉了, ギターはやめて, 모닝 팔고) — does the same for what was said of it before ("my old
corolla just hit 200k miles"): the later statement usually names the new one too, and a car, a
pastime or a gym is no slot a rule keys. Safety facts stay here too: a medicine stopped is the
medicine rules' to replace."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from engram.language.answer_slots import ended_names, ended_things, names_partner, speaks_of_companion
from engram.language.fact_kinds import SAFETY_TOPICS
from engram.memory.models import IndexDocument
from engram.memory.projection import display_text


def _names(text: str, name: str) -> bool:
    if name.isascii():
        return re.search(rf"\b{re.escape(name)}\b", text) is not None
    return name in text


def outdated_by_ending(docs: Sequence[IndexDocument], guarded: Callable[[IndexDocument], bool]) -> set[str]:
    """The documents said before a later one that names their subject as gone, by another turn, that
    speak of that name as a pet or partner ("Taking Rocky to the vet", 햄스터 콩이가…: "Lily is
    allergic to peanuts" is no pet's, whatever "Lily passed!" meant) and do not say it gone
    themselves. `guarded` documents never go, nor any safety fact (an allergy, a medicine)."""
    return _outdated(docs, guarded, ended_names, speaks_of_companion, str)


def outdated_by_things_ended(docs: Sequence[IndexDocument], guarded: Callable[[IndexDocument], bool]) -> set[str]:
    """The documents said before a later one (another turn) that says a thing of the user's is over,
    which name that thing and do not say it over themselves. `guarded` documents never go, nor any
    safety fact. `ended_things` gives the things in lower case, so they are looked for in lower case."""
    return _outdated(docs, guarded, ended_things, lambda text: True, str.lower)


# Whether an end or a new one is of a partner rather than a pet, in every language (a breakup, a date, a
# word for a partner): a new girlfriend does not end "what pet do I have?"'s answer
_OF_A_PARTNER = re.compile(
    r"\b(?:broke up|split up|dating|seeing|boyfriend|girlfriend|husband|wife|partner|fianc\w*)\b"
    r"|分手|男友|女友|男朋友|女朋友|約會|约会|交往|老公|老婆|別れ|彼氏|彼女|デート|付き合|恋人"
    r"|헤어|남친|여친|남자친구|여자친구|데이트|사귀|애인",
    re.IGNORECASE,
)
# ... and a new one said as new: taken in, named, or seen ("we got a gecko named Ziggy", 領養了一隻守宮,
# 保護猫を迎えた, 도마뱀 지기를 데려왔어, "been seeing Marcus"), not "I still miss my dog"
_NEW_ONE = re.compile(
    r"\b(?:adopted|got (?:a|an|our|my|us a)|brought home|(?:named|called) [A-Z]|seeing|dating|met)\b"
    r"|領養|领养|認養|新來|新来|(?<![叫])叫[\u4e00-\u9fffA-Za-z]|約會|约会|交往|新しく|迎え|デート|付き合い始め"
    r"|데려왔|데려온|입양|새로|데이트|사귀기 시작",
)


def _of_a_partner(text: str) -> bool:
    return _OF_A_PARTNER.search(text) is not None


def endings_followed(
    block: Sequence[IndexDocument], guarded: Callable[[IndexDocument], bool], question: str = ""
) -> set[str]:
    """The statements of an end ("Peanut died last week", 跟阿哲分手了) in a block about the present that
    also holds a later word of another pet or partner ("we got a gecko named Ziggy", 新しく保護猫を迎えた):
    the end answers "what pet do I have now?" no more than what it ended. Alone, with nothing new said
    after it, the end stays: it is then the answer ("do I still have a dog?"); so it does when the
    `question` names whom it ended ("how old was Peanut?")."""
    said = {d.doc_id: display_text(d) for d in block}
    asked = question.lower()
    gone: set[str] = set()
    for end in block:
        names = set(ended_names(said[end.doc_id]))
        if not names or guarded(end) or SAFETY_TOPICS & set(end.topics) or any(_names(asked, n.lower()) for n in names):
            continue
        partner = _of_a_partner(said[end.doc_id])
        if any(
            d.created_at >= end.created_at
            and not set(d.source_ids) & set(end.source_ids)
            and (speaks_of_companion(text := said[d.doc_id]) or names_partner(text))
            and _NEW_ONE.search(text) is not None
            and _of_a_partner(text) == partner  # a new pet for a pet, a new partner for a partner
            and not ended_names(text)
            and not any(_names(text, n) for n in names)
            for d in block
        ):
            gone.add(end.doc_id)
    return gone


def _outdated(
    docs: Sequence[IndexDocument],
    guarded: Callable[[IndexDocument], bool],
    said_ended: Callable[[str], tuple[str, ...]],
    could_be: Callable[[str], bool],
    as_read: Callable[[str], str],
) -> set[str]:
    """What a later document's `said_ended` names outdates: an earlier document of another turn that
    `could_be` about it and names it (`as_read`: how its text is read for the name)."""
    said = {d.doc_id: display_text(d) for d in docs}
    over = {d.doc_id: set(said_ended(said[d.doc_id])) for d in docs}
    gone: set[str] = set()
    for end in docs:
        names = over[end.doc_id]
        if not names:
            continue
        for d in docs:
            if guarded(d) or SAFETY_TOPICS & set(d.topics):
                continue
            if d.created_at >= end.created_at or set(d.source_ids) & set(end.source_ids):
                continue
            text = said[d.doc_id]
            if names & over[d.doc_id] or not could_be(text):
                continue
            if any(_names(as_read(text), n) for n in names):
                gone.add(d.doc_id)
    return gone
