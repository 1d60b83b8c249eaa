"""A later statement that says it is new, and English statements whose "I" was dropped."""

from __future__ import annotations

import pytest

from engram.language.answer_slots import asked_slot, names_someone
from engram.language.gate_words import is_question
from engram.language.tense import states_change_strongly
from engram.memory.extraction import HeuristicExtractor


@pytest.mark.parametrize(
    "text",
    [
        "survived my first week as a bank teller, counting cash all day is stressful",
        "在保險公司當業務第一個月，業績壓力好大",
        "歯科助手として働き始めて一週間、覚えることだらけ",
        "새로 뽑은 쏘렌토 오늘 받았어, 승차감 최고",
        "은행 창구에서 일한 지 일주일 됐는데 너무 긴장돼",
    ],
)
def test_the_first_days_of_something_new_state_a_change(text: str) -> None:
    assert states_change_strongly(text)


@pytest.mark.parametrize("text", ["first week of spring already", "今日は初めて雪を見た", "오늘 첫 눈 왔어"])
def test_a_first_that_starts_nothing_of_ones_own_states_no_change(text: str) -> None:
    assert not states_change_strongly(text)


def test_a_dropped_i_before_cant_is_a_statement() -> None:
    assert not is_question("can't stop listening to Arctic Monkeys, they're my favourite band by far")
    assert is_question("can't you just tell me")
    facts = HeuristicExtractor().extract(
        "can't stop listening to Arctic Monkeys, they're my favourite band by far", "", []
    )
    assert [f.subject_key for f in facts] == ["favourite:band"]


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("Which company employs me?", "job"),
        ("Which smartphone do I use?", "phone"),
        ("手機型號是什麼？", "phone"),
        ("スマホの機種は？", "phone"),
        ("機種は何だっけ？", "phone"),
        ("내 휴대폰 기종이 뭐지?", "phone"),
        # another thing's model: the camera's is no phone's
        ("一眼の機種は何？", None),
        ("カメラの機種は？", None),
    ],
)
def test_the_employer_and_the_phone_model_asked_by_their_kind(question: str, slot: str | None) -> None:
    assert asked_slot(question) == slot


@pytest.mark.parametrize(
    ("text", "named"),
    [("妻の美咲が作る味噌汁が最高", True), ("彼女のさくらとは大学から", True), ("彼女のことが好き", False)],
)
def test_a_japanese_partner_named_after_no(text: str, named: bool) -> None:
    assert names_someone(text) is named
