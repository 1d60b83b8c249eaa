"""Real-shaped LINE webhook events (the Messaging API reference's shapes), for `engram line
send`, the samples under events/line/ and the tests."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any


def _ulid_like() -> str:
    return uuid.uuid4().hex.upper()[:26]  # webhookEventId: a 26-character ULID


def source(user_id: str, group_id: str | None = None, room_id: str | None = None) -> dict[str, str]:
    if group_id:
        return {"type": "group", "groupId": group_id, "userId": user_id}
    if room_id:
        return {"type": "room", "roomId": room_id, "userId": user_id}
    return {"type": "user", "userId": user_id}


def event(kind: str, src: dict[str, str], reply_token: str | None = None, **fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": kind,
        "mode": "active",
        "timestamp": int(time.time() * 1000),
        "source": src,
        "webhookEventId": fields.pop("webhook_event_id", None) or _ulid_like(),
        "deliveryContext": {"isRedelivery": bool(fields.pop("redelivery", False))},
    }
    if reply_token is not None:
        out["replyToken"] = reply_token
    out.update(fields)
    return out


def text(src: dict[str, str], words: str, reply_token: str | None = None, **kw: Any) -> dict[str, Any]:
    message = {"type": "text", "id": str(uuid.uuid4().int)[:18], "quoteToken": uuid.uuid4().hex, "text": words}
    return event("message", src, reply_token, message=message, **kw)


def audio(src: dict[str, str], message_id: str, reply_token: str | None = None, **kw: Any) -> dict[str, Any]:
    message = {"type": "audio", "id": message_id, "duration": 4200, "contentProvider": {"type": "line"}}
    return event("message", src, reply_token, message=message, **kw)


def body(events: list[dict[str, Any]], destination: str = "U0000000000000000000000000000000b") -> bytes:
    return json.dumps({"destination": destination, "events": events}, ensure_ascii=False).encode()
