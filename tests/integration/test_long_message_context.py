"""A 16 KB message on the request path: the gate and retrieval read its two ends, the prompt holds it
whole (bounded CPU: tests/unit/test_long_messages_read_bounded.py)."""

from __future__ import annotations

from typing import Any

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.wiring import Container
from tests.support.indexing import sync_index

pytestmark = pytest.mark.integration


def test_a_long_message_is_read_by_its_ends_and_prompted_whole(container: Container, clock: ManualClock) -> None:
    said = SessionKey("t1", "long-reader", "buddy", "s1")
    container.conversation.chat(said, "My dog is called Biscuit.")
    clock.advance(86_400)
    sync_index(container, said.owner)

    read: list[str] = []
    gate, memory = container.conversation.gate, container.conversation.memory
    decide, slot = gate.decide, memory.slot

    def reading_gate(text: str) -> Any:
        read.append(text)
        return decide(text)

    def reading_slot(query: Any, *args: Any) -> Any:
        read.append(query.text)
        return slot(query, *args)

    gate.decide, memory.slot = reading_gate, reading_slot  # type: ignore[method-assign]
    try:
        message = "Here are my notes. " + "my " * 5300 + "what is my dog called?"
        ctx, _, _ = container.conversation.context(SessionKey("t1", "long-reader", "buddy", "s2"), message)
    finally:
        gate.decide, memory.slot = decide, slot  # type: ignore[method-assign]
    window = container.settings.question_read_max_chars
    assert len(read) == 2 and all(len(text) <= window + 1 for text in read), [len(t) for t in read]
    assert read[0].endswith("what is my dog called?")
    assert ctx.messages[-1]["content"] == message  # the model still gets every word


def test_a_short_follow_up_borrows_the_last_turn_as_a_question_is_read(container: Container) -> None:
    """ "and?" after a 16 KB run-on turn: retrieval borrows the turn before, read by its two ends too."""
    key = SessionKey("t1", "long-follower", "buddy", "s1")
    container.conversation.record_turn(key, "my " * 5400, "ok", "run-on")
    searched: list[str] = []
    retriever = container.retriever
    search = retriever.search

    def reading_search(owner: Any, query: str, **kwargs: Any) -> Any:
        searched.append(query)
        return search(owner, query, **kwargs)

    retriever.search = reading_search  # type: ignore[method-assign]
    try:
        container.conversation.context(key, "and?")
    finally:
        retriever.search = search  # type: ignore[method-assign]
    window = container.settings.question_read_max_chars
    assert searched and all(len(q) <= window + 10 for q in searched), [len(q) for q in searched]
