"""The catalog of fact kinds: what each extraction rule makes, defined once for every language.

A fact kind is language-neutral (the memory type, its subject key, topics, scores);
a language pack's rule names its kind and gives only its own words: the clause
patterns and, where the language has one, a negation regex. The engine
(`memory/extraction_rules.py`) reads the finished `Rule`, never this catalog.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engram.language.extraction_pack import Rule


@dataclass(frozen=True, slots=True)
class FactKind:
    name: str  # what a pack's rule names; the engine's rule_id unless `rule_id` says otherwise
    type: str  # the memory type it becomes, by value ("fact", "preference" …; engram.memory.models.MemoryType)
    subject: str  # "{x}" = normalised capture, "{rel}" family relation, "{sym}" symptom
    topics: tuple[str, ...]
    stability: float
    future_use: float
    valence: float = 0.0
    safety: bool = False
    negated: bool = False  # the kind itself states a negation (dislikes)
    rule_id: str | None = None  # another kind's id, where the engine treats both alike


KINDS: Mapping[str, FactKind] = {
    kind.name: kind
    for kind in (
        FactKind(
            "pet_allergy", "constraint", "pet:allergy:{x}", ("pet", "health", "allergy"), 0.9, 0.9, -0.3, safety=True
        ),
        FactKind("pet_medication", "fact", "pet:medication", ("pet", "health", "medication"), 0.8, 0.9, safety=True),
        FactKind("allergy", "constraint", "allergy:{x}", ("health", "allergy"), 0.95, 0.95, -0.3, safety=True),
        FactKind(
            "contraindication",
            "constraint",
            "contraindication:{x}",
            ("health", "contraindication"),
            0.9,
            0.95,
            -0.2,
            safety=True,
        ),
        FactKind("medication_taken", "timeline", "medication_taken", ("health", "medication"), 0.1, 0.3),
        FactKind("medication", "fact", "medication:{x}", ("health", "medication"), 0.8, 0.9, safety=True),
        FactKind("condition", "fact", "condition:{x}", ("health", "condition"), 0.95, 0.9, -0.3, safety=True),
        FactKind("name", "profile", "name", ("profile",), 0.95, 0.8),
        FactKind("age", "profile", "age", ("profile",), 0.7, 0.6),
        FactKind("job", "profile", "job", ("profile", "work"), 0.8, 0.6),
        FactKind("lives_in", "profile", "lives_in", ("profile", "location"), 0.8, 0.7),
        # Who the user is with (or that no one is): one at a time, so a new partner replaces the last.
        FactKind("partner", "fact", "family:partner", ("family",), 0.8, 0.6),
        FactKind("hometown", "profile", "hometown", ("profile", "location"), 0.9, 0.4),
        FactKind("pet_health", "timeline", "pet:health", ("pet", "health"), 0.2, 0.6, -0.5),
        FactKind("pet_name", "fact", "pet:name", ("pet",), 0.8, 0.7, 0.2),
        FactKind("pet_species", "fact", "pet:species", ("pet",), 0.8, 0.6, 0.2),
        FactKind("pet_diet", "fact", "pet:diet", ("pet", "diet"), 0.7, 0.7),
        FactKind("pet_vet", "fact", "pet:vet", ("pet",), 0.7, 0.6),
        FactKind("family", "fact", "family:{rel}", ("family",), 0.7, 0.5),
        FactKind("todo", "todo", "todo:{x}", ("plan",), 0.3, 0.9),
        FactKind("decision", "decision", "decision:{x}", ("decision",), 0.6, 0.7),
        FactKind("goal", "profile", "goal:{x}", ("goal",), 0.6, 0.8, 0.3),
        # One favourite per category ("favourite:food"): a newer one replaces it, unlike likes.
        FactKind("favourite", "preference", "favourite:{x}", ("preference",), 0.6, 0.6, 0.5),
        FactKind("dislikes", "preference", "likes:{x}", ("preference",), 0.6, 0.6, -0.4, negated=True),
        FactKind("likes", "preference", "likes:{x}", ("preference",), 0.6, 0.6, 0.5),
        # One can have several hobbies: each its own subject, replaced only by the same one said anew.
        FactKind("hobby", "preference", "hobby:{x}", ("preference", "hobby"), 0.7, 0.6, 0.5),
        FactKind("symptom", "timeline", "symptom:{sym}", ("health", "symptom"), 0.2, 0.6, -0.5),
        FactKind("mood", "note", "mood", ("mood",), 0.1, 0.2),
        FactKind("diet", "constraint", "diet:{x}", ("health", "diet"), 0.9, 0.9),
        # The way one eats (vegetarian, keto ...) is one at a time, unlike intolerances ("diet:{x}").
        FactKind("eating_pattern", "constraint", "diet", ("health", "diet"), 0.9, 0.9),
        FactKind("birthday", "profile", "birthday", ("profile",), 0.95, 0.7),
        FactKind("children", "fact", "family:children", ("family",), 0.8, 0.6),
        FactKind("trip", "todo", "trip:{x}", ("plan", "travel"), 0.3, 0.9),
        # A dated plan ("計画です"): the engine counts it as a goal, but it is a to-do, not a life goal.
        FactKind("plan", "todo", "plan:{x}", ("plan",), 0.4, 0.9, rule_id="goal"),
    )
}

# The topic that names each safety kind (allergy, medication, condition, contraindication): a
# pinned memory holding one is a safety fact, which retrieval never leaves out on a cosine.
SAFETY_TOPICS = frozenset(kind.topics[-1] for kind in KINDS.values() if kind.safety)


def rule(
    kind_name: str,
    *patterns: str,
    flags: int = 0,
    negation: re.Pattern[str] | None = None,
    **overrides: Any,  # FactKind fields; dataclasses.replace checks the names
) -> Rule:
    """One pack's rule: the kind's metadata, this language's patterns (and negation).

    `overrides` replaces a metadata field for one language only; keep it rare and say why.
    """
    kind = replace(KINDS[kind_name], **overrides)
    return Rule(
        kind.rule_id or kind.name,
        tuple(re.compile(pattern, flags) for pattern in patterns),
        kind.type,
        kind.subject,
        kind.topics,
        kind.stability,
        kind.future_use,
        kind.valence,
        kind.safety,
        kind.negated,
        negation,
    )
