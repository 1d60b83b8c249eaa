"""S6 bridge (DynamoDB Local, injected clock): a user who comes back after the idle timeout gets
the old run's session memory in their first prompt, whichever path closed the run — their own
message (the usual case: the idle job runs every 5 minutes) or the idle job — in every language."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.settings import Settings
from engram.wiring import Container

KEY = SessionKey("t1", "noa", "friend", "s1")
CONVERSATIONS = {
    "en": (
        "My dog Biscuit has a limp since Monday.",
        "The vet said Biscuit should rest for two weeks.",
        "Hello again!",
    ),
    "zh-TW": ("我的狗餅乾從星期一開始跛腳。", "獸醫說餅乾要休息兩個星期。", "我回來了！"),
    "ja": (
        "うちの犬のビスケットが月曜日から足を引きずっています。",
        "獣医はビスケットを二週間休ませるように言いました。",
        "ただいま！",
    ),
    "ko": ("우리 개 비스킷이 월요일부터 다리를 절어요.", "수의사가 비스킷은 2주 동안 쉬어야 한대요.", "다시 왔어요!"),
}


class Prompts:
    """The responder, recording every prompt it is given."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.seen: list[str] = []

    def reply(self, messages: Sequence[dict[str, str]]) -> Any:
        self.seen.append("\n".join(m["content"] for m in messages))
        return self.inner.reply(messages)


@pytest.mark.parametrize("closed_by", ["returning_message", "idle_job"])
@pytest.mark.parametrize("language", list(CONVERSATIONS))
def test_a_returning_users_first_prompt_holds_the_old_runs_session_memory(
    language: str,
    closed_by: str,
    settings: Settings,
    clock: ManualClock,
    make_container: Callable[..., Container],
) -> None:
    c = make_container(settings, long_term=True)
    prompts = Prompts(c.conversation.responder)
    c.conversation.responder = prompts
    *said, greeting = CONVERSATIONS[language]
    for text in said:
        clock.advance(5)
        c.conversation.chat(KEY, text)
    clock.advance(c.settings.session_idle_timeout_s + 60)  # back after the idle timeout ...
    if closed_by == "idle_job":
        assert c.closer.sweep_idle()["closed"] == 1  # ... the idle job came first
    back = c.conversation.chat(KEY, greeting)  # ... or this message finds the run idle
    assert back["turn"] == 1  # a new run
    sessions = [r for r in c.memories.list("t1", "noa", statuses=None) if r.memory_id.startswith("ses-")]
    assert len(sessions) == 1 and sessions[0].content  # one session memory, made once
    memory = sessions[0]
    assert memory.memory_id in back["memory_ids"]
    assert memory.content in prompts.seen[-1]  # the first returning prompt holds it


@pytest.mark.parametrize("language", list(CONVERSATIONS))
def test_the_bridge_holds_when_the_idle_job_races_the_returning_message(
    language: str, settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    c = make_container(settings, long_term=True)
    prompts = Prompts(c.conversation.responder)
    c.conversation.responder = prompts
    *said, greeting = CONVERSATIONS[language]
    for text in said:
        clock.advance(5)
        c.conversation.chat(KEY, text)
    clock.advance(c.settings.session_idle_timeout_s + 60)
    start = threading.Barrier(2)
    answers: list[dict[str, Any]] = []
    errors: list[BaseException] = []

    def run(step: Callable[[], Any]) -> None:
        start.wait()
        try:
            out = step()
            if isinstance(out, dict) and "reply" in out:
                answers.append(out)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [
        threading.Thread(target=run, args=(c.closer.sweep_idle,)),
        threading.Thread(target=run, args=(lambda: c.conversation.chat(KEY, greeting),)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == [] and len(answers) == 1
    sessions = [r for r in c.memories.list("t1", "noa", statuses=None) if r.memory_id.startswith("ses-")]
    assert len(sessions) == 1  # whoever closed the run, it left one memory
    assert sessions[0].memory_id in answers[0]["memory_ids"] and sessions[0].content in prompts.seen[-1]
