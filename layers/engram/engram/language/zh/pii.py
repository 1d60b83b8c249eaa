"""Chinese (Taiwan, and mainland city names) PII forms: national ids, street addresses."""

from __future__ import annotations

import re

from engram.language.lazy_pattern import lazy_compile
from engram.language.pii_pack import HAN, PiiPack, detector

# Letter -> two-digit area code of the Taiwan national id; not alphabetical
# because I, O, W, X, Y, Z were added to the scheme later.
_TW_LETTER = dict(
    zip(
        "ABCDEFGHJKLMNPQRSTUVXYWZIO",
        range(10, 36),
        strict=True,
    )
)


def tw_id_ok(value: str) -> bool:
    """Taiwan national id / resident certificate: letter + [1289] + 8 digits, or the
    old-format certificate (issued until 2021, still carried): letter + [A-D] + 8 digits."""
    value = value.upper()
    if len(value) != 10 or value[0] not in _TW_LETTER or not value[2:].isdigit():
        return False
    if value[1] in "ABCD":  # old format: the second letter counts with the last digit of its code
        second = _TW_LETTER[value[1]] % 10
    elif value[1] in "1289":  # 1/2 citizens (gender), 8/9 new-format resident certificates
        second = int(value[1])
    else:
        return False
    code = _TW_LETTER[value[0]]
    total = code // 10 + (code % 10) * 9 + second * 8
    total += sum(int(d) * w for d, w in zip(value[2:9], range(7, 0, -1), strict=True))
    total += int(value[9])
    return total % 10 == 0


# Letter + 9 digits (or two letters + 8); ASCII-only boundaries so "ID:A123456789" or
# "身分證A123456789" match.
_TW_ID_RE = lazy_compile(r"(?<![A-Za-z0-9])[A-Za-z][1289A-Da-d]\d{8}(?![A-Za-z0-9])")


def _accept_tw(m: re.Match[str]) -> str | None:
    return "national_id_tw" if tw_id_ok(m.group()) else None


_NUM_ZH = "0-9一二三四五六七八九十百零〇"

_TW_CITY = (
    "台北|臺北|新北|桃園|台中|臺中|台南|臺南|高雄|基隆|新竹|嘉義|苗栗|彰化|南投|雲林|屏東|宜蘭|花蓮|台東|臺東"
    "|澎湖|金門|連江|北京|上海|天津|重慶|广州|廣州|深圳|杭州|南京|成都|武汉|武漢"
)
# A han character that can be part of a place name; verbs / particles that precede an
# address ("我住在…", "地址是…") are excluded so the span starts at the place name.
_PLACE_CH = rf"(?:(?![在住到於于是我家的址從从往去來来和與与跟搬])[{HAN}])"
_TW_ADDR_RE = lazy_compile(
    rf"(?:\d{{3,6}}\s?)?"  # postal code
    rf"(?:(?:{_TW_CITY})[市縣县]\s?)?"
    rf"(?:{_PLACE_CH}{{1,3}}[區区鄉乡鎮镇市]\s?)?"
    rf"(?:{_PLACE_CH}{{1,3}}[里村]\s?)?"
    rf"(?:\d{{1,3}}鄰\s?)?"
    rf"{_PLACE_CH}{{1,6}}?(?:[路街]|大道)\s?"
    rf"(?:[{_NUM_ZH}]{{1,3}}段\s?)?"
    rf"(?:\d{{1,4}}巷\s?)?(?:\d{{1,4}}弄\s?)?"
    rf"\d{{1,5}}(?:之\d{{1,3}})?[號号]"
    rf"(?:\s?(?:之\d{{1,3}}|[{_NUM_ZH}]{{1,3}}[樓楼F](?:之\d{{1,3}})?|\d{{1,4}}室))*"
)


def _accept_address(m: re.Match[str]) -> str | None:
    return "address"


PII = PiiPack(
    national_ids=(detector(_TW_ID_RE, _accept_tw),),
    addresses=(detector(_TW_ADDR_RE, _accept_address),),
)
