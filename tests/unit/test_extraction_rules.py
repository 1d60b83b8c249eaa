"""Heuristic memory extraction (SPEC L2) in en / zh / ja / ko."""

from __future__ import annotations

import pytest

from engram.language.en.third_person import to_third_person
from engram.memory.extraction_rules import (
    Candidate,
    extract_candidates,
    importance_for,
    novelty_from_similarities,
    salience,
    split_sentences,
)
from engram.memory.models import MemoryType as T

# (utterance, language, [(type, safety, subject_key), ...] in order)
CASES: list[tuple[str, str, list[tuple[T, bool, str]]]] = [
    # ---- English
    (
        "Hi! My name is Tom. I'm allergic to penicillin.",
        "en",
        [(T.PROFILE, False, "name"), (T.CONSTRAINT, True, "allergy:penicillin")],
    ),
    ("I live in Tokyo.", "en", [(T.PROFILE, False, "lives_in")]),
    # transferred by an employer is a move; a student who transferred to a school moved nowhere
    ("I got transferred to Denver for work.", "en", [(T.PROFILE, False, "lives_in")]),
    (
        "I moved to Osaka last month, and I really like ramen.",
        "en",
        [(T.PROFILE, False, "lives_in"), (T.PREFERENCE, False, "likes:ramen")],
    ),
    (
        "I take metformin 500mg twice a day. I have COPD.",
        "en",
        [(T.FACT, True, "medication:metformin"), (T.FACT, True, "condition:copd")],
    ),
    ("My doctor said to avoid grapefruit.", "en", [(T.CONSTRAINT, True, "contraindication:grapefruit")]),
    ("My dog's name is Max.", "en", [(T.FACT, False, "pet:name")]),
    ("My cat only eats wet food.", "en", [(T.FACT, False, "pet:diet")]),
    (
        "I'm 72 years old and I work as a teacher.",
        "en",
        [(T.PROFILE, False, "age"), (T.PROFILE, False, "job")],
    ),
    ("My daughter lives in Seoul.", "en", [(T.FACT, False, "family:daughter")]),
    ("I have a dentist appointment tomorrow at 3pm.", "en", [(T.TODO, False, "todo:dentist_appointment")]),
    ("I've decided to quit smoking.", "en", [(T.DECISION, False, "decision:quit_smoking")]),
    ("My goal is to lose 5 kg.", "en", [(T.PROFILE, False, "goal:lose_5_kg")]),
    ("I coughed all night yesterday.", "en", [(T.TIMELINE, False, "symptom:cough")]),
    # ---- Chinese (Traditional and Simplified)
    (
        "我叫小明，今年35歲，住在台北。",
        "zh",
        [(T.PROFILE, False, "name"), (T.PROFILE, False, "age"), (T.PROFILE, False, "lives_in")],
    ),
    ("我對盤尼西林過敏，吃了會起疹子。", "zh", [(T.CONSTRAINT, True, "allergy:盤尼西林")]),
    (
        "我每天吃降血壓藥。我有糖尿病。",
        "zh",
        [(T.FACT, True, "medication:降血壓藥"), (T.FACT, True, "condition:糖尿病")],
    ),
    ("医生说不能吃葡萄柚", "zh", [(T.CONSTRAINT, True, "contraindication:葡萄柚")]),
    ("我家的貓叫咪咪", "zh", [(T.FACT, False, "pet:name")]),
    (
        "我昨天咳了一整晚，今天早上血氧92。",
        "zh",
        [(T.TIMELINE, False, "symptom:cough"), (T.TIMELINE, False, "symptom:spo2")],
    ),
    ("我很喜歡喝咖啡。", "zh", [(T.PREFERENCE, False, "likes:咖啡")]),
    ("下週三要回診。", "zh", [(T.TODO, False, "todo:要回診")]),
    ("我搬到高雄了", "zh", [(T.PROFILE, False, "lives_in")]),
    ("我女兒下個月結婚", "zh", [(T.FACT, False, "family:daughter")]),
    # ---- Japanese
    (
        "私の名前は田中です。東京に住んでいます。",
        "ja",
        [(T.PROFILE, False, "name"), (T.PROFILE, False, "lives_in")],
    ),
    ("ペニシリンアレルギーがあります。", "ja", [(T.CONSTRAINT, True, "allergy:ペニシリン")]),
    (
        "毎日降圧薬を飲んでいます。喘息持ちです。",
        "ja",
        [(T.FACT, True, "medication:降圧薬"), (T.FACT, True, "condition:喘息")],
    ),
    ("グレープフルーツは食べられない", "ja", [(T.CONSTRAINT, True, "contraindication:グレープフルーツ")]),
    ("うちの猫の名前はミケです。", "ja", [(T.FACT, False, "pet:name")]),
    ("昨日から咳が止まりません。", "ja", [(T.TIMELINE, False, "symptom:cough")]),
    ("ラーメンが大好きです。", "ja", [(T.PREFERENCE, False, "likes:ラーメン")]),
    ("大阪に引っ越しました。", "ja", [(T.PROFILE, False, "lives_in")]),
    ("禁煙することにした。", "ja", [(T.DECISION, False, "decision:禁煙する")]),
    # ---- Korean
    (
        "제 이름은 민수예요. 서울에 살아요.",
        "ko",
        [(T.PROFILE, False, "name"), (T.PROFILE, False, "lives_in")],
    ),
    ("저는 땅콩 알레르기가 있어요.", "ko", [(T.CONSTRAINT, True, "allergy:땅콩")]),
    (
        "매일 혈압약을 복용하고 있어요. 천식이 있어요.",
        "ko",
        [(T.FACT, True, "medication:혈압약"), (T.FACT, True, "condition:천식")],
    ),
    ("자몽은 먹으면 안 돼요", "ko", [(T.CONSTRAINT, True, "contraindication:자몽")]),
    ("우리 강아지 이름은 초코예요.", "ko", [(T.FACT, False, "pet:name")]),
    ("어제부터 기침이 심해요.", "ko", [(T.TIMELINE, False, "symptom:cough")]),
    ("저는 커피를 정말 좋아해요.", "ko", [(T.PREFERENCE, False, "likes:커피")]),
    ("부산으로 이사했어요.", "ko", [(T.PROFILE, False, "lives_in")]),
    ("내일 병원 예약이 있어요.", "ko", [(T.TODO, False, "todo:내일_병원_예약")]),
]


