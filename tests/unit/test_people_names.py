"""L3 (issue 28, item 3): the name the user gave a relation, read where each language puts it, and a
question asked with it."""

from __future__ import annotations

import pytest

from engram.language.answer_slots import relation_of
from engram.language.people_names import names_after, relation_words, with_names


@pytest.mark.parametrize(
    ("text", "relation", "names"),
    [
        ("User's wife Hannah and User has been together since college", "wife", ["Hannah"]),
        ("my younger brother Tyler lives in Austin", "brother", ["Tyler"]),
        ("男朋友阿凱是軟體工程師，我們交往四年了", "partner", ["阿凱"]),
        ("我表妹小琪在台大讀醫學系", "sister", ["小琪"]),
        ("最好的朋友是佩琪，國中同學", "friend", ["佩琪"]),
        ("娘のひなは4歳、毎日元気すぎて疲れる笑", "daughter", ["ひな"]),
        ("언니 수진이는 캐나다 밴쿠버 살아", "sister", ["수진"]),
        ("제일 친한 친구 혜린이는 부산에서 선생님 해", "friend", ["혜린"]),
        # no name after the relation: a verb, a trade, a time word, "and"
        ("我媽是國中數學老師，今年56歲", "mother", []),
        ("我老公是工程師，每天加班", "husband", []),
        ("엄마 요즘 아파", "mother", []),
        ("my wife and I went out", "wife", []),
        ("my sister Paris is visiting", "sister", []),  # a place is no name here
        # what is said of the relation, someone else's relation (an independent review found these read as names)
        ("我老婆工作很忙", "wife", []),
        ("我老公加班到很晚", "husband", []),
        ("我媽媽今天去醫院", "mother", []),
        ("夫の仕事が忙しい", "husband", []),
        ("남편 회사가 멀어", "husband", []),
        ("엄마 집에 갔어", "mother", []),
        ("I told my wife Monday was rough", "wife", []),
        ("my wife ADHD is worse", "wife", []),
        ("my ex-wife Laura called", "wife", []),
        ("her husband Mark is a chef", "husband", []),
        ("my boss's wife Carol", "wife", []),
    ],
)
def test_the_name_said_after_a_relation(text: str, relation: str, names: list[str]) -> None:
    assert names_after(text, relation) == names


def test_every_language_names_a_relation() -> None:
    assert {"wife", "老婆", "妻", "아내"} <= set(relation_words("wife"))
    assert relation_of("另一半") == "partner" and "另一半" in relation_words("partner")  # a partner, by any name


@pytest.mark.parametrize(
    ("question", "relation", "name", "said", "instead"),
    [
        (
            "when is my wife's birthday?",
            "wife",
            "Hannah",
            "when is my wife Hannah's birthday?",
            "when is my Hannah's birthday?",
        ),
        ("男友慶生訂哪間餐廳？", "partner", "阿凱", "男友 阿凱 慶生訂哪間餐廳？", " 阿凱 慶生訂哪間餐廳？"),
    ],
)
def test_a_question_asked_with_the_name(question: str, relation: str, name: str, said: str, instead: str) -> None:
    assert with_names(question, relation_words(relation), [name]) == said
    assert with_names(question, relation_words(relation), [name], instead=True) == instead
    assert with_names(question, relation_words(relation), []) == question
