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
  greeting (alone) > small_talk > general_knowledge                     -> SKIP
so "hi, I coughed all night" is a state update, not a greeting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engram.conversation.models import GateDecision, GateResult
from engram.language.gate_words import GATE_PACKS, gate_language, has_first_person, is_greeting_only, is_question

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


# Requests to the bot ("tell me about Rome") name the user without being about them.
_REQUEST_TO_BOT = re.compile("|".join(g.request_to_bot for _, g in GATE_PACKS if g.request_to_bot is not None), _I)
# Japanese and Korean leave the subject implied ("次の診察日はいつだったっけ？"): a question
# there is about the user unless it is worded as general knowledge.
_IMPLIED_SUBJECT = frozenset(code for code, gate in GATE_PACKS if gate.implied_subject)
# Chinese and Japanese are written without spaces: their length is counted in characters.
_NO_SPACES = frozenset(code for code, gate in GATE_PACKS if gate.written_without_spaces)


def rule_decision(text: str) -> GateResult | None:
    """USE / SKIP from the rule tables, or None when the rules cannot tell."""
    stripped = text.strip()
    language = gate_language(stripped)
    if not stripped:
        return GateResult(GateDecision.SKIP, "empty", language)
    first_person = has_first_person(stripped)
    question = is_question(stripped)
    general = _any(GENERAL_KNOWLEDGE, stripped)
    for rule in _USE_RULES:
        if not _any(rule.patterns, stripped):
            continue
        # "What causes coughing?" names a symptom but reports none: without a first-person
        # marker (in ja / ko: worded as general knowledge) it is left to the SKIP rules.
        about_topic = not first_person and (language not in _IMPLIED_SUBJECT or general)
        if rule.rule_id in _TOPICAL_RULES and question and about_topic:
            continue
        return GateResult(rule.decision, rule.rule_id, language)
    if is_greeting_only(stripped):
        return GateResult(GateDecision.SKIP, "greeting", language)
    if _any(SMALL_TALK, stripped):
        return GateResult(GateDecision.SKIP, "small_talk", language)
    if general and not has_first_person(_REQUEST_TO_BOT.sub(" ", stripped)):
        return GateResult(GateDecision.SKIP, "general_knowledge", language)
    return None


# Beyond this many units (words for space-separated text, characters for CJK) a
# message carries enough personal context that retrieval is worth its cost.
LONG_MESSAGE_UNITS = 40
# A first-person statement at least this long usually tells something about the user.
FIRST_PERSON_STATEMENT_UNITS = 6
# A Japanese or Korean statement (subject implied) at least this many letters long.
IMPLIED_STATEMENT_CHARS = 10


def _length_units(text: str, language: str) -> int:
    if language in _NO_SPACES:
        return sum(1 for ch in text if not ch.isspace() and ch.isalnum())
    return len(text.split())


def local_fallback(text: str) -> GateResult:
    """Deterministic decision for the ambiguous rest when no LLM is configured."""
    stripped = text.strip()
    language = gate_language(stripped)
    units = _length_units(stripped, language)
    if has_first_person(stripped) and (is_question(stripped) or units >= FIRST_PERSON_STATEMENT_UNITS):
        return GateResult(GateDecision.USE, "local_fallback", language)
    # ja / ko statements drop the "I": one of some length tells something about the user.
    letters = sum(1 for ch in stripped if ch.isalnum())
    if language in _IMPLIED_SUBJECT and not is_question(stripped) and letters >= IMPLIED_STATEMENT_CHARS:
        return GateResult(GateDecision.USE, "local_fallback", language)
    if units > LONG_MESSAGE_UNITS:
        return GateResult(GateDecision.USE, "local_fallback", language)
    return GateResult(GateDecision.SKIP, "local_fallback", language)


def decide_locally(text: str) -> GateResult:
    """Rules, then the local fallback: the whole gate when no LLM is configured."""
    return rule_decision(text) or local_fallback(text)
