"""The local event bus: an append-only JSONL file under the stack's data directory, one
EventBridge envelope a line. The stream poller's indexer appends; `engram events tail` follows
it and the inspector's feed reads its end. Lines are written whole under a lock (one process
writes: the local stack), and a reader skips a last line still being written."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from engram.adapters.events.envelope import envelope
from engram.kernel.errors import StoreUnavailable
from engram.memory.change_events import ChangeEvent

LOCAL_BUS_NAME = "engram-local"


class LocalEventBus:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def publish(self, events: Sequence[ChangeEvent]) -> None:
        lines = "".join(json.dumps(envelope(e, LOCAL_BUS_NAME), separators=(",", ":")) + "\n" for e in events)
        try:
            with self._lock:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with self.path.open("a", encoding="utf-8") as f:
                    f.write(lines)
                    f.flush()
        except OSError as exc:
            raise StoreUnavailable("the local event bus is unavailable", details={"cause": type(exc).__name__}) from exc


def read_events(path: Path, offset: int = 0) -> tuple[list[dict[str, Any]], int]:
    """The whole events from byte `offset` on, and the offset to read from next time."""
    if not path.exists():
        return [], offset
    with path.open("rb") as f:
        f.seek(offset)
        data = f.read()
    end = data.rfind(b"\n") + 1  # a line without its newline is still being written
    events = [json.loads(line) for line in data[:end].splitlines() if line.strip()]
    return events, offset + end


def last_events(path: Path, limit: int) -> list[dict[str, Any]]:
    """The newest `limit` events, oldest first (the inspector's feed)."""
    events, _ = read_events(path)
    return events[-limit:] if limit > 0 else []


def follow(path: Path, stop: Any, interval_s: float = 0.2, offset: int = 0) -> Iterator[dict[str, Any]]:
    """Events as they are appended, until `stop` (a threading.Event) is set."""
    while not stop.is_set():
        events, offset = read_events(path, offset)
        yield from events
        if not events:
            stop.wait(interval_s)
