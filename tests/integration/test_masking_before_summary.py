"""P5: what summarises or extracts from a user's words reads them masked whole. An e-mail
address split at its dots before masking left "org and my phone is [PHONE]" in a summary and
"jane", "doe", "example", "org" in its topics; in all four languages the address and the
phone number now reach the rolling summary, the session memory, a memory made from
`messages` and the turn worker's facts as placeholders only."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram.kernel.keys import OwnerKey, SessionKey
from engram.memory.service import Message
from engram.settings import Settings
from engram.wiring import Container

SAID = {
    "en": "My email is jane.doe@example.org and my phone is 0912-345-678. I take my inhaler twice a day.",
    "zh-TW": "我的信箱是jane.doe@example.org，電話是0912-345-678。我每天用兩次吸入器。",
    "ja": "私のメールはjane.doe@example.orgで、電話は090-1234-5678です。吸入器を毎日二回使います。",
    "ko": "제 이메일은 jane.doe@example.org 이고 전화번호는 010-1234-5678 입니다. 흡입기를 하루 두 번 써요.",
}
FRAGMENTS = ("jane", "doe", "example", "org", "345", "1234")


def _leaks(text: str) -> list[str]:
    return [f for f in FRAGMENTS if f in text.lower()]


@pytest.mark.parametrize("language", list(SAID))
def test_summaries_and_topics_never_hold_pieces_of_an_address_or_a_number(
    make_container: Callable[..., Container], settings: Settings, language: str
) -> None:
    c = make_container(settings.model_copy(update={"summary_every_rounds": 2}))
    key = SessionKey("default", f"pii-{language}", "nurse", "s1")
    said = SAID[language]
    for _ in range(2):
        c.clock.advance(5)  # type: ignore[attr-defined]  # the tests' ManualClock
        c.conversation.record_turn(key, said, "Thank you, noted.")
    meta = c.conversation.store.get_meta(key, c.clock.now())
    assert meta is not None and meta.summary, "a rolling summary was made"
    assert _leaks(meta.summary) == [], meta.summary

    c.conversation.end_session(key)
    owner = OwnerKey("default", f"pii-{language}")
    made = c.memory_service.create(owner, "nurse", messages=[Message("user", said), Message("assistant", "OK.")])
    stored = c.memory_service.list(owner).items
    assert made.record.memory_id in [m.memory_id for m in stored]
    assert len(stored) >= 2  # the session memory and the one made from messages (and any facts)
    # what was read masked still counts: the memory made from the messages records an e-mail
    assert "email" in made.record.pii_flags
    for memory in stored:
        assert _leaks(memory.content) == [], memory.content
        assert _leaks(" ".join(memory.topics)) == [], memory.topics
