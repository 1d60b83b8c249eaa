"""Request ids (D1) and validated identifiers."""

from __future__ import annotations

import hashlib
import re

from engram.errors import ValidationFailed

ID_PATTERN = re.compile(r"^[A-Za-z0-9_.:@-]{1,128}$")  # no '#': keys stay unambiguous


def check_id(kind: str, value: str) -> str:
    if not ID_PATTERN.match(value):
        raise ValidationFailed(f"invalid {kind}", details={"field": kind})
    return value


def request_id(user_id: str, text: str, now_ms: int, window_ms: int, client_key: str | None = None) -> str:
    """D1: the client's idempotency key, else sha1(user | text | floor(now_ms / window))."""
    if client_key:
        return "k-" + hashlib.sha1(f"{user_id}|{client_key}".encode(), usedforsecurity=False).hexdigest()
    bucket = now_ms // window_ms
    return "t-" + hashlib.sha1(f"{user_id}|{text}|{bucket}".encode(), usedforsecurity=False).hexdigest()
