"""G1 (issue 28, item 6): what the gate skips without being told each phrase, and the people it
does not skip. A bare reaction strung from any reaction words, quoted words asked about, a work
recommended, an ingredient's measure or a market's price need no memory; a question about someone
the user knows, asked by their name, does."""

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


@pytest.mark.parametrize("text", ["哈" * 200 + "我頭痛", "えー" * 6 + "x", "ねよなかっ" * 2 + "頭", "lol " * 30])
def test_a_long_string_of_laughter_is_decided_at_once(text: str) -> None:
    started = time.perf_counter()
    is_reaction_only(text)
    assert time.perf_counter() - started < 0.05  # bounded: a length cap, runs cut to three


@pytest.mark.parametrize(
    "text",
    [
        "幫我把「我愛你」翻成日文",
        "「お疲れ様です」を英語にして",
        "what does 'I miss you' mean in French?",
        "'보고 싶어' 영어로 뭐야?",
    ],
)
def test_words_quoted_to_be_translated_are_not_the_users_news(text: str) -> None:
    assert decide_locally(text).decision is GateDecision.SKIP


def test_a_quote_the_user_reports_still_counts() -> None:
    assert without_quoted_words("my doctor said 'take two puffs'") == "my doctor said 'take two puffs'"
    assert decide_locally("醫生說「我的藥要減半」").decision is GateDecision.USE


@pytest.mark.parametrize(
    "text",
    [
        "When is Hannah's birthday?",
        "How old is Leo?",
        "What is Caroline's relationship status?",
        "Where does Jess work now?",
        "佩琪在哪裡工作？",
        "阿凱在什麼公司上班？",
    ],
)
def test_a_question_about_someone_named_uses_memory(text: str) -> None:
    assert decide_locally(text).decision is GateDecision.USE


@pytest.mark.parametrize(
    "text",
    ["What is France's national dish?", "Who was Napoleon?", "台北101在哪裡？", "What is the capital of Peru?"],
)
def test_a_place_or_a_famous_name_asked_alone_stays_general_knowledge(text: str) -> None:
    assert decide_locally(text).decision is GateDecision.SKIP


@pytest.mark.parametrize(
    "text",
    [
        "推薦一部經典老電影",
        "泣ける映画おすすめある？",
        "요즘 볼만한 공포영화 추천해줘",
        "can you summarize the plot of Hamlet",
        "recommend a good thriller",
        "라면 물 몇 ml 넣어?",
        "1달러 환율 대충 얼마야?",
        "美金匯率多少？",
        "how many grams of flour in a cup?",
    ],
)
def test_a_work_recommended_a_measure_or_a_price_skips(text: str) -> None:
    assert decide_locally(text).decision is GateDecision.SKIP


@pytest.mark.parametrize(
    "text",
    [
        "推薦一個適合膝蓋不好的運動",
        "私に合う枕おすすめある？",
        "요즘 잠을 못 자",
        "recommend a movie my kids would like",
    ],
)
def test_a_recommendation_for_the_users_own_need_uses_memory(text: str) -> None:
    assert decide_locally(text).decision is GateDecision.USE


@pytest.mark.parametrize(
    "text",
    [
        "what does my best friend do for work?",
        "what's the bestie's new job?",
        "閨蜜現在住哪？",
        "小琪念的是什麼科系？",
        "親友の誕生日はいつ？",
        "베프 직업이 뭐야?",
        "제일 감명 깊게 본 드라마는?",
    ],
)
def test_a_question_about_a_friend_or_what_one_went_through_uses_memory(text: str) -> None:
    assert decide_locally(text).decision is GateDecision.USE


@pytest.mark.parametrize("text", ["친구 사귀는 법 알려줘", "這個字念什麼？", "세계에서 제일 높은 산은?"])
def test_the_same_words_of_the_world_stay_general(text: str) -> None:
    assert decide_locally(text).decision is GateDecision.SKIP
