"""The OpenAI-compatible door's round: the client's own messages plus Engram's memory.

A chatbot that already speaks the Chat Completions protocol keeps its messages (its system
prompt and whatever history it sends); Engram adds its memory context as one more system
message after the client's own (pinned facts, rolling summary, retrieved memories) and, when the
client sends no history, its session window of recent rounds. The round recorded is the last
user message that has text and the model's answer; a round the model answers with tool calls is
not recorded (it is not over: the client runs the tools and sends their results).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from engram.conversation.models import AssembledContext
from engram.kernel.errors import NotFound, ValidationFailed
from engram.settings import Settings

DEFAULT_MODEL = "engram"  # the deployment's own chat model (or the local responder)
# Heads the memory message when the client brings its own system prompt (Engram's policy does not).
MEMORY_PREFACE = (
    "What you remember about this user from earlier conversations (use it when relevant; never invent memories):"
)
SYSTEM_ROLES = frozenset({"system", "developer"})


class ModelNotFound(NotFound):
    """The request names a model this deployment does not serve through the door."""

    code = "MODEL_NOT_FOUND"


class RequestTooLarge(ValidationFailed):
    """A request over one of the door's bounds (settings.openai_door_max_*): a 400 naming the
    parameter, as OpenAI answers one; nothing reaches the model, no round is recorded."""

    def __init__(self, code: str, message: str, param: str, limit: int) -> None:
        super().__init__(message, details={"param": param, "limit": limit})
        self.code = code


def _json_size(value: Any) -> int:
    """A value's size as compact JSON text, in characters."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str))


def message_text(content: Any) -> str:
    """A message's text: the string, or its text parts joined (images and audio have none)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            part["text"]
            for part in content
            if isinstance(part, dict) and part.get("type") == "text" and isinstance(part.get("text"), str)
        )
    return ""


def served_models(settings: Settings) -> list[str]:
    """`engram` first (the deployment's default), then each model a client may name."""
    names = [DEFAULT_MODEL, settings.chat_model, *settings.openai_door_models]
    return list(dict.fromkeys(names))


def resolve_model(settings: Settings, requested: str) -> str | None:
    """None for the deployment's default; the name when the deployment allows it; else 404."""
    if requested == DEFAULT_MODEL:
        return None
    if requested in served_models(settings):
        return requested
    raise ModelNotFound(
        f"The model `{requested}` does not exist or you do not have access to it.", details={"param": "model"}
    )


@dataclass(frozen=True, slots=True)
class ClientRequest:
    """One Chat Completions request, as the door's use case needs it."""

    messages: tuple[dict[str, Any], ...]
    model: str | None = None  # None: the deployment's chat model
    params: dict[str, Any] = field(default_factory=dict)  # passed to the model unchanged
    idempotency_key: str | None = None

    @property
    def anchor(self) -> int:
        """The index of the last user message with text: the round's user side."""
        for i in range(len(self.messages) - 1, -1, -1):
            m = self.messages[i]
            if m.get("role") == "user" and message_text(m.get("content")).strip():
                return i
        raise ValidationFailed("messages need a user message with text", details={"param": "messages"})

    @property
    def user_text(self) -> str:
        return message_text(self.messages[self.anchor].get("content"))

    @property
    def has_history(self) -> bool:
        """The client sent earlier rounds of its own: Engram's session window stays out."""
        return any(m.get("role") not in SYSTEM_ROLES for m in self.messages[: self.anchor])

    def check_limits(self, settings: Settings) -> None:
        """M3: the bounds of what one request forwards to the model (settings.openai_door_max_*)."""
        if len(self.messages) > settings.openai_door_max_messages:
            raise RequestTooLarge(
                "array_above_max_length",
                f"'messages' has {len(self.messages)} messages; the limit is {settings.openai_door_max_messages}.",
                "messages",
                settings.openai_door_max_messages,
            )
        size = _json_size(self.messages)
        if size > settings.openai_door_max_message_chars:
            raise RequestTooLarge(
                "messages_too_large",
                f"'messages' is {size} characters as JSON; the limit is {settings.openai_door_max_message_chars}.",
                "messages",
                settings.openai_door_max_message_chars,
            )
        tools = self.params.get("tools") or []
        if len(tools) > settings.openai_door_max_tools:
            raise RequestTooLarge(
                "array_above_max_length",
                f"'tools' has {len(tools)} tools; the limit is {settings.openai_door_max_tools}.",
                "tools",
                settings.openai_door_max_tools,
            )
        for name in ("tools", "tool_choice", "response_format"):
            size = _json_size(self.params[name]) if name in self.params else 0
            if size > settings.openai_door_max_tools_bytes:
                raise RequestTooLarge(
                    "parameter_too_large",
                    f"'{name}' is {size} characters as JSON; the limit is {settings.openai_door_max_tools_bytes}.",
                    name,
                    settings.openai_door_max_tools_bytes,
                )

    def fingerprint(self) -> str:
        """What makes two requests the same one: every message (roles, contents, tool calls, every
        field), the model and what the model receives (tools, tool_choice, sampling ...)."""
        request = {"messages": self.messages, "model": self.model, "params": self.params}
        text = json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:40]

    def round_key(self) -> str | None:
        """D1: what makes this request one round. The client's idempotency key; else, when
        messages follow the user's (tool results, a prefilled answer), the whole request's
        fingerprint: the tool round that ends a round repeats its user text but is not its
        duplicate. None: /chat's dedup window, on `window_text` (not the text alone)."""
        if self.idempotency_key:
            return self.idempotency_key
        if len(self.messages) == self.anchor + 1:
            return None
        return "tail-" + self.fingerprint()

    def window_text(self, text: str) -> str:
        """What the dedup window keys on: the user's text and the whole request's fingerprint.
        Door traffic shares a default session, so two conversations (or models, system prompts,
        tools) that both send "yes" within the window are two rounds; only a resend of the same
        request is a repeat."""
        return f"{text}\x00openai:{self.fingerprint()}"

    def prompt(self, ctx: AssembledContext) -> list[dict[str, Any]]:
        """The client's system messages, Engram's memory message, then either the client's history
        or Engram's session window (the rounds the assembler kept), then the client's messages from
        the user's on, unchanged. `ctx` was assembled with `policy()` and, when the client sent
        history, no window."""
        system = [m for m in self.messages[: self.anchor] if m.get("role") in SYSTEM_ROLES]
        memory = ctx.messages[0]["content"]
        out: list[dict[str, Any]] = list(system)
        if not (system and memory == MEMORY_PREFACE):  # nothing remembered: no empty heading
            out.append({"role": "system", "content": memory})
        if self.has_history:
            out.extend(m for m in self.messages[: self.anchor] if m.get("role") not in SYSTEM_ROLES)
        else:
            out.extend(ctx.messages[1:-1])
        out.extend(self.messages[self.anchor :])
        return out

    def policy(self, default: str) -> str:
        """The memory message's head: the deployment's policy, unless the client brings its own."""
        return MEMORY_PREFACE if any(m.get("role") in SYSTEM_ROLES for m in self.messages) else default
