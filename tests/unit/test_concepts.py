"""Query expansion by concept group: a paraphrase reaches the words the memory used."""

from __future__ import annotations

from engram.language.concepts import related_terms


def test_a_question_about_the_spouse_looks_for_husband_and_wife() -> None:
    terms = related_terms("배우자는 언제 돌아가셨어?")
    assert {"남편", "아내"} <= set(terms) and "사망" in terms
    assert "husband" not in terms  # the question's language only


def test_a_breed_is_a_dog() -> None:
    assert "진돗개" in related_terms("우리 집 강아지는 어떤 품종이야?")
    assert "娘" in related_terms("私の子どもが暮らしている街はどこ？")


def test_english_words_match_whole_words_only_and_unrelated_text_adds_nothing() -> None:
    assert related_terms("What's the weather in Paris?") == []
    assert "husband" not in related_terms("I watched a catwalk show")  # "cat" inside a word is not a cat
    assert "kitten" not in related_terms("I watched a catwalk show")
    assert related_terms("大丈夫です") == []  # 大丈夫 ("all right") does not name a spouse
