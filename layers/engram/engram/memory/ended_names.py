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


def endings_followed(
    block: Sequence[IndexDocument], guarded: Callable[[IndexDocument], bool], question: str = ""
) -> set[str]:
    """The statements of an end ("Peanut died last week", 跟阿哲分手了) in a block about the present that
    also holds a later word of another pet or partner ("we got a gecko named Ziggy", 新しく保護猫を迎えた):
    the end answers "what pet do I have now?" no more than what it ended. Alone, with nothing new said
    after it, the end stays: it is then the answer ("do I still have a dog?"); so it does when the
    `question` names whom it ended ("how old was Peanut?")."""
    said = {d.doc_id: display_text(d) for d in block}
    gone: set[str] = set()
    for end in block:
        names = set(ended_names(said[end.doc_id]))
        if not names or guarded(end) or any(_names(question, n) for n in names):
            continue
        if any(
            d.created_at >= end.created_at
            and not set(d.source_ids) & set(end.source_ids)
            and (speaks_of_companion(said[d.doc_id]) or names_partner(said[d.doc_id]))
            and not ended_names(said[d.doc_id])
            and not any(_names(said[d.doc_id], n) for n in names)
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
