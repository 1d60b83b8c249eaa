"""G1 (issue 28, item 6): what the gate skips without being told each phrase, and the people it
does not skip. A bare reaction strung from any reaction words needs no memory; a question about
someone the user knows, asked by their name or as a friend, does (requests of the world and of the
user's own: tests/unit/test_gate_heldout.py)."""

from __future__ import annotations

import time

import pytest

from engram.conversation.gate_rules import decide_locally
from engram.conversation.models import GateDecision
from engram.language.gate_words import is_reaction_only, without_quoted_words


@pytest.mark.parametrize(
    "text",
    [
        "wow that's crazy",
        "omg yes 😂",
        "no way!!",
        "yikes",
        "哇真假",
        "真的假的啦",
        "我的天",
        "すごっ",
        "まじか",
        "えーほんとに？",
        "헐 대박",
        "ㅋㅋㅋㅋㅋ 진짜?",
        "와우",
    ],
)
def test_a_bare_reaction_skips(text: str) -> None:
    result = decide_locally(text)
    assert result.decision is GateDecision.SKIP, result


@pytest.mark.parametrize(
    "text",
    ["wow my chest hurts", "哇我頭好痛", "すごい咳", "헐 나 아파", "omg my dog ate my inhaler", "真假，我被裁員了"],
)
def test_a_reaction_that_tells_something_is_no_reaction(text: str) -> None:
    assert not is_reaction_only(text)
    assert decide_locally(text).decision is GateDecision.USE


@pytest.mark.parametrize(
    "text",
    [
        "哈" * 200 + "我頭痛",
        "えー" * 6 + "x",
        "ねよなかっ" * 2 + "頭",
        "lol " * 30,
        # a review found these took seconds to minutes: words strung every way before failing
        "ㅋㅎ" * 14 + "x",
        "ㅋㅋㅋㅎㅎㅎㅋㅋㅋㅎㅎㅎㅋㅋㅋㅎㅎㅎㅋㅋ 뭐야",
        "ㅠㅜ" * 10 + " 왜",
        "~〜" * 10 + "x",
        "「" * 16000,
    ],
)
def test_a_long_string_of_laughter_is_decided_at_once(text: str) -> None:
    started = time.process_time()  # this process's CPU: a loaded machine does not count
    is_reaction_only(text)
    without_quoted_words(text)
    assert time.process_time() - started < 0.05  # bounded: whole words, a length cap, runs cut to three


def test_a_quote_the_user_reports_still_counts() -> None:
    assert without_quoted_words("my doctor said 'take two puffs'") == "my doctor said 'take two puffs'"
    assert decide_locally("醫生說「我的藥要減半」").decision is GateDecision.USE


_USE, _SKIP = GateDecision.USE, GateDecision.SKIP


@pytest.mark.parametrize(
    ("text", "decision"),
    [
        ("When is Hannah's birthday?", _USE),
        ("How old is Leo?", _USE),
        ("What is Caroline's relationship status?", _USE),
        ("Where does Jess work now?", _USE),
        ("佩琪在哪裡工作？", _USE),
        ("阿凱在什麼公司上班？", _USE),
        # a friend or the rest of one's people, what one went through
        ("what does my best friend do for work?", _USE),
        ("what's the bestie's new job?", _USE),
        ("閨蜜現在住哪？", _USE),
        ("小琪念的是什麼科系？", _USE),
        ("親友の誕生日はいつ？", _USE),
        ("베프 직업이 뭐야?", _USE),
        ("제일 감명 깊게 본 드라마는?", _USE),
        # a place or a famous name asked alone, the same words said of the world
        ("What is France's national dish?", _SKIP),
        ("What's the age of the universe?", _SKIP),
        ("이번 주가 시험이었나?", _USE),  # this week's, not a stock price
        ("Who was Napoleon?", _SKIP),
        ("台北101在哪裡？", _SKIP),
        ("What is the capital of Peru?", _SKIP),
        ("친구 사귀는 법 알려줘", _SKIP),
        ("세계에서 제일 높은 산은?", _SKIP),
    ],
)
def test_someone_the_user_knows_uses_memory_and_the_world_does_not(text: str, decision: GateDecision) -> None:
    assert decide_locally(text).decision is decision
