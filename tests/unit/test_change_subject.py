"""A change said of someone else ("兒子阿凱最近瘋恐龍", 旦那の健太が最近料理にハマって) is theirs: it
replaces none of the user's statements at read time (memory/retrieval.py `_displaced`'s changes)."""

from __future__ import annotations

import pytest

from engram.language.answer_slots import opens_with_someone_else


@pytest.mark.parametrize(
    "text",
    [
        "兒子阿凱最近瘋恐龍，整天在家吼來吼去",
        "我老公換工作了",
        "旦那の健太が最近料理にハマってて",
        "インコのピー助がまた新しい言葉覚えた！",
        "My son started college this fall",
        "우리 강아지가 요즘 밥을 안 먹어",
        "남편이 이직했어",
        # how close they are said first: still someone else
        "제일 친한 친구 수빈이가 제주도로 이사감ㅠㅠ",
        "my best friend Tom moved to Denver",
        "我最好的朋友小安搬去台南了",
        "一番仲いい友達のゆかが大阪に引っ越した",
    ],
)
def test_someone_else_is_the_subject(text: str) -> None:
    assert opens_with_someone_else(text)


@pytest.mark.parametrize(
    "text",
    [
        "我跟男朋友分手了",  # the user's change, the boyfriend only named
        "我在醫院當藥師",
        "最近アレグラ飲み始めた",
        "I moved in with my girlfriend",
        "Marcus and I called it quits, I'm seeing Theo now",
        "요즘 피아노 배워요",
        "先生に薬を変えられて、今はロキソニンを飲んでいます",  # 先生: the doctor, in Japanese
        "They switched my blood pressure pill to amlodipine now",
        "Cat allergy got worse so now I take Zyrtec daily",
        "형편이 어려워져서 이제 편의점에서 일해요",
        "제일 친한 동네 카페가 문 닫음",  # a cafe, no one
    ],
)
def test_the_user_is_the_subject(text: str) -> None:
    assert not opens_with_someone_else(text)
