"""Fast rule layer of the memory gate (SPEC G1).

`rule_decision` answers USE / SKIP for the clear cases and None for the
ambiguous rest, which an LLM decides (tiny prompt, temperature 0). When no
LLM is configured `local_fallback` gives a deterministic answer instead.

Rules are data: one compiled regex per (rule, language), held by the language
packs (engram/language/<code>/gate.py, listed in engram/language/packs.py).
Every table is applied to every input whatever its detected language, because
the script heuristic cannot tell kanji-only Japanese from Chinese and users mix
languages ("昨天 I coughed"); the tables are split by language only for
readability and review.

Precedence (first hit wins):
  memory_reference > time_reference > state_update > personal_advice   -> USE
  greeting (alone) > small_talk > reaction (alone) > general_knowledge -> SKIP
so "hi, I coughed all night" is a state update, not a greeting.

The gate errs towards memory: a missed memory costs more than one retrieval, and the
relevance floor keeps the block clean. SKIP needs evidence (a greeting, thanks, small
talk, general knowledge that names nothing of the user's own life); a question the rules
cannot place is about the user whether or not its subject is spoken ("Working tomorrow?",
「何曜日に仕事だっけ？」, "무슨 요일에 일하더라?", "明天要上班嗎？").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engram.conversation.models import GateDecision, GateResult
from engram.language.gate_words import (
    GATE_PACKS,
    WRITTEN_WITHOUT_SPACES,
    gate_language,
    has_first_person,
    is_greeting_only,
    is_question,
    is_reaction_only,
    without_quoted_words,
)
from engram.language.places import named_places
from engram.language.tense import asks_about_past

_I = re.IGNORECASE

# --------------------------------------------------------------------------- helpers


@dataclass(frozen=True, slots=True)
class _Rule:
    rule_id: str
    decision: GateDecision
    patterns: dict[str, re.Pattern[str]]  # language -> pattern


def _any(patterns: dict[str, re.Pattern[str]], text: str) -> bool:
    return any(p.search(text) for p in patterns.values())


# --------------------------------------------------------------------------- rule tables


def _table(field: str) -> dict[str, re.Pattern[str]]:
    """language -> that pack's pattern for one rule (see engram/language/gate_pack.py)."""
    return {code: getattr(gate, field) for code, gate in GATE_PACKS}


MEMORY_REFERENCE = _table("memory_reference")
TIME_REFERENCE = _table("time_reference")
STATE_UPDATE = _table("state_update")
PERSONAL_EVENT = _table("personal_event")
PERSONAL_ADVICE = _table("personal_advice")
SMALL_TALK = _table("small_talk")
GENERAL_KNOWLEDGE = _table("general_knowledge")
# The user's own people, plans, belongings, routines and preferences: a question naming them is
# about the user even when it is worded like general knowledge ("how many days until the vacation?").
OWN_LIFE = {code: gate.own_life for code, gate in GATE_PACKS if gate.own_life is not None}
_COURTESY = re.compile("|".join(g.courtesy for _, g in GATE_PACKS if g.courtesy is not None), _I)
_INVITATION = re.compile("|".join(g.invitation for _, g in GATE_PACKS if g.invitation is not None), _I)
# A task for the bot ("write a poem about autumn", "웃긴 얘기 해 줘") that names nothing of the user.
_TASK_FOR_BOT = re.compile("|".join(g.task_for_bot for _, g in GATE_PACKS if g.task_for_bot is not None), _I)
# "In general" said outright: the question is about a kind of thing, not the user's own one.
_IN_GENERAL = re.compile("|".join(g.in_general for _, g in GATE_PACKS if g.in_general is not None), _I)

_USE_RULES: tuple[_Rule, ...] = (
    _Rule("memory_reference", GateDecision.USE, MEMORY_REFERENCE),
    _Rule("time_reference", GateDecision.USE, TIME_REFERENCE),
    _Rule("state_update", GateDecision.USE, STATE_UPDATE),
    _Rule("personal_advice", GateDecision.USE, PERSONAL_ADVICE),
    _Rule("personal_event", GateDecision.USE, PERSONAL_EVENT),
)
# Rules that name a topic rather than refer to the user: a question about the topic
# without a first-person marker ("What causes coughing?") is not about the user.
_TOPICAL_RULES = frozenset({"state_update", "personal_event"})

# --------------------------------------------------------------------------- decisions


