"""Task adapters over OpenAIClient: reply, rolling summary, session summary, gate."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from engram.adapters.openai_models.client import OpenAIClient
from engram.conversation.models import Completion, GateDecision, GateResult, SessionSummary, Turn
from engram.kernel.errors import LlmFailure

Emotion = Literal["joy", "sadness", "stress", "calm", "excitement"]
_EMOTIONS: tuple[Emotion, ...] = ("joy", "sadness", "stress", "calm", "excitement")


def _transcript(turns: Sequence[Turn]) -> str:
    return "\n".join(f"user: {t.user_text}\nassistant: {t.assistant_text}" for t in turns)


class OpenAIResponder:
    def __init__(self, client: OpenAIClient, max_tokens: int) -> None:
        self._client = client
        self._max_tokens = max_tokens
        self.name = client.name

    def reply(self, messages: Sequence[dict[str, str]]) -> Completion:
        return self._client.complete(messages, max_tokens=self._max_tokens, temperature=0.7)

    def reply_for_client(
        self, messages: Sequence[dict[str, Any]], model: str | None, params: dict[str, Any]
    ) -> Completion:
        """The OpenAI-compatible door: the client's parameters decide (its max_tokens too)."""
        return self._client.complete_for_client(messages, model, params)


class OpenAISummarizer:
    def __init__(self, client: OpenAIClient) -> None:
        self._client = client
        self.name = client.name

    def summarize_rounds(self, previous_summary: str, turns: Sequence[Turn], max_tokens: int) -> str:
        prompt = (
            "Update the running summary of a conversation with the new rounds. Keep facts about the user "
            "(health, preferences, plans, names, dates) and drop chit-chat. Write in the language the user "
            "speaks; never translate. Answer with the summary only.\n\n"
            f"Running summary:\n{previous_summary or '(empty)'}\n\nNew rounds:\n{_transcript(turns)}"
        )
        return self._client.complete([{"role": "user", "content": prompt}], max_tokens=max_tokens, retries=0).text

    def compress(self, summary: str, max_tokens: int) -> str:
        prompt = (
            f"Compress this conversation summary to at most {max_tokens * 2 // 3} tokens, keeping every fact "
            f"about the user. Same language as the text; answer with the summary only.\n\n{summary}"
        )
        return self._client.complete([{"role": "user", "content": prompt}], max_tokens=max_tokens, retries=0).text

    def summarize_session(self, summary: str, turns: Sequence[Turn]) -> SessionSummary:
        prompt = (
            "Summarise this finished chat session as JSON with keys: summary (1-2 sentences, in the user's "
            f"language), topics (list of up to 5 short strings), emotion (one of {', '.join(_EMOTIONS)}), "
            "importance (integer 1-10: how much this matters to remember later).\n\n"
            f"Earlier summary:\n{summary or '(none)'}\n\nRounds:\n{_transcript(turns)}"
        )
        completion = self._client.complete(
            [{"role": "user", "content": prompt}], max_tokens=300, temperature=0, json_mode=True, retries=0
        )
        try:
            data = json.loads(completion.text)
            emotion: Emotion = data["emotion"] if data.get("emotion") in _EMOTIONS else "calm"
            return SessionSummary(
                summary=str(data["summary"]).strip(),
                topics=tuple(str(t) for t in data.get("topics", [])[:5]),
                emotion=emotion,
                importance=max(1, min(10, int(data.get("importance", 5)))),
                model=completion.model,
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise LlmFailure("the session summary was not valid JSON") from exc


class OpenAICompressor:
    """R2 with the small model: one call per memory, its language kept."""

    def __init__(self, client: OpenAIClient) -> None:
        self._client = client
        self.name = client.name

    def compress(self, text: str, max_bytes: int) -> str:
        # ~3 bytes a token covers CJK; Latin text gets more room than it needs and is checked after.
        prompt = (
            f"Shorten this memory about a user to at most {max_bytes} UTF-8 bytes (about {max(4, max_bytes // 4)} "
            "words), keeping who, what and when. Same language as the text; never translate. Answer with the "
            f"short form only.\n\n{text}"
        )
        budget = max(8, max_bytes // 2)
        return self._client.complete([{"role": "user", "content": prompt}], max_tokens=budget, temperature=0).text


class OpenAIGateClassifier:
    """G1's LLM fallback: tiny prompt, at most 5 output tokens, temperature 0."""

    def __init__(self, client: OpenAIClient, max_tokens: int) -> None:
        self._client = client
        self._max_tokens = max_tokens
        self.name = client.name

    def classify(self, text: str, language: str) -> GateResult:
        prompt = (
            "Does answering this chatbot message need the user's long-term memory (earlier talk, personal "
            "history, state over time, plans, belongings, people, preferences, personalised advice; the "
            "subject may be unsaid)? SKIP only greetings, thanks, small talk and general knowledge; if "
            "unsure, USE. Reply USE or SKIP.\n\nMessage: " + text[:1000]
        )
        completion = self._client.complete(
            [{"role": "user", "content": prompt}], max_tokens=self._max_tokens, temperature=0
        )
        # the gate errs towards memory: only a plain SKIP skips
        answer = completion.text.upper()
        decision = GateDecision.SKIP if "SKIP" in answer and "USE" not in answer else GateDecision.USE
        return GateResult(decision, "llm", language)
