"""Thin wrapper over the official openai client: lazy import, timeouts, retries,
errors translated to domain errors. `openai` is imported on first use only
(≈0.5 s), so handlers that never call a model do not pay for it."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from engram.conversation.models import Completion
from engram.kernel.errors import LlmFailure, ValidationFailed
from engram.settings import Settings


class OpenAIClient:
    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._client: Any = None
        self._lock = threading.Lock()
        self.name = settings.chat_model

    def raw(self) -> Any:
        if self._client is None:
            with self._lock:
                if self._client is None:
                    import openai

                    key = self._settings.openai_api_key
                    self._client = openai.OpenAI(
                        api_key=key.get_secret_value() if key else None,
                        base_url=self._settings.openai_base_url,
                        timeout=self._settings.openai_timeout_s,
                        max_retries=self._settings.openai_max_retries,
                    )
        return self._client

    def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        max_tokens: int,
        temperature: float = 0.2,
        json_mode: bool = False,
        retries: int | None = None,
    ) -> Completion:
        """One chat completion. `retries` overrides transport retries (M4 counts its own attempts)."""
        import openai

        client = self.raw() if retries is None else self.raw().with_options(max_retries=retries)
        kwargs: dict[str, Any] = {
            "model": self._settings.chat_model,
            "messages": list(messages),
            "max_tokens": max_tokens,
            "temperature": temperature,
        }
        if json_mode:
            kwargs["response_format"] = {"type": "json_object"}
        try:
            response = client.chat.completions.create(**kwargs)
        except openai.OpenAIError as exc:
            raise LlmFailure("the language model call failed", details={"cause": type(exc).__name__}) from exc
        if not response.choices:
            raise LlmFailure("the language model returned no choices")
        usage = response.usage
        return Completion(
            text=(response.choices[0].message.content or "").strip(),
            model=response.model or self._settings.chat_model,
            prompt_tokens=usage.prompt_tokens if usage else 0,
            completion_tokens=usage.completion_tokens if usage else 0,
        )

    def complete_for_client(
        self, messages: Sequence[dict[str, Any]], model: str | None, params: dict[str, Any]
    ) -> Completion:
        """The OpenAI-compatible door's call: the client's messages and parameters (tools,
        tool_choice, temperature ...) as it sent them, its tool calls returned as the model sent
        them. A request the model refuses (a bad tool schema, a parameter the model lacks) is
        the client's error (400), not ours."""
        import openai

        try:
            response = self.raw().chat.completions.create(
                model=model or self._settings.chat_model, messages=list(messages), **params
            )
        except openai.BadRequestError as exc:
            body = exc.body if isinstance(exc.body, dict) else {}
            raise ValidationFailed(
                f"the model refused the request: {str(body.get('message') or exc.message)[:300]}",
                details={"param": body.get("param"), "cause": "model_bad_request"},
            ) from exc
        except openai.OpenAIError as exc:
            raise LlmFailure("the language model call failed", details={"cause": type(exc).__name__}) from exc
        if not response.choices:
            raise LlmFailure("the language model returned no choices")
        choice = response.choices[0]
        usage = response.usage
        calls = tuple(call.model_dump(mode="json", exclude_none=True) for call in choice.message.tool_calls or ())
        return Completion(
            text=choice.message.content or "",
            model=response.model or model or self._settings.chat_model,
            prompt_tokens=usage.prompt_tokens if usage else 0,
            completion_tokens=usage.completion_tokens if usage else 0,
            tool_calls=calls,
            finish_reason=choice.finish_reason or "stop",
        )

    def embed(self, texts: Sequence[str], dimensions: int | None) -> list[list[float]]:
        import openai

        kwargs: dict[str, Any] = {"model": self._settings.embedding_model, "input": list(texts)}
        if dimensions:
            kwargs["dimensions"] = dimensions
        try:
            response = self.raw().embeddings.create(**kwargs)
        except openai.OpenAIError as exc:
            raise LlmFailure("the embedding call failed", details={"cause": type(exc).__name__}) from exc
        return [list(d.embedding) for d in sorted(response.data, key=lambda d: d.index)]