@pytest.mark.parametrize(("text", "lang", "expected"), CASES)
def test_extraction(text: str, lang: str, expected: list[tuple[T, bool, str]]) -> None:
    got = extract_candidates(text, lang)
    assert [(c.type, c.safety, c.subject_key) for c in got] == expected, [c.content for c in got]
    for c in got:
        assert c.language == lang
        assert c.content
        assert -1.0 <= c.emotional_valence <= 1.0
        assert 0.0 <= c.stability <= 1.0 and 0.0 <= c.future_use <= 1.0
        assert c.topics


def test_a_student_who_transferred_to_a_school_moved_nowhere() -> None:
    assert not [c for c in extract_candidates("I transferred to Northeastern this fall.", "en") if c.subject_key]


@pytest.mark.parametrize(("text", "lang"), [(t, lang) for t, lang, _ in CASES])
def test_language_is_detected_when_not_given(text: str, lang: str) -> None:
    assert all(c.language == lang for c in extract_candidates(text))


def test_content_stays_in_the_users_language() -> None:
    assert [c.content for c in extract_candidates("我對盤尼西林過敏，吃了會起疹子。")] == [
        "我對盤尼西林過敏，吃了會起疹子"
    ]
    assert [c.content for c in extract_candidates("えっと、ペニシリンアレルギーがあります。")] == [
        "ペニシリンアレルギーがあります"
    ]
    assert [c.content for c in extract_candidates("저는 땅콩 알레르기가 있어요.")] == ["저는 땅콩 알레르기가 있어요"]
    assert [c.content for c in extract_candidates("Um, I'm allergic to penicillin.")] == [
        "User is allergic to penicillin"
    ]


