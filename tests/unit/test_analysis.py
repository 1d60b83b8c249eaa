"""engram.language.analysis: the BM25 token stream and script-based language detection."""

from __future__ import annotations

import time

import pytest

from engram.language.analysis import STOPWORDS, analyze, detect_language
from engram.language.porter import porter_stem

# Examples from Porter's paper / the reference vocabulary (Lucene gives the same stems).
PORTER_CASES = {
    "caresses": "caress",
    "ponies": "poni",
    "cats": "cat",
    "agreed": "agre",
    "plastered": "plaster",
    "motoring": "motor",
    "sing": "sing",
    "conflated": "conflat",
    "hopping": "hop",
    "falling": "fall",
    "filing": "file",
    "happy": "happi",
    "relational": "relat",
    "conditional": "condit",
    "digitizer": "digit",
    "vietnamization": "vietnam",
    "hopefulness": "hope",
    "sensibiliti": "sensibl",
    "electrical": "electr",
    "adjustment": "adjust",
    "adoption": "adopt",
    "generalizations": "gener",
    "controll": "control",
    "running": "run",
    "hiking": "hike",
    "hikes": "hike",
}


@pytest.mark.parametrize(("word", "stem"), PORTER_CASES.items())
def test_porter_stems_like_lucene(word: str, stem: str) -> None:
    assert porter_stem(word) == stem


def test_short_words_are_not_stemmed() -> None:
    assert porter_stem("is") == "is"
    assert porter_stem("as") == "as"


def test_english_inflections_meet_at_the_same_stem() -> None:
    assert analyze("I love hiking in the mountains") == ["i", "love", "hike", "mountain"]
    assert set(analyze("mountain hikes")) <= set(analyze("I love hiking in the mountains"))


def test_stopwords_are_lucene_english_set() -> None:
    assert {"the", "and", "is", "with", "will"} <= STOPWORDS
    assert analyze("The cat is on the mat and it will stay there") == ["cat", "mat", "stai"]


def test_possessive_and_apostrophes() -> None:
    assert analyze("The user's dog doesn't like it's toy") == ["user", "dog", "doesnt", "like", "toi"]
    assert analyze("Emily\u2019s flat") == ["emili", "flat"]  # typographic apostrophe


def test_digits_and_non_ascii_latin_stem_like_lucene() -> None:
    """Lucene's PorterStemmer treats any non a-e-i-o-u-y letter as a consonant."""
    assert analyze("Room 1204, café résumés naïve") == ["room", "1204", "café", "résumé", "naïv"]


def test_chinese_overlapping_bigrams() -> None:
    assert analyze("我喜歡珍珠奶茶") == ["我喜", "喜歡", "歡珍", "珍珠", "珠奶", "奶茶"]


def test_japanese_bigrams_span_kanji_and_kana() -> None:
    assert analyze("東京に行く") == ["東京", "京に", "に行", "行く"]
    assert analyze("コーヒー") == ["コー", "ーヒ", "ヒー"]


def test_korean_bigrams_stop_at_spaces() -> None:
    assert analyze("김치찌개를 좋아해요") == ["김치", "치찌", "찌개", "개를", "좋아", "아해", "해요"]


def test_single_character_run_emits_unigram() -> None:
    assert analyze("我 愛 你。") == ["我", "愛", "你"]
    assert analyze("猫") == ["猫"]


def test_punctuation_splits_cjk_runs() -> None:
    assert analyze("台北、東京") == ["台北", "東京"]
    assert analyze("スター・ウォーズ") == ["スタ", "ター", "ウォ", "ォー", "ーズ"]


def test_mixed_scripts_split_into_runs() -> None:
    assert analyze("我用iPhone拍照 in Taipei") == ["我用", "iphon", "拍照", "taipei"]
    assert analyze("2024年に東京へ") == ["2024", "年に", "に東", "東京", "京へ"]


def test_fullwidth_and_halfwidth_forms_are_folded() -> None:
    assert analyze("ＡＢＣ１２３") == ["abc123"]
    assert analyze("ｺｰﾋｰ") == analyze("コーヒー")
    assert analyze("ＨＥＬＬＯ　ｗｏｒｌｄ") == ["hello", "world"]


def test_lowercasing_and_empty_input() -> None:
    assert analyze("TAIPEI Taipei taipei") == ["taipei"] * 3
    assert analyze("") == []
    assert analyze("!!! ... ???") == []


def test_tokens_are_letters_and_digits_only() -> None:
    """Every token must survive SQLite FTS5's unicode61 tokenizer unchanged."""
    text = "e-mail: bob_smith@example.com, C++ & C#; «quoted» 'single' \"double\" 東京・大阪"
    for token in analyze(text):
        assert token.isalnum(), token


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("The user prefers green tea in the morning.", "en"),
        ("我每天早上都喝綠茶", "zh"),
        ("毎朝緑茶を飲みます", "ja"),
        ("カタカナだけ", "ja"),
        ("매일 아침 녹차를 마셔요", "ko"),
        ("我喜歡 Python programming", "zh"),
        ("I visited 台北 last week with my family", "en"),
        ("12345 !!!", "und"),
        ("", "und"),
        ("ｶﾀｶﾅ", "ja"),  # halfwidth katakana
    ],
)
def test_detect_language(text: str, language: str) -> None:
    assert detect_language(text) == language


def test_analyze_is_fast_enough() -> None:
    """~5,000 short texts per second is the budget; leave a wide margin for slow CI."""
    texts = [
        f"The user {i} mentioned hiking near Taipei 我最喜歡的飲料是珍珠奶茶 週末は京都で抹茶 김치찌개 {i}"
        for i in range(2_000)
    ]
    started = time.process_time()  # this process's CPU: the other test workers do not count
    for text in texts:
        analyze(text)
    rate = len(texts) / max(time.process_time() - started, 1e-6)
    assert rate > 5_000
