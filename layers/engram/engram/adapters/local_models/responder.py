"""Local reply generator: deterministic, labelled, and visibly built from the context.

It lets the whole turn run with no key (local stack, tests); it is not a language model.
What it does show is that memory worked: a question is answered with the remembered fact
that shares the most words with it (the retriever's best, when none does), quoted, in the
user's language, saying whether it is a pinned core fact or a retrieved memory. Only
statements are quoted: a line of the block that only asks ("What's my dog's name?") is no
answer, whatever language it was asked in. Every word the responder adds is the user's
language's (language/<code>/replies.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engram.adapters.local_models import LOCAL_MODEL
from engram.conversation.client_chat import SYSTEM_ROLES, message_text
from engram.conversation.models import Completion
from engram.language.analysis import analyze, detect_language
from engram.language.gate_words import asks_only, is_question
from engram.language.packs import BY_CODE, DEFAULT_LANGUAGE

_PINNED_HEADER = "Core facts about the user:"
_MEMORIES_HEADER = "Relevant memories:"


def _blocks(system: str) -> tuple[list[str], list[str]]:
    """The pinned facts and the retrieved memories of the system message, in prompt order;
    statements only (a remembered question answers nothing)."""
    pinned: list[str] = []
    memories: list[str] = []
    current: list[str] | None = None
    for line in system.splitlines():
        if line.strip() == _PINNED_HEADER:
            current = pinned
        elif line.strip() == _MEMORIES_HEADER:
            current = memories
        elif line.startswith("- ") and current is not None:
            current.append(line[2:].strip())
        elif line.strip():
            current = None
    return [p for p in pinned if not asks_only(p)], [m for m in memories if not asks_only(m)]


def _best(question: str, pinned: list[str], memories: list[str]) -> tuple[str, bool] | None:
    """(fact, is_pinned): most words shared with the question; else the retriever's first."""
    words = set(analyze(question))
    scored = [(len(words & set(analyze(f))), -i, f, True) for i, f in enumerate(pinned)]
    scored += [(len(words & set(analyze(f))), -i, f, False) for i, f in enumerate(memories)]
    overlap = [s for s in scored if s[0] > 0]
    if overlap:
        _, _, fact, is_pinned = max(overlap)
        return fact, is_pinned
    return (memories[0], False) if memories else None


def _as_reply(fact: str, language: str) -> str:
    fact = fact.rstrip("。.!！ ")
    pack = BY_CODE.get(language)
    for pattern, replacement in pack.replies.fact_to_user if pack is not None else ():
        if pattern.search(fact):
            return pattern.sub(replacement, fact, count=1)
    return fact


class LocalResponder:
    name = LOCAL_MODEL

    def reply(self, messages: Sequence[dict[str, str]]) -> Completion:
        user = messages[-1]["content"] if messages else ""
        system = messages[0]["content"] if messages and messages[0]["role"] == "system" else ""
        pinned, memories = _blocks(system)
        language = detect_language(user)
        replies = BY_CODE.get(language, BY_CODE[DEFAULT_LANGUAGE]).replies  # language/<code>/replies.py
        from_pinned, from_memory, nothing = replies.from_pinned, replies.from_memory, replies.nothing_remembered
        earlier = len([m for m in messages[1:-1] if m["role"] == "user"])
        if is_question(user):
            best = _best(user, pinned, memories)
            if best is None:
                parts = [nothing]
            else:
                fact, is_pinned = best
                parts = [(from_pinned if is_pinned else from_memory).format(fact=_as_reply(fact, language))]
        else:
            parts = [replies.you_said.format(text=user.strip()[:200])]
            if pinned or memories:
                parts.append(replies.i_remember.format(facts=replies.list_separator.join((pinned + memories)[:3])))
        if earlier:
            parts.append(replies.earlier_rounds.format(count=earlier))
        return Completion(text=" ".join(parts), model=self.name)

    def reply_for_client(
        self, messages: Sequence[dict[str, Any]], model: str | None, params: dict[str, Any]
    ) -> Completion:
        """The OpenAI-compatible door without a key: the same labelled reply, read from every
        system message (the client's and Engram's memory) and the rounds' text up to the last
        user message. It names no other model and calls no tool; the parameters change nothing."""
        system = "\n\n".join(message_text(m.get("content")) for m in messages if m.get("role") in SYSTEM_ROLES)
        rounds = [
            {"role": str(m["role"]), "content": message_text(m.get("content"))}
            for m in messages
            if m.get("role") in ("user", "assistant")
        ]
        while rounds and rounds[-1]["role"] != "user":
            rounds.pop()
        return self.reply([{"role": "system", "content": system}, *rounds])