def test_english_third_person_rewrite() -> None:
    assert to_third_person("I live in Tokyo") == "User lives in Tokyo"
    assert to_third_person("I really like ramen") == "User really likes ramen"
    assert to_third_person("I have COPD") == "User has COPD"
    assert to_third_person("I don't like coffee") == "User doesn't like coffee"
    assert to_third_person("I moved to Osaka") == "User moved to Osaka"
    assert to_third_person("my dog's name is Max") == "User's dog's name is Max"
    # an "-ly" adverb keeps the verb after it as it was said; a verb ending in "-ly" still conjugates
    assert to_third_person("work was busy, I barely had lunch") == "work was busy, User barely had lunch"
    assert to_third_person("I finally quit smoking") == "User finally quit smoking"
    assert to_third_person("I rely on my inhaler") == "User relies on User's inhaler"


def test_context_clause_joins_the_fact() -> None:
    (c,) = extract_candidates("上個月開始，我每天吃降血壓藥", "zh")
    assert c.content == "上個月開始，我每天吃降血壓藥"
    assert c.subject_key == "medication:降血壓藥"


@pytest.mark.parametrize(
    "text",
    [
        "Hello!",
        "Thanks a lot!",
        "What is the capital of France?",
        "How does a vaccine work?",
        "Can you tell me a joke?",
        "你好！",
        "谢谢你",
        "COPD 是什麼？",
        "你叫什麼名字？",
        "こんにちは！",
        "COPDとは何ですか？",
        "日本の首都はどこですか？",
        "안녕하세요!",
        "COPD가 뭐예요?",
        "프랑스의 수도는 어디야?",
        "",
        "   ",
    ],
)
def test_nothing_from_greetings_and_general_questions(text: str) -> None:
    assert extract_candidates(text) == []


def test_question_clause_dropped_but_fact_kept() -> None:
    got = extract_candidates("I'm allergic to peanuts, is this cake ok?")
    assert [(c.subject_key, c.content) for c in got] == [("allergy:peanuts", "User is allergic to peanuts")]


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("I'm not allergic to latex.", "allergy:latex"),
        ("I don't like coffee.", "likes:coffee"),
        ("I stopped taking warfarin.", "medication:warfarin"),
        ("我討厭香菜", "likes:香菜"),
        ("我對花生不過敏", "allergy:花生"),
        ("パクチーが嫌いです", "likes:パクチー"),
        ("오이를 정말 싫어해요", "likes:오이"),
    ],
)
def test_negated(text: str, subject: str) -> None:
    (c,) = extract_candidates(text)
    assert c.negated
    assert c.subject_key == subject


def test_update_shares_subject_key() -> None:
    old = extract_candidates("I live in Tokyo.")[0]
    new = extract_candidates("I just moved to Osaka.")[0]
    assert old.subject_key == new.subject_key == "lives_in"
    like = extract_candidates("I like coffee")[0]
    dislike = extract_candidates("I don't like coffee anymore")[0]
    assert like.subject_key == dislike.subject_key == "likes:coffee"
    assert (like.negated, dislike.negated) == (False, True)


def test_pet_safety_items() -> None:
    (c,) = extract_candidates("My cat is allergic to chicken.")
    assert (c.type, c.safety, c.subject_key) == (T.CONSTRAINT, True, "pet:allergy:chicken")
    (c,) = extract_candidates("My dog vomited twice this morning.")
    assert (c.type, c.subject_key) == (T.TIMELINE, "pet:health")


def test_sentence_splitting() -> None:
    assert split_sentences("我叫小明。我住台北！你呢？") == ["我叫小明。", "我住台北！", "你呢？"]
    assert split_sentences("I saw Dr. Lee. I weigh 65.5 kg.") == ["I saw Dr. Lee.", "I weigh 65.5 kg."]
    assert split_sentences("") == []


