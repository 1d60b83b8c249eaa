"""Query expansion by concept group: a paraphrase reaches the words the memory used."""

from __future__ import annotations

import pytest

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


def test_a_question_naming_a_kind_looks_for_its_members_in_every_language() -> None:
    assert {"basil", "rosemary"} <= set(related_terms("What herbs do I keep at home?"))
    assert "pacemaker" in related_terms("Do I have an implanted heart device?")
    assert "エビ" in related_terms("食べちゃいけない海産物ってある？")
    assert "쏘렌토" in related_terms("제 차는 무슨 차종이에요?")
    assert "骨折" in related_terms("我之前受過什麼傷？")
    assert "KTX" in related_terms("장거리 이동할 때 뭘 이용해요?")  # a pack's own member, whatever its script
    # fruit, vegetables, birds and small pets
    assert "parrot" in related_terms("Name of the bird at home?")
    assert "복숭아" in related_terms("못 먹는 과일 있었나?")
    assert "오이" in related_terms("음식 추천할 때 빼야 할 채소는?")
    assert "햄스터" in related_terms("작은 설치류 반려동물 이름이 뭐였죠?")
    assert "インコ" in related_terms("うちの小鳥の名前は？")
    assert "蘋果" in related_terms("我對什麼水果過敏？")


def test_a_new_thing_is_no_bird_and_a_stomach_no_fruit() -> None:
    # 새 ("new") and 배 ("stomach") are no kind and no member
    assert "앵무새" not in related_terms("새 차는 뭐예요?")
    assert "배" not in related_terms("좋아하는 과일은?")


def test_a_member_does_not_pull_in_its_siblings() -> None:
    assert related_terms("I grow basil on the windowsill") == []
    assert "mint" not in related_terms("Do I grow basil?")


def test_a_kind_word_inside_another_word_asks_for_nothing() -> None:
    assert "쏘렌토" not in related_terms("기차는 몇 시에 와요?")  # 차 (car) inside 기차 (train)
    assert "スバル" not in related_terms("電車は何時に来ますか？")  # 車 inside 電車
    assert "先生" not in related_terms("李先生是誰？")  # a Mr., not a husband


@pytest.mark.parametrize(
    ("question", "looks_for"),
    [
        # everyday kinds and their members, in each language
        ("Do I have any seasonal allergies?", "hay fever"),
        # military service, digestion, waking up; 집사람 is a spouse, 자식 a child, 성함 a name
        ("군 복무 중인 자식 이름이 뭐죠?", "군대"),
        ("군 복무 중인 자식 이름이 뭐죠?", "아들"),
        ("집사람 이름이 뭐지?", "아내"),
        ("어머니 이름 기억나요?", "성함"),
        ("속이 더부룩할 때 먹는 약 뭐였죠?", "소화제"),
        ("기상하고 제일 먼저 확인하는 수치는?", "일어나"),
        ("What do I take for bloating?", "indigestion"),
        ("兵役はいつ終わる？", "自衛隊"),
        ("我兒子什麼時候當兵？", "服役"),
        ("胃もたれのときに飲む薬は？", "胃薬"),
        # a beagle is a dog; saving up is putting money aside
        ("What's my dog called?", "beagle"),
        ("What big purchase am I putting money aside for?", "saving up"),
        ("何のために貯金してる？", "貯め"),
        ("적금은 뭐 때문에 들었어요?", "저축"),
        # blood pressure medicine, inheritance, doctors, eldest daughters and sons, a workplace
        ("朝に服用している降圧剤は何でしたっけ？", "血圧の薬"),
        ("おじいちゃんから受け継いだ品って何だった？", "形見"),
        ("かかりつけのお医者さんの名前は？", "主治医"),
        ("上の娘の名前、なんだったかしら？", "長女"),
        ("うちの男の子の名前、覚えてる？", "息子"),
        ("勤め先ってどこだって言ってたっけ？", "職場"),
        ("What did I inherit from my grandma?", "heirloom"),
        ("할아버지한테 물려받은 게 뭐였지?", "유품"),
        ("我現在吃哪一種降血壓藥？", "血壓藥"),
        ("What language am I studying?", "learning"),
        ("피해야 하는 항생제가 있나요?", "페니실린"),
        ("제가 돌보는 곤충은 뭐예요?", "꿀벌"),
        ("우리 애는 무슨 전공이에요?", "딸"),
        ("避けるべき抗生物質はある？", "ペニシリン"),
        ("我養了什麼昆蟲？", "蜜蜂"),
        # an inhaler question looks for inhaler names
        ("Which inhaler do I use?", "symbicort"),
        ("전에 쓰던 흡입기는?", "심비코트"),
        ("今使っている吸入薬は？", "シムビコート"),
        ("我用哪種吸入劑？", "吸必擴"),
        # charity work is volunteering
        ("Where do I do charity work?", "volunteer"),
        ("제가 하는 봉사는 뭐예요?", "자원봉사"),
        # a trip is travel ("Where do I want to travel?" / "saving up for a trip to Iceland", a fourth fresh set)
        ("Where do I want to travel?", "trip"),
        ("我想去哪裡旅遊？", "旅行"),
        ("どこへ旅に行きたい？", "旅行"),
        ("제가 관광하고 싶은 곳은 어디예요?", "여행"),
        # which days asks for weekdays, a diet for the ways of eating, nuts for peanuts, a ceremony
        # for a wedding, first thing in the morning for breakfast, a hobby for days off, a check-up
        ("Which days do I have my breathing class?", "tuesdays"),
        ("リハビリは何曜日だっけ？", "火曜"),
        ("재활은 무슨 요일이에요?", "화요일"),
        ("復健是禮拜幾？", "星期二"),
        ("What kind of eater am I, diet-wise?", "vegetarian"),
        ("나 지금 식습관이 어떻게 되지?", "페스코"),
        ("내가 먹으면 안 되는 견과류가 뭐였지?", "땅콩"),
        ("食べちゃいけないナッツは？", "ピーナッツ"),
        ("When is the big family ceremony?", "wedding"),
        ("我兒子的典禮是哪天？", "婚禮"),
        ("What do I usually eat first thing in the morning?", "breakfast"),
        ("休日の趣味って何だったっけ", "休みの日"),
        ("健診でどの数値に引っかかったんだっけ", "健康診断"),
        ("what's my husband called?", "hubby"),
        # the words chat uses for a parent or a sibling ("我媽一個人住", "我妹這週要來")
        ("我母親住在哪個城市？", "我媽"),
        ("我手足叫什麼名字？", "我妹"),
        # everyday life as chat names it (language/<code>/life_words.py): a grandmother by her regional
        # word, a laptop, the rent, the dentist, a roommate, a band
        ("奶奶家在哪", "阿嬤"),
        ("할매 어디 계시다 했지", "할머니"),
        ("what laptop do i have", "macbook"),
        ("내 랩탑 뭐였지", "노트북"),
        ("방세 한 달에 얼마 내지", "월세"),
        ("whats my roommate called", "flatmate"),
        ("when is my dentist appt", "teeth"),
        ("歯医者いつだっけ", "歯科"),
    ],
)
def test_a_question_naming_a_concept_looks_for_its_other_words(question: str, looks_for: str) -> None:
    assert looks_for in related_terms(question)


