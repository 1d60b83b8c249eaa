"""A round that only asks is no answer to a later question (issue 28 item 2); a round that tells
something and then asks is a statement too — in Chinese, Japanese and Korean the speaker is rarely
named ("膝蓋跑步會痛，要看醫生嗎？" says the knee hurts)."""

from __future__ import annotations

import pytest

from engram.language.gate_words import asks_only


@pytest.mark.parametrize(
    "text",
    [
        "What's my dog's name?",
        "我的狗叫什麼名字？",
        "うちの犬の名前は何？",
        "우리 강아지 이름이 뭐야?",
        "對了，我的狗叫什麼？",  # a filler before the question tells nothing
        "請問一下，我下次回診是哪天？",
        "ところで、うちの犬の名前は？",
        "ちょっと聞きたいんだけど、うちの犬の名前は？",
        "그런데 우리 강아지 이름이 뭐였지?",
        "궁금한 게 있는데, 내 약 이름이 뭐였지?",
        "궁금한 게 있는데 내 약 이름이 뭐였지?",  # the lead-in joined by its connective, no comma
        "聞きたいんだけどうちの犬の名前は？",
        "何を着ていけばいいかわからない？",  # asked back with its question mark
    ],
)
def test_a_message_that_only_asks(text: str) -> None:
    assert asks_only(text)


@pytest.mark.parametrize(
    "text",
    [
        "I got a dog last week, what should I call him?",
        "lisinopril makes me cough so much, is that normal?",
        "膝蓋跑步會痛，要看醫生嗎？",
        "最近晚上一直咳嗽，這樣正常嗎？",
        "リシノプリルで咳がひどいんだけど、普通？",
        "昨日から熱が下がらない、病院行くべき？",
        "리시노프릴 먹으면 기침이 심해, 정상이야?",
        "어제부터 무릎이 아파, 병원 가야 할까?",
        # joined by a connective ending, no comma: the first half tells, whatever question word it holds
        "咳がひどいんだけど病院行くべき？",
        "요즘 허리가 아픈데 병원 가야 돼?",
        "와이프 서연이랑 신혼여행 어디 갈지 고민 중인데 발리 어때?",
        # no question at all, though a question word starts a word in it ("no matter what", "many times")
        "納豆だけはどうしても無理、においがダメ",
        "何度も言ったのに忘れてた",
        "誰も来なかった",
        "最近沒什麼胃口",  # a symptom, not a question: it had been dropped from every block
        "我咳了好幾天",
        "我幾乎每天都咳嗽",
        "我不怎麼喜歡吃辣",
        "我什麼都吃，就是不吃香菜",
        "我對任何東西都不過敏",
        "誰都不想見",
        "요즘 왜인지 기침이 심해",
        "어떻게든 버텨볼게",
        # a question word inside a statement of not knowing, with no question mark: the speaker's state
        "転職したばかりで誰に聞けばいいかわからん",
        "明日の面接に何を着ていくか迷ってる",
        "새 회사에서 누구랑 점심 먹을지 모르겠어",
    ],
)
def test_a_message_that_tells_then_asks(text: str) -> None:
    assert not asks_only(text)
