"""Whose fact a clause states: the user's, or that of the person or pet it speaks of.

A rule keys what it matches as the user's attribute ("job", "lives_in", "allergy:peanuts"), but
users tell of others as often as of themselves, and Chinese, Japanese and Korean drop a subject
that carries on from the clause before: "我男朋友叫阿凱，在銀行上班" (his bank), "우리 언니는 서울 살아.
은행에서 일해" (her bank), "My sister is visiting. She is allergic to cats". Keyed as the user's, such a
clause would answer "where do I work?", replace the user's own job or allergy (supersession reads
the key), and show in the user's profile. Keyed as theirs ("sister:job") it replaces only their
own earlier value, and stays a plain fact.

The subject carries on only while the clause before spoke of them alone: "同事說我很胖，開始減肥了"
names the user again, so the diet is the user's."""

from __future__ import annotations

import re

from engram.language.answer_slots import relation_of, someone_named_first
from engram.language.gate_words import has_first_person

# an English clause that goes on about the one just named ("He works as a nurse")
_PRONOUN = re.compile(r"^(?:he|she|they)\b", re.IGNORECASE)
# words that point back rather than name someone: the one spoken of before, if any
_POINTING = frozenset({"he", "she", "they", "his", "her", "their", "他", "她", "彼は", "彼女は", "그는", "그녀"})
# keys that already say whom they are about, and plans (the user's to keep, whoever they involve)
_NOT_THE_USERS = ("family:", "pet:", "todo:", "decision:", "trip:", "plan:")
# what a person is, has or takes: a subject dropped in a later sentence still means them ("우리 언니는
# 서울 살아. 은행에서 일해"); a mood, a symptom, a liking or a plan said next is more often the user's own
STATES_OF_A_PERSON = ("job", "lives_in", "age", "name", "hometown", "birthday", "allergy:", "condition:", "medication:")


class SpokenOf:
    """Whom each clause of one user message speaks of, in order: None for the user."""

    def __init__(self) -> None:
        self._carried: str | None = None  # the one a clause with no subject of its own speaks of

    def of(self, clause: str) -> str | None:
        person = someone_named_first(clause)
        if _PRONOUN.match(clause.strip()) or person in _POINTING:
            self._carried = self._carried or person or "someone"
            return self._carried
        if person is not None:
            rest = clause[clause.lower().find(person) + len(person) :]
            self._carried = None if has_first_person(rest) else person
            return person
        if has_first_person(clause):
            self._carried = None
            return None
        return self._carried


def is_the_users(subject: str | None) -> bool:
    """A key a rule gives a statement of the user's own (not a relation, a pet or a plan)."""
    return subject is not None and not subject.startswith(_NOT_THE_USERS)


def whose_key(subject: str | None, holder: str | None) -> str | None:
    """The key of a statement about `holder` (None: the user): "sister:job", "son:allergy:peanuts"."""
    if holder is None or not is_the_users(subject):
        return subject
    return f"{relation_of(holder)}:{subject}"
