"""What a message is, read from the language packs' gate words alone: its language, whether it is a
question, names the user (first person), or is nothing but greetings. The gate's rules and the
extraction engine both ask these."""

from __future__ import annotations

import re

from engram.language.analysis import detect_language
from engram.language.gate_pack import GatePack
from engram.language.packs import BY_CODE, DEFAULT_LANGUAGE, PACKS
from engram.language.sentences import split_sentences

_I = re.IGNORECASE


def gate_language(text: str) -> str:
    """A pack's code by script (kana -> ja, hangul -> ko, han -> zh, else the default, en)."""
    lang = detect_language(text)
    return lang if lang in BY_CODE else DEFAULT_LANGUAGE


GATE_PACKS: tuple[tuple[str, GatePack], ...] = tuple((pack.code, pack.gate) for pack in PACKS)

# First-person markers (each pack's; Korean pronouns carry their particles, see ko/gate.py).
_FIRST_PERSON = re.compile("|".join(gate.first_person for _, gate in GATE_PACKS), _I)

_QUESTION = re.compile("|".join([r"[?？]\s*$", *(gate.question for _, gate in GATE_PACKS)]), _I)

# Greetings, thanks and farewells; the whole message must consist of these tokens.
_GREETING_ALONE = re.compile(
    r"^(?:(?:" + "|".join(gate.greeting_words for _, gate in GATE_PACKS) + r")[\s,，、.。!！~～〜ー?？:)(^_\-]*)+$",
    _I,
)


def has_first_person(text: str) -> bool:
    return _FIRST_PERSON.search(text) is not None


def is_question(text: str) -> bool:
    return _QUESTION.search(text.strip()) is not None


_TERMINAL = re.compile(r"[.。!！…~～]\s*$")
_CLAUSE = re.compile(r"[,，、;；]\s*")


def _asks(sentence: str) -> bool:
    """A sentence that asks: it ends with a question mark, or bears no full stop and is worded
    as a question; and no clause before its last states something about the speaker ("I got a
    dog last week, what should I call him?" tells as much as it asks)."""
    if not (sentence.rstrip().endswith(("?", "？")) or (not _TERMINAL.search(sentence) and is_question(sentence))):
        return False
    clauses = [c for c in _CLAUSE.split(sentence) if c.strip()]
    return not any(has_first_person(c) and not is_question(c) for c in clauses[:-1])


def asks_only(text: str) -> bool:
    """True when the message only asks something: every sentence is a question. Such a round is
    kept for the history but is no answer to a later question (issue 28: a Korean question was
    answered with the user's own earlier English question)."""
    sentences = split_sentences(text)
    return bool(sentences) and all(_asks(s) for s in sentences)


def is_greeting_only(text: str) -> bool:
    """True when the message is nothing but greetings / thanks / farewells."""
    return _GREETING_ALONE.match(text.strip()) is not None
