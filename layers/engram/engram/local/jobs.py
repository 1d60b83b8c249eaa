"""`engram job NAME --now ISO`: one scheduled job through the real jobs handler, on its
sample EventBridge event, against the local stack's DynamoDB, with the clock set to
`--now` (so a month of idle sessions is simulated in a second). Post-turn work the job
causes (session memories of the runs it closes) runs in this process."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from datetime import UTC, datetime
from typing import Any

JOB_NAMES = ("idle_sessions", "lifecycle", "consolidation", "retention", "erasure", "rewrap_keys", "reerase_restored")


def parse_now(text: str | None) -> float | None:
    if not text:
        return None
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def _reachable(endpoint: str) -> bool:
    try:
        urllib.request.urlopen(endpoint, timeout=2)  # noqa: S310 - the local DynamoDB endpoint
    except urllib.error.HTTPError:
        return True  # DynamoDB answers a bare GET with an error: it is up
    except OSError:
        return False
    return True


def run_job(name: str, now: float | None, endpoint: str) -> dict[str, Any]:
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")  # the result is what the command prints
    if not _reachable(endpoint):
        raise SystemExit(f"DynamoDB Local is not running at {endpoint}: start the local stack with `make run` first")
    from engram import runtime
    from engram.adapters.embedders.local import DIMENSIONS
    from engram.adapters.lambda_context import LocalContext
    from engram.adapters.local_index import LocalIndex
    from engram.kernel.clock import ManualClock, SystemClock
    from engram.kernel.paths import repo_root
    from engram.local.dynamodb_local import local_aws_env
    from engram.settings import Settings
    from engram.wiring import build_container
    from functions.jobs.handler import lambda_handler

    os.environ.update(local_aws_env(endpoint))
    settings = Settings().model_copy(update={"dynamodb_endpoint": endpoint})
    clock = ManualClock(now) if now is not None else SystemClock()
    # The job writes DynamoDB only; the running stack's indexer follows the stream.
    container = build_container(settings, clock=clock, queue_mode="inline", index=LocalIndex.in_memory(DIMENSIONS))
    container.index_owned_elsewhere = True  # the running stack owns the on-disk index
    runtime.set_container(container)
    try:
        event = json.loads((repo_root() / "events" / "eventbridge" / f"{name}.json").read_text())
        if now is not None:
            event["time"] = datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        result: dict[str, Any] = lambda_handler(event, LocalContext())
        return result
    finally:
        runtime.set_container(None)
