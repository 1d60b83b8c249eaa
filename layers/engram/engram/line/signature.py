"""W1: `X-Line-Signature` is base64(HMAC-SHA256(channel secret, raw body)). Checked on the raw
bytes before anything is parsed or logged; compared in constant time. The standard library does
it in a few lines: the official SDK's WebhookParser adds nothing here but its import cost
(docs/architecture.md §LINE has the figures)."""

from __future__ import annotations

import base64
import hashlib
import hmac


def sign(channel_secret: str, body: bytes) -> str:
    return base64.b64encode(hmac.new(channel_secret.encode(), body, hashlib.sha256).digest()).decode()


def valid(channel_secret: str, body: bytes, header: str | None) -> bool:
    if not header or not body or not channel_secret:
        return False
    return hmac.compare_digest(sign(channel_secret, body).encode(), header.strip().encode())
