"""PII masking before long-term storage (SPEC P5).

`mask_pii` replaces e-mail addresses, phone numbers, payment cards, national
ids (TW / JP / KR / US) and street addresses with typed placeholders. Numbers
are only masked when their structure (and, where one exists, their checksum)
says so, because health chats are full of digits that are not PII: dates,
times, doses ("500mg"), readings ("SpO2 92%", "血壓 130/85"), amounts, years.

Detection runs on a copy where full-width digits / letters / punctuation are
folded to ASCII one character for one character, so match offsets are valid
in the original text and everything that is not masked is kept verbatim.
Pure functions, stdlib only.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date

from engram.language.lazy_pattern import LazyPattern, lazy_compile

EMAIL = "[EMAIL]"
PHONE = "[PHONE]"
CARD = "[CARD]"
ID = "[ID]"
ADDRESS = "[ADDRESS]"


@dataclass(frozen=True, slots=True)
class MaskResult:
    text: str
    flags: list[str] = field(default_factory=list)  # sorted, unique: "email", "national_id_tw", ...
    count: int = 0  # number of replaced spans


@dataclass(frozen=True, slots=True)
class _Span:
    start: int
    end: int
    flag: str
    placeholder: str


# --------------------------------------------------------------------------- normalisation

# One-to-one folds only (no NFKC): NFKC can change the length of a string
# ("㍻" -> "平成"), which would break the offset mapping back to the original.
_FOLD: dict[int, str] = {cp: chr(cp - 0xFEE0) for cp in range(0xFF01, 0xFF5F)}  # full-width ASCII
_FOLD.update(
    {
        0x3000: " ",  # ideographic space
        0x2010: "-",
        0x2011: "-",
        0x2012: "-",
        0x2013: "-",
        0x2014: "-",
        0x2015: "-",
        0x2212: "-",  # minus sign
        0x30FC: "-",  # katakana long mark, typed as a dash in JP phone numbers "090ー1234ー5678"
        0xFF70: "-",  # half-width long mark
    }
)


def _fold(text: str) -> str:
    return text.translate(_FOLD)


def _digits(s: str) -> str:
    return "".join(ch for ch in s if ch.isascii() and ch.isdigit())


# --------------------------------------------------------------------------- checksums


def luhn_ok(number: str) -> bool:
    """Luhn mod-10 over a digit string (payment cards)."""
    if not number.isdigit():
        return False
    total = 0
    for i, ch in enumerate(reversed(number)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


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


def kr_rrn_checksum_ok(value: str) -> bool:
    """Korean resident registration number checksum (weights 2..9,2..5, mod 11)."""
    if len(value) != 13 or not value.isdigit():
        return False
    weights = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
    total = sum(int(d) * w for d, w in zip(value[:12], weights, strict=True))
    return (11 - total % 11) % 10 == int(value[12])


def kr_rrn_plausible(value: str) -> bool:
    """Birth date YYMMDD valid for the century its gender/century digit names.

    Since 2020-10 newly issued RRNs replace the region / serial part with random
    digits and no longer satisfy the checksum, so plausibility (not the checksum)
    decides whether a hyphenated RRN is masked.
    """
    if len(value) != 13 or not value.isdigit():
        return False
    century = {"1": 1900, "2": 1900, "5": 1900, "6": 1900, "3": 2000, "4": 2000, "7": 2000, "8": 2000}
    base = century.get(value[6])
    if base is None:  # 9/0 (born 1800s) is not plausible for a living user
        return False
    try:
        date(base + int(value[0:2]), int(value[2:4]), int(value[4:6]))
    except ValueError:
        return False
    return True


def ssn_ok(area: str, group: str, serial: str) -> bool:
    """US SSN ranges never issued: area 000, 666, 900-999; group 00; serial 0000."""
    return area not in {"000", "666"} and area[0] != "9" and group != "00" and serial != "0000"


# --------------------------------------------------------------------------- detectors
# Each detector yields spans on the folded text; earlier detectors win overlaps.

_EMAIL_RE = lazy_compile(
    r"(?<![A-Za-z0-9_.+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"
)

# Numeric ids and cards must not be a slice of a longer digit run ("4111-1111-1111-1112"
# is not a 12-digit My Number followed by "-1112"). Lookbehinds must be fixed-width.
_NUM_START = r"(?<![\d+])(?<!\d[ -])"  # after "+" it is a phone number
_NUM_END = r"(?!\d|[ -]\d)"

# 13-19 digits, single spaces or dashes between digits allowed; the Luhn check decides.
_CARD_RE = lazy_compile(rf"{_NUM_START}\d(?:[ -]?\d){{12,18}}{_NUM_END}")

# Letter + 9 digits (or two letters + 8); ASCII-only boundaries so "ID:A123456789" or
# "身分證A123456789" match.
_TW_ID_RE = lazy_compile(r"(?<![A-Za-z0-9])[A-Za-z][1289A-Da-d]\d{8}(?![A-Za-z0-9])")

# 12 digits, either contiguous or 4-4-4 with one consistent separator.
_MY_NUMBER_RE = lazy_compile(rf"{_NUM_START}\d{{4}}(?P<sep>[ -]?)\d{{4}}(?P=sep)\d{{4}}{_NUM_END}")

# YYMMDD-SXXXXXX (the hyphen may be missing or a space).
_KR_RRN_RE = lazy_compile(rf"{_NUM_START}(?P<front>\d{{6}})(?P<sep>[ -]?)(?P<back>\d{{7}}){_NUM_END}")

# AAA-GG-SSSS with one consistent separator; bare 9 digits only after an "SSN" keyword.
_SSN_RE = lazy_compile(
    rf"{_NUM_START}(?P<a>\d{{3}})(?P<sep>[- ])(?P<g>\d{{2}})(?P=sep)(?P<s>\d{{4}}){_NUM_END}"
    r"|(?i:\b(?:ssn|social security(?: number| no\.?)?)\b(?:\s*(?:is|was|:|#))?)\W{0,3}"
    r"(?P<a2>\d{3})(?P<g2>\d{2})(?P<s2>\d{4})(?!\d)"
)

# International: "+" country code then 2-5 groups; the digit count is checked afterwards.
_PHONE_INTL_RE = lazy_compile(r"(?<![A-Za-z0-9_+])\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){1,5}(?![\d])")
# Domestic TW / JP / KR numbers start with a single 0 (00x is an international prefix):
# TW 0912-345-678, (02)2345-6789, JP 090-1234-5678, 03-1234-5678, 03(1234)5678, KR 010-1234-5678.
# A label's colon may touch the number ("電話：02-2345-6789"); a time's may not ("10:05").
_PHONE_ZERO_RE = lazy_compile(
    r"(?<![A-Za-z0-9_.,/-])(?<!\d:)"
    r"(?:0[1-9]\d{0,3}\(\d{1,4}\)\d{4}|(?:\(0[1-9]\d{0,3}\)|0[1-9]\d{0,3})(?:[ .-]?\d{2,4}){1,3})(?![\d])"
)
# US / NANP: area and exchange start with 2-9, separators required (bare 10 digits are too ambiguous).
_PHONE_US_RE = lazy_compile(
    r"(?<![A-Za-z0-9_.,/-])(?<!\d:)(?:\+?1[ .-])?(?:\([2-9]\d{2}\) ?|[2-9]\d{2}[ .-])[2-9]\d{2}[ .-]\d{4}(?![\d])"
)
# Something that must not be read as a phone number: a date such as 2024-01-15 or 03-15.
_DATEISH_RE = lazy_compile(r"^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}(?:[-/.]\d{2,4})?)$")
# ... nor a date followed by another number ("01-15-2024 10 people").
_DATE_FIRST_RE = lazy_compile(r"^\d{1,2}([-/.])\d{1,2}\1\d{2,4}(?!\d)")


def _spans(regex: LazyPattern, folded: str, accept: Callable[[re.Match[str]], str | None]) -> Iterator[_Span]:
    """Run `regex`; `accept` returns the flag for a match (or None to reject it)."""
    for m in regex.finditer(folded):
        flag = accept(m)
        if flag is not None:
            yield _Span(m.start(), m.end(), flag, _PLACEHOLDER[flag])


def _accept_card(m: re.Match[str]) -> str | None:
    digits = _digits(m.group())
    seps = {ch for ch in m.group() if not ch.isdigit()}
    if len(seps) > 1:  # "4111-1111 1111" mixes separators: not how cards are written
        return None
    return "card" if 13 <= len(digits) <= 19 and luhn_ok(digits) else None


def _accept_tw(m: re.Match[str]) -> str | None:
    return "national_id_tw" if tw_id_ok(m.group()) else None


def _accept_jp(m: re.Match[str]) -> str | None:
    return "national_id_jp" if my_number_ok(_digits(m.group())) else None


def _accept_kr(m: re.Match[str]) -> str | None:
    value = m.group("front") + m.group("back")
    if not kr_rrn_plausible(value):
        return None
    if m.group("sep"):
        # Written as an RRN: masked even when the checksum fails (post-2020-10 numbers).
        return "national_id_kr"
    # Thirteen bare digits are only an RRN when the checksum also holds.
    return "national_id_kr" if kr_rrn_checksum_ok(value) else None


def _accept_ssn(m: re.Match[str]) -> str | None:
    if m.group("a") is not None:
        ok = ssn_ok(m.group("a"), m.group("g"), m.group("s"))
    else:
        ok = ssn_ok(m.group("a2"), m.group("g2"), m.group("s2"))
    return "national_id_us" if ok else None


def _accept_intl(m: re.Match[str]) -> str | None:
    return "phone" if 8 <= len(_digits(m.group())) <= 15 else None


def _accept_zero(m: re.Match[str]) -> str | None:
    text = m.group()
    digits = _digits(text)
    if not 9 <= len(digits) <= 11 or _DATEISH_RE.match(text) or _DATE_FIRST_RE.match(text):
        return None
    return "phone"


def _accept_us(m: re.Match[str]) -> str | None:
    return "phone"


# --------------------------------------------------------------------------- addresses

_HAN = "\u4e00-\u9fff"
_NUM_ZH = "0-9一二三四五六七八九十百零〇"

_TW_CITY = (
    "台北|臺北|新北|桃園|台中|臺中|台南|臺南|高雄|基隆|新竹|嘉義|苗栗|彰化|南投|雲林|屏東|宜蘭|花蓮|台東|臺東"
    "|澎湖|金門|連江|北京|上海|天津|重慶|广州|廣州|深圳|杭州|南京|成都|武汉|武漢"
)
# A han character that can be part of a place name; verbs / particles that precede an
# address ("我住在…", "地址是…") are excluded so the span starts at the place name.
_PLACE_CH = rf"(?:(?![在住到於于是我家的址從从往去來来和與与跟搬])[{_HAN}])"
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
    rf"(?:\s?[{_HAN}\u30a0-\u30ff\w]{{0,12}}?\d{{1,4}}号室)?"
    rf"|{_JP_POSTAL}(?:\s?(?:{_JP_PREF})(?:{_JP_NAME_CH}{{1,6}}?[市区町村郡]){{0,3}})?"
)

_KR_WORD = "[가-힣A-Za-z0-9]"
_KR_ADDR_RE = lazy_compile(
    rf"(?<![가-힣])"
    rf"(?:(?:{_KR_WORD}{{1,6}}(?:특별시|광역시|특별자치시|특별자치도|시|도))\s+)?"
    rf"(?:{_KR_WORD}{{1,6}}(?:시|군|구)\s+){{1,2}}"
    rf"(?:{_KR_WORD}{{1,6}}(?:읍|면)\s+)?"
    rf"{_KR_WORD}{{1,10}}(?:로|길|동|리|가)\s?"
    rf"\d{{1,5}}(?:-\d{{1,5}})?(?:번지|번길)?"
    rf"(?:\s?\d{{1,5}}(?:-\d{{1,5}})?)?"
    rf"(?:,?\s?\d{{1,4}}동)?(?:\s?\d{{1,5}}호)?"
)

_US_SUFFIX = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Court|Ct|Way|Place|Pl|Terrace|Ter"
    r"|Parkway|Pkwy|Highway|Hwy|Circle|Cir|Square|Sq|Trail|Trl)"
)
_US_ADDR_RE = lazy_compile(
    rf"(?<![\w-])\d{{1,6}}[A-Za-z]?\s+"
    rf"(?:(?:[NSEW]|North|South|East|West)\.?\s+)?"
    rf"(?:(?:[A-Z][a-z]+|\d{{1,3}}(?:st|nd|rd|th))\s+){{1,3}}"
    rf"{_US_SUFFIX}\b\.?"
    rf"(?:,?\s*(?:Apt|Apartment|Suite|Ste|Unit|Fl|Floor|#)\.?\s*#?[\w-]{{1,6}})?"
    rf"(?:,\s*[A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+){{0,2}})?"  # city
    rf"(?:,?\s*[A-Z]{{2}})?"  # state
    rf"(?:,?\s+\d{{5}}(?:-\d{{4}})?)?"  # zip
)
_US_STATE_ZIP_RE = lazy_compile(r",?\s*[A-Z]{2}$")


def _accept_address(m: re.Match[str]) -> str | None:
    return "address"


def _us_address_spans(folded: str) -> Iterator[_Span]:
    for m in _US_ADDR_RE.finditer(folded):
        end = m.end()
        # A trailing ", CA" without a zip may be the start of the next sentence; keep it
        # only when a zip follows (the regex made both optional).
        text = m.group()
        if _US_STATE_ZIP_RE.search(text) and not re.search(r"\d{5}(?:-\d{4})?$", text):
            end = m.start() + _US_STATE_ZIP_RE.search(text).start()  # type: ignore[union-attr]
        yield _Span(m.start(), end, "address", ADDRESS)


_PLACEHOLDER = {
    "email": EMAIL,
    "card": CARD,
    "phone": PHONE,
    "national_id_tw": ID,
    "national_id_jp": ID,
    "national_id_kr": ID,
    "national_id_us": ID,
    "address": ADDRESS,
}


def _all_spans(folded: str) -> Iterator[_Span]:
    # Order = priority on overlap: structured ids and cards before phones (a phone
    # pattern would otherwise swallow them), addresses last but before their digits
    # could be read as phones only where they contain none of the above.
    yield from _spans(_EMAIL_RE, folded, lambda m: "email")
    yield from _spans(_CARD_RE, folded, _accept_card)
    yield from _spans(_TW_ID_RE, folded, _accept_tw)
    yield from _spans(_KR_RRN_RE, folded, _accept_kr)
    for m in _SSN_RE.finditer(folded):
        if _accept_ssn(m):
            # Keyword form: mask only the digits, keep "SSN" so the sentence still reads.
            start = m.start() if m.group("a") is not None else m.start("a2")
            yield _Span(start, m.end(), "national_id_us", ID)
    yield from _spans(_MY_NUMBER_RE, folded, _accept_jp)
    yield from _spans(_TW_ADDR_RE, folded, _accept_address)
    yield from _spans(_JP_ADDR_RE, folded, _accept_address)
    yield from _spans(_KR_ADDR_RE, folded, _accept_address)
    yield from _us_address_spans(folded)
    yield from _spans(_PHONE_INTL_RE, folded, _accept_intl)
    yield from _spans(_PHONE_ZERO_RE, folded, _accept_zero)
    yield from _spans(_PHONE_US_RE, folded, _accept_us)


def find_pii(text: str) -> list[tuple[int, int, str]]:
    """Non-overlapping (start, end, flag) spans in `text`, in text order."""
    # Chosen spans are disjoint and kept sorted, so only the one starting just before a new
    # span's end can overlap it: a bisect, not a scan (a KB document has thousands of spans).
    starts: list[int] = []
    chosen: list[_Span] = []
    for span in _all_spans(_fold(text)):
        if span.end <= span.start:
            continue
        i = bisect.bisect_left(starts, span.end)
        if i > 0 and chosen[i - 1].end > span.start:
            continue
        starts.insert(i, span.start)
        chosen.insert(i, span)
    return [(s.start, s.end, s.flag) for s in chosen]


def mask_pii(text: str) -> MaskResult:
    """Replace PII in `text` with typed placeholders ([EMAIL], [PHONE], [CARD], [ID], [ADDRESS])."""
    spans = find_pii(text)
    if not spans:
        return MaskResult(text=text, flags=[], count=0)
    out: list[str] = []
    pos = 0
    for start, end, flag in spans:
        out.append(text[pos:start])
        out.append(_PLACEHOLDER[flag])
        pos = end
    out.append(text[pos:])
    return MaskResult(text="".join(out), flags=sorted({flag for _, _, flag in spans}), count=len(spans))
