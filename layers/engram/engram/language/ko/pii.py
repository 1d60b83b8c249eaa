"""Korean PII forms: resident registration numbers, street addresses."""

from __future__ import annotations

import re
from datetime import date

from engram.language.lazy_pattern import lazy_compile
from engram.language.pii_pack import NUM_END, NUM_START, PiiPack, detector


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


# YYMMDD-SXXXXXX (the hyphen may be missing or a space).
_KR_RRN_RE = lazy_compile(rf"{NUM_START}(?P<front>\d{{6}})(?P<sep>[ -]?)(?P<back>\d{{7}}){NUM_END}")


def _accept_kr(m: re.Match[str]) -> str | None:
    value = m.group("front") + m.group("back")
    if not kr_rrn_plausible(value):
        return None
    if m.group("sep"):
        # Written as an RRN: masked even when the checksum fails (post-2020-10 numbers).
        return "national_id_kr"
    # Thirteen bare digits are only an RRN when the checksum also holds.
    return "national_id_kr" if kr_rrn_checksum_ok(value) else None


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


def _accept_address(m: re.Match[str]) -> str | None:
    return "address"


PII = PiiPack(
    national_ids=(detector(_KR_RRN_RE, _accept_kr),),
    addresses=(detector(_KR_ADDR_RE, _accept_address),),
)
