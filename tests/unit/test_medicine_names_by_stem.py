"""L2 (issue 28, item 5): a medicine named by its international name is keyed though no rule lists
it. The WHO's INN stems end the name in every script the four languages write it in; everyday
words that end the same way are not medicines."""

from __future__ import annotations

import pytest

from engram.language.drug_names import names_a_medicine
from engram.memory.extraction import HeuristicExtractor


def _keys(text: str) -> list[str | None]:
    return [f.subject_key for f in HeuristicExtractor().extract(text, "", [])]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("day 10 on escitalopram, feeling a bit better", "medication:escitalopram"),
        ("my doc started me on rosuvastatin last month", "medication:rosuvastatin"),
        ("ロスバスタチン飲み始めた", "medication:ロスバスタチン"),
        ("エスシタロプラムを処方されました", "medication:エスシタロプラム"),
        ("졸피뎀 처방받아 먹는 중", "medication:졸피뎀"),
        ("에스시탈로프람 먹기 시작했어", "medication:에스시탈로프람"),
        ("醫生開了阿托伐他汀給我", "medication:阿托伐他汀"),
        ("最近改吃艾司西酞普蘭", "medication:艾司西酞普蘭"),
        ("에스시탈로프람을 먹기 시작했어", "medication:에스시탈로프람"),  # a particle after the name
        ("로수바스타틴을 먹고 있어", "medication:로수바스타틴"),
    ],
)
def test_a_medicine_named_by_its_stem_is_keyed(text: str, key: str) -> None:
    assert key in _keys(text)


@pytest.mark.parametrize(
    "text",
    [
        "先生にアムロジピンからオルメテックに変えられた",  # the one switched from is not the one taken
        "アムロジピンからロスバスタチンに変わった",
    ],
)
def test_the_medicine_switched_from_is_not_the_one_keyed(text: str) -> None:
    assert "medication:アムロジピン" not in _keys(text)


@pytest.mark.parametrize(
    "text",
    [
        "April is my favourite month",
        "I can't control my cholesterol",
        "コントロールが難しい",
        "コレステロールが高い",
        "콜레스테롤 수치가 높아",
        "고등어자반 먹었어",
        "我看到了地平線",
        "that's a great concept",
        "我用公司特約的健身房",
        "我最近用微信加群聊天",
        "ヘアピンを使って前髪をとめてる",
        "最近エイプリルを使ってる",
        "피라미드 모양 블록",
    ],
)
def test_a_word_that_only_ends_like_one_is_no_medicine(text: str) -> None:
    assert not names_a_medicine(text)
