"""The shape of one language's PII forms: national ids, street addresses and phone numbers
as they are written where the language is spoken.

`pii.py` runs detectors in stages, each stage joining every pack's detectors in registry
order: e-mail and payment cards (language-neutral, in `pii.py`), national ids, addresses,
international and 0-prefixed domestic phone numbers (language-neutral), then the packs'
other phone forms. An earlier span wins an overlap. A detector reads the folded text
(full-width forms folded to ASCII, one character for one) and yields (start, end, flag).

The building blocks the detectors share (digit-run boundaries, the digit filter) live here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engram.language.lazy_pattern import LazyPattern

# folded text -> (start, end, flag) spans, flag such as "national_id_tw", "address", "phone"
Detector = Callable[[str], Iterator[tuple[int, int, str]]]


@dataclass(frozen=True, slots=True)
class PiiPack:
    national_ids: tuple[Detector, ...] = ()  # masked as [ID]
    addresses: tuple[Detector, ...] = ()  # masked as [ADDRESS]
    phones: tuple[Detector, ...] = ()  # masked as [PHONE], after the language-neutral phone forms


# Numeric ids and cards must not be a slice of a longer digit run ("4111-1111-1111-1112"
# is not a 12-digit My Number followed by "-1112"). Lookbehinds must be fixed-width.
NUM_START = r"(?<![\d+])(?<!\d[ -])"  # after "+" it is a phone number
NUM_END = r"(?!\d|[ -]\d)"

HAN = "\u4e00-\u9fff"


def digits(s: str) -> str:
    return "".join(ch for ch in s if ch.isascii() and ch.isdigit())


def detector(regex: LazyPattern, accept: Callable[[re.Match[str]], str | None]) -> Detector:
    """A detector that yields each match of `regex` whose `accept` names a flag (None rejects it)."""

    def find(folded: str) -> Iterator[tuple[int, int, str]]:
        for m in regex.finditer(folded):
            flag = accept(m)
            if flag is not None:
                yield m.start(), m.end(), flag

    return find
