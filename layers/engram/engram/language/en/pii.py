"""English (US) PII forms: social security numbers, street addresses, NANP phone numbers."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engram.language.lazy_pattern import lazy_compile
from engram.language.pii_pack import NUM_END, NUM_START, PiiPack, detector


def ssn_ok(area: str, group: str, serial: str) -> bool:
    """US SSN ranges never issued: area 000, 666, 900-999; group 00; serial 0000."""
    return area not in {"000", "666"} and area[0] != "9" and group != "00" and serial != "0000"


# AAA-GG-SSSS with one consistent separator; bare 9 digits only after an "SSN" keyword.
_SSN_RE = lazy_compile(
    rf"{NUM_START}(?P<a>\d{{3}})(?P<sep>[- ])(?P<g>\d{{2}})(?P=sep)(?P<s>\d{{4}}){NUM_END}"
    r"|(?i:\b(?:ssn|social security(?: number| no\.?)?)\b(?:\s*(?:is|was|:|#))?)\W{0,3}"
    r"(?P<a2>\d{3})(?P<g2>\d{2})(?P<s2>\d{4})(?!\d)"
)

# US / NANP: area and exchange start with 2-9, separators required (bare 10 digits are too ambiguous).
_PHONE_US_RE = lazy_compile(
    r"(?<![A-Za-z0-9_.,/-])(?<!\d:)(?:\+?1[ .-])?(?:\([2-9]\d{2}\) ?|[2-9]\d{2}[ .-])[2-9]\d{2}[ .-]\d{4}(?![\d])"
)


def _accept_ssn(m: re.Match[str]) -> str | None:
    if m.group("a") is not None:
        ok = ssn_ok(m.group("a"), m.group("g"), m.group("s"))
    else:
        ok = ssn_ok(m.group("a2"), m.group("g2"), m.group("s2"))
    return "national_id_us" if ok else None


def _accept_us(m: re.Match[str]) -> str | None:
    return "phone"


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


def _ssn_spans(folded: str) -> Iterator[tuple[int, int, str]]:
    for m in _SSN_RE.finditer(folded):
        if _accept_ssn(m):
            # Keyword form: mask only the digits, keep "SSN" so the sentence still reads.
            start = m.start() if m.group("a") is not None else m.start("a2")
            yield start, m.end(), "national_id_us"


def _us_address_spans(folded: str) -> Iterator[tuple[int, int, str]]:
    for m in _US_ADDR_RE.finditer(folded):
        end = m.end()
        # A trailing ", CA" without a zip may be the start of the next sentence; keep it
        # only when a zip follows (the regex made both optional).
        text = m.group()
        if _US_STATE_ZIP_RE.search(text) and not re.search(r"\d{5}(?:-\d{4})?$", text):
            end = m.start() + _US_STATE_ZIP_RE.search(text).start()  # type: ignore[union-attr]
        yield m.start(), end, "address"


PII = PiiPack(
    national_ids=(_ssn_spans,),
    addresses=(_us_address_spans,),
    phones=(detector(_PHONE_US_RE, _accept_us),),
)
