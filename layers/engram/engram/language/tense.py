"""Does a question ask about how things were before ("where did I use to work?")?

Prompts hold only currently valid facts; a question about the past gets the superseded ones
too, with their dates. Markers of a former state (each language pack's `past_state`), not of any past event:
"what did I eat yesterday" is about the past but not about a former state, so it stays out
(retrieval finds yesterday's memory anyway; only replaced facts are held back).
"""

from __future__ import annotations

import re

from engram.language.packs import PACKS

_PAST_STATE = re.compile("|".join(pack.query.past_state for pack in PACKS), re.IGNORECASE)


_STATE_CHANGE = re.compile("|".join(pack.query.state_change for pack in PACKS), re.IGNORECASE)
_WEAK_CHANGE = re.compile("|".join(f"(?:{pack.query.weak_change})" for pack in PACKS), re.IGNORECASE)


def asks_about_past(text: str) -> bool:
    return bool(_PAST_STATE.search(text))


def former_state_spans(text: str) -> list[tuple[int, int]]:
    """Where the words of a former state stand ("so I'm |no longer|", "|used to|")."""
    return [m.span() for m in _PAST_STATE.finditer(text)]


def states_change(text: str) -> bool:
    """Does a statement report a new state ("I'm a teacher now", "醫生把我的藥換成了…")? Then what
    an earlier statement said of the same thing is out of date for a question about the present."""
    return bool(_STATE_CHANGE.search(text))


def states_change_strongly(text: str) -> bool:
    """A change said by more than a word of when: "switched", 換成, 辞めた, 그만뒀 — not "now" or
    最近 alone, which most statements carry without changing anything."""
    return any(not _WEAK_CHANGE.fullmatch(m.group(0)) for m in _STATE_CHANGE.finditer(text))


# A day of the month: "the 22nd", "march 8", 3月8日, 8일 — not an hour alone, which routines name too
# ("work nights, 7p to 7a", 晚上11點到早上7點)
_EVENT_DATE = re.compile(
    r"\bthe \d{1,2}(?:st|nd|rd|th)\b|\b(?:january|february|march|april|may|june|july|august|september|october"
    r"|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.? \d{1,2}(?:st|nd|rd|th)?\b"
    r"(?! ?(?:mg|units|years|hours|cups))"
    r"|\d{1,2} ?月 ?\d{1,2} ?[日號号]|\d{1,2}[日號号](?:に(?!\d)|の|は|早上|下午|晚上)|\d{1,2}월 ?\d{1,2}일",
    re.IGNORECASE,
)


def names_a_date(text: str) -> bool:
    """An event said with its day (an appointment, a flight): a word of when said elsewhere
    ("using the qvar inhaler 2x a day now") changes no event."""
    return _EVENT_DATE.search(text) is not None
