"""The trace a stream record's write belongs to: the `traceparent` the writer stored on the
item (models.py), read back from the record (as the stream delivers it, or as the outbox pipe
forwards it in an SQS body)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engram.observability.spans import TRACEPARENT


def _traceparent(image: Any) -> str | None:
    value = image.get(TRACEPARENT) if isinstance(image, Mapping) else None
    raw = value.get("S") if isinstance(value, Mapping) else None
    return raw if isinstance(raw, str) and raw else None


def stream_trace_parent(record: Mapping[str, Any] | str) -> str | None:
    """The new image's traceparent when this write set it: an INSERT, or a MODIFY whose old image
    held another. A write that left it as it was (an access count, a re-index touch) belongs to
    no turn, and a removal has no new image: None for both, and for anything but a stream record."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except ValueError:
            return None
    if not isinstance(record, Mapping) or record.get("eventName") not in ("INSERT", "MODIFY"):
        return None
    images = record.get("dynamodb", {})
    new = _traceparent(images.get("NewImage"))
    if record.get("eventName") == "MODIFY" and new == _traceparent(images.get("OldImage")):
        return None
    return new
