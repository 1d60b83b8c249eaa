"""Plays the EventBridge schedules locally: each registered job runs through the real jobs
handler on its sample event, at its rate (R7), in a background thread of `make run`."""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from datetime import UTC, datetime

from engram.adapters.lambda_context import LocalContext
from engram.kernel.paths import repo_root

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Schedule:
    job: str
    every_s: float
    target: str = "jobs"  # "jobs": the jobs function; "indexer": the memory indexer (its own rule)


# R7: idle sessions every 5 minutes, lifecycle maintenance and retention cleanup daily (EventBridge:
# 03:00 UTC; locally every 24 h from `make run`, and on demand with `engram job lifecycle --now ...`).
LOCAL_SCHEDULES = (
    Schedule("idle_sessions", 300.0),
    Schedule("lifecycle", 86_400.0),
    Schedule("retention", 86_400.0),
    Schedule("consolidation", 7 * 86_400.0),
    Schedule("erasure", 900.0),  # P1: the backstop of the immediate run after a confirmation
    Schedule("index_reconcile", 86_400.0, target="indexer"),
)


class LocalScheduler:
    def __init__(self, schedules: tuple[Schedule, ...] = LOCAL_SCHEDULES) -> None:
        self._schedules = schedules
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        for schedule in self._schedules:
            thread = threading.Thread(target=self._loop, args=(schedule,), name=f"schedule-{schedule.job}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(5)

    def _loop(self, schedule: Schedule) -> None:
        while not self._stop.wait(schedule.every_s):
            try:
                log.info("scheduled job %s: %s", schedule.job, run_once(schedule.job, schedule.target))
            except Exception:  # a failed tick is retried at the next one, as EventBridge's target would be
                log.exception("scheduled job %s failed", schedule.job)


def run_once(job: str, target: str = "jobs") -> object:
    if target == "indexer":
        from functions.memory_indexer.handler import lambda_handler
    else:
        from functions.jobs.handler import lambda_handler

    event = json.loads((repo_root() / "events" / "eventbridge" / f"{job}.json").read_text())
    event["time"] = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return lambda_handler(event, LocalContext())
