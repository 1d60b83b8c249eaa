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

    def round_key(self) -> str | None:
        """D1: what makes this request one round. The client's idempotency key; else, when
        messages follow the user's (tool results, a prefilled answer), those too: the tool round
        that ends a round repeats its user text but is not its duplicate. None: the text alone,
        as for /chat (the same dedup window)."""
        if self.idempotency_key:
            return self.idempotency_key
        tail = self.messages[self.anchor + 1 :]
        if not tail:
            return None
        digest = hashlib.sha256(json.dumps(tail, sort_keys=True, default=str).encode()).hexdigest()
        return "tail-" + digest[:40]

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
