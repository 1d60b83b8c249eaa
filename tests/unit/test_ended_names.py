"""A pet or partner said to be gone (memory/ended_names.py): what was said of them before leaves a
prompt about the present; relatives, the statement of the end and its turn stay."""

from __future__ import annotations

import pytest

from engram.language.answer_slots import ended_names, ended_things
from engram.memory.ended_names import endings_followed, outdated_by_ending, outdated_by_things_ended
from engram.memory.models import IndexDocument


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Rocky passed in March, miss him every day", ("Rocky",)),
        ("we rehomed Bear with my brother because of my allergies", ("Bear",)),
        ("We lost Max to cancer in June", ("Max",)),
        ("Marcus and I called it quits last month", ("Marcus",)),
        ("me and Tamsin called it quits last month", ("Tamsin",)),
        ("Jake dumped me lol", ("Jake",)),
        ("finally broke up w Dylan", ("Dylan",)),
        ("小傑跟我分手了", ("小傑",)),
        ("我跟男友阿哲分了", ("阿哲",)),
        ("我們家的小白上個月走了", ("小白",)),
        ("跟小傑分手後，現在在跟阿翔交往", ("小傑",)),
        ("ポチが亡くなって一年", ("ポチ",)),
        ("翔太とは別れて、今は先輩と付き合ってる", ("翔太",)),
        ("콩이 보내고 한동안 힘들었어", ("콩이",)),
        ("지은이랑은 헤어졌어", ("지은",)),
        ("콩이를 보내고 많이 울었어", ("콩이",)),
        ("콩이가 무지개다리를 건넜어요", ("콩이",)),
        # with the day said between the name and the end
        ("ミケが先週虹の橋を渡っちゃった…", ("ミケ",)),
        ("コタロウが去年の冬に亡くなって", ("コタロウ",)),
        ("두부 지난달에 무지개다리 건넜어…", ("두부",)),
        ("보리가 작년 겨울에 하늘나라 갔어", ("보리",)),
        # a time said after "passed"; a name in hiragana with its particle
        ("Biscuit passed a few weeks ago 😢", ("Biscuit",)),
        ("Rocky passed yesterday, still numb", ("Rocky",)),
        ("もちが天国に行っちゃって…", ("もち",)),
        ("こむぎは先月亡くなって", ("こむぎ",)),
    ],
)
def test_a_name_said_to_be_gone(text: str, names: tuple[str, ...]) -> None:
    assert ended_names(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "Bill passed the exam",  # passed, not passed away
        "Lily passed!",
        "Emma passed on the job offer",
        "We got lost in Boston last night",
        "The Sox lost to Seattle",
        "太晚了，我們走了",
        "公車走了",
        "今日は死んだように寝た",  # a figure of speech
        "スマホが死んだ",
        "期末テスト、マジ死んだ",
        "가족과 시간을 보내고 있어요",  # spend, not send away
        "아들을 학교에 보냈어요",
        "Mom passed away last year",  # a relative: family history stays
        "阿公過世了",
        "오늘 친구 보내고 왔어",
        "I lost my keys",
        "I and Sam split the bill",
        "My boss Jake left me a note",
        "me and Jess split up the chores",
        "和小明分了一塊蛋糕",
        "我和他分手了",  # no name
        "我家的狗狗走了",  # no name: nothing to match
        "우리 집 햄스터 콩이가 밤새 쳇바퀴 돌려요",
        "Biscuit passed the vet check today",
        "Max passed his driving test two weeks ago",
        "それが天国に行く話",  # a pronoun, not a name
        "My girlfriend Anna passed yesterday's driving test!",
        "Emma passed this year's bar exam",
        "きのうは天国にいるみたいだった、温泉最高",  # a day, not a name
        "ばあちゃんが亡くなって",  # a relative
        "おじいちゃんが亡くなって",
    ],
)
def test_no_name_gone(text: str) -> None:
    assert ended_names(text) == ()


def _doc(doc_id: str, text: str, day: float, turn: str | None = None) -> IndexDocument:
    return IndexDocument(
        doc_id, "t", "u", "p", "memory", "fact", "active", text, None, 0.5, day * 86400, day * 86400,
        source_ids=[turn or doc_id],
    )  # fmt: skip


def test_what_was_said_of_the_pet_before_goes() -> None:
    vet = _doc("vet", "Taking Rocky to the vet for his shots", 1)
    rocky = _doc("rocky", "Rocky finished the marathon in four hours", 1.5)  # not said as a pet: stays
    rocks = _doc("rocks", "Rockyville is a fun name for a town", 2)  # another word: stays
    end = _doc("end", "Rocky passed in March. We adopted a greyhound named Juno", 30, turn="t")
    fact = _doc("fact", "User adopted a greyhound named Juno; Rocky passed in March", 30, turn="t")
    later = _doc("later", "Rocky's collar still hangs by the door", 40)  # said after the end: stays
    assert outdated_by_ending([vet, rocky, rocks, end, fact, later], lambda d: False) == {"vet"}


