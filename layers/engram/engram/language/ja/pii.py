"""Japanese PII forms: the individual number (My Number), street addresses."""

from __future__ import annotations

import re

from engram.language.lazy_pattern import lazy_compile
from engram.language.pii_pack import HAN, NUM_END, NUM_START, PiiPack, detector, digits


def my_number_ok(value: str) -> bool:
    """Japan individual number (マイナンバー): 12 digits, the last one a mod-11 check digit."""
    if len(value) != 12 or not value.isdigit():
        return False
    body = [int(d) for d in value[:11]]
    # P_n counted from the right of the 11-digit body; Q_n = n+1 (n <= 6) else n-5.
    total = sum(p * (n + 1 if n <= 6 else n - 5) for n, p in enumerate(reversed(body), start=1))
    remainder = total % 11
    check = 0 if remainder <= 1 else 11 - remainder
    return check == int(value[11])


# 12 digits, either contiguous or 4-4-4 with one consistent separator.
_MY_NUMBER_RE = lazy_compile(rf"{NUM_START}\d{{4}}(?P<sep>[ -]?)\d{{4}}(?P=sep)\d{{4}}{NUM_END}")


def _accept_jp(m: re.Match[str]) -> str | None:
    return "national_id_jp" if my_number_ok(digits(m.group())) else None


_JP_PREF = (
    "北海道|東京都|大阪府|京都府|(?:青森|岩手|宮城|秋田|山形|福島|茨城|栃木|群馬|埼玉|千葉|神奈川|新潟|富山"
    "|石川"
    "|福井|山梨|長野|岐阜|静岡|愛知|三重|滋賀|兵庫|奈良|和歌山|鳥取|島根|岡山|広島|山口|徳島|香川|愛媛|高知"
    "|福岡"
    "|佐賀|長崎|熊本|大分|宮崎|鹿児島|沖縄)県"
)
_JP_NAME_CH = r"(?:(?![はがをにでともへの住所私僕])[\u4e00-\u9fff\u30a0-\u30ff\u3041-\u3096ヶケ])"
_JP_NUM = "0-9一二三四五六七八九十"
_JP_BLOCK = (
    rf"(?:[{_JP_NUM}]{{1,3}}丁目\s?(?:\d{{1,4}}(?:番地?|-)\s?(?:\d{{1,4}}号?)?)?"
    rf"|\d{{1,4}}番地(?:の?\d{{1,4}})?"
    rf"|\d{{1,4}}番\s?\d{{1,4}}号"
    rf"|\d{{1,4}}-\d{{1,4}}(?:-\d{{1,4}})?)"
)
_JP_POSTAL = r"〒\s?\d{3}-?\d{4}"
_JP_ADDR_RE = lazy_compile(
    rf"(?:{_JP_POSTAL}\s?)?"
    rf"(?:(?:{_JP_PREF})\s?)?"
    rf"(?:{_JP_NAME_CH}{{1,6}}?[市区町村郡]\s?){{1,3}}"
    rf"{_JP_NAME_CH}{{0,8}}?\s?{_JP_BLOCK}"
    rf"(?:\s?[{HAN}\u30a0-\u30ff\w]{{0,12}}?\d{{1,4}}号室)?"
    rf"|{_JP_POSTAL}(?:\s?(?:{_JP_PREF})(?:{_JP_NAME_CH}{{1,6}}?[市区町村郡]){{0,3}})?"
)


def _accept_address(m: re.Match[str]) -> str | None:
    return "address"


PII = PiiPack(
    national_ids=(detector(_MY_NUMBER_RE, _accept_jp),),
    addresses=(detector(_JP_ADDR_RE, _accept_address),),
)
