"""How deep a JSON text nests, found by one linear scan that never recurses: a hostile body costs
time proportional to its size, never a stack overflow in the parser (a RecursionError, a 5xx)."""

from __future__ import annotations


def json_depth_exceeds(text: str, limit: int) -> bool:
    """True when arrays / objects nest deeper than `limit` (strings are skipped)."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False
