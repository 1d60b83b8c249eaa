"""R2 short forms: the extractive fallback meets the ratio in every language, the model's answer
is checked against the budget, and short memories are not pretended to be compressed."""

from __future__ import annotations

import pytest

from engram.adapters.local_models.compressor import ExtractiveCompressor, cut_to_bytes
from engram.kernel.errors import LlmFailure
from engram.memory.lifecycle import ShortFormMaker
from engram.memory.scoring import WEEK_S, crossing_time, effective_importance
from engram.settings import Settings

LONG = {
    "en": "Last Saturday I took my dog Biscuit to the beach near Kamakura. He chased the waves for an hour "
    "and then slept in the car all the way home. I want to go back in the summer with my sister.",
    "zh": "上週六我帶狗狗餅乾去鎌倉附近的海邊。牠追著海浪跑了一個小時，回家的路上一直在車裡睡覺。"
    "我想夏天再和姐姐一起去一次。",
    "ja": "先週の土曜日に犬のビスケットを鎌倉の近くの海に連れて行った。一時間ずっと波を追いかけて、"
    "帰りの車ではずっと寝ていた。夏に姉ともう一度行きたい。",
    "ko": "지난 토요일에 강아지 비스킷을 데리고 가마쿠라 근처 바다에 갔다. 한 시간 동안 파도를 쫓아다니다가 "
    "집에 오는 차 안에서 내내 잤다. 여름에 언니랑 다시 가고 싶다.",
}
ONE_SENTENCE = {
    "en": "My grandmother who lives in Osaka and grows tomatoes and cucumbers in her small garden behind "
    "the house turned ninety this spring and still walks to the market every single morning",
    "zh": "住在大阪、在屋後小菜園種番茄和小黃瓜的奶奶今年春天滿九十歲了而且每天早上還是自己走路去市場買菜",
    "ja": "大阪に住んでいて家の裏の小さな畑でトマトとキュウリを育てている祖母は"
    "今年の春に九十歳になったが毎朝市場まで歩いている",
    "ko": "오사카에 살면서 집 뒤 작은 텃밭에서 토마토와 오이를 키우는 할머니는 "
    "올봄에 아흔이 되셨는데 아직도 매일 아침 시장까지 걸어가신다",
}


def _ratio(original: str, short: str) -> float:
    return (len(original.encode()) - len(short.encode())) / len(original.encode())


@pytest.mark.parametrize("language", sorted(LONG))
def test_extractive_short_form_reaches_70_percent_in_every_language(language: str) -> None:
    maker = ShortFormMaker(Settings(), ExtractiveCompressor())
    text = LONG[language]
    short = maker.make(text)
    assert short.text and short.method == "local-heuristic"
    assert _ratio(text, short.text) >= 0.7
    # extractive: its words are the memory's own (never translated)
    assert short.text.rstrip("…").split()[0] in text


@pytest.mark.parametrize("language", sorted(ONE_SENTENCE))
def test_a_single_long_sentence_is_cut_at_a_boundary_within_the_budget(language: str) -> None:
    maker = ShortFormMaker(Settings(), ExtractiveCompressor())
    text = ONE_SENTENCE[language]
    short = maker.make(text)
    assert short.text and _ratio(text, short.text) >= 0.7
    assert short.text.endswith("…") and short.text.removesuffix("…") in text  # a cut of its own words


def test_cut_to_bytes_never_splits_a_character_or_a_word() -> None:
    assert cut_to_bytes("hello wonderful world", 14) == "hello…"
    cut = cut_to_bytes("味噌ラーメンが美味しかった", 10)
    assert cut == "味噌…" and len(cut.encode()) <= 10
    assert cut_to_bytes("anything", 2) == ""


def test_short_memories_are_archived_as_they_are() -> None:
    short = ShortFormMaker(Settings(), ExtractiveCompressor()).make("Likes green tea.")
    assert short.text is None and short.method == "none"


class _Model:
    name = "gpt-4o-mini"

    def __init__(self, answer: str | Exception) -> None:
        self.answer = answer
        self.budgets: list[int] = []

    def compress(self, text: str, max_bytes: int) -> str:
        self.budgets.append(max_bytes)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_the_model_short_form_is_used_when_it_fits_the_budget() -> None:
    model = _Model("Beach with Biscuit near Kamakura; again in summer.")
    short = ShortFormMaker(Settings(), ExtractiveCompressor(), model).make(LONG["en"])
    assert short.text == "Beach with Biscuit near Kamakura; again in summer." and short.method == "gpt-4o-mini"
    assert model.budgets == [int(len(LONG["en"].encode()) * 0.3)]


@pytest.mark.parametrize("answer", [LONG["en"], "", LlmFailure("timeout")])
def test_an_overlong_empty_or_failed_model_answer_falls_back_to_the_extractive_form(answer: object) -> None:
    model = _Model(answer)  # type: ignore[arg-type]
    short = ShortFormMaker(Settings(), ExtractiveCompressor(), model).make(LONG["en"])
    assert short.method == "local-heuristic" and short.text and _ratio(LONG["en"], short.text) >= 0.7


def test_r1_numbers() -> None:
    s = Settings()
    created = 0.0
    assert effective_importance(0.5, created, 0, created, s) == 0.5
    assert effective_importance(0.5, created, 0, created + WEEK_S, s) == pytest.approx(0.475)
    assert effective_importance(0.5, created, 2, created, s) == pytest.approx(0.6)
    assert effective_importance(0.9, created, 5, created, s) == 1.0  # clipped
    crossing = crossing_time(0.5, created, 0, 0.3, s)
    assert crossing is not None
    assert effective_importance(0.5, created, 0, crossing, s) == pytest.approx(0.3)
    assert crossing_time(0.2, 42.0, 0, 0.3, s) == 42.0  # already below: due at once
    assert crossing_time(0.5, 0.0, 0, 0.3, s.model_copy(update={"weekly_decay": 1.0})) is None