def _one(text: str) -> Candidate:
    (c,) = extract_candidates(text)
    return c


@pytest.mark.parametrize(
    ("allergy", "preference", "mood"),
    [
        ("I'm allergic to penicillin.", "I like jazz.", "I'm a bit sad today."),
        ("我對花生過敏", "我很喜歡喝咖啡", "我今天心情不好"),
        ("卵アレルギーです", "ラーメンが大好きです", "今日はちょっと悲しい"),
        ("저는 땅콩 알레르기가 있어요", "저는 커피를 정말 좋아해요", "오늘 좀 우울해요"),
    ],
)
def test_importance_ordering(allergy: str, preference: str, mood: str) -> None:
    a, p, m = _one(allergy), _one(preference), _one(mood)
    assert (a.safety, p.type, m.type) == (True, T.PREFERENCE, T.NOTE)
    assert importance_for(a) >= 0.9
    assert importance_for(a) > importance_for(p) > importance_for(m)


def test_importance_tiers() -> None:
    profile = _one("My name is Tom.")
    symptom = _one("I coughed all night yesterday.")
    preference = _one("I like jazz.")
    safety = [_one(t) for t in ("I have COPD.", "I take metformin daily.", "I can't take ibuprofen.")]
    assert all(importance_for(c) >= 0.9 for c in safety)
    assert importance_for(profile) > importance_for(preference) > importance_for(symptom)
    assert all(0.0 <= importance_for(c) <= 1.0 for c in [profile, symptom, preference, *safety])
    assert max(importance_for(c) for c in (profile, symptom, preference)) < 0.9


def test_salience_formula() -> None:
    assert salience(0.0, 0.0, 0.0, 0) == 0.0
    assert salience(-1.0, 1.0, 1.0, 10) == pytest.approx(1.0)
    assert salience(0.5, 0.6, 0.5, 3) == pytest.approx(0.4 * 0.5 + 0.3 * 0.6 + 0.2 * 0.5 + 0.1 * 0.3)
    assert salience(-0.5, 0.0, 0.0, 0) == salience(0.5, 0.0, 0.0, 0)  # |valence|
    assert salience(0.0, 0.0, 0.0, 50) == pytest.approx(0.1)  # mentions capped at 10
    assert salience(2.0, 2.0, 2.0, 100) == pytest.approx(1.0)  # inputs clamped


def test_novelty() -> None:
    assert novelty_from_similarities([]) == 1.0
    assert novelty_from_similarities([0.95, 0.85, 0.5, 0.2, 0.1, 0.9]) == pytest.approx(1 - 3 / 5)
    assert novelty_from_similarities([0.9] * 7) == 0.0


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I've lived in Chicago for eight years.", "chicago"),
        ("I moved to Denver last year.", "denver"),
        ("I have been living in Austin for 3 years now", "austin"),
        ("We live in Leeds with my sister", "leeds"),
        ("I moved to Osaka in 2019", "osaka"),
    ],
)
def test_how_long_or_since_when_is_no_part_of_the_place(text: str, value: str) -> None:
    """'chicago_for_eight_years' never matched a later 'I live in Chicago': the same place read as a new one."""
    (c,) = extract_candidates(text, "en")
    assert (c.subject_key, c.value_key) == ("lives_in", value)


@pytest.mark.parametrize("text", ["我現在吃生酮", "我最近在吃生酮飲食", "我現在都在吃低醣"])
def test_a_way_of_eating_is_a_diet_not_a_medicine_zh(text: str) -> None:
    (c,) = extract_candidates(text, "zh")
    assert c.subject_key == "diet" and "medication" not in c.topics


@pytest.mark.parametrize(
    ("text", "language", "subject"),
    [
        ("中学で数学教えてて、部活の顧問もやってる", "ja", "job"),
        ("塾で英語を教えています", "ja", "job"),
        ("我在國中教數學", "zh", "job"),
        ("택배 기사 일 하고 있어요 요즘 바빠요", "ko", "job"),
        ("사무 일을 해요", "ko", "job"),
        # a hedge is no question: "about three years, I think"
        ("COPDって診断されてもう3年くらいかな", "ja", "condition:copd"),
    ],
)
def test_work_and_diagnoses_said_in_passing(text: str, language: str, subject: str) -> None:
    assert [c.subject_key for c in extract_candidates(text, language)] == [subject]


