"""G1 over a labelled set per language (tests/data/gate_set.json, 40 USE + 40 SKIP each):
questions and statements about the user's own facts, belongings, plans, health and history
are USE — in Japanese and Korean also when the subject is implied — and greetings, thanks,
small talk and general knowledge are SKIP. The local rules decide (no model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engram.conversation.gate_rules import decide_locally

SET = json.loads((Path(__file__).resolve().parents[1] / "data" / "gate_set.json").read_text())
LANGUAGES = ("en", "zh", "ja", "ko")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_set_is_broad(language: str) -> None:
    assert len(SET[language]["USE"]) >= 40 and len(SET[language]["SKIP"]) >= 40


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("label", ["USE", "SKIP"])
def test_decisions_per_language(language: str, label: str) -> None:
    texts = SET[language][label]
    wrong = [t for t in texts if decide_locally(t).decision.value != label]
    assert len(wrong) <= len(texts) * 0.05, wrong  # at least 95 % right in each language and label


@pytest.mark.parametrize(
    "text",
    [
        "次の診察日はいつだったっけ？",
        "제가 다니는 병원이 어디였죠?",
        "うちの犬の名前、何だっけ？",
        "딸 생일이 언제였지?",
    ],
)
def test_implied_subject_questions_from_the_issue_use_memory(text: str) -> None:
    assert decide_locally(text).decision.value == "USE"
