"""D2: speech to text with OpenAI (`ENGRAM_SPEECH_MODEL`), through the official client."""

from __future__ import annotations

from engram.adapters.openai_models.client import OpenAIClient
from engram.kernel.errors import LlmFailure
from engram.settings import Settings


class OpenAiTranscriber:
    def __init__(self, settings: Settings) -> None:
        self._client = OpenAIClient(settings)
        self._model = settings.speech_model

    def transcribe(self, audio: bytes, filename: str) -> str:
        import openai

        try:
            result = self._client.raw().audio.transcriptions.create(model=self._model, file=(filename, audio))
        except openai.OpenAIError as exc:
            raise LlmFailure("speech to text failed", details={"cause": type(exc).__name__}) from exc
        return str(getattr(result, "text", "") or "")
