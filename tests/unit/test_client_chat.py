"""The OpenAI-compatible door's prompt: the client's messages kept, Engram's memory added."""

from __future__ import annotations

from typing import Any

import pytest

from engram.conversation.client_chat import (
    MEMORY_PREFACE,
    ClientRequest,
    ModelNotFound,
    message_text,
    resolve_model,
    served_models,
)
from engram.conversation.models import AssembledContext, GateDecision, GateResult
from engram.kernel.errors import ValidationFailed
from engram.settings import Settings

GATE = GateResult(GateDecision.USE, "test", "en")


def _ctx(system: str, window: list[dict[str, str]], text: str) -> AssembledContext:
    messages = [{"role": "system", "content": system}, *window, {"role": "user", "content": text}]
    return AssembledContext(messages=messages, blocks=[], total_tokens=0, gate=GATE)


def test_the_round_is_the_last_user_message_with_text() -> None:
    messages: tuple[dict[str, Any], ...] = (
        {"role": "user", "content": "first"},
        {"role": "user", "content": [{"type": "text", "text": "second"}, {"type": "image_url", "image_url": {}}]},
        {"role": "user", "content": [{"type": "image_url", "image_url": {}}]},  # no text: not the round's
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]},
        {"role": "tool", "tool_call_id": "c1", "content": "31C"},
    )
    request = ClientRequest(messages)
    assert request.anchor == 1 and request.user_text == "second"
    assert request.has_history  # "first" is an earlier round of the client's
    key = request.round_key()
    assert key is not None and key.startswith("tail-")  # the tool round is a round of its own
    assert ClientRequest(messages[:2]).round_key() is None  # the text alone: /chat's window
    assert ClientRequest(messages, idempotency_key="k1").round_key() == "k1"
    with pytest.raises(ValidationFailed):
        _ = ClientRequest(({"role": "system", "content": "be brief"},)).anchor


def test_the_prompt_keeps_the_clients_messages_and_adds_memory() -> None:
    own = ClientRequest(
        (
            {"role": "system", "content": "You are a nurse."},
            {"role": "user", "content": "a"},
            {"role": "assistant", "content": "b"},
            {"role": "user", "content": "now", "name": "alice"},
        )
    )
    memory = MEMORY_PREFACE + "\n\nCore facts about the user:\n- allergic to peanuts\n"
    prompt = own.prompt(_ctx(memory, [], "now"))
    assert prompt == [
        {"role": "system", "content": "You are a nurse."},
        {"role": "system", "content": memory},
        {"role": "user", "content": "a"},
        {"role": "assistant", "content": "b"},
        {"role": "user", "content": "now", "name": "alice"},  # as the client sent it
    ]
    assert own.policy("default policy") == MEMORY_PREFACE
    # only the last message: Engram's window stands in for the history
    alone = ClientRequest(({"role": "user", "content": "now"},))
    window = [{"role": "user", "content": "earlier"}, {"role": "assistant", "content": "yes"}]
    assert alone.prompt(_ctx("policy", window, "now")) == [
        {"role": "system", "content": "policy"},
        *window,
        {"role": "user", "content": "now"},
    ]
    assert alone.policy("policy") == "policy" and not alone.has_history
    # a client prompt and nothing remembered: no empty memory heading
    assert own.prompt(_ctx(MEMORY_PREFACE, [], "now"))[1] == {"role": "user", "content": "a"}


def test_models_the_deployment_serves() -> None:
    settings = Settings(chat_model="gpt-4o-mini", openai_door_models=("gpt-4.1",))
    assert served_models(settings) == ["engram", "gpt-4o-mini", "gpt-4.1"]
    assert resolve_model(settings, "engram") is None
    assert resolve_model(settings, "gpt-4.1") == "gpt-4.1"
    with pytest.raises(ModelNotFound) as missing:
        resolve_model(settings, "gpt-5")
    assert missing.value.status == 404 and missing.value.details == {"param": "model"}
    assert message_text([{"type": "text", "text": 5}, {"type": "text", "text": "ok"}]) == "ok"
