"""`engram events tail`: the local bus's events, readable or as JSON, past ones then new ones."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path

from engram.adapters.events.local_bus import LocalEventBus
from engram.local.cli import main
from engram.local.events_tail import tail
from engram.memory.change_events import MemoryChange, memory_event, user_erased_event
from engram.memory.models import MemoryRecord, MemoryType

RECORD = MemoryRecord("m1", "acme", "u1", "nurse", MemoryType.FACT, "secret text", 0.7, 1.0, 1.0, pinned=True)


def _publish(path: Path) -> None:
    LocalEventBus(path).publish(
        [
            memory_event(MemoryChange.CREATED, RECORD, keys={"PK": "p", "SK": "s"}, sequence_number="1", occurred_at=0),
            user_erased_event(
                tenant_id="acme", user_id="u1", receipt_id="er-1", scope="all", persona_id=None, occurred_at=0
            ),
        ]
    )


def test_tail_prints_one_line_per_event_without_content(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    _publish(path)
    out = io.StringIO()
    tail(path, out, last=10, follow_on=False, as_json=False, stop=threading.Event())
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and "secret" not in out.getvalue()
    assert "memory.created" in lines[0] and "acme/u1/nurse" in lines[0] and "m1" in lines[0] and "pinned" in lines[0]
    assert "user.erased" in lines[1] and "receipt er-1" in lines[1]


def test_tail_follows_new_events_until_stopped(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    stop = threading.Event()

    class Out(io.StringIO):
        def flush(self) -> None:  # the second event printed: enough
            if self.getvalue().count("\n") >= 2:
                stop.set()

    out = Out()
    # last=10: whether the events land before its first read or after, each is printed once
    worker = threading.Thread(
        target=tail, args=(path, out), kwargs={"last": 10, "follow_on": True, "as_json": True, "stop": stop}
    )
    worker.start()
    _publish(path)
    worker.join(10)
    assert not worker.is_alive()
    assert [json.loads(line)["detail-type"] for line in out.getvalue().splitlines()] == [
        "memory.created",
        "user.erased",
    ]


def test_the_cli_command(tmp_path: Path, capsys: object) -> None:
    path = tmp_path / "events.jsonl"
    _publish(path)
    assert main(["events", "tail", "--file", str(path), "--no-follow", "-n", "1", "--json"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert [json.loads(line)["detail-type"] for line in out.splitlines()] == ["user.erased"]
