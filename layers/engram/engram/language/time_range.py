"""The time range a question names, in en / zh-TW / ja / ko (L3 temporal narrowing).

"What did I do in June 2023?", "2023年6月に何をした？", "작년에 어디 갔어?", "上個月吃了什麼藥" —
a question that names a time range is answered by memories from that range. Absolute
ranges (a year, a month of a year) and the common relative ones (yesterday, last / this
week, month, year) are recognised; anything vaguer ("a while ago") names no range. "Today"
is left out on purpose: "I feel tired today" is about now, and today's rounds are already
in the prompt's recent window.

Ranges are half-open ``[start, end)`` epoch seconds in UTC. A day's timezone offset moves a
boundary by at most a few hours, well inside the slack the retriever adds around a range.
No library fits: dateparser and friends parse a date *string*, not a range named inside a
sentence, and none covers all four languages offline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from engram.language.packs import PACKS

__all__ = ["TimeRange", "named_time_range"]

_DAY = 86_400.0


@dataclass(frozen=True, slots=True)
class TimeRange:
    start: float
    end: float


# Month words, links and date marks from every language pack, in registry order.
_MONTHS: dict[str, int] = {word: number for pack in PACKS for word, number in pack.query.month_names.items()}
_MONTH_WORDS = "|".join(sorted(_MONTHS, key=len, reverse=True))
_LINKS = "|".join(pack.query.month_year_link for pack in PACKS if pack.query.month_year_link)
_LINK = rf"(?:(?:{_LINKS})\s+)?" if _LINKS else ""
_YEAR_MARKS = "".join(dict.fromkeys(pack.query.year_mark for pack in PACKS if pack.query.year_mark))
_MONTH_MARKS = "".join(dict.fromkeys(pack.query.month_mark for pack in PACKS if pack.query.month_mark))

# "June 2023", "Jun. 2023", "June of 2023", "2023-06", "2023/6", "2023年6月", "2023年 6月", "2023년 6월"
_MONTH_YEAR = re.compile(
    rf"\b(?P<m1>{_MONTH_WORDS})\.?,?\s+{_LINK}(?P<y1>(?:19|20)\d\d)\b"
    r"|\b(?P<y2>(?:19|20)\d\d)[-/.](?P<m2>0?[1-9]|1[0-2])\b(?![-/.]\d)"
    rf"|(?P<y3>(?:19|20)\d\d)\s*[{_YEAR_MARKS}]\s*(?P<m3>0?[1-9]|1[0-2])\s*[{_MONTH_MARKS}]",
    re.IGNORECASE,
)
# "in 2023", "2023年", "2023년" (a year alone, not part of a longer number or a date)
_YEAR = re.compile(rf"(?<![\d/.-])(?P<y>(?:19|20)\d\d)(?![\d/.-])\s*[{_YEAR_MARKS}]?")

# Relative ranges: (unit, offset) where unit is day / week / month / year and offset counts back;
# one pattern per range, joining every language pack's words for it (in the first pack's order).
_RANGES = list(dict.fromkeys((unit, offset) for pack in PACKS for _, unit, offset in pack.query.relative_ranges))
_RELATIVE: tuple[tuple[re.Pattern[str], str, int], ...] = tuple(
    (
        re.compile(
            "|".join(p for pack in PACKS for p, u, o in pack.query.relative_ranges if (u, o) == (unit, offset)),
            re.IGNORECASE,
        ),
        unit,
        offset,
    )
    for unit, offset in _RANGES
)


def _month(year: int, month: int) -> TimeRange:
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + month // 12, month % 12 + 1, 1, tzinfo=UTC)
    return TimeRange(start.timestamp(), end.timestamp())


def _year(year: int) -> TimeRange:
    return TimeRange(datetime(year, 1, 1, tzinfo=UTC).timestamp(), datetime(year + 1, 1, 1, tzinfo=UTC).timestamp())


def _relative(unit: str, offset: int, now: float) -> TimeRange:
    today = datetime.fromtimestamp(now, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if unit == "day":
        start = today - timedelta(days=offset)
        return TimeRange(start.timestamp(), start.timestamp() + _DAY)
    if unit == "week":  # ISO weeks start on Monday
        start = today - timedelta(days=today.weekday() + 7 * offset)
        return TimeRange(start.timestamp(), start.timestamp() + 7 * _DAY)
    if unit == "month":
        index = today.year * 12 + today.month - 1 - offset
        return _month(index // 12, index % 12 + 1)
    return _year(today.year - offset)


def named_time_range(text: str, now: float) -> TimeRange | None:
    """The first time range ``text`` names, or None. ``now`` anchors relative ranges."""
    m = _MONTH_YEAR.search(text)
    if m is not None:
        if m["m1"]:
            return _month(int(m["y1"]), _MONTHS[m["m1"].lower()])
        if m["y2"]:
            return _month(int(m["y2"]), int(m["m2"]))
        return _month(int(m["y3"]), int(m["m3"]))
    for pattern, unit, offset in _RELATIVE:
        if pattern.search(text):
            return _relative(unit, offset, now)
    y = _YEAR.search(text)
    if y is not None:
        return _year(int(y["y"]))
    return None
