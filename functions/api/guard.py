"""Checks on the raw request before routing (M3): what the body is, not what it says.

A body must be `application/json` (415 otherwise: the OpenAPI document declares no other
type, so `application/*+json` suffix types are refused on purpose), valid UTF-8, nested no
deeper than `max_json_depth` and without a number of more digits than Python parses
(`sys.get_int_max_str_digits()`, 4300: the parser raises ValueError past it) (400 otherwise).
The check is one linear scan that never recurses, so a hostile body costs time proportional
to its size, never a stack overflow or a ValueError in the JSON parser (a 5xx).
"""

from __future__ import annotations

import base64
import binascii
import re
import sys
from typing import Any
from urllib.parse import unquote

from engram.kernel.json_depth import json_shape_problem

BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


class BodyRejected(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _header(event: dict[str, Any], name: str) -> str:
    for key, value in (event.get("headers") or {}).items():
        if key.lower() == name:
            return str(value)
    return ""


def check_body(event: dict[str, Any], max_depth: int) -> None:
    method = str(event.get("requestContext", {}).get("http", {}).get("method", "")).upper()
    raw = event.get("body")
    if method not in BODY_METHODS or raw in (None, ""):
        return
    media = _header(event, "content-type").split(";", 1)[0].strip().lower()
    if media != "application/json":
        raise BodyRejected(415, "UNSUPPORTED_MEDIA_TYPE", "the body must be application/json")
    try:
        data = base64.b64decode(raw, validate=True) if event.get("isBase64Encoded") else str(raw).encode("utf-8")
        text = data.decode("utf-8")
    except (binascii.Error, UnicodeError) as exc:
        raise BodyRejected(400, "VALIDATION_ERROR", "the body is not valid UTF-8") from exc
    problem = json_shape_problem(text, max_depth, sys.get_int_max_str_digits() or len(text))
    if problem:
        raise BodyRejected(400, "VALIDATION_ERROR", problem)
    if event.get("isBase64Encoded"):  # the resolver reads the decoded text from here on
        event["body"], event["isBase64Encoded"] = text, False


# What the resolver's route parameters match (Powertools' _SAFE_URI, _UNSAFE_URI and \w).
_ROUTE_SEGMENT = re.compile(r"[-._~()'!*:@,;=+&$%<> \[\]{}|^\w]*")


def decode_path(event: dict[str, Any]) -> None:
    """Percent-decode each segment of the path the router matches, as API Gateway's own
    pathParameters are: a client that encodes ":" or "@" in an id (as every HTTP library may)
    names the same id. A segment that decodes to something a route parameter cannot hold ("/",
    "#", "?", control characters) stays encoded and is refused by the id check, so decoding
    never changes which route matches."""
    raw = event.get("rawPath")
    if not isinstance(raw, str) or "%" not in raw:
        return
    segments = []
    for segment in raw.split("/"):
        try:
            decoded = unquote(segment, errors="strict")
        except UnicodeDecodeError:  # not UTF-8: left as is, and the id check refuses it
            decoded = segment
        segments.append(decoded if _ROUTE_SEGMENT.fullmatch(decoded) else segment)
    event["rawPath"] = "/".join(segments)