@pytest.mark.parametrize(
    ("text", "language"),
    [("次の通院いつだったかな", "ja"), ("来月の予定は何だったかな", "ja")],
)
def test_kana_after_a_question_word_still_asks(text: str, language: str) -> None:
    assert extract_candidates(text, language) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("lol I'm so over this rain", "en"),
        ("ugh it's so humid today, I hate it", "en"),
        ("一直下雨我快瘋了", "zh"),
        ("雨ばっかりでやだ", "ja"),
        ("아 비 오니까 너무 꿀꿀하다", "ko"),
    ],
)
def test_the_weather_of_the_moment_is_small_talk(text: str, language: str) -> None:
    assert extract_candidates(text, language) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [("I can't breathe well in this heat", "en"), ("비 오면 숨이 차요", "ko"), ("下雨天我就會喘", "zh")],
)
def test_weather_that_brings_a_symptom_is_still_a_fact(text: str, language: str) -> None:
    assert [c.subject_key for c in extract_candidates(text, language)] == ["symptom:breathing"]


@pytest.mark.parametrize(
    ("text", "language", "subject"),
    [
        ("My hobby is pottery", "en", "hobby:pottery"),
        ("趣味はカラオケ！週一で行ってる", "ja", "hobby:カラオケ"),
        ("취미는 등산이에요", "ko", "hobby:등산"),
        ("취미가 낚시라서 주말마다 바다 가요", "ko", "hobby:낚시"),
        ("我的興趣是拼圖", "zh", "hobby:拼圖"),
    ],
)
def test_a_hobby_named_as_one(text: str, language: str, subject: str) -> None:
    """Each hobby its own subject: a second one does not replace the first."""
    assert extract_candidates(text, language)[0].subject_key == subject


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # sentence-final particles and explanations end a Japanese statement as です does
        ("うちの猫、もう15歳なんだよ", "ja"),
        ("毎朝ヨーグルト食べてるよ", "ja"),
        ("週3でジム通ってるんだよね", "ja"),
        ("夫は単身赴任中で大阪にいるの", "ja"),
        ("昔から朝が弱い", "ja"),
        ("最近ヨガにハマってて", "ja"),
        ("ペットはインコ2羽", "ja"),
        # a side taken or a favourite said as a word, a topic after a clause, a remark after the comment
        ("ビールより日本酒派", "ja"),
        ("乃木坂のかっきー推し", "ja"),
        ("嵐の大ファンで、特に相葉くん推し", "ja"),
        ("猫2匹飼ってて、名前はきなことあずき", "ja"),
        ("今の車はプリウス、燃費最高", "ja"),
        # plain endings, laughter after them, one sentence run into the next
        ("고양이 두 마리 키워", "ko"),
        ("주말마다 조기축구 나가요 포지션은 골키퍼", "ko"),
        # the 我 dropped
        ("這陣子都在家拼拼圖", "zh"),
        ("養了兩隻貓", "zh"),
        ("老公在科技業上班", "zh"),
        # more of the 我 dropped: one's people, who one is as a word, one's hometown, a routine, a thing one uses
        ("弟弟今年要學測，壓力很大", "zh"),
        ("超級湖人迷，從Kobe時代就開始了", "zh"),
        ("夜貓子一枚，半夜最有靈感", "zh"),
        ("老家在嘉義", "zh"),
        ("睡前都會吃褪黑激素", "zh"),
        ("通勤坐捷運要一小時", "zh"),
        ("開的是Altis，很省油", "zh"),
        ("只喝燕麥拿鐵", "zh"),
        ("在國中教數學", "zh"),
        ("比起啤酒更愛高粱", "zh"),
        # the plain past of any verb, a plan or a state said as a noun, an age
        ("先週ジムに入会した", "ja"),
        ("来月から大阪に転勤する予定", "ja"),
        ("娘は今年で5歳", "ja"),
        # a sentence and the one that refers back to it: either says it
        ("柴犬飼い始めた！名前はこむぎ", "ja"),
        # the speaker's own, whatever ends it; a like or a dislike said as a word; an age in kanji
        ("うちのインコ、ピーちゃんって名前なんだけど超おしゃべり", "ja"),
        ("辛いの無理", "ja"),
        ("うちの母、来年で八十歳", "ja"),
        # the 我 dropped, the sentence opening on a time of the speaker's life
        ("上個月換了新工作", "zh"),
        ("剛考上駕照", "zh"),
        ("寒假要回屏東老家", "zh"),
        ("每個月都會去捐血", "zh"),
        # a past (its ㅆ) ending a clause mid-sentence, a verb alone at the end, the 음 ending of chat
        ("지난달에 강아지 입양했어 ㅎㅎ 이름은 보리", "ko"),
        ("어제 면허 땄다 이제 운전 연습", "ko"),
        ("다음 주에 부산으로 출장 가", "ko"),
        ("회사 그만두고 카페 차렸음", "ko"),
        ("주말마다 등산함", "ko"),
        ("우리 집 강아지 이름 보리인데 완전 겁쟁이임", "ko"),
        # the 어 ending run into a stem's ㅣ, the 음 ending of 다니다 / 마시다
        ("출퇴근 지하철로 한 시간 걸려", "ko"),
        ("매일 아침 6시에 일어나서 강아지 산책시켜", "ko"),
        ("주말엔 보통 카페 투어 다님", "ko"),
        ("스벅 자바칩 프라푸치노만 마심", "ko"),
    ],
)
def test_a_statement_said_the_way_chat_says_it_is_kept(text: str, language: str) -> None:
    assert [c.content for c in extract_candidates(text, language)] == [text]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("大変ですね", "ja"),
        ("あはは、面白いですね。", "ja"),
        ("明日から三連休だね", "ja"),
        ("今日は楽しかった", "ja"),
        ("おはようございます〜", "ja"),
        ("マジでウケる", "ja"),
        ("かわいい", "ja"),
        ("そうなんだよね", "ja"),
        ("それはよかった！", "ja"),
        ("どこに行くの", "ja"),
        ("그렇구나", "ko"),
        ("알았어", "ko"),
        ("아 배고파", "ko"),
        ("真的假的", "zh"),
        ("最近怎麼樣", "zh"),
        # goodbyes, requests to the bot, a passing state, remarks on the talk
        ("明天見", "zh"),
        ("昨天的比賽好精彩", "zh"),
        ("お腹すいた", "ja"),
        ("なんか豆知識ちょうだい", "ja"),
        ("잘 자~ 내일 봐", "ko"),
        ("그럼 안녕 잘 가", "ko"),
        ("아무 상식이나 알려줘", "ko"),  # asks to be told something: no reminder
        ("じゃあまたあした", "ja"),
        ("その話もう聞いた", "ja"),
        ("剛剛那個笑話很好笑", "zh"),
        ("나 먼저 가", "ko"),
        ("ㅇㅇ 맞음", "ko"),
        ("김치찌개 끓이는 법 알려줘", "ko"),  # how to do something: no reminder
        ("그럼 잘 자", "ko"),
        ("假日愉快", "zh"),
        ("早餐吃什麼好？", "zh"),
        ("재밌겠다 ㅋㅋ", "ko"),  # a guess at how it will be: a reaction
        # a dropped "I" only where a statement follows: no idiom, no remark on the talk or the reply
        ("saw that coming lol", "en"),
        ("worked like a charm", "en"),
        ("drive safe!", "en"),
        ("work is work", "en"),
        ("live and learn", "en"),
        ("typed too fast", "en"),
    ],
)
def test_a_reaction_or_a_question_is_still_no_statement(text: str, language: str) -> None:
    assert extract_candidates(text, language) == []


