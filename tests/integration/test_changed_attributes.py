"""Changed facts (SPEC L3) for the attributes a user holds one value of at a time: where they live,
how they eat, who they are with, a favourite of a kind. Said in other words the second time and
in a later session, the new value still replaces the old: a present-tense question gets the new
value first and never the old one alone, and a question about the past still finds the old one."""

from __future__ import annotations

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.memory.scoring import DAY_S
from engram.wiring import Container
from tests.support.indexing import sync_index

# (language, before, after, present question, past question, old value, new value)
CASES = [
    (
        "en",
        "I live in Leeds.",
        "We moved to Bristol in May.",
        "Which city do I live in?",
        "Where did I live before?",
        "Leeds",
        "Bristol",
    ),
    (
        "en",
        "My favourite fruit is mango.",
        "My favourite fruit is kiwi now.",
        "What fruit do I like best?",
        "What was my favourite fruit before?",
        "mango",
        "kiwi",
    ),
    (
        "en",
        "My girlfriend is called Nora.",
        "I'm dating Sofia now.",
        "Who is my partner?",
        "Who was my girlfriend before?",
        "Nora",
        "Sofia",
    ),
    (
        "en",
        "I'm vegetarian.",
        "I'm on a keto diet these days.",
        "What diet do I follow?",
        "What diet did I follow before?",
        "vegetarian",
        "keto",
    ),
    (
        "zh",
        "我最喜歡的水果是芒果。",
        "我最喜歡的水果是奇異果了。",
        "我最喜歡吃什麼水果？",
        "我以前最喜歡什麼水果？",
        "芒果",
        "奇異果",
    ),
    ("zh", "我女朋友叫小芳。", "我現在跟雅婷在一起。", "我女朋友是誰？", "我以前的女朋友是誰？", "小芳", "雅婷"),
    (
        "ja",
        "大阪に住んでいます。",
        "先月、広島に移りました。",
        "今どこに住んでる？",
        "前はどこに住んでいた？",
        "大阪",
        "広島",
    ),
    (
        "ja",
        "ベジタリアンです。",
        "今は糖質制限をしています。",
        "今の食事法は？",
        "以前の食事スタイルは？",
        "ベジタリアン",
        "糖質制限",
    ),
    ("ko", "서울에 살아요.", "작년에 울산으로 옮겼어요.", "지금 어디 살아요?", "전에는 어디 살았었죠?", "서울", "울산"),
    (
        "ko",
        "남자친구 이름은 민호예요.",
        "요즘은 현우랑 사귀어요.",
        "요즘 누구랑 사귀어요?",
        "예전 남자친구는 누구였죠?",
        "민호",
        "현우",
    ),
]


def _memory_texts(c: Container, key: SessionKey, question: str) -> list[str]:
    _ctx, _, slot = c.conversation.context(key, question, record_access=False)
    return [item.text for item in (*slot.pinned, *slot.items)]


@pytest.mark.parametrize(("language", "before", "after", "now_q", "past_q", "old", "new"), CASES)
def test_the_new_value_replaces_the_old_one_said_in_other_words(
    container: Container,
    clock: ManualClock,
    language: str,
    before: str,
    after: str,
    now_q: str,
    past_q: str,
    old: str,
    new: str,
) -> None:
    c = container
    user = f"u-{language}-{new}"
    c.conversation.record_turn(SessionKey("default", user, "friend", "s1"), before, "…")
    sync_index(c, SessionKey("default", user, "friend", "s1").owner)  # the stream indexer, days before
    clock.advance(3 * DAY_S)
    c.conversation.record_turn(SessionKey("default", user, "friend", "s2"), after, "…")
    key = SessionKey("default", user, "friend", "s3")
    sync_index(c, key.owner)
    clock.advance(DAY_S)

    present = _memory_texts(c, key, now_q)
    first = next(t for t in present if old in t or new in t)
    assert new in first, present
    assert not [t for t in present if old in t and new not in t], present  # the old value alone never
    assert any(old in t for t in _memory_texts(c, key, past_q))
