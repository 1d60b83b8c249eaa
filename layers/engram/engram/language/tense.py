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


def asks_about_past(text: str) -> bool:
    return bool(_PAST_STATE.search(text))
