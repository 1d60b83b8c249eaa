"""G1 memory gate: fast multilingual rules, a classifier for the ambiguous rest."""

from __future__ import annotations

import logging
from collections.abc import Callable

from engram.conversation.gate_rules import local_fallback, rule_decision
from engram.conversation.models import GateResult
from engram.conversation.ports import GateClassifier
from engram.kernel.errors import LlmFailure
from engram.language.analysis import detect_language

logger = logging.getLogger(__name__)


class MemoryGate:
    def __init__(self, classifier: GateClassifier, on_decision: Callable[[GateResult], None] | None = None) -> None:
        self._classifier = classifier
        self._on_decision = on_decision

    def decide(self, text: str) -> GateResult:
        result = rule_decision(text)
        if result is None:
            try:
                result = self._classifier.classify(text, detect_language(text))
            except LlmFailure:
                logger.warning("gate classifier failed; local fallback used")
                result = local_fallback(text)
        if self._on_decision:
            self._on_decision(result)
        return result
