"""Closed-class words of every pack (question words, pronouns, auxiliaries, polite endings), as
the index analyses them: what a question and a memory can share without sharing a topic."""

from __future__ import annotations

from functools import cache

from engram.language.analysis import analyze
from engram.language.packs import PACKS


@cache
def function_tokens() -> frozenset[str]:
    return frozenset(token for pack in PACKS for word in pack.query.function_words.split() for token in analyze(word))


def topic_tokens(tokens: set[str]) -> set[str]:
    """The tokens that name something; all of them when every one is a function word."""
    return (tokens - function_tokens()) or tokens
