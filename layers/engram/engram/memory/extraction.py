"""L2 extraction adapters: multilingual heuristics (no key) and one OpenAI JSON call per turn.

The OpenAI extractor sees the nearest existing memories, so extraction and the
merge / supersede decisions cost one model call together — never one per fact.
If the model fails or answers with invalid JSON, the heuristics take over.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from engram.kernel.errors import LlmFailure
from engram.language.analysis import analyze, detect_language
from engram.memory.extraction_rules import extract_candidates, importance_for
from engram.memory.models import ExistingMemory, Fact, MemoryType
from engram.memory.switches import (
    FAVOURITE,
    MEDICINE,
    PARTNER,
    Switch,
    dose_switch,
    favourite_switch,
    medicine_switch,
    partner_switch,
)

logger = logging.getLogger(__name__)


class HeuristicExtractor:
    name = "local-heuristic"

    def extract(self, user_text: str, assistant_text: str, existing: Sequence[ExistingMemory]) -> list[Fact]:
        language = detect_language(user_text)
        facts = [
            Fact(
                content=c.content,
                type=c.type,
                importance=importance_for(c),
                safety=c.safety,
                subject_key=c.subject_key,
                negated=c.negated,
                topics=list(c.topics),
                language=c.language or language,
                valence=c.emotional_valence,
                value_key=c.value_key,
            )
            for c in extract_candidates(user_text, language, assistant_text)
        ]
        found = [(f.content, f.subject_key) for f in facts]
        switch = (
            medicine_switch(user_text, existing, found)
            or dose_switch(user_text, existing, found)
            or favourite_switch(user_text, existing, found)
            or partner_switch(user_text, existing, found)
        )
        return facts if switch is None else _switched(facts, switch, language)


# a switch's family -> the type and topics of the fact it makes
_KINDS: dict[str, tuple[MemoryType, list[str]]] = {
    MEDICINE: (MemoryType.FACT, ["health", "medication"]),
    FAVOURITE: (MemoryType.PREFERENCE, ["preference"]),
    PARTNER: (MemoryType.FACT, ["family"]),
}


def _switched(facts: list[Fact], switch: Switch, language: str) -> list[Fact]:
    """The statement is one fact: the new value, replacing the old (the OpenAI extractor's
    "supersede"); what the rules made of the same words goes."""
    said = [f for f in facts if _says(f, switch)]
    medicine = switch.family == MEDICINE
    kind, topics = _KINDS[switch.family]
    content = said[0].content if len(said) == 1 else switch.sentence.rstrip(" .。!！")
    moved = switch.subject_key.partition(":")[2]
    if switch.names_what_it_moves and moved and moved.lower() not in content.lower():
        content = f"{content} ({moved})"
    return [
        *(f for f in facts if f not in said),
        Fact(
            content=content,
            type=kind,
            importance=0.9 if medicine else 0.7,
            safety=medicine,
            subject_key=switch.subject_key,
            topics=list(topics),
            language=language,
            action="supersede",
            target_id=switch.replaces,
        ),
    ]


def _says(fact: Fact, switch: Switch) -> bool:
    """A fact the rules made of the switch's words: it names the new value, or (no value to match)
    shares most of the statement's words."""
    if switch.value:
        return switch.value.lower() in fact.content.lower() or fact.subject_key == switch.subject_key
    words = set(analyze(fact.content))
    return bool(words) and len(words & set(analyze(switch.sentence))) >= 0.5 * len(words)


class _LlmFact(BaseModel):
    content: str = Field(min_length=1, max_length=1000)
    type: MemoryType
    importance: float = Field(ge=0, le=1)
    safety: bool = False
    subject_key: str | None = Field(default=None, max_length=200)
    topics: list[str] = Field(default_factory=list, max_length=8)
    action: Literal["add", "merge", "supersede", "skip"] = "add"
    target_id: str | None = None


class _LlmAnswer(BaseModel):
    facts: list[_LlmFact] = Field(default_factory=list, max_length=20)


_PROMPT = """Extract long-term memories about the USER from one chat turn.
Return JSON: {{"facts": [{{"content": str, "type": one of {types}, "importance": 0..1,
"safety": bool, "subject_key": str|null, "topics": [str], "action": "add"|"merge"|"supersede"|"skip",
"target_id": id of an existing memory for merge/supersede, else null}}]}}.
Rules: write each fact self-contained, in the SAME language the user wrote (never translate);
safety = allergy, medication, contraindication or chronic condition (importance >= 0.9);
subject_key names the attribute the fact sets (e.g. "lives_in", "allergy:penicillin", "pet:name");
"merge" when an existing memory says the same thing, "supersede" when the new fact replaces it;
no facts for greetings, small talk or questions. Return {{"facts": []}} if nothing is worth remembering.

Existing memories:
{existing}

User: {user}
Assistant: {assistant}"""


class OpenAIExtractor:
    def __init__(self, client: Any, fallback: HeuristicExtractor | None = None) -> None:
        self._client = client
        self._fallback = fallback or HeuristicExtractor()
        self.name = client.name

    def extract(self, user_text: str, assistant_text: str, existing: Sequence[ExistingMemory]) -> list[Fact]:
        listed = "\n".join(f"- id={e.memory_id} type={e.type}: {e.content}" for e in existing) or "(none)"
        prompt = _PROMPT.format(
            types="|".join(t.value for t in MemoryType),
            existing=listed,
            user=user_text[:4000],
            assistant=assistant_text[:2000],
        )
        language = detect_language(user_text)
        known = {e.memory_id for e in existing}
        try:
            completion = self._client.complete(
                [{"role": "user", "content": prompt}], max_tokens=800, temperature=0, json_mode=True
            )
            answer = _LlmAnswer.model_validate(json.loads(completion.text))
        except (LlmFailure, ValueError, ValidationError) as exc:
            logger.warning("LLM extraction failed; heuristics used", extra={"cause": type(exc).__name__})
            return self._fallback.extract(user_text, assistant_text, existing)
        return [
            Fact(
                content=f.content.strip(),
                type=f.type,
                importance=max(f.importance, 0.9) if f.safety else f.importance,
                safety=f.safety,
                subject_key=f.subject_key,
                topics=f.topics,
                language=language,
                action=f.action,
                target_id=f.target_id if f.target_id in known else None,
            )
            for f in answer.facts
            if f.action != "skip"
        ]