def test_a_guarded_fact_a_safety_fact_and_one_of_the_same_turn_stay() -> None:
    allergy = _doc("allergy", "our cat Mochi is allergic to chicken", 1)
    allergy.topics = ["health", "allergy"]
    assert outdated_by_ending([allergy, _doc("end", "Mochi passed away last week", 30)], lambda d: False) == set()
    pinned = _doc("pinned", "User's cat Mochi hates the car", 1)
    same = _doc("same", "Mochi loved the window", 30, turn="t")
    end = _doc("end", "Mochi passed away last week", 30, turn="t")
    assert outdated_by_ending([pinned, same, end], lambda d: d.doc_id == "pinned") == set()
    assert outdated_by_ending([pinned, same, end], lambda d: False) == {"pinned"}


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("traded in the corolla, got a 2021 mazda cx-5 today!!", ("corolla",)),
        ("kinda over knitting tbh, i took up pottery instead", ("knitting",)),
        ("把March賣掉了，換了一台RAV4油電", ("march",)),
        ("羽球先不打了，膝蓋受傷，改去上瑜伽課", ("羽球",)),
        ("フィット売って、ハリアーに乗り換えた！", ("フィット",)),
        ("ギターはやめて、今はカメラにハマってる", ("ギター",)),
        ("모닝 팔고 쏘렌토 샀어!!", ("모닝",)),
        ("뜨개질은 접고 요즘은 주말마다 낚시 다녀", ("뜨개질",)),
    ],
)
def test_a_thing_of_ones_own_said_to_be_over(text: str, things: tuple[str, ...]) -> None:
    assert ended_things(text) == things


@pytest.mark.parametrize(
    "text",
    [
        "quit work early today",  # a day's stop
        "今日は仕事やめて早く帰った",
        "my sister sold her car",  # someone else's
        "done with it lol",
        "會議取消了",
        "在便利商店上大夜班",
        "I'm over the moon",
        "sold out",
        "quit complaining",
        "cancelled my dentist appointment",
        "電話先不打了",
        "發燒退了",
        "タバコやめたい",  # a wish
        "冗談やめて",
        "회사 그만두고 싶다",
        "전화 끊었어",
        "우산 접고",
    ],
)
def test_nothing_of_ones_own_is_over(text: str) -> None:
    assert ended_things(text) == ()


def test_what_was_said_of_a_thing_before_it_was_over_goes() -> None:
    old = _doc("old", "my old corolla just hit 200k miles", 1)
    other = _doc("other", "the mechanic on 5th street is great", 2)  # names no corolla: stays
    end = _doc("end", "traded in the corolla, got a mazda cx-5 today", 30, turn="t")
    fact = _doc("fact", "User traded in the corolla", 30, turn="t")  # the same turn: stays
    later = _doc("later", "still miss the corolla's tape deck", 40)  # said after: stays
    assert outdated_by_things_ended([old, other, end, fact, later], lambda d: False) == {"old"}
    guarded = _doc("guarded", "corolla keys are in the drawer", 1)
    assert outdated_by_things_ended([guarded, end], lambda d: d.doc_id == "guarded") == set()


@pytest.mark.parametrize(
    ("before", "end"),
    [
        ("우리 집 말티즈 콩이가 벌써 열다섯 살이야", "콩이 지난달에 무지개다리 건넜어"),
        ("our maltese Coco turned 15 this spring", "Coco passed away last week"),
        ("うちのマルチーズのココが15歳になった", "ココが先週虹の橋を渡っちゃった"),
    ],
)
def test_a_pet_named_by_its_breed_is_a_pet_whose_end_outdates_it(before: str, end: str) -> None:
    docs = [_doc("before", before, 1), _doc("end", end, 30)]
    assert outdated_by_ending(docs, lambda d: False) == {"before"}


@pytest.mark.parametrize(
    ("later", "goes"),
    [
        ("we got a gecko named Ziggy this weekend", True),  # a new pet, said as new
        ("I still miss my dog so much", False),  # nothing new
        ("the vet sent a sympathy card", False),
        ("my girlfriend Amy says hi", False),  # a partner is no new pet
    ],
)
def test_an_end_leaves_a_present_block_only_beside_a_new_one_of_its_kind(later: str, goes: bool) -> None:
    end = _doc("end", "Peanut died last week, I buried him in the garden", 30)
    new = _doc("new", later, 30.01)
    assert endings_followed([end, new], lambda d: False) == ({"end"} if goes else set())


def test_an_end_asked_about_by_name_or_a_safety_fact_stays() -> None:
    end = _doc("end", "Peanut died last week", 30)
    new = _doc("new", "we adopted a kitten named Mochi", 31)
    assert endings_followed([end, new], lambda d: False, "how old was peanut?") == set()
    meds = _doc("meds", "Since Max died I've been on sertraline 50mg", 30)
    meds.topics = ["health", "medication"]
    assert endings_followed([meds, _doc("new", "we got a puppy named Bo", 31)], lambda d: False) == set()


def test_a_new_partner_ends_a_breakup_in_the_present() -> None:
    end = _doc("end", "Dan and I broke up in August", 30)
    new = _doc("new", "I've been seeing Marcus for a month, he's so sweet", 30.01)
    pet = _doc("pet", "we got a puppy named Bo", 30.02)
    assert endings_followed([end, pet], lambda d: False) == set()
    assert endings_followed([end, new], lambda d: False) == {"end"}
