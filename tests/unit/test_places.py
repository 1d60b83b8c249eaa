"""City names in a statement (language/places.py), as a home said without a verb of living names them."""

from __future__ import annotations

import pytest

from engram.language.answer_slots import away_from_home
from engram.language.places import city_key, named_places


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("Grabbing a bagel before work, one perk of living in Brooklyn", ("Brooklyn",)),
        ("Loving the sunshine here in San Diego", ("San Diego",)),
        ("I moved to St. Louis last spring", ("St. Louis",)),
        ("台北的捷運今天又擠到爆", ("台北",)),
        ("搬來花蓮快一年了", ("花蓮",)),
        ("嘉義的雞肉飯每一家都好吃", ("嘉義",)),
        ("金沢に越してきて1ヶ月", ("金沢",)),
        ("東京都に住んでる", ("東京都",)),  # leftmost-longest: not 京都
        ("대구는 여름에 진짜 찜통이네", ("대구",)),
        ("수원에서 회사까지 지하철로 다녀요", ("수원",)),
        ("Boston's winters are brutal", ("Boston",)),
    ],
)
def test_a_city_is_found_in_every_script(text: str, places: tuple[str, ...]) -> None:
    assert named_places(text) == places


@pytest.mark.parametrize(
    "text",
    [
        "Nice weather today",  # an everyday word that is also a city
        "Reading a book before bed",
        "I met Mr. Lincoln at the bank",
        "my boyfriend Austin is cooking tonight",  # a given name that is also a city
        "松本さんとランチした",  # a city name followed by an honorific is a person
        "지구대에 갔다",  # Hangul: a name only at a word's start
        "パリパリのポテト",  # kana names of two characters are left out
        "今天十日，天氣很好",  # an everyday word left out of the list
        "new york style pizza",  # Latin names are capitalised
        "買了一台中古車",  # a numeral and its counter, not 台中
    ],
)
def test_no_city_where_none_is_named(text: str) -> None:
    assert named_places(text) == ()


@pytest.mark.parametrize(
    ("text", "away"),
    [
        ("Flying to Osaka next week for a conference", True),
        ("I grew up in Busan", True),
        ("出差去高雄三天", True),
        ("京都旅行、楽しかった", True),
        ("부산으로 여행 왔어요", True),
        ("京都は観光客多すぎて、近所のスーパー行くのも一苦労", False),  # tourists where one lives
        ("one perk of living in Brooklyn", False),
        ("We're thinking about moving to Denver next year", True),
        ("I'm from Seattle, I moved here for work", True),
        ("我們打算明年搬去台中", True),
        ("大阪から来ました", True),
        ("부산 출신이에요", True),
        # a trip decided or booked
        ("booked it! porto for new year's, leaving dec 28", True),
        ("寒假要去札幌 機票訂好了", True),
        ("3월에 제주도 가기로 했어", True),
        ("我要去上班了，住在板橋很方便", False),
        # where one lives, with a plan or a booking beside it (a review found these read as trips)
        ("我住在新竹，每天要去竹科上班", False),
        ("我住在台北，機票太貴了所以今年不出國", False),
        ("부산 살아 내일 회사 갈 거야", False),
        ("I live in Austin now, just booked a haircut for saturday", False),
    ],
)
def test_a_trip_or_an_origin_is_no_home(text: str, away: bool) -> None:
    assert away_from_home(text) is away


def test_one_city_with_and_without_what_it_is() -> None:
    assert city_key("東京都") == city_key("東京") and city_key("台南市") == city_key("台南")
    assert city_key("京都") == "京都" and city_key("대구") == "대구"  # never cut to one character
