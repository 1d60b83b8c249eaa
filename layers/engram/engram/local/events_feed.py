"""GET /local/events: the signed-in user's latest memory change events from the local bus, for
the inspector's feed. Local only (in AWS events go to EventBridge: subscribe with a rule). The
caller's bearer token decides whose events: a user sees their own, never another's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engram.adapters.events.local_bus import last_events
from engram.settings import Settings

LOCAL_EVENTS = "/local/events"
FEED_LIMIT = 50  # the newest events of the user the feed shows
SCANNED = 2000  # how far back in the bus file it looks for them


def user_events(settings: Settings, claims: dict[str, Any]) -> dict[str, Any]:
    tenant = str(claims.get("tenant") or settings.default_tenant)
    user = str(claims.get("sub", ""))
    path = settings.local_event_bus_file
    events = last_events(Path(path), SCANNED) if path else []
    mine = [e for e in events if e.get("detail", {}).get("tenant_id") == tenant and e["detail"].get("user_id") == user]
    return {"bus": "local", "events": list(reversed(mine[-FEED_LIMIT:]))}  # newest first
