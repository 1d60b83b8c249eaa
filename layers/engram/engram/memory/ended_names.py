"""A pet or partner said to be gone ("Rocky passed in March", コタロウが虹の橋を渡って, 콩이 보내고,
跟小傑分手) leaves what was said of them before out of a prompt about the present.

"Taking Rocky to the vet for his shots" is no longer the present once "Rocky passed in March" is
said, whatever the question: neither a subject key nor a slot (a user has several pets) says so, the
name does. The statement of the end stays (it names them and says what happened), as do the facts
of its turn; a question about the past, and any search, still find the rest. Relatives are left out
(language/answer_slots.py `ended_names`): a grandparent's illness is family history a care bot keeps."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from engram.language.answer_slots import ended_names
from engram.memory.models import IndexDocument
from engram.memory.projection import display_text


def _names(text: str, name: str) -> bool:
    if name.isascii():
        return re.search(rf"\b{re.escape(name)}\b", text) is not None
    return name in text


def outdated_by_ending(docs: Sequence[IndexDocument], guarded: Callable[[IndexDocument], bool]) -> set[str]:
    """The documents said before a later one that names their subject as gone, by another turn, and
    naming that subject without saying it is gone themselves. `guarded` documents never go."""
    ends = [(d, set(said)) for d in docs if (said := ended_names(display_text(d)))]
    gone: set[str] = set()
    for end, names in ends:
        for d in docs:
            if guarded(d) or d.created_at >= end.created_at or set(d.source_ids) & set(end.source_ids):
                continue
            text = display_text(d)
            if any(_names(text, n) for n in names) and not names & set(ended_names(text)):
                gone.add(d.doc_id)
    return gone
