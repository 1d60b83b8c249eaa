"""What eating or drinking something does to the user is a constraint on what they eat, in every
language ("매운 걸 먹으면 배탈이 나요", "吃辣就會拉肚子"): kept as a contraindication, pinned as safety."""

from __future__ import annotations

import pytest

from engram.memory.extraction import HeuristicExtractor


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("매운 걸 먹으면 배탈이 나요.", "contraindication:매운_걸"),
        ("우유를 마시면 배가 아파요.", "contraindication:우유"),
        ("我吃辣就會拉肚子。", "contraindication:辣"),
        ("辛いものを食べるとお腹を壊します。", "contraindication"),
        ("Spicy food gives me a stomach ache.", "contraindication:spicy_food"),
        ("Red wine always gives me migraines.", "contraindication:red_wine"),
    ],
)
def test_what_a_food_does_to_the_user_is_a_constraint(text: str, subject: str) -> None:
    (fact,) = HeuristicExtractor().extract(text, "", [])
    assert fact.subject_key == subject and fact.safety


@pytest.mark.parametrize("text", ["It gives me a headache to think about it.", "My job gives me headaches."])
def test_what_is_not_a_food_is_no_constraint(text: str) -> None:
    assert not any(f.subject_key for f in HeuristicExtractor().extract(text, "", []))
