"""A turn that only gives a value up (memory/current_answer.gives_up_only), the things said over
(language/answer_slots.ended_things), and a question's slot placed by the embedder alone
(answer_slots.slot_placed)."""

from __future__ import annotations

import pytest

from engram.language.answer_slots import ended_things, slot_placed
from engram.memory.current_answer import gives_up_only


@pytest.mark.parametrize(
    ("said", "only"),
    [
        ("I quit ceramics, the studio got too pricey", True),
        ("so I'm not vegan anymore, it feels so strange", True),
        ("used to be obsessed with Radiohead, but not anymore", True),
        ("我已經不吃素了", True),
        ("瑜伽課已經不去了", True),
        ("ヨガはもうやめた", True),
        ("필라테스는 그만뒀어", True),
        # the new value said after the end
        ("I gave up tennis and now I play padel", False),
        ("I quit the law firm and I'm now working as a dental hygienist", False),
        ("テニスはやめて、今は料理教室に通ってる", False),
        ("수영은 그만두고 이제 필라테스 해", False),
        # no end at all
        ("now I'm doing kickboxing three nights a week", False),
        ("明天不去了", False),
    ],
)
def test_a_turn_that_only_gives_a_value_up(said: str, only: bool) -> None:
    assert gives_up_only(said) is only


@pytest.mark.parametrize(
    ("said", "things"),
    [
        ("I quit pottery, it got too expensive.", ("pottery",)),
        ("I gave up tennis", ("tennis",)),
        ("I quit early today", ()),
        ("I quit smoking last year", ()),
        ("我已經不吃素了", ("吃素",)),  # with its verb: 素 alone is in 維生素
        ("ヨガはもうやめた", ("ヨガ",)),
        # no longer done, said as such
        ("I stopped going to yoga", ("yoga",)),
        ("haven't played guitar in months", ("guitar",)),
        ("I don't really do crossfit these days", ("crossfit",)),
        ("not really into pottery anymore", ("pottery",)),
        ("我不玩吉他了", ("吉他",)),  # 吉他 holds 他, which is no one else
        ("好久沒去游泳了", ("游泳",)),
        ("我對咖啡沒興趣了", ("咖啡",)),
        ("ヨガはもう行ってない", ("ヨガ",)),
        ("もうコーヒーは飲まなくなった", ("コーヒー",)),
        ("기타는 이제 안 쳐", ("기타",)),
        ("요가 안 다닌 지 오래됐어", ("요가",)),
        # a day's stop, a meal missed, work: no end
        ("work got boring today", ()),
        ("好久沒吃火鍋了", ()),
        ("今週ジム行ってない", ()),
    ],
)
def test_what_a_turn_says_is_over(said: str, things: tuple[str, ...]) -> None:
    assert ended_things(said) == things


@pytest.mark.parametrize(
    ("question", "classes", "slot"),
    [
        ("What do I eat these days?", ("diet", "health"), "diet"),
        ("我現在空閒時都在做什麼？", ("hobby", "diet"), "hobby"),
        ("最近ハマってることって何？", ("likes", "partner"), "likes"),
        ("요즘 내가 빠져 있는 취미가 뭐지?", ("hobby", "likes"), "hobby"),
        # a statement, someone else's, several, or a class that is no slot
        ("I eat a lot of fish these days", ("diet", "health"), None),
        ("What does my son eat these days?", ("diet", "family"), None),
        ("What are all the bands I like?", ("likes", "hobby"), None),
        ("Which antidepressant am I taking?", ("health", "diet"), None),
    ],
)
def test_a_question_placed_in_a_slot(question: str, classes: tuple[str, ...], slot: str | None) -> None:
    assert slot_placed(question, classes) == slot
