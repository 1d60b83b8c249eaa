"""G1 with OpenAI configured (stub client): the classifier is told to err towards memory, and
only a plain SKIP skips; anything else (an empty or unclear answer) is USE."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import pytest

from engram.adapters.openai_models.client import OpenAIClient
from engram.adapters.openai_models.tasks import OpenAIGateClassifier
from engram.conversation.models import Completion, GateDecision


class StubClient:
    name = "stub"

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.prompts: list[str] = []

    def complete(self, messages: Sequence[dict[str, str]], **_: Any) -> Completion:
        self.prompts.append(messages[-1]["content"])
        return Completion(text=self.answer, model=self.name)


@pytest.mark.parametrize(
    ("answer", "decision"),
    [("USE", GateDecision.USE), ("SKIP", GateDecision.SKIP), ("skip.", GateDecision.SKIP), ("", GateDecision.USE),
     ("I am not sure", GateDecision.USE), ("USE or SKIP", GateDecision.USE)],
)  # fmt: skip
def test_only_a_plain_skip_skips(answer: str, decision: GateDecision) -> None:
    stub = StubClient(answer)
    result = OpenAIGateClassifier(cast(OpenAIClient, stub), 5).classify("何曜日に仕事だっけ？", "ja")
    assert result.decision is decision and result.reason == "llm"
    assert "if unsure, USE" in stub.prompts[0] and "subject may be unsaid" in stub.prompts[0]
