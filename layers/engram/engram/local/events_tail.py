"""`engram events tail`: the local bus's memory change events as they arrive (docs/events.md).

The local stack's indexer appends each event to `events.jsonl` in the stack's state folder;
this follows that file like `tail -f`, one line per event (or the JSON envelope with --json)."""

from __future__ import annotations

import argparse
import contextlib
import json
import threading
from pathlib import Path
from typing import Any, TextIO

from engram.adapters.events.local_bus import follow, read_events

EVENTS_FILE = "events.jsonl"


def describe(event: dict[str, Any]) -> str:
    """One readable line: when, what, whose, which memory (ids only: events carry no content)."""
    d = event.get("detail", {})
    who = f"{d.get('tenant_id')}/{d.get('user_id')}" + (f"/{d['persona_id']}" if d.get("persona_id") else "")
    if event.get("detail-type") == "user.erased":
        return f"{event.get('time')}  user.erased        {who}  receipt {d.get('receipt_id')} scope {d.get('scope')}"
    extra = f" -> {d['superseded_by']}" if d.get("superseded_by") else ""
    if d.get("expired"):
        extra += " (expired)"
    return (
        f"{event.get('time')}  {event.get('detail-type', ''):<18} {who}  {d.get('memory_id')}  "
        f"{d.get('type')} importance {d.get('importance')} v{d.get('version')}"
        f"{' pinned' if d.get('pinned') else ''}{extra}"
    )


def tail(path: Path, out: TextIO, *, last: int, follow_on: bool, as_json: bool, stop: threading.Event) -> int:
    events, offset = read_events(path)
    shown = events[-last:] if last > 0 else []

    def show(event: dict[str, Any]) -> None:
        out.write((json.dumps(event, ensure_ascii=False) if as_json else describe(event)) + "\n")
        out.flush()

    for event in shown:
        show(event)
    if follow_on:
        for event in follow(path, stop, offset=offset):
            show(event)
    return 0


def _default_file(port: int) -> Path:
    from engram.kernel.paths import repo_root
    from engram.local.listen import default_data_dir

    return default_data_dir(repo_root(), port) / EVENTS_FILE


def add_parser(sub: Any, port: int) -> None:
    events = sub.add_parser("events", help="memory change events (docs/events.md)").add_subparsers(
        dest="events_cmd", required=True
    )
    t = events.add_parser("tail", help="print the local stack's memory change events as they are published")
    t.add_argument("--file", help=f"the local bus file (default: the stack's state folder/{EVENTS_FILE})")
    t.add_argument("--port", type=int, default=port, help="the stack's API port (finds its state folder)")
    t.add_argument("-n", "--lines", type=int, default=10, help="show this many past events first (default 10)")
    t.add_argument("--no-follow", action="store_true", help="print the past events and stop")
    t.add_argument("--json", action="store_true", help="the EventBridge envelope, one JSON object a line")
    t.set_defaults(func=_cmd_tail)


def _cmd_tail(args: argparse.Namespace) -> int:
    import sys

    path = Path(args.file) if args.file else _default_file(args.port)
    if not path.exists() and args.no_follow:
        print(f"no events yet ({path})", file=sys.stderr)
        return 0
    stop = threading.Event()
    with contextlib.suppress(KeyboardInterrupt):
        return tail(path, sys.stdout, last=args.lines, follow_on=not args.no_follow, as_json=args.json, stop=stop)
    return 130
