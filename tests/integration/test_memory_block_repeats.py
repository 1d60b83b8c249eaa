"""A memory block without repeats (issue 28, item 7): one statement enters the prompt once, in
its best-ranked form, and what is unrelated stays out, in en / zh-TW / ja / ko.

A run in which the user said two things (their breathing, their cat) is closed by the idle job
(a thread memory and a session memory quoting both are made beside the rounds and the facts);
days later a question about the breathing gets a block holding the breathing statement once and
nothing about the cat."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram.conversation.context import MEMORIES_HEADING
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.language.analysis import analyze
from engram.settings import Settings
from engram.wiring import Container
from tests.support.indexing import sync_index

pytestmark = pytest.mark.integration

DAY = 86_400

CASES = {
    "zh": ("我最近早上起床時呼吸很喘", "我的貓今天吐了兩次", "我早上的呼吸狀況怎麼樣？", "呼吸很喘", "貓"),
    "en": (
        "I've been short of breath when I wake up lately.",
        "My cat threw up twice today.",
        "How has my breath been when I wake up?",
        "short of breath",
        "cat",
    ),
    "ja": ("最近、朝起きると息切れがする。", "うちの猫が今日二回吐いた。", "朝の息切れはどうだった？", "息切れ", "猫"),
    "ko": (
        "요즘 아침에 일어나면 숨이 차요.",
        "우리 고양이가 오늘 두 번 토했어요.",
        "아침에 숨이 차는 건 어땠지?",
        "숨이 차",
        "고양이",
    ),
}


def _lines(system: str) -> list[str]:
    if MEMORIES_HEADING not in system:
        return []
    block = system.split(MEMORIES_HEADING, 1)[1].split("\n\n", 1)[0]
    return [line[2:] for line in block.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("language", list(CASES))
def test_a_statement_enters_the_block_once_and_the_unrelated_stays_out(
    language: str, settings: Settings, clock: ManualClock, make_container: Callable[..., Container]
) -> None:
    breathing, cat, question, said, unrelated = CASES[language]
    c = make_container(settings, long_term=True)
    first = SessionKey("t1", f"breath-{language}", "nurse", "s1")
    for text in (breathing, cat):
        clock.advance(5)
        c.conversation.chat(first, text)
    clock.advance(c.settings.session_idle_timeout_s + 60)
    assert c.closer.sweep_idle()["closed"] == 1  # the run's thread and session memories are made
    clock.advance(2 * DAY)
    sync_index(c, first.owner)
    later = SessionKey("t1", f"breath-{language}", "nurse", "s2")
    c.conversation.chat(later, {"zh": "你好", "en": "Hi!", "ja": "こんにちは", "ko": "안녕하세요"}[language])
    clock.advance(60)
    sync_index(c, first.owner)

    ctx, _, _ = c.conversation.context(later, question)
    lines = _lines(ctx.messages[0]["content"])
    assert sum(said in line for line in lines) == 1, lines  # the statement, once
    assert not any(unrelated in line for line in lines), lines  # nothing about the cat
    words = [set(analyze(line)) for line in lines]
    for i, a in enumerate(words):  # no line holds most of another's words
        for j, b in enumerate(words):
            assert i == j or len(a & b) < 0.8 * len(b), (lines[i], lines[j])
