"""Whose fact a sentence states (memory/whose.py): the person it names first, the one it carries on
about with no subject of its own, or the user when it says "I" again."""

from __future__ import annotations

import pytest

from engram.language.answer_slots import relation_asked_of, relation_named_first
from engram.memory.extraction import HeuristicExtractor
from engram.memory.models import MemoryType


def _keyed(text: str) -> dict[str | None, str]:
    return {f.subject_key: f.content for f in HeuristicExtractor().extract(text, "", [])}


@pytest.mark.parametrize(
    ("text", "theirs"),
    [
        ("My son is allergic to peanuts.", "son:allergy:peanuts"),
        ("My wife moved here from Ohio. She is allergic to penicillin.", None),  # in the fact about her
        ("我兒子對花生過敏。", "son:allergy:花生"),
        ("我弟住在台中，每天通勤好辛苦。", "brother:lives_in"),
        ("うちの母は看護師です。", "mother:job"),
        ("남친 이름은 준호야. 회사원이고 나보다 두 살 많아.", None),  # in the sentence naming him
    ],
)
def test_someone_elses_job_home_or_allergy_is_not_keyed_as_the_users(text: str, theirs: str | None) -> None:
    keys = _keyed(text)
    assert not {"job", "lives_in", "allergy:peanuts", "allergy:penicillin", "allergy:花生"} & set(keys), keys
    if theirs is not None:
        assert theirs in keys, keys


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # a dropped subject carries on about the one just named, in the same sentence or the next
        ("我男朋友叫阿凱，在銀行上班。", ("阿凱", "銀行")),
        ("우리 언니는 서울 살아. 은행에서 일해.", ("서울", "은행")),
        ("うちの母は看護師です。今は大阪に住んでる。", ("看護師", "大阪")),
        ("My sister is visiting next week. She is allergic to cats.", ("sister", "cats")),
    ],
)
def test_what_follows_about_the_same_person_is_one_fact_about_them(text: str, words: tuple[str, ...]) -> None:
    facts = HeuristicExtractor().extract(text, "", [])
    assert any(all(w in f.content for w in words) for f in facts), [f.content for f in facts]
    assert all(f.type is not MemoryType.PROFILE for f in facts)


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("My mom is a teacher. I work as a nurse.", "job"),
        ("我媽是老師。我在醫院當護理師。", "job"),
        ("우리 언니는 서울 살아. 나는 부산 살아.", "lives_in"),
        ("姉は東京に住んでる。私は福岡に住んでます。", "lives_in"),
    ],
)
def test_the_user_speaking_again_states_the_users_own(text: str, own: str) -> None:
    assert own in _keyed(text)


@pytest.mark.parametrize(
    ("question", "statement"),
    [
        ("What does my bff do?", "My best friend Tasha is a nurse."),
        ("閨蜜在哪裡工作？", "最好的朋友是小芸，在花蓮當老師"),
        ("親友の仕事は？", "親友のゆきは看護師"),
        ("베프 직업이 뭐야?", "제일 친한 친구 혜린이는 선생님이야"),
    ],
)
def test_a_friend_is_one_relation_however_named(question: str, statement: str) -> None:
    assert relation_asked_of(question) == relation_named_first(statement) == "friend"
