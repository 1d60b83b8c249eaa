"""S6 session end with M4: retries with back-off on the injected clock, raw fallback."""

from __future__ import annotations

import json
from typing import Any

from engram.adapters.dynamodb.memory_store import DynamoMemoryRepository
from engram.conversation.models import SessionStatus
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.settings import Settings
from engram.wiring.crypto import bound_models_for
from tests.support.openai_stub import OpenAIStub

KEY = SessionKey("t1", "carol", "coach", "s1")


def _record(c: Any, n: int) -> None:
    for i in range(n):
        c.conversation.record_turn(KEY, f"I walked {i + 1} km today and felt fine", f"Great job #{i}", f"k{i}")


def test_summary_model_failing_three_times_stores_raw_fallback(
    openai_settings: Settings, openai_stub: OpenAIStub, clock: ManualClock, make_container: Any
) -> None:
    c = make_container(openai_settings)
    _record(c, 4)
    openai_stub.state.fail_next = 3
    calls_before = len(openai_stub.state.calls())
    ended = c.conversation.end_session(KEY)
    summary, memory_id = ended.summary, ended.memory_id
    assert memory_id is not None
    assert len(openai_stub.state.calls()) - calls_before == 3  # M4: three attempts in total
    assert clock.slept == [1.0, 2.0]  # exponential back-off, on the clock
    assert summary.fallback and summary.warning == "LLM_SUMMARY_FAILED"
    assert summary.summary.startswith("user: I walked 1 km today")
    assert len(summary.summary) <= openai_settings.fallback_summary_chars
    meta = c.conversation.store.get_meta(KEY, clock.now())
    assert meta is not None and meta.status == SessionStatus.ENDED
    stored = DynamoMemoryRepository(bound_models_for(openai_settings)).get("t1", "carol", memory_id)
    assert stored is not None and stored.content == summary.summary and stored.importance == 0.5


def test_session_summary_from_the_model(
    openai_settings: Settings, openai_stub: OpenAIStub, clock: ManualClock, make_container: Any
) -> None:
    def reply(request: dict[str, Any]) -> str:
        if request.get("response_format"):
            return json.dumps(
                {"summary": "Carol walks daily.", "topics": ["walking"], "emotion": "joy", "importance": 7}
            )
        return "ok"

    openai_stub.state.reply = reply
    c = make_container(openai_settings)
    _record(c, 3)
    ended = c.conversation.end_session(KEY)
    summary, memory_id = ended.summary, ended.memory_id
    assert memory_id is not None
    assert (summary.summary, summary.emotion, summary.importance, summary.fallback) == (
        "Carol walks daily.",
        "joy",
        7,
        False,
    )
    stored = DynamoMemoryRepository(bound_models_for(openai_settings)).get("t1", "carol", memory_id)
    assert stored is not None and stored.importance == 0.7 and stored.topics == ["walking"] and stored.emotion == "joy"
    # ending twice answers with the first result: no second model call, still one memory
    calls = len(openai_stub.state.calls())
    again = c.conversation.end_session(KEY)
    assert again.already_ended and again.memory_id == memory_id and again.summary == summary
    assert len(openai_stub.state.calls()) == calls
    sessions = [r for r in c.memories.list("t1", "carol", statuses=None) if r.memory_id.startswith("ses-")]
    assert [r.memory_id for r in sessions] == [memory_id]


def test_local_session_summary_keeps_the_users_language(
    settings: Settings, clock: ManualClock, make_container: Any
) -> None:
    c = make_container(settings)
    c.conversation.record_turn(KEY, "我昨天晚上咳嗽很厲害，血氧掉到92。", "請多休息。", "z1")
    c.conversation.record_turn(KEY, "今天早上吃藥以後比較好了。", "太好了。", "z2")
    summary = c.conversation.end_session(KEY).summary
    assert summary.model == "local-heuristic"
    assert "咳嗽" in summary.summary  # stored in Chinese, not translated
    assert 1 <= summary.importance <= 10 and summary.emotion in {"joy", "sadness", "stress", "calm", "excitement"}
