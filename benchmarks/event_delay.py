"""Memory change events: how long from a change to its event on the local bus (docs/events.md).

The whole local stack in-process (DynamoDB Local, the local gateway over HTTP, the turn worker
on its thread, the stream poller feeding the real memory indexer, which publishes on the local
bus file). Two paths:

- turn -> event: POST a turn that states a fact; from its 200 until the memory.created event of
  the memory the write pipeline extracted from it (outbox -> turn worker -> extraction -> table
  -> stream -> indexer -> bus);
- write -> event: a memory created through the memory service (what POST /v1/memories runs);
  from the write's return until its memory.created event (table -> stream -> indexer -> bus).

The local stream poller reads every 100 ms when idle (ENGRAM's StreamPoller default), so about
half of that is waiting for the next poll; in AWS the event source mapping polls each shard
about 4 times a second and batches up to 1 s (`max_batching_window`).

Usage: uv run python benchmarks/event_delay.py [--turns 40] [--writes 60] [--json out.json]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import tempfile
import threading
import time
import warnings
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from _report import machine, print_table, summary, write_json
from engram.adapters.events.local_bus import read_events
from engram.kernel.keys import OwnerKey
from engram.local import tokens
from engram.local.dynamodb_local import free_port
from engram.local.stack import start_stack

PERSONA, SESSION = "p", "s"


class BusWatch:
    """Reads the bus file on its own thread and notes when each memory.created arrived."""

    def __init__(self, path: Path, poll_s: float = 0.002) -> None:
        self.path, self.poll_s = path, poll_s
        self.created: dict[str, float] = {}  # user_id -> first memory.created seen (perf_counter)
        self.by_memory: dict[str, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        offset = 0
        while not self._stop.is_set():
            events, offset = read_events(self.path, offset)
            now = time.perf_counter()
            for e in events:
                if e["detail-type"] == "memory.created":
                    self.created.setdefault(e["detail"]["user_id"], now)
                    self.by_memory.setdefault(e["detail"]["memory_id"], now)
            if not events:
                self._stop.wait(self.poll_s)

    def wait(self, table: dict[str, float], key: str, timeout_s: float) -> float | None:
        deadline = time.perf_counter() + timeout_s
        while time.perf_counter() < deadline:
            if key in table:
                return table[key]
            time.sleep(0.001)
        return None

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--writes", type=int, default=60)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--timeout-s", type=float, default=20.0)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    warnings.filterwarnings("ignore", message="No application metrics to publish")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    tmp = tempfile.TemporaryDirectory(prefix="engram-event-delay-")
    os.environ["ENGRAM_LOCAL_INDEX_DIR"] = tmp.name
    stack = start_stack(in_memory=True, port=free_port(), line_port=0)
    settings, container = stack.settings, stack.container
    assert settings.local_event_bus_file is not None
    watch = BusWatch(Path(settings.local_event_bus_file))
    url = urlparse(stack.url)
    turn_ms: list[float] = []
    write_ms: list[float] = []
    missed = 0
    try:
        conn = http.client.HTTPConnection(url.hostname or "127.0.0.1", url.port, timeout=60)
        for i in range(args.warmup + args.turns):
            user = f"ev-{i}"
            headers = {"authorization": f"Bearer {tokens.mint(settings, user)}", "content-type": "application/json"}
            body = {"user": f"I work at Company{i} as an engineer.", "assistant": "Nice!", "idempotency_key": f"t{i}"}
            conn.request("POST", f"/v1/personas/{PERSONA}/sessions/{SESSION}/turns", json.dumps(body), headers)
            resp = conn.getresponse()
            resp.read()
            recorded = time.perf_counter()
            if resp.status != 200:
                raise RuntimeError(f"POST turns: {resp.status}")
            arrived = watch.wait(watch.created, user, args.timeout_s)
            if arrived is None:
                missed += 1
            elif i >= args.warmup:
                turn_ms.append((arrived - recorded) * 1000)
        svc = container.memory_service
        owner = OwnerKey(settings.default_tenant, "ev-writer")
        for i in range(args.warmup + args.writes):
            made = svc.create(owner, PERSONA, summary=f"The writer's note number {i}.").record
            written = time.perf_counter()
            arrived = watch.wait(watch.by_memory, made.memory_id, args.timeout_s)
            if arrived is None:
                missed += 1
            elif i >= args.warmup:
                write_ms.append((arrived - written) * 1000)
    finally:
        watch.stop()
        stack.stop()
        tmp.cleanup()

    turn, write = summary(turn_ms), summary(write_ms)
    figures: dict[str, Any] = {
        "machine": machine(),
        "turn_to_event_p50_ms": turn["p50"],
        "turn_to_event_p95_ms": turn["p95"],
        "turn_to_event_max_ms": round(max(turn_ms), 1) if turn_ms else None,
        "write_to_event_p50_ms": write["p50"],
        "write_to_event_p95_ms": write["p95"],
        "write_to_event_max_ms": round(max(write_ms), 1) if write_ms else None,
        "turns": len(turn_ms),
        "writes": len(write_ms),
        "missed": missed,
        "stream_poll_interval_ms": 100,
    }
    print_table(
        "Memory change event delay, local stack (ms)",
        ["path", "n", "p50", "p95", "max"],
        [
            ["turn -> memory.created", len(turn_ms), turn["p50"], turn["p95"], figures["turn_to_event_max_ms"]],
            ["write -> memory.created", len(write_ms), write["p50"], write["p95"], figures["write_to_event_max_ms"]],
        ],
    )
    if missed:
        print(f"\n{missed} changes published no event within {args.timeout_s} s")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
