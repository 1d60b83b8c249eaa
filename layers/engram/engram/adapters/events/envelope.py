"""The envelope EventBridge gives an event, built the same way for the local bus, so `engram
events tail`, the inspector's feed and a rule's target all see one shape."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engram.memory.change_events import SOURCE, ChangeEvent


def iso_time(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def envelope(event: ChangeEvent, bus_name: str) -> dict[str, Any]:
    return {
        "version": "0",
        "id": event.event_id,  # EventBridge assigns its own; the detail's event_id is the stable one
        "source": SOURCE,
        "detail-type": event.detail_type,
        "time": iso_time(event.occurred_at),
        "event-bus-name": bus_name,
        "detail": event.detail,
    }