@pytest.mark.parametrize(
    ("question", "not_looked_for"),
    [
        # a weekend names a time, not a hobby; a rescue dog, a blue car and knee rehab name no emergency,
        # sadness or breathing exercise; an event is no ceremony
        ("週末の前の夜は何を習ってる？", "趣味"),
        ("What do I do on weekends?", "hobby"),
        ("Where did I get my rescue dog?", "emergency"),
        ("What colour is my blue car?", "sad"),
        ("How is my knee rehab going?", "breathing exercise"),
        ("What event is on Friday?", "wedding"),
        # a booking, a promise, a lunch box and an idol name no medicine, home or child
        ("치과 예약 언제였지?", "복용"),
        ("약속 몇 시였지?", "복용"),
        ("도시락 뭐 싸갔지?", "이사"),
        ("최애 아이돌 누구였지?", "자녀"),
        ("아이폰 몇 쓰지?", "자녀"),
    ],
)
def test_a_word_that_only_sounds_like_a_concept_adds_nothing_of_it(question: str, not_looked_for: str) -> None:
    assert not_looked_for not in related_terms(question)


@pytest.mark.parametrize(
    ("question", "looks_for"),
    [
        ("Who's my BFF again?", "best friend"),
        ("When do I turn a year older?", "birthday"),
        ("What race am I training for?", "marathon"),
        ("What do I do for a living?", "hygienist"),
    ],
)
def test_chat_words_for_friends_birthdays_races_and_work_reach_the_memory(question: str, looks_for: str) -> None:
    assert looks_for in related_terms(question)


def test_a_living_earned_is_no_home() -> None:
    assert "city" not in related_terms("What do I do for a living?")
    assert "city" in related_terms("Where am I living now?")


@pytest.mark.parametrize(
    ("question", "looks_for"),
    [
        ("Do I eat meat?", "vegetarian"),
        ("我有沒有吃肉？", "蛋奶素"),
        ("肉は食べるんだっけ？", "ベジタリアン"),
        ("나 고기 먹어?", "채식"),
        ("내가 못 먹는 견과류가 뭐였지?", "땅콩"),
        ("내 직업이 뭐였지?", "간호사"),
        ("내 병명이 뭐라 그랬지?", "증후군"),
        ("私の出身校はどこ？", "大学"),
        ("私が使ってるレンズは？", "コンタクト"),
    ],
)
def test_a_way_of_eating_a_kind_of_nut_a_school_or_a_diagnosis_reaches_its_members(
    question: str, looks_for: str
) -> None:
    assert looks_for in related_terms(question)