@pytest.mark.parametrize(
    ("text", "subject"), [("在銀行上班", "job"), ("住台中", "lives_in"), ("現在住高雄", "lives_in")]
)
def test_where_one_works_or_lives_without_the_wo_zh(text: str, subject: str) -> None:
    assert [c.subject_key for c in extract_candidates(text, "zh")] == [subject]


@pytest.mark.parametrize(
    ("text", "language", "place"),
    [
        ("We're in Austin now.", "en", "austin"),
        ("Just bought a place in Tacoma!", "en", "tacoma"),
        ("We finally settled in Raleigh", "en", "raleigh"),
        ("Living out in Boise these days", "en", "boise"),
        ("Been in Lisbon for two months now, loving it", "en", "lisbon"),
        ("I call Seattle home now", "en", "seattle"),
        ("Since moving to Dallas my allergies are better", "en", "dallas"),
        ("先月から仙台暮らし", "ja", "仙台"),
        ("実家を出て横浜で一人暮らし始めた", "ja", "横浜"),
        ("転勤で広島に来ました", "ja", "広島"),
        ("今は京都にいます", "ja", "京都"),
        ("札幌に移住しました", "ja", "札幌"),
        ("지금은 대구 살아요", "ko", "대구"),
        ("인천에 집 샀어요", "ko", "인천"),
        ("부산으로 거처를 옮겼어요", "ko", "부산"),
        ("最近在高雄定居", "zh", "高雄"),
        ("在花蓮買了房子", "zh", "花蓮"),
        ("現在人在台東", "zh", "台東"),
    ],
)
def test_where_one_lives_said_without_live(text: str, language: str, place: str) -> None:
    (c,) = extract_candidates(text, language)
    assert (c.subject_key, c.value_key) == ("lives_in", place)


