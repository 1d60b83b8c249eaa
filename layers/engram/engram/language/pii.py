"""PII masking before long-term storage (SPEC P5).

`mask_pii` replaces e-mail addresses, phone numbers, payment cards, national
ids (TW / JP / KR / US) and street addresses with typed placeholders. E-mail,
cards, international and 0-prefixed domestic phone numbers are language-neutral
and live here; national ids, addresses and other phone forms are each language
pack's `pii` part (`language/<code>/pii.py`, shaped by `pii_pack.py`). Numbers
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
from collections.abc import Iterator
from dataclasses import dataclass, field

from engram.language.lazy_pattern import lazy_compile
from engram.language.packs import PACKS
from engram.language.pii_pack import NUM_END, NUM_START, Detector, detector, digits

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


# --------------------------------------------------------------------------- detectors
# Each detector yields spans on the folded text; earlier detectors win overlaps. These are
# language-neutral; national ids, addresses and other phone forms come from the language packs.

_EMAIL_RE = lazy_compile(
    r"(?<![A-Za-z0-9_.+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"
)

# 13-19 digits, single spaces or dashes between digits allowed; the Luhn check decides.
_CARD_RE = lazy_compile(rf"{NUM_START}\d(?:[ -]?\d){{12,18}}{NUM_END}")


# International: "+" country code then 2-5 groups; the digit count is checked afterwards.
_PHONE_INTL_RE = lazy_compile(r"(?<![A-Za-z0-9_+])\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){1,5}(?![\d])")
# Domestic TW / JP / KR numbers start with a single 0 (00x is an international prefix):
# TW 0912-345-678, (02)2345-6789, JP 090-1234-5678, 03-1234-5678, 03(1234)5678, KR 010-1234-5678.
# A label's colon may touch the number ("電話：02-2345-6789"); a time's may not ("10:05").
_PHONE_ZERO_RE = lazy_compile(
    r"(?<![A-Za-z0-9_.,/-])(?<!\d:)"
    r"(?:0[1-9]\d{0,3}\(\d{1,4}\)\d{4}|(?:\(0[1-9]\d{0,3}\)|0[1-9]\d{0,3})(?:[ .-]?\d{2,4}){1,3})(?![\d])"
)
# Something that must not be read as a phone number: a date such as 2024-01-15 or 03-15.
_DATEISH_RE = lazy_compile(r"^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}(?:[-/.]\d{2,4})?)$")
# ... nor a date followed by another number ("01-15-2024 10 people").
_DATE_FIRST_RE = lazy_compile(r"^\d{1,2}([-/.])\d{1,2}\1\d{2,4}(?!\d)")


def _accept_card(m: re.Match[str]) -> str | None:
    number = digits(m.group())
    seps = {ch for ch in m.group() if not ch.isdigit()}
    if len(seps) > 1:  # "4111-1111 1111" mixes separators: not how cards are written
        return None
    return "card" if 13 <= len(number) <= 19 and luhn_ok(number) else None


def _accept_intl(m: re.Match[str]) -> str | None:
    return "phone" if 8 <= len(digits(m.group())) <= 15 else None


def _accept_zero(m: re.Match[str]) -> str | None:
    text = m.group()
    if not 9 <= len(digits(text)) <= 11 or _DATEISH_RE.match(text) or _DATE_FIRST_RE.match(text):
        return None
    return "phone"


# The stages in priority order, each with the placeholder its spans get.
_NEUTRAL_FIRST: tuple[tuple[Detector, str], ...] = (
    (detector(_EMAIL_RE, lambda m: "email"), EMAIL),
    (detector(_CARD_RE, _accept_card), CARD),
)
_NEUTRAL_PHONES: tuple[Detector, ...] = (
    detector(_PHONE_INTL_RE, _accept_intl),
    detector(_PHONE_ZERO_RE, _accept_zero),
)


def _stages() -> Iterator[tuple[Detector, str]]:
    # Order = priority on overlap: structured ids and cards before phones (a phone
    # pattern would otherwise swallow them), addresses last but before their digits
    # could be read as phones only where they contain none of the above.
    yield from _NEUTRAL_FIRST
    yield from ((find, ID) for pack in PACKS for find in pack.pii.national_ids)
    yield from ((find, ADDRESS) for pack in PACKS for find in pack.pii.addresses)
    yield from ((find, PHONE) for find in _NEUTRAL_PHONES)
    yield from ((find, PHONE) for pack in PACKS for find in pack.pii.phones)


def _all_spans(folded: str) -> Iterator[_Span]:
    for find, placeholder in _stages():
        for start, end, flag in find(folded):
            yield _Span(start, end, flag, placeholder)


def _find_spans(text: str) -> list[_Span]:
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
    return chosen


def find_pii(text: str) -> list[tuple[int, int, str]]:
    """Non-overlapping (start, end, flag) spans in `text`, in text order."""
    return [(span.start, span.end, span.flag) for span in _find_spans(text)]


def mask_pii(text: str) -> MaskResult:
    """Replace PII in `text` with typed placeholders ([EMAIL], [PHONE], [CARD], [ID], [ADDRESS])."""
    spans = _find_spans(text)
    if not spans:
        return MaskResult(text=text, flags=[], count=0)
    out: list[str] = []
    pos = 0
    for span in spans:
        out.append(text[pos : span.start])
        out.append(span.placeholder)
        pos = span.end
    out.append(text[pos:])
    return MaskResult(text="".join(out), flags=sorted({span.flag for span in spans}), count=len(spans))
