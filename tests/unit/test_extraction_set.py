"""L2 heuristic extraction over a labelled set per language (tests/data/extraction_set.json:
28 utterances stating facts + 12 of small talk each). A fact counts as found when one
extracted memory holds all its key words (in the user's language). Targets: recall >= 0.8 and
precision >= 0.9 in every language; the figures are in docs/benchmarks.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engram.memory.extraction import HeuristicExtractor
from tests.support.extraction_score import score as score_items

SET = json.loads((Path(__file__).resolve().parents[1] / "data" / "extraction_set.json").read_text())
LANGUAGES = ("en", "zh", "ja", "ko")


def score(language: str) -> tuple[float, float, list[str]]:
    return score_items(SET[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_set_is_broad(language: str) -> None:
    assert len(SET[language]) >= 40
    assert sum(not item["facts"] for item in SET[language]) >= 10  # small talk that must yield nothing


@pytest.mark.parametrize("language", LANGUAGES)
def test_recall_and_precision_per_language(language: str) -> None:
    recall, precision, problems = score(language)
    assert recall >= 0.8 and precision >= 0.9, problems


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I should tell you I am severely allergic to peanuts.", "User is severely allergic to peanuts"),
        ("Just so you know, I'm severely allergic to peanuts.", "User is severely allergic to peanuts"),
        ("I forgot to mention that my dog is called Rex.", "User's dog is called Rex"),
        ("By the way, I think I told you I live in Osaka.", "User lives in Osaka"),
    ],
)
def test_a_fact_is_stated_cleanly_without_the_framing_around_it(text: str, fact: str) -> None:
    assert [f.content for f in HeuristicExtractor().extract(text, "", [])] == [fact]


@pytest.mark.parametrize(
    "text",
    [
        "I use Twitter every day.",
        "I take the bus every morning.",
        "我每天吃早餐。",
        "コーヒーを毎朝飲んでいます。",
        "매일 아침 밥을 먹어요.",
    ],
)
def test_daily_habits_are_not_medicines(text: str) -> None:
    assert not [f for f in HeuristicExtractor().extract(text, "", []) if f.safety]


def test_two_korean_plans_are_two_subjects_so_neither_supersedes_the_other() -> None:
    from engram.memory.extraction_rules import extract_candidates

    first = extract_candidates("10월에 마라톤을 뛸 계획이에요.", "ko")
    second = extract_candidates("내년에 일본 여행을 갈 예정입니다.", "ko")
    assert first and second
    assert first[0].subject_key != second[0].subject_key