# A named person's life ("When is Hannah's birthday?", "佩琪在哪裡工作？"): someone the user knows.
SOMEONES_LIFE = {code: gate.someones_life for code, gate in GATE_PACKS if gate.someones_life is not None}


def _asks_of_someone(text: str) -> bool:
    """A question about the life of someone named, not of a place ("What is France's ..."): a person
    the user knows is far likelier than a famous one, and one retrieval is the price of being wrong."""
    return any(not named_places(m[0]) for p in SOMEONES_LIFE.values() for m in p.finditer(text))


# Requests to the bot ("tell me about Rome") name the user without being about them.
_REQUEST_TO_BOT = re.compile("|".join(g.request_to_bot for _, g in GATE_PACKS if g.request_to_bot is not None), _I)
# Japanese and Korean leave the subject implied ("来月、名古屋に引っ越します。"): a plain statement
# there is about the user.
_IMPLIED_SUBJECT = frozenset(code for code, gate in GATE_PACKS if gate.implied_subject)


def rule_decision(text: str) -> GateResult | None:
    """USE / SKIP from the rule tables, or None when the rules cannot tell."""
    stripped = text.strip()
    language = gate_language(stripped)
    if not stripped:
        return GateResult(GateDecision.SKIP, "empty", language)
    stripped = without_quoted_words(stripped)  # "translate 「我愛你」": the quote is not the user's news
    first_person = has_first_person(stripped)
    question = is_question(stripped)
    in_general = question and not first_person and _IN_GENERAL.search(stripped) is not None
    general = in_general or _any(GENERAL_KNOWLEDGE, stripped)
    for rule in _USE_RULES:
        if not _any(rule.patterns, stripped):
            continue
        # "What causes coughing?" names a symptom but reports none: a question worded as general
        # knowledge without a first-person marker is left to the SKIP rules. Any other question
        # naming a symptom or a family member is the user's, subject spoken or not.
        if rule.rule_id in _TOPICAL_RULES and question and general and not first_person:
            continue
        return GateResult(rule.decision, rule.rule_id, language)
    if is_greeting_only(stripped):
        return GateResult(GateDecision.SKIP, "greeting", language)
    if _any(SMALL_TALK, stripped):
        return GateResult(GateDecision.SKIP, "small_talk", language)
    if is_reaction_only(stripped):
        return GateResult(GateDecision.SKIP, "reaction", language)
    about_user = has_first_person(_REQUEST_TO_BOT.sub(" ", stripped))
    # "used to" / 前は / 以前 / 예전에: a question about a former state is about the user's own past
    own_life = _any(OWN_LIFE, stripped) or _any(PERSONAL_EVENT, stripped) or asks_about_past(stripped)
    if general and not about_user:
        if own_life and not in_general:
            return GateResult(GateDecision.USE, "own_life", language)
        if question and not in_general and _asks_of_someone(stripped):
            return GateResult(GateDecision.USE, "someones_life", language)
        return GateResult(GateDecision.SKIP, "general_knowledge", language)
    if _TASK_FOR_BOT.search(stripped) and not about_user and not own_life:
        return GateResult(GateDecision.SKIP, "task_for_bot", language)
    return None


# Below this many units (words for space-separated text, characters for CJK) a statement
# that names no one is a reaction ("nice!", "haha ok", "そうなんだ"), not news about the user.
REACTION_UNITS = 3


def _length_units(text: str, language: str) -> int:
    if language in WRITTEN_WITHOUT_SPACES:  # their length is counted in characters
        return sum(1 for ch in text if not ch.isspace() and ch.isalnum())
    return len(text.split())


def local_fallback(text: str) -> GateResult:
    """Deterministic decision for the ambiguous rest when no LLM is configured: USE, unless the
    message is thanks, an invitation ("let's play a word game") or a bare reaction. The rules
    have already sent greetings, small talk and general knowledge to SKIP, so a question left
    here asks about the user's own life (its subject often unsaid), and a statement tells
    something about it."""
    stripped = text.strip()
    language = gate_language(stripped)
    if is_question(stripped) or has_first_person(stripped):
        return GateResult(GateDecision.USE, "local_fallback", language)
    if _COURTESY.search(stripped) or _INVITATION.search(stripped) or _length_units(stripped, language) < REACTION_UNITS:
        return GateResult(GateDecision.SKIP, "local_fallback", language)
    return GateResult(GateDecision.USE, "local_fallback", language)


def decide_locally(text: str) -> GateResult:
    """Rules, then the local fallback: the whole gate when no LLM is configured."""
    return rule_decision(text) or local_fallback(text)
