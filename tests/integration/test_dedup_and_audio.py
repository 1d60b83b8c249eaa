"""D1 request dedup and D2 audio idempotency, with the real openai client against the stub."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.errors import LlmFailure
from engram.kernel.keys import SessionKey
from engram.settings import Settings
from tests.support.openai_stub import OpenAIStub

KEY = SessionKey("t1", "bob", "buddy", "s1")


def _chat_calls(stub: OpenAIStub) -> list[dict[str, Any]]:
    # The gate (5 tokens) and memory extraction (JSON mode) also call the model; count replies only.
    return [c for c in stub.state.calls() if c.get("max_tokens") != 5 and "response_format" not in c]


def test_same_text_within_window_gets_first_answer_without_second_model_call(
    openai_settings: Settings, openai_stub: OpenAIStub, clock: ManualClock, make_container: Any
) -> None:
    c = make_container(openai_settings)
    first = c.conversation.chat(KEY, "I coughed all night yesterday")
    clock.advance(1.5)  # same 3 s bucket? 1_767_225_600 is a multiple of 3 s, so 0 s and 1.5 s share one
    second = c.conversation.chat(KEY, "I coughed all night yesterday")
    assert len(_chat_calls(openai_stub)) == 1
    assert second["reply"] == first["reply"] and second["deduplicated"] and not first["deduplicated"]
    assert second["turn"] == first["turn"] == 1

    clock.advance(3.0)  # next window: a genuinely new message
    third = c.conversation.chat(KEY, "I coughed all night yesterday")
    assert len(_chat_calls(openai_stub)) == 2 and not third["deduplicated"] and third["turn"] == 2


def test_client_idempotency_key_wins_over_the_time_window(
    openai_settings: Settings, openai_stub: OpenAIStub, clock: ManualClock, make_container: Any
) -> None:
    c = make_container(openai_settings)
    a = c.conversation.chat(KEY, "my dog Mochi ate chocolate", idempotency_key="msg-42")
    clock.advance(600)  # far outside the 3 s window, same client key
    b = c.conversation.chat(KEY, "my dog Mochi ate chocolate", idempotency_key="msg-42")
    assert b["deduplicated"] and b["reply"] == a["reply"] and len(_chat_calls(openai_stub)) == 1


def test_failed_turn_releases_the_marker_so_a_retry_runs(
    openai_settings: Settings, openai_stub: OpenAIStub, clock: ManualClock, make_container: Any
) -> None:
    c = make_container(openai_settings)
    openai_stub.state.fail_next = 1
    with pytest.raises(LlmFailure):
        c.conversation.chat(KEY, "I coughed and my chest feels tight")
    retry = c.conversation.chat(KEY, "I coughed and my chest feels tight")
    assert retry["status"] == "completed" and not retry["deduplicated"]


def test_concurrent_audio_duplicates_process_once(
    openai_settings: Settings, openai_stub: OpenAIStub, clock: ManualClock, make_container: Any
) -> None:
    c = make_container(openai_settings)
    release = threading.Event()
    entered = threading.Event()

    def slow_reply(request: dict[str, Any]) -> str:
        entered.set()
        release.wait(10)
        return "one reply for this voice message"

    openai_stub.state.reply = slow_reply
    results: list[dict[str, Any]] = []

    def send() -> None:
        results.append(c.conversation.chat(KEY, "voice: my breathing is worse", audio_id="audio-1"))

    holder = threading.Thread(target=send)
    holder.start()
    assert entered.wait(10)
    duplicate = c.conversation.chat(KEY, "voice: my breathing is worse", audio_id="audio-1")
    assert duplicate["status"] == "processing"
    release.set()
    holder.join()
    assert results[0]["status"] == "completed"
    cached = c.conversation.chat(KEY, "voice: my breathing is worse", audio_id="audio-1")
    assert cached["status"] == "completed" and cached["deduplicated"] and cached["reply"] == results[0]["reply"]
    assert len(_chat_calls(openai_stub)) == 1


def test_crashed_audio_holder_lock_expires_by_clock(
    settings: Settings, clock: ManualClock, make_container: Any
) -> None:
    c = make_container(settings)
    # A holder takes the lock and dies without completing or releasing it.
    claim = c.conversation.idempotency.claim(
        KEY.owner, "audio", "a-audio-9", "dead-holder", settings.audio_lock_ttl_s, clock.now()
    )
    assert claim.state == "acquired"
    blocked = c.conversation.chat(KEY, "voice: hello again", audio_id="audio-9")
    assert blocked["status"] == "processing"
    clock.advance(settings.audio_lock_ttl_s - 1)
    assert c.conversation.chat(KEY, "voice: hello again", audio_id="audio-9")["status"] == "processing"
    clock.advance(2)  # the 180 s lock has expired: the retry runs
    done = c.conversation.chat(KEY, "voice: hello again", audio_id="audio-9")
    assert done["status"] == "completed" and not done["deduplicated"]
    # the cached result lives 24 h, then the audio id may be processed again
    clock.advance(settings.audio_result_ttl_s - 10)
    assert c.conversation.chat(KEY, "voice: hello again", audio_id="audio-9")["deduplicated"]
    clock.advance(20)
    assert not c.conversation.chat(KEY, "voice: hello again", audio_id="audio-9")["deduplicated"]
