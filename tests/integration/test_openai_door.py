"""The OpenAI-compatible door, driven by the official `openai` package (sync, async, streaming)
against the local stack over HTTP: the real handler behind the local gateway, DynamoDB Local, the
local models; tool calls against the OpenAI stub."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from typing import Any

import openai
import pytest

from engram import runtime
from engram.kernel.clock import ManualClock
from engram.local import tokens
from engram.local.gateway import LocalGateway
from engram.local.server import make_server, serve_in_background
from engram.settings import Settings
from engram.wiring import Container
from tests.support.openai_stub import OpenAIStub

pytestmark = pytest.mark.integration


def _serve(container: Container, settings: Settings) -> Iterator[str]:
    runtime.set_container(container)
    server = make_server(LocalGateway(settings), port=0)
    serve_in_background(server)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        runtime.set_container(None)


# httpx's default (5 s) is shorter than a local server's answer can take while the suite's other
# workers load the machine; the OpenAI client's own default is 600 s.
_READ_TIMEOUT_S = 60.0


@pytest.fixture
def base_url(container: Container, settings: Settings) -> Iterator[str]:
    yield from _serve(container, settings)


def _client(base_url: str, settings: Settings, user: str = "alice", **headers: str) -> openai.OpenAI:
    """An existing bot's client, changed in three lines: base_url, api_key, Engram's headers."""
    return openai.OpenAI(
        base_url=f"{base_url}/openai/v1",
        api_key=tokens.mint(settings, user),
        default_headers={"X-Engram-Persona": "nurse", **headers},
        max_retries=0,
    )


def _session(base_url: str, settings: Settings, user: str, persona: str, session: str) -> dict[str, Any]:
    import httpx

    r = httpx.get(
        f"{base_url}/v1/personas/{persona}/sessions/{session}",
        headers={"authorization": f"Bearer {tokens.mint(settings, user)}"},
        timeout=_READ_TIMEOUT_S,
    )
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_a_round_is_answered_in_openai_shape_and_recorded(base_url: str, settings: Settings) -> None:
    client = _client(base_url, settings)
    answer = client.chat.completions.create(
        model="engram", messages=[{"role": "user", "content": "I coughed a lot last night."}]
    )
    assert answer.object == "chat.completion" and answer.id.startswith("chatcmpl-")
    assert answer.model == "local-heuristic"  # labelled: no key, the local responder
    choice = answer.choices[0]
    assert choice.finish_reason == "stop" and choice.message.role == "assistant"
    assert "I coughed a lot last night." in (choice.message.content or "")
    assert (
        answer.usage is not None
        and answer.usage.total_tokens == answer.usage.prompt_tokens + answer.usage.completion_tokens
    )
    engram = answer.engram  # type: ignore[attr-defined]
    assert engram["recorded"] is True and engram["deduplicated"] is False
    assert (engram["persona_id"], engram["session_id"]) == ("nurse", settings.openai_door_session)
    assert engram["gate"] in ("USE", "SKIP") and engram["request_id"] == answer.id.removeprefix("chatcmpl-")
    session = _session(base_url, settings, "alice", "nurse", "openai")
    assert session["turn_count"] == 1 and session["recent"][0]["assistant"] == choice.message.content

    again = client.chat.completions.create(
        model="engram", messages=[{"role": "user", "content": "I coughed a lot last night."}]
    )
    assert again.id == answer.id and again.engram["deduplicated"] is True  # type: ignore[attr-defined]
    assert _session(base_url, settings, "alice", "nurse", "openai")["turn_count"] == 1  # /chat's dedup window


def test_the_session_window_joins_only_when_the_client_sends_no_history(base_url: str, settings: Settings) -> None:
    client = _client(base_url, settings, **{"X-Engram-Session": "w1"})
    client.chat.completions.create(model="engram", messages=[{"role": "user", "content": "I slept badly."}])
    alone = client.chat.completions.create(model="engram", messages=[{"role": "user", "content": "Hello again."}])
    assert "(1 earlier rounds in view)" in (alone.choices[0].message.content or "")  # Engram's window
    own = client.chat.completions.create(
        model="engram",
        messages=[
            {"role": "system", "content": "You are a kind nurse."},
            {"role": "user", "content": "a"},
            {"role": "assistant", "content": "b"},
            {"role": "user", "content": "c"},
            {"role": "assistant", "content": "d"},
            {"role": "user", "content": "And now?"},
        ],
    )
    assert "(2 earlier rounds in view)" in (own.choices[0].message.content or "")  # the client's history, not ours
    assert _session(base_url, settings, "alice", "nurse", "w1")["turn_count"] == 3


def test_memory_reaches_a_new_session_through_the_door(base_url: str, settings: Settings) -> None:
    first = _client(base_url, settings, user="carol", **{"X-Engram-Session": "day1"})
    first.chat.completions.create(
        model="engram", messages=[{"role": "user", "content": "I'm severely allergic to peanuts."}]
    )
    later = _client(base_url, settings, user="carol")
    answer = later.chat.completions.create(
        model="engram",
        messages=[{"role": "user", "content": "What can I eat?"}],
        metadata={"engram_session": "day2"},
    )
    engram = answer.engram  # type: ignore[attr-defined]
    assert engram["session_id"] == "day2"
    assert any(m["source"] == "pinned" and "peanut" in m["preview"].lower() for m in engram["memories"])


def test_streaming_is_openai_chunks_ending_with_done(base_url: str, settings: Settings) -> None:
    client = _client(base_url, settings, **{"X-Engram-Session": "stream"})
    stream = client.chat.completions.create(
        model="engram",
        messages=[{"role": "user", "content": "Tell me something."}],
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    finals = [c for c in chunks if c.choices and c.choices[0].finish_reason]
    assert "Tell me something." in text and [c.choices[0].finish_reason for c in finals] == ["stop"]
    assert finals[0].engram["recorded"] is True  # type: ignore[attr-defined]
    assert chunks[-1].choices == [] and chunks[-1].usage is not None and chunks[-1].usage.total_tokens > 0
    # the same round answered whole: the stream was its text
    whole = client.chat.completions.create(model="engram", messages=[{"role": "user", "content": "Tell me something."}])
    assert whole.choices[0].message.content == text


def test_the_async_client_streams_and_answers(base_url: str, settings: Settings) -> None:
    async def run() -> tuple[str, str]:
        client = openai.AsyncOpenAI(
            base_url=f"{base_url}/openai/v1",
            api_key=tokens.mint(settings, "dora"),
            default_headers={"X-Engram-Session": "async"},
            max_retries=0,
        )
        answer = await client.chat.completions.create(model="engram", messages=[{"role": "user", "content": "Hi!"}])
        stream = await client.chat.completions.create(
            model="engram", messages=[{"role": "user", "content": "I feel fine today."}], stream=True
        )
        text = "".join([c.choices[0].delta.content or "" async for c in stream if c.choices])
        await client.close()
        return answer.choices[0].message.content or "", text

    whole, streamed = asyncio.run(run())
    assert "Hi!" in whole and "I feel fine today." in streamed
    assert _session(base_url, settings, "dora", settings.openai_door_persona, "async")["turn_count"] == 2


def test_models_and_openai_shaped_errors(base_url: str, settings: Settings) -> None:
    client = _client(base_url, settings)
    assert [m.id for m in client.models.list()][:2] == ["engram", settings.chat_model]
    with pytest.raises(openai.NotFoundError) as missing:
        client.chat.completions.create(model="not-a-model", messages=[{"role": "user", "content": "hi"}])
    assert missing.value.body["code"] == "model_not_found" and missing.value.body["param"] == "model"  # type: ignore[index]
    with pytest.raises(openai.BadRequestError) as unknown:
        client.chat.completions.create(
            model="engram", messages=[{"role": "user", "content": "hi"}], extra_body={"logprobs": True}
        )
    error = unknown.value.body
    assert error == {  # OpenAI's error shape, 400 (never 5xx) for what the door does not serve
        "message": "Unrecognized request argument supplied: logprobs",
        "type": "invalid_request_error",
        "param": "logprobs",
        "code": "unknown_parameter",
    }
    with pytest.raises(openai.BadRequestError) as several:
        client.chat.completions.create(model="engram", messages=[{"role": "user", "content": "hi"}], n=2)
    assert several.value.body["param"] == "n"  # type: ignore[index]
    with pytest.raises(openai.BadRequestError) as no_user:
        client.chat.completions.create(model="engram", messages=[{"role": "system", "content": "be brief"}])
    assert no_user.value.body["param"] == "messages"  # type: ignore[index]
    with pytest.raises(openai.AuthenticationError) as refused:
        openai.OpenAI(base_url=f"{base_url}/openai/v1", api_key="not-a-token", max_retries=0).models.list()
    assert refused.value.body["type"] == "authentication_error"  # type: ignore[index]


def test_a_backend_names_the_user_with_its_key(base_url: str, settings: Settings) -> None:
    backend = openai.OpenAI(
        base_url=f"{base_url}/openai/backend/v1",
        api_key=settings.local_api_key.get_secret_value(),  # locally; SigV4 in AWS
        default_headers={"X-Engram-User": "erin", "X-Engram-Persona": "nurse", "X-Engram-Session": "b1"},
        max_retries=0,
    )
    answer = backend.chat.completions.create(model="engram", messages=[{"role": "user", "content": "Hello."}])
    assert answer.engram["recorded"] is True  # type: ignore[attr-defined]
    assert _session(base_url, settings, "erin", "nurse", "b1")["turn_count"] == 1
    assert next(m.id for m in backend.models.list()) == "engram"
    with pytest.raises(openai.BadRequestError) as nameless:  # no X-Engram-User
        openai.OpenAI(
            base_url=f"{base_url}/openai/backend/v1", api_key=settings.local_api_key.get_secret_value(), max_retries=0
        ).chat.completions.create(model="engram", messages=[{"role": "user", "content": "Hello."}])
    assert nameless.value.body["param"] == "x-engram-user"  # type: ignore[index]
    user_token = openai.OpenAI(
        base_url=f"{base_url}/openai/backend/v1", api_key=tokens.mint(settings, "erin"), max_retries=0
    )
    with pytest.raises(openai.PermissionDeniedError):  # an end user's token is no backend key
        user_token.models.list()


# --- tools, against the OpenAI stub ------------------------------------------------------------


@pytest.fixture
def stub_url(openai_settings: Settings, make_container: Callable[..., Container], clock: ManualClock) -> Iterator[str]:
    yield from _serve(make_container(openai_settings), openai_settings)


def _door_calls(stub: OpenAIStub) -> list[dict[str, Any]]:
    """The stub's chat calls that came through the door (Engram's own extraction calls have no tools)."""
    return [call for call in stub.state.calls() if "tools" in call]


WEATHER: Any = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "The weather in a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
CALL = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Taipei"}'}}


def test_tools_pass_through_to_the_model_and_back(
    stub_url: str, openai_settings: Settings, openai_stub: OpenAIStub
) -> None:
    def message(request: dict[str, Any]) -> dict[str, Any] | None:
        if "tools" not in request or request["messages"][-1]["role"] == "tool":
            return None  # the stub's text reply (Engram's own calls too: extraction, summaries)
        return {"role": "assistant", "content": None, "tool_calls": [CALL]}

    openai_stub.state.message = message
    client = _client(stub_url, openai_settings, **{"X-Engram-Session": "tools"})
    asked: list[Any] = [
        {"role": "system", "content": "You are a weather bot."},
        {"role": "user", "content": "Weather in Taipei?"},
    ]
    first = client.chat.completions.create(
        model="engram", messages=asked, tools=[WEATHER], tool_choice="auto", temperature=0.1
    )
    call = first.choices[0].message.tool_calls
    assert first.choices[0].finish_reason == "tool_calls" and call is not None
    assert call[0].model_dump(exclude_none=True) == CALL  # unchanged
    assert first.engram["recorded"] is False  # type: ignore[attr-defined]
    sent = _door_calls(openai_stub)[-1]
    assert sent["tools"] == [WEATHER] and sent["tool_choice"] == "auto" and sent["temperature"] == 0.1
    assert sent["model"] == openai_settings.chat_model
    roles = [m["role"] for m in sent["messages"]]
    assert roles[0] == "system" and sent["messages"][0]["content"] == "You are a weather bot."  # the client's own
    assert roles[-1] == "user" and sent["messages"][-1]["content"] == "Weather in Taipei?"

    answered = [
        *asked,
        first.choices[0].message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": "call_1", "content": json.dumps({"c": 31})},
    ]
    final = client.chat.completions.create(model="engram", messages=answered, tools=[WEATHER])
    assert final.choices[0].finish_reason == "stop" and final.engram["recorded"] is True  # type: ignore[attr-defined]
    last = _door_calls(openai_stub)[-1]["messages"]
    assert [m["role"] for m in last[-3:]] == ["user", "assistant", "tool"]
    assert last[-2]["tool_calls"] == [CALL] and last[-1]["tool_call_id"] == "call_1"
    session = _session(stub_url, openai_settings, "alice", "nurse", "tools")
    assert session["turn_count"] == 1 and session["recent"][0]["user"] == "Weather in Taipei?"
    streamed = client.chat.completions.create(model="engram", messages=asked, tools=[WEATHER], stream=True)
    deltas = [c.choices[0].delta for c in streamed if c.choices]
    calls = [d.tool_calls[0] for d in deltas if d.tool_calls]
    assert [(c.id, c.function.name, c.function.arguments) for c in calls] == [  # type: ignore[union-attr]
        ("call_1", "get_weather", '{"city": "Taipei"}')
    ]


# --- bounds and dedup ---------------------------------------------------------------------------


def test_two_conversations_saying_yes_at_once_each_get_their_own_answer(base_url: str, settings: Settings) -> None:
    """All door traffic shares one default session: only a resend of the same request dedups."""
    client = _client(base_url, settings, user="gina")
    cars: Any = [
        {"role": "system", "content": "You sell cars."},
        {"role": "user", "content": "Is the red one available?"},
        {"role": "assistant", "content": "It is. Shall I book a test drive?"},
        {"role": "user", "content": "yes"},
    ]
    boats: Any = [
        {"role": "system", "content": "You rent boats."},
        {"role": "user", "content": "Do you open on Sunday?"},
        {"role": "assistant", "content": "We do. Reserve a kayak?"},
        {"role": "user", "content": "yes"},
    ]
    first = client.chat.completions.create(model="engram", messages=cars)
    second = client.chat.completions.create(model="engram", messages=boats)  # the clock stands still: in the window
    alone = client.chat.completions.create(model="engram", messages=[{"role": "user", "content": "yes"}])
    answers = [first, second, alone]
    assert len({a.id for a in answers}) == 3
    assert [a.engram["deduplicated"] for a in answers] == [False, False, False]  # type: ignore[attr-defined]
    resent = client.chat.completions.create(model="engram", messages=cars)  # a retry of the first
    assert resent.id == first.id and resent.engram["deduplicated"] is True  # type: ignore[attr-defined]
    assert resent.choices[0].message.content == first.choices[0].message.content
    assert _session(base_url, settings, "gina", "nurse", settings.openai_door_session)["turn_count"] == 3


def test_a_request_over_the_doors_bounds_is_a_400_and_no_round(base_url: str, settings: Settings) -> None:
    client = _client(base_url, settings, user="hana", **{"X-Engram-Session": "bounds"})
    hi: Any = {"role": "user", "content": "hi"}
    tool: Any = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"messages": [hi] * (settings.openai_door_max_messages + 1)}, "messages", "array_above_max_length"),
        (
            {"messages": [{"role": "user", "content": "x" * 9000}] * 30 + [hi]},  # 270k characters of history
            "messages",
            "messages_too_large",
        ),
        (
            {
                "messages": [
                    {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "d" * 250_000}}]},
                    hi,
                ]
            },
            "messages",
            "messages_too_large",
        ),
        ({"messages": [hi], "tools": [tool] * (settings.openai_door_max_tools + 1)}, "tools", "array_above_max_length"),
        (
            {"messages": [hi], "tools": [{**tool, "function": {**tool["function"], "description": "d" * 200_000}}]},
            "tools",
            "parameter_too_large",
        ),
        ({"messages": [hi], "stop": ["a", "b", "c", "d", "e"]}, "stop", "array_above_max_length"),
        ({"messages": [hi], "metadata": {f"k{i}": "v" for i in range(17)}}, "metadata", "invalid_value"),
        ({"messages": [hi], "metadata": {"k": "v" * 513}}, "metadata.k", "string_above_max_length"),
    ]
    for body, param, code in cases:
        with pytest.raises(openai.BadRequestError) as refused:
            client.chat.completions.create(model="engram", **body)
        error = refused.value.body
        assert (error["param"], error["code"], error["type"]) == (param, code, "invalid_request_error"), error  # type: ignore[index]
    import httpx

    r = httpx.get(
        f"{base_url}/v1/personas/nurse/sessions/bounds",
        headers={"authorization": f"Bearer {tokens.mint(settings, 'hana')}"},
        timeout=_READ_TIMEOUT_S,
    )
    assert r.status_code == 404 or r.json()["turn_count"] == 0, r.text  # nothing was recorded
