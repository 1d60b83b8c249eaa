"""Does a question ask about how things were before ("where did I use to work?")?

Prompts hold only currently valid facts; a question about the past gets the superseded ones
too, with their dates. Markers of a former state in en / zh / ja / ko, not of any past event:
"what did I eat yesterday" is about the past but not about a former state, so it stays out
(retrieval finds yesterday's memory anyway; only replaced facts are held back).
"""

from __future__ import annotations

import re

_PAST_STATE = re.compile(
    r"\b(?:used to|use to|before (?:that|this|now)|previous(?:ly)?|former(?:ly)?|in the past|earlier job"
    r"|old (?:job|address|home|house|place|company|number)|no longer|any ?more|originally|back then"
    r"|what was my|where was i|where did i (?:work|live)|history of)\b|\bbefore\s*[?？]"
    r"|以前|之前|過去|过去|曾經|曾经|原本|本來|本来|從前|从前|舊的|旧的|前一份|上一份"
    r"|以前は|前は|昔は?|かつて|もともと|元々|前の(?:会社|仕事|家|住所)|以前の"
    r"|예전에?|전에는?|이전에?|옛날에?|원래|과거에?|전 (?:회사|직장|집)",
    re.IGNORECASE,
)


def asks_about_past(text: str) -> bool:
    return bool(_PAST_STATE.search(text))
