"""A post-turn job from the outbox exists only because its round was stored: tests that feed
the worker a stream record (a sample event, a copy for another user or round) store that round
first, as the table holds it when the record is read (the worker skips a job whose round an
erasure removed)."""

from __future__ import annotations

import json
from typing import Any

from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.settings import Settings


def store_rounds(settings: Settings, event: dict[str, Any]) -> dict[str, Any]:
    """Put the round of every TURN stream record in the SQS event into the table; the event back."""
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    for record in event.get("Records", []):
        try:
            body = json.loads(record.get("body", ""))
        except ValueError:
            continue
        image = body.get("dynamodb", {}).get("NewImage") if isinstance(body, dict) else None
        if image and str(image.get("SK", {}).get("S", "")).startswith("TURN#"):
            client.put_item(TableName=settings.table_name, Item=image)
    return event
