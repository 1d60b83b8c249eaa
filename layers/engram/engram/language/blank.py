"""What counts as a blank text (a message of only whitespace is refused as empty).

The API's schema says a text must match the JSON Schema pattern `\\S`, and JSON Schema patterns are
ECMA-262 regular expressions, whose whitespace set differs from Python's `str.isspace` (U+FEFF is
space to ECMA-262, not to Python; U+001C-U+001F and U+0085 the other way round). A text is blank
here only if every character is whitespace in both, so no client, whatever regex engine it checks
the pattern with, has a text it considers valid refused as empty.
"""

from __future__ import annotations

BLANK = frozenset(
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
NOT_BLANK_PATTERN = r"\S"  # the schema's side of the same rule


def is_blank(text: str | None) -> bool:
    return not text or all(ch in BLANK for ch in text)
