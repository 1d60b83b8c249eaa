"""A local mode that visibly remembers: with no API key, a question whose answer is in a
retrieved memory is answered from it, in the user's language, saying where it came from."""

from __future__ import annotations

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.wiring import Container
from tests.support.indexing import sync_index

pytestmark = pytest.mark.integration

CASES = [
    ("en", "My dog Biscuit loves chasing seagulls at the beach.", "What's my dog's name?", "Biscuit"),
    ("ja", "うちの犬の名前はモカです。", "うちの犬の名前、何だっけ？", "モカ"),
    ("ko", "우리 강아지 이름은 초코예요.", "우리 강아지 이름이 뭐였지?", "초코"),
    ("zh", "我的狗叫小白。", "我的狗叫什麼名字？", "小白"),
]


@pytest.mark.parametrize(("language", "said", "asked", "answer"), CASES)
def test_the_local_reply_answers_from_a_remembered_fact(
    container: Container, clock: ManualClock, language: str, said: str, asked: str, answer: str
) -> None:
    first = SessionKey("t1", f"user-{language}", "buddy", "s1")
    container.conversation.chat(first, said)
    clock.advance(3 * 86_400)  # another day, another session: only long-term memory can answer
    sync_index(container, first.owner)
    later = SessionKey("t1", f"user-{language}", "buddy", "s2")
    result = container.conversation.chat(later, asked)
    assert result["model"] == "local-heuristic"
    assert answer in result["reply"], result["reply"]
    assert result["memory_ids"] or "core" in result["reply"] or "重要" in result["reply"]


def test_nothing_remembered_is_said_plainly(container: Container) -> None:
    result = container.conversation.chat(SessionKey("t1", "new-user", "buddy", "s1"), "What's my dog's name?")
    assert "don't have anything" in result["reply"]


def test_the_answer_says_which_memories_entered_the_prompt_and_why(container: Container, clock: ManualClock) -> None:
    key = SessionKey("t1", "user-why", "buddy", "s1")
    container.conversation.chat(key, "I'm severely allergic to peanuts.")  # a safety fact: pinned
    container.conversation.chat(key, "My dog Biscuit loves chasing seagulls at the beach.")
    clock.advance(3 * 86_400)
    sync_index(container, key.owner)
    result = container.conversation.chat(SessionKey("t1", "user-why", "buddy", "s2"), "What's my dog's name?")
    used = result["memories"]
    pinned = [m for m in used if m["source"] == "pinned"]
    retrieved = [m for m in used if m["source"] == "retrieved"]
    assert pinned and "peanut" in pinned[0]["preview"].lower() and pinned[0]["score"] is None
    assert pinned[0]["memory_id"].startswith("mem-")
    assert retrieved and [m["memory_id"] for m in retrieved] == result["memory_ids"]
    assert "Biscuit" in " ".join(m["preview"] for m in retrieved) and all(m["score"] > 0 for m in retrieved)
