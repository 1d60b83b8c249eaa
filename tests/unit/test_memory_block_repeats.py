"""C1: one statement enters the prompt once (conversation/context.py without_repeats)."""

from __future__ import annotations

from engram.conversation.context import without_repeats
from engram.conversation.models import MemoryItemView

SHARE = 0.8


def _items(*texts: str) -> list[MemoryItemView]:
    return [MemoryItemView(f"m{i}", t, 1.0 - i / 10) for i, t in enumerate(texts)]


def _texts(items: list[MemoryItemView]) -> list[str]:
    return [i.text for i in items]


def test_a_round_its_fact_and_the_session_memory_quoting_it_enter_once_the_best_ranked() -> None:
    items = _items(
        "User has been short of breath when User wakes up lately",
        "I've been short of breath when I wake up lately.",
        "Talked about: I've been short of breath when I wake up lately. My cat threw up twice today.",
        "My sister visits on Sunday.",
    )
    assert _texts(without_repeats(items, [], SHARE)) == [
        "User has been short of breath when User wakes up lately",
        "My sister visits on Sunday.",
    ]


def test_a_memory_already_said_by_a_pinned_fact_or_a_recent_round_stays_out() -> None:
    items = _items("我對花生過敏", "我最近早上起床時呼吸很喘", "うちの猫の名前はミケ")
    kept = without_repeats(items, ["我對花生過敏。", "最近、うちの猫の名前はミケだよ"], SHARE)
    assert _texts(kept) == ["我最近早上起床時呼吸很喘"]


def test_a_memory_that_says_more_than_a_recent_round_stays() -> None:
    items = _items("우리 강아지 이름은 초코예요. 초코는 다섯 살이고 산책을 좋아해요.")
    assert _texts(without_repeats(items, ["우리 강아지 이름은 초코예요."], SHARE)) == _texts(items)


def test_different_statements_all_stay() -> None:
    items = _items("I take metformin twice a day.", "I moved to Leeds in March.", "我的貓今天吐了兩次")
    assert _texts(without_repeats(items, ["I like jazz."], SHARE)) == _texts(items)
