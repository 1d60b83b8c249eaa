"""A round whose user text only asks something is history, not a fact (issue 28, item 2).

It stays stored, but it never enters the memory block as the answer to a later question, and
the local responder (no key) quotes statements only, framed in the user's language, in all four
languages and for a user who speaks several languages across sessions."""

from __future__ import annotations

from typing import Any

import pytest

from engram.adapters.local_models.responder import LocalResponder
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.language.gate_words import asks_only
from engram.language.packs import BY_CODE
from engram.wiring import Container
from tests.support.indexing import sync_index

pytestmark = pytest.mark.integration

DAY = 86_400

# (language, an earlier question, a later statement answering it, the later question, the answer)
CASES = [
    ("en", "What's my dog's name?", "My dog is called Biscuit.", "Do you know what my dog is called?", "Biscuit"),
    ("zh", "我的狗叫什麼名字？", "我的狗叫小白。", "你知道我的狗叫什麼嗎？", "小白"),
    ("ja", "うちの犬の名前は何？", "うちの犬の名前はモカです。", "うちの犬の名前、何だっけ？", "モカ"),
    ("ko", "우리 강아지 이름이 뭐야?", "우리 강아지 이름은 초코예요.", "우리 강아지 이름이 뭐였지?", "초코"),
]


def _memory_lines(ctx: Any) -> list[str]:
    system = ctx.messages[0]["content"]
    if "Relevant memories:" not in system:
        return []
    block = system.split("Relevant memories:", 1)[1]
    return [line[2:] for line in block.splitlines() if line.startswith("- ")]


def _session(user: str, n: int) -> SessionKey:
    return SessionKey("t1", user, "buddy", f"s{n}")


def _say(c: Container, clock: ManualClock, user: str, texts: list[str]) -> None:
    """Each text in its own session, a day apart: only long-term memory carries it over."""
    for n, text in enumerate(texts, start=1):
        c.conversation.chat(_session(user, n), text)
        clock.advance(DAY)
    sync_index(c, _session(user, 1).owner)


@pytest.mark.parametrize(("language", "asked", "stated", "asked_again", "answer"), CASES)
def test_an_earlier_question_is_no_answer_to_a_later_one(
    container: Container, clock: ManualClock, language: str, asked: str, stated: str, asked_again: str, answer: str
) -> None:
    user = f"asker-{language}"
    _say(container, clock, user, [asked, stated])
    owner = _session(user, 1).owner
    rounds = container.retriever.search(owner, asked, persona_id="buddy", namespaces=("round",))
    assert asked in [m.doc.text.split("\n")[0] for m in rounds]  # the question is kept for the history

    ctx, _, _ = container.conversation.context(_session(user, 9), asked_again)
    lines = _memory_lines(ctx)
    assert not any(asks_only(line) for line in lines), lines
    assert any(answer in line for line in lines), lines

    reply = container.conversation.chat(_session(user, 9), asked_again)["reply"]
    assert answer in reply and asked not in reply, reply


def test_a_user_who_mixes_languages_gets_statements_not_their_own_questions(
    container: Container, clock: ManualClock
) -> None:
    """The failure from the field: a Korean question answered with the user's earlier English
    question, a Chinese question with an earlier Japanese one."""
    user = "mixer"
    _say(
        container,
        clock,
        user,
        ["What's my dog's name?", "うちの猫の名前は何？", "우리 강아지 이름은 초코예요.", "我的貓叫咪咪。"],
    )
    for n, question in ((7, "우리 강아지 이름이 뭐였지?"), (7, "我的貓叫什麼名字？")):
        ctx, _, _ = container.conversation.context(_session(user, n), question)
        assert not any(asks_only(line) for line in _memory_lines(ctx)), _memory_lines(ctx)
    korean = container.conversation.chat(_session(user, 8), "우리 강아지 이름이 뭐였지?")["reply"]
    assert "초코" in korean and "What's my dog's name" not in korean, korean
    assert korean.startswith(BY_CODE["ko"].replies.from_memory.split("{")[0]), korean
    chinese = container.conversation.chat(_session(user, 9), "我的貓叫什麼名字？")["reply"]
    assert "咪咪" in chinese and "うちの猫" not in chinese, chinese


def _system(memories: list[str]) -> list[dict[str, str]]:
    block = "Relevant memories:\n" + "".join(f"- {m}\n" for m in memories)
    return [{"role": "system", "content": "policy\n\n" + block}]


@pytest.mark.parametrize(
    ("language", "statement", "memory"),
    [
        ("en", "Went to the park today.", "My dog is called Biscuit."),
        ("zh", "今天去了公園。", "我的狗叫小白。"),
        ("ja", "今日は公園に行きました。", "うちの犬の名前はモカです。"),
        ("ko", "오늘 공원에 갔어요.", "우리 강아지 이름은 초코예요."),
    ],
)
def test_the_local_reply_to_a_statement_speaks_the_users_language(language: str, statement: str, memory: str) -> None:
    replies = BY_CODE[language].replies
    messages = [
        *_system([memory, "What's my dog's name?"]),
        {"role": "user", "content": "earlier"},
        {"role": "assistant", "content": "…"},
        {"role": "user", "content": statement},
    ]
    text = LocalResponder().reply(messages).text
    assert text.startswith(replies.you_said.format(text=statement)), text
    assert replies.i_remember.format(facts=memory) in text, text
    assert replies.earlier_rounds.format(count=1) in text, text
    assert "What's my dog's name?" not in text
    if language != "en":
        assert "You said" not in text and "I remember" not in text and "earlier rounds" not in text, text


def test_a_question_answered_from_a_block_of_questions_only_says_nothing_is_remembered() -> None:
    block = _system(["What's my dog's name?", "我的狗叫什麼名字？"])
    messages = [*block, {"role": "user", "content": "우리 개 이름이 뭐야?"}]
    assert LocalResponder().reply(messages).text == BY_CODE["ko"].replies.nothing_remembered


def test_with_no_statement_to_quote_a_mixed_language_user_hears_that_nothing_is_remembered(
    container: Container, clock: ManualClock
) -> None:
    user = "mixer-unanswered"
    _say(container, clock, user, ["What's my dog's name?", "うちの猫の名前は何？"])
    korean = container.conversation.chat(_session(user, 8), "우리 강아지 이름이 뭐였지?")["reply"]
    assert korean == BY_CODE["ko"].replies.nothing_remembered, korean
    chinese = container.conversation.chat(_session(user, 9), "我的貓叫什麼名字？")["reply"]
    assert chinese == BY_CODE["zh"].replies.nothing_remembered, chinese


@pytest.mark.parametrize(
    ("told_and_asked", "later", "answer"),
    [
        ("家樓下新開了一間咖啡店，要不要去試試看？", "我家樓下開了什麼店？", "咖啡店"),
        ("近所に新しいパン屋ができたんだけど、行ってみるべき？", "近所に何のお店ができたんだっけ？", "パン屋"),
        ("집 앞에 새 빵집이 생겼어, 가 볼까?", "집 앞에 무슨 가게가 생겼지?", "빵집"),
    ],
)
def test_a_round_that_tells_then_asks_is_a_statement(
    container: Container, clock: ManualClock, told_and_asked: str, later: str, answer: str
) -> None:
    """The speaker unnamed, as Chinese, Japanese and Korean say it: a new shop nearby, then a question."""
    user = f"tells-{answer}"
    _say(container, clock, user, [told_and_asked])
    ctx, _, _ = container.conversation.context(_session(user, 5), later)
    assert any(answer in line for line in _memory_lines(ctx)), _memory_lines(ctx)