@pytest.mark.parametrize(
    ("text", "language"),
    [("I'm in the hospital now", "en"), ("We're in love", "en"), ("一人暮らし", "ja"), ("지금은 혼자 살아요", "ko")],
)
def test_a_state_or_how_one_lives_is_no_place(text: str, language: str) -> None:
    assert all(c.subject_key != "lives_in" for c in extract_candidates(text, language))


@pytest.mark.parametrize("text", ["週末都會去爬山", "我的嗜好就是釣魚，每個週末都去"])
def test_a_habit_is_no_to_do_and_no_trip_zh(text: str) -> None:
    subjects = [c.subject_key or "" for c in extract_candidates(text, "zh")]
    assert subjects and not any(s.startswith(("todo:", "trip:")) for s in subjects)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("넌 모르는 게 없네", "ko"),
        ("너 기억력 좋다", "ko"),
        ("あなたって物知りだね", "ja"),
        ("君は優しいな", "ja"),
        ("妳好厲害", "zh"),
        ("へえ、それは知らなかった", "ja"),
    ],
)
def test_a_remark_about_the_bot_or_a_reaction_is_small_talk(text: str, language: str) -> None:
    assert extract_candidates(text, language) == []


@pytest.mark.parametrize(
    "text",
    ["Switched to decaf last month", "Joined a pottery class on Tuesdays", "Finally quit vaping in March"],
)
def test_an_english_update_without_its_i_is_the_users(text: str) -> None:
    assert [c.content for c in extract_candidates(text, "en")] == [text]


@pytest.mark.parametrize("text", ["Got it, thanks!", "Been there, done that", "Got a question for you"])
def test_an_english_reply_that_opens_on_such_a_verb_is_no_update(text: str) -> None:
    assert extract_candidates(text, "en") == []


