"""A clause that states a change names the value given up first and the one taken up last
(memory/extraction_rules.py `_value_taken_up`): the fact carries the later value, so that it replaces
the earlier fact of its subject instead of merging into it as the same value."""

from __future__ import annotations

import pytest

from engram.memory.extraction_rules import extract_candidates


@pytest.mark.parametrize(
    ("text", "subject", "value"),
    [
        ("저탄고지 포기했어ㅋㅋ 대신 지중해식으로 바꿨어. 올리브유랑 생선 위주로", "diet", "지중해식"),
        ("糖質制限はやめて、今はヴィーガン", "diet", "ヴィーガン"),
        ("I moved from Boston to Denver", "lives_in", "denver"),
        # a value said as a former one is not the one taken up
        ("I am vegan now but I used to be keto", "diet", "vegan"),
    ],
)
def test_the_value_taken_up_is_the_facts(text: str, subject: str, value: str) -> None:
    facts = [c for c in extract_candidates(text) if c.subject_key == subject]
    assert [c.value_key for c in facts] == [value]


def test_a_change_in_chinese_carries_the_new_diet() -> None:
    [fact] = [
        c for c in extract_candidates("生酮不做了啦 太難維持 現在改吃全素 連蛋跟奶都不碰") if c.subject_key == "diet"
    ]
    assert fact.value_key is not None and "全素" in fact.value_key


def test_a_clause_without_a_change_keeps_its_first_value() -> None:
    [fact] = [
        c for c in extract_candidates("저탄고지 3주 차인데 빵 냄새만 맡아도 미칠 것 같아") if c.subject_key == "diet"
    ]
    assert fact.value_key == "저탄고지"


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Recently became allergic to shellfish and allergic to latex too", "allergy:shellfish"),
        ("I'm now allergic to penicillin and also allergic to sulfa", "allergy:penicillin"),
    ],
)
def test_a_value_one_holds_several_of_keeps_its_first(text: str, subject: str) -> None:
    # a second allergy is one more, not a change: the later one must not re-key (and supersede) the first
    assert subject in [c.subject_key for c in extract_candidates(text)]
