"""ChangeEventBus on an EventBridge bus of the stack (PutEvents, at most 10 entries a call).

Entries EventBridge refuses are sent once more; any still refused raise StoreUnavailable, so
the stream record that produced them is reported failed and redelivered (same event ids)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from engram.kernel.errors import StoreUnavailable
from engram.memory.change_events import SOURCE, ChangeEvent

PUT_EVENTS_BATCH = 10  # PutEvents' limit of entries per call


class EventBridgeBus:
    def __init__(self, client: Any, bus_name: str, attempts: int = 2) -> None:
        self._client = client
        self._bus_name = bus_name
        self._attempts = attempts

    def _entry(self, event: ChangeEvent) -> dict[str, Any]:
        return {
            "Source": SOURCE,
            "DetailType": event.detail_type,
            "Detail": json.dumps(event.detail, separators=(",", ":")),
            "EventBusName": self._bus_name,
            "Time": datetime.fromtimestamp(event.occurred_at, UTC),
        }

    def publish(self, events: Sequence[ChangeEvent]) -> None:
        for start in range(0, len(events), PUT_EVENTS_BATCH):
            self._put([self._entry(e) for e in events[start : start + PUT_EVENTS_BATCH]])

    def _put(self, entries: list[dict[str, Any]]) -> None:
        pending = entries
        codes: list[str] = []
        for _ in range(self._attempts):
            try:
                result = self._client.put_events(Entries=pending)
            except (BotoCoreError, ClientError) as exc:
                raise StoreUnavailable("the event bus is unavailable", details={"cause": type(exc).__name__}) from exc
            if not result.get("FailedEntryCount"):
                return
            # results come back in the order of the entries: a failed one has an ErrorCode
            failed = [(e, r) for e, r in zip(pending, result.get("Entries", []), strict=False) if r.get("ErrorCode")]
            pending = [e for e, _ in failed]
            codes = sorted({str(r.get("ErrorCode")) for _, r in failed})
            if not pending:
                return
        raise StoreUnavailable(
            "the event bus refused events", details={"failed": len(pending), "codes": ",".join(codes)}
        )


def eventbridge_bus(bus_name: str, region: str) -> EventBridgeBus:
    import boto3
    from botocore.config import Config

    config = Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=2, read_timeout=5)
    return EventBridgeBus(boto3.client("events", region_name=region, config=config), bus_name)
