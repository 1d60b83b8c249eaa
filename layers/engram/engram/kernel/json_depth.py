"""What a JSON text would make the parser choke on, found by one linear scan that never recurses:
a hostile body costs time proportional to its size, never a stack overflow in the parser (a
RecursionError, a 5xx) nor an int too long to parse (a ValueError). The API guard and the LINE
webhook both check bodies with it."""

from __future__ import annotations


def json_shape_problem(text: str, max_depth: int, max_digits: int) -> str | None:
    """What the JSON parser would choke on: arrays / objects nested deeper than `max_depth`, or a
    run of more than `max_digits` digits outside strings; None when neither (strings are skipped)."""
    depth = digits = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if "0" <= ch <= "9":
            digits += 1
            if digits > max_digits:
                return f"a number in the JSON body has more than {max_digits} digits"
            continue
        digits = 0
        if ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                return f"the JSON body nests deeper than {max_depth} levels"
        elif ch in "]}":
            depth -= 1
    return None


def json_depth_exceeds(text: str, limit: int) -> bool:
    """True when arrays / objects nest deeper than `limit` (strings are skipped)."""
    problem = json_shape_problem(text, limit, len(text))
    return problem is not None
