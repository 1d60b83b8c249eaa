"""Gate classifier for the ambiguous cases when no LLM is configured."""

from __future__ import annotations

from engram.adapters.local_models import LOCAL_MODEL
from engram.conversation.models import GateResult


class LocalGateClassifier:
    name = LOCAL_MODEL

    def classify(self, text: str, language: str) -> GateResult:
        from engram.conversation.gate_rules import local_fallback

        return local_fallback(text)
