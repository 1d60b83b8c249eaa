"""The OpenAI-compatible door's default bounds (M3), in one place for the settings schema and the
API contract that states them: the API handler's import must not load the settings module
(pydantic-settings, tens of ms of every cold start) to say a number in its OpenAPI document."""

from __future__ import annotations

MAX_MESSAGES = 200
MAX_MESSAGE_CHARS = 200_000
MAX_TOOLS = 64
MAX_TOOLS_BYTES = 100_000