@pytest.mark.parametrize(
    ("text", "language", "kind"),
    [
        ("每晚都在打胰島素", "zh", "medication"),
        ("每天打Ozempic", "zh", "medication"),  # a drug named in Latin letters stays one
        ("每天早晚用Ventolin", "zh", "medication"),
        ("在醫院當護理師", "zh", "job"),  # the 我 dropped
        ("8시에 약 먹으라고 알려줘", "ko", "todo"),
        ("저녁에 약 먹는 거 알려줘", "ko", "todo"),  # what to be reminded of, no time said
    ],
)
def test_a_kind_said_the_way_chat_says_it(text: str, language: str, kind: str) -> None:
    assert [c.rule for c in extract_candidates(text, language)] == [kind]


@pytest.mark.parametrize(
    "text",
    [
        "週末都在打球",  # a ball, a game, a war: no injection
        "每天都會吃一顆蘋果",  # an apple a day is no medicine
        "兒子每天都在打電動",
        "我最怕會飛的蟲",  # flying, not a trip
        "週末都跑去爬山",  # every weekend: a habit, no to-do
    ],
)
def test_no_medicine_trip_or_to_do_where_chat_uses_their_verbs_zh(text: str) -> None:
    assert not {c.rule for c in extract_candidates(text, "zh")} & {"medication", "trip", "todo"}


@pytest.mark.parametrize("text", ["在家當米蟲", "在遊戲裡當補師"])
def test_a_role_in_a_game_or_at_home_is_no_job_zh(text: str) -> None:
    assert "job" not in {c.rule for c in extract_candidates(text, "zh")}


@pytest.mark.parametrize(
    "text",
    [
        # chat's dropped "I", in more of its forms: a past, a habit, what one is taken with, who one is
        "played piano for 10 years as a kid",
        "saw seventeen live last night, best night ever",
        "drive a prius, gas mileage is amazing",
        "huge Lakers fan, been that way since Kobe",
        "hubby's getting transferred to Denver next month",
        "on insulin since last year",
        "2 cats, kiko and mochi",
        "obsessed with pokemon go rn",
        "originally from Cleveland",
        "night owl, best ideas at 2am",
    ],
)
def test_an_english_statement_without_its_i_is_kept(text: str) -> None:
    assert [c.content.lower() for c in extract_candidates(text, "en")] == [text.lower()]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # what an independent review found the first, looser forms of the dropped-subject rules storing:
        # remarks on the bot's answer, the weather, slang, memes, lyrics, sayings, someone else's side
        ("Loved the explanation, super clear", "en"),
        ("Obsessed with your answer lmao", "en"),
        ("Rained all day here, so gloomy", "en"),
        ("On cloud 9 rn!!", "en"),
        ("Rent is too damn high", "en"),
        ("Live in the moment", "en"),
        ("Hooked on a feeling", "en"),
        ("Big shoutout to every Swiftie fan out there", "en"),
        ("Early bird gets the worm", "en"),
        ("3 kids in a trenchcoat energy", "en"),
        ("哥哥今天的舞台太神了🔥", "zh"),
        ("妹妹背著洋娃娃 走到花園來看花", "zh"),
        ("早餐是一天中最重要的一餐", "zh"),
        ("場面一度失控！", "zh"),
        ("超愛這個回答", "zh"),
        ("晚餐吃啥好", "zh"),
        ("今の答えは微妙", "ja"),
        ("そっか、パンダは熊の仲間", "ja"),
        ("日本人って基本きのこ派", "ja"),
        ("あの店員さん絶対ジャニーズファン", "ja"),
        ("개웃겨ㅋㅋㅋ", "ko"),
        ("와 진짜 미쳐", "ko"),
        ("레전드임 진짜", "ko"),
        ("부처님의 가르침", "ko"),
    ],
)
def test_a_remark_said_in_the_shape_of_a_statement_is_no_fact(text: str, language: str) -> None:
    assert extract_candidates(text, language) == []


@pytest.mark.parametrize("text", ["우리 애 밤에 통잠 잘 자", "약 바꾸고 나서 잠은 잘 자", "담배 진짜 끊어야겠다"])
def test_sleeping_well_or_a_resolution_is_still_a_statement(text: str) -> None:
    assert [c.content for c in extract_candidates(text, "ko")] == [text]
