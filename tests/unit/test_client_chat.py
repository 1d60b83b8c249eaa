"""The OpenAI-compatible door's prompt: the client's messages kept, Engram's memory added."""

from __future__ import annotations

from typing import Any

import pytest

from engram.conversation.client_chat import (
    MEMORY_PREFACE,
    ClientRequest,
    ModelNotFound,
    RequestTooLarge,
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


def test_only_a_resend_of_the_same_request_shares_the_dedup_window() -> None:
    """Door traffic shares one default session: "yes" from two conversations is two rounds."""
    yes = {"role": "user", "content": "yes"}
    one = ClientRequest(({"role": "system", "content": "You sell cars."}, yes))
    texts = {
        one.window_text("yes"),
        ClientRequest(({"role": "system", "content": "You sell boats."}, yes)).window_text("yes"),
        ClientRequest(({"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}, yes)).window_text(
            "yes"
        ),
        ClientRequest(one.messages, model="gpt-4.1").window_text("yes"),
        ClientRequest(one.messages, params={"tools": [{"type": "function"}]}).window_text("yes"),
    }
    assert len(texts) == 5
    assert ClientRequest(tuple(dict(m) for m in one.messages)).window_text("yes") == one.window_text("yes")
    # a tool round: keyed on the whole request, not its tail alone
    tail = ({"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]}, {"role": "tool", "content": "1"})
    a = ClientRequest(({"role": "system", "content": "A"}, yes, *tail)).round_key()
    b = ClientRequest(({"role": "system", "content": "B"}, yes, *tail)).round_key()
    assert a is not None and b is not None and a != b


def _limits() -> Settings:
    return Settings(
        openai_door_max_messages=3,
        openai_door_max_message_chars=1000,
        openai_door_max_tools=2,
        openai_door_max_tools_bytes=1000,
    )


@pytest.mark.parametrize(
    ("messages", "params", "param", "code"),
    [
        ([{"role": "user", "content": "hi"}] * 4, {}, "messages", "array_above_max_length"),
        ([{"role": "user", "content": "x" * 1001}], {}, "messages", "messages_too_large"),
        (  # content parts count too (an image's data URL is no text, still forwarded)
            [{"role": "user", "content": [{"type": "text", "text": "hi"}, {"type": "image_url", "u": "d" * 999}]}],
            {},
            "messages",
            "messages_too_large",
        ),
        ([{"role": "user", "content": "hi"}], {"tools": [{}] * 3}, "tools", "array_above_max_length"),
        ([{"role": "user", "content": "hi"}], {"tools": [{"d": "x" * 1000}]}, "tools", "parameter_too_large"),
        (
            [{"role": "user", "content": "hi"}],
            {"response_format": {"d": "x" * 1000}},
            "response_format",
            "parameter_too_large",
        ),
    ],
)
def test_a_request_over_the_doors_bounds_is_refused(
    messages: list[dict[str, Any]], params: dict[str, Any], param: str, code: str
) -> None:
    with pytest.raises(RequestTooLarge) as refused:
        ClientRequest(tuple(messages), params=params).check_limits(_limits())
    assert refused.value.status == 400 and refused.value.code == code and refused.value.details["param"] == param


def test_a_request_within_the_bounds_passes() -> None:
    messages = ({"role": "user", "content": "x" * 900},) * 1
    ClientRequest(messages, params={"tools": [{}, {}], "response_format": {"type": "json_object"}}).check_limits(
        _limits()
    )
