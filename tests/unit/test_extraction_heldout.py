"""L2 heuristic extraction on phrasings no rule lists (tests/data/extraction_heldout_set.json,
issue 28): 30 statements + 14 of small talk per language, split once into a tune and a held half.
Both halves must reach recall >= 0.8 and precision >= 0.9; what the rules do not name is kept by
its sentence structure (a first-person or plain declarative statement that is no conversational
move). The figures are in docs/benchmarks.md (benchmarks/memory_quality.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engram.memory.extraction_rules import extract_candidates
from tests.support.extraction_score import score

SET = json.loads((Path(__file__).resolve().parents[1] / "data" / "extraction_heldout_set.json").read_text())
LANGUAGES = ("en", "zh", "ja", "ko")


@pytest.mark.parametrize("half", ["tune", "held"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_recall_and_precision_on_unseen_phrasings(language: str, half: str) -> None:
    items = [item for item in SET["languages"][language] if item["half"] == half]
    assert len(items) == 22
    recall, precision, problems = score(items)
    assert recall >= 0.8 and precision >= 0.9, problems


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Our dog goes by the name Rusty.", "en"),
        ("I taught myself to knit during the pandemic.", "en"),  # taught: a past tense, not "taughts"
        ("我是在基隆出生的。", "zh"),
        ("実家は鹿児島にあります。", "ja"),
        ("生まれは函館です。", "ja"),
        ("태어난 곳은 포항이에요.", "ko"),
        # chat's own ways: the owner of a date or an effort unsaid, a trailing-off, a nominal ending in ㅁ
        ("cardiology follow up is march 8 at 10:15 w dr. reyes", "en"),
        ("trying to save $400 a month for a new car", "en"),
        ("来月から大阪の本社に異動になった…", "ja"),
        ("매운거 잘 못 먹어 신라면도 매움ㅠ", "ko"),
    ],
)
def test_a_statement_no_rule_lists_is_kept_whole_without_a_subject_key(text: str, language: str) -> None:
    (c,) = extract_candidates(text, language)
    assert c.rule == "statement" and c.subject_key is None  # never replaces another fact
    assert c.content == (text.rstrip("。.…") if language != "en" else c.content)
    assert c.content.split()[-1] == text.rstrip("。.…").split()[-1]  # said whole, as the user put it


@pytest.mark.parametrize(
    "text",
    [
        "I see, interesting.",
        "Hmm, I'm not sure.",
        "I think it's going to rain today.",
        "Let me think about it.",
        "Tell me a joke.",
        "Write me a short poem about the sea.",
        "我覺得今天會下雨。",
        "講個笑話給我聽",
        "なるほど、面白いですね。",
        "ちょっと考えさせてください。",
        "잘 모르겠어요.",
        "만나서 반가워요",
        "노래 하나 불러 주세요.",
        "going to the store",
        "trying to understand this lol",
        "heading out now",
        "planning to get pizza tonight",  # a plan for the day
        "hoping to sleep in tomorrow",
        "심심함",
        # a state of the moment, no news of one's life
        "ugh I'm so hungry rn",
        "lol I'm soo bored rn",
        "今日も眠い😴",
        "ひますぎて死にそう",
        "아 배고프다 ㅠㅠ",
        # the day's passing moments: a meal just eaten, on the way, a call just now, the traffic
        "just had lunch, so full",
        "I'm on the bus right now",
        "剛吃完午餐好飽",
        "我現在在捷運上",
        "さっきご飯食べた",
        "今電車の中",
        "방금 밥 먹었어",
        "지금 지하철 타고 가는 중",
        # doing it again as it happens, thanks and what it did, the day's snow; words to translate
        "my dog is chewing the couch again lol",
        "我家的貓又在抓沙發",
        "うちの犬がまたソファで寝てる笑",
        "우리 강아지 또 소파에서 자고 있어",
        "本当にありがとう、助かった",
        "고마워 덕분에 잘 끝났어",
        "雪すごい、電車止まりそう",
        "밖에 눈 엄청 와",
        "translate this for me: I'll be late tomorrow",
        "幫我翻譯成日文：我下週要去大阪出差",
        "これ韓国語に訳して：来週ソウルに行きます",
        "이거 영어로 번역해 줘: 나는 내일 병원에 가",
        # tomorrow's weather is no plan of the user's
        "後天好像會下雨吧",
        "週末應該會降溫",
    ],
)
def test_conversational_moves_and_requests_state_nothing(text: str) -> None:
    assert extract_candidates(text) == []


@pytest.mark.parametrize(
    ("text", "language", "key"),
    [
        ("娘は10歳で、名前はさくらです。", "ja", "さくら"),
        ("我女兒叫小萱，今年十歲。", "zh", "十歲"),
    ],
)
def test_a_name_or_age_after_a_family_member_is_theirs_not_the_users(text: str, language: str, key: str) -> None:
    got = extract_candidates(text, language)
    assert [c.rule for c in got] == ["family"]
    assert key in got[0].content


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("大家都叫我小明", "小明"),
        ("你可以叫我阿傑就好", "阿傑"),
        ("叫我小美就好", "小美"),
        # told to do something: no name, and the user's own name is never replaced by it
        ("我偏頭痛的時候醫生都叫我吃普拿疼，但好像沒什麼用", None),
        ("老闆叫我明天加班", None),
        ("媽媽叫我早點睡", None),
    ],
)
def test_called_by_a_name_is_not_told_to_do_something(text: str, name: str | None) -> None:
    named = [c for c in extract_candidates(text, "zh") if c.rule == "name"]
    assert [name in c.content for c in named] == ([True] if name else [])


def test_a_subject_before_and_is_not_a_clause() -> None:
    got = extract_candidates("My wife and I have three grandchildren.", "en")
    assert [c.content for c in got] == ["User's wife and User has three grandchildren"]


@pytest.mark.parametrize(
    ("before", "after", "language", "subject"),
    [
        ("I live in Leeds.", "We moved to Bristol in May.", "en", "lives_in"),
        ("My favourite fruit is mango.", "My favourite fruit is kiwi now.", "en", "favourite:fruit"),
        ("My girlfriend is called Nora.", "I'm dating Sofia now.", "en", "family:partner"),
        ("I'm vegetarian.", "I'm on a keto diet these days.", "en", "diet"),
        ("我最喜歡的水果是芒果。", "我最喜歡的水果是奇異果了。", "zh", "favourite:水果"),
        ("我女朋友小芳住在台中。", "我現在跟雅婷在一起。", "zh", "family:partner"),
        ("大阪に住んでいます。", "先月、広島に移りました。", "ja", "lives_in"),
        ("ベジタリアンです。", "今は糖質制限をしています。", "ja", "diet"),
        ("서울에 살아요.", "작년에 울산으로 옮겼어요.", "ko", "lives_in"),
        ("남자친구 이름은 민호예요.", "요즘은 현우랑 사귀어요.", "ko", "family:partner"),
    ],
)
def test_a_new_value_said_in_other_words_sets_the_same_subject(
    before: str, after: str, language: str, subject: str
) -> None:
    """Single-valued attributes carry no value in their subject, so the newer replaces the older."""
    assert [c.subject_key for c in extract_candidates(before, language)] == [subject]
    assert [c.subject_key for c in extract_candidates(after, language)] == [subject]


def test_favourites_of_different_categories_do_not_replace_each_other() -> None:
    musician = extract_candidates("My favourite jazz musician is Miles Davis.", "en")
    album = extract_candidates("My favourite jazz album is Kind of Blue.", "en")
    assert [c.subject_key for c in musician + album] == ["favourite:musician", "favourite:album"]
    assert extract_candidates("My favourite sport to watch is tennis.", "en")[0].subject_key == "favourite:sport"


def test_likes_and_intolerances_stay_one_subject_per_value() -> None:
    assert extract_candidates("I like hiking.", "en")[0].subject_key == "likes:hiking"
    assert extract_candidates("I'm lactose intolerant.", "en")[0].subject_key == "diet:lactose_intolerant"


def test_an_emoji_after_japanese_words_ends_the_sentence() -> None:
    # chat's full stop: the statement before it is read alone, not with the fragment after
    got = [c.content for c in extract_candidates("毎朝ジョギングしてる🏃 今日で100日目")]
    assert any("ジョギングしてる" in c for c in got), got


def test_an_emoji_among_latin_words_is_a_word() -> None:
    got = [c.content for c in extract_candidates("my 🐱 Luna is nine", "en")]
    assert any("Luna" in c for c in got), got


def test_a_partner_named_as_company_is_a_partner_statement() -> None:
    got = extract_candidates("上週跟男友阿翔去墾丁玩，曬到脫皮")
    assert [c.subject_key for c in got] == ["family:partner"], got


def test_a_momentary_mood_is_no_note_but_a_lasting_one_is() -> None:
    assert extract_candidates("lol I'm so bored right now", "en") == []
    assert [c.type.value for c in extract_candidates("I've been so stressed about work", "en")] == ["note"]


@pytest.mark.parametrize(
    "text",
    [
        "I just adopted a puppy",
        "剛搬到台中",
        "我剛考上台大",
        "방금 합격 소식 들었어",
        # said with a remark after the comma, or in a form the endings did not list
        "부산 조선소 다녀, 벌써 5년째",
        "放送大学で日本史を勉強中",
        "왼쪽 눈에 렌즈 껴",
    ],
)
def test_news_said_as_it_happens_is_kept(text: str) -> None:
    assert extract_candidates(text) != []
