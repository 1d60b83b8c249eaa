"""English first person -> "User": the minimal rewrite of an English fact before it is stored.

"I'm allergic to X" -> "User is allergic to X", "my dog" -> "User's dog"; the verb after
"I" takes the third person ("I take" -> "User takes"), past tenses and modals stay.
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

_NO_CONJUGATION = {
    "can",
    "could",
    "will",
    "would",
    "should",
    "must",
    "might",
    "may",
    "was",
    "did",
    "had",
    "used",
    "didn't",
    "can't",
    "won't",
    "wouldn't",
    "couldn't",
    "shouldn't",
    "wasn't",
    "cannot",
    "never",
    "also",
    "still",
}
_ADVERBS = (
    r"(?:really|also|usually|always|never|often|just|still|sometimes|actually|recently|now|only"
    r"|mostly|rarely|already|even|currently"
    # any other "-ly" adverb ("I barely had", "I finally quit"), but not a verb that ends so
    r"|(?!(?:apply|reply|rely|fly|supply|comply|multiply|imply|ally|bully|rally|tally)\b)[a-z]{2,}ly)"
)
_IRREGULAR_PAST = {
    "took",
    "got",
    "went",
    "ate",
    "had",
    "was",
    "felt",
    "slept",
    "made",
    "bought",
    "saw",
    "told",
    "said",
    "found",
    "left",
    "came",
    "became",
    "began",
    "gave",
    "kept",
    "lost",
    "met",
    "ran",
    "sat",
    "thought",
    "wrote",
    "quit",
    "broke",
    "fell",
    "drank",
    "drove",
    "forgot",
    "heard",
    "knew",
    "paid",
    "put",
    "read",
    "sent",
    "spent",
    "stood",
    "won",
    "woke",
    "grew",
    "chose",
    "threw",
    "taught",
    "brought",
    "caught",
    "fought",
    "sought",
    "built",
    "sold",
    "understood",
    "held",
    "led",
    "fed",
    "wore",
    "swam",
    "sang",
    "rode",
    "spoke",
    "stole",
    "hid",
    "bit",
    "flew",
    "drew",
    "dealt",
    "meant",
    "hung",
    "shot",
    "struck",
    "tore",
    "forgave",
    "froze",
    "hurt",
    "cut",
    "hit",
    "let",
    "set",
    "shut",
    "split",
    "spread",
    "lent",
    "bent",
    "burnt",
    "learnt",
    "dreamt",
    "lit",
    "slid",
    "stuck",
    "swung",
    "dug",
    "fled",
    "bled",
    "bred",
    "shook",
    "woken",
    "rang",
    "sank",
    "shrank",
    "stank",
    "blew",
    "undertook",
    "overslept",
}


def _conjugate(verb: str) -> str:
    low = verb.lower()
    if low in _NO_CONJUGATION or low in _IRREGULAR_PAST or low.endswith("ed"):
        return verb
    special = {"have": "has", "do": "does", "go": "goes", "don't": "doesn't", "am": "is", "'m": "is"}
    if low in special:
        return special[low]
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


def to_third_person(text: str) -> str:
    """Minimal English rewrite: "I'm allergic to X" -> "User is allergic to X", "my dog" -> "User's dog"."""
    out = text
    out = re.sub(r"\bI(?:'m|’m| am)\b", "User is", out, flags=_I)
    out = re.sub(r"\bI(?:'ve|’ve)\b", "User has", out, flags=_I)
    out = re.sub(r"\bI(?:'ll|’ll)\b", "User will", out, flags=_I)
    out = re.sub(r"\bI(?:'d|’d)\b", "User would", out, flags=_I)
    out = re.sub(
        rf"\bI((?:\s+{_ADVERBS})*)\s+([A-Za-z']+)",
        lambda m: f"User{m.group(1)} {_conjugate(m.group(2))}",
        out,
    )
    out = re.sub(r"\bI\b", "User", out)
    out = re.sub(r"\b(?:my|mine)\b", "User's", out, flags=_I)
    out = re.sub(r"\b(?:me|myself)\b", "User", out, flags=_I)
    return out


def as_user_fact(text: str) -> str:
    """The stored form of an English fact: third person, first letter upper case."""
    out = to_third_person(text)
    return out[:1].upper() + out[1:]
