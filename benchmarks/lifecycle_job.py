"""The daily lifecycle job reads only what is due (R1–R4, ARCHITECTURE §5).

    .venv/bin/python benchmarks/lifecycle_job.py [--memories 100000] [--due 1000] [--users 100] [--json PATH]

DynamoDB Local (in memory) holds `--memories` memory records spread over `--users` users, of
which `--due` have an effective score below 0.3 (created long ago) and the rest are fresh. The
real LifecycleJob (local extractive compressor) runs once; its repository is wrapped to count
what it reads: index entries (the sparse compression_due GSI) and items (GetItem). Target:
items_read <= 1.1 x items_due. The floor in the same run: a full Scan of the table that finds
the same due items by reading every item, which is what a job without the index would pay,
timed against finding them through the index (read-only, before the job runs).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import boto3

from _report import machine, print_table, write_json
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.local_index import LocalIndex
from engram.kernel.clock import ManualClock
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.memory.models import DueRef, MemoryOrigin, MemoryRecord, MemoryType
from engram.memory.scoring import DAY_S
from engram.settings import Settings
from engram.wiring import build_container

TEXT = (
    "On Saturday I went to the ramen shop by the station with my sister. I had the miso ramen, "
    "which was excellent. Next time I want to try the salt ramen they recommended. #{n}"
)


class CountingRepo:
    """The job's repository, counting what it reads."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.index_entries = 0
        self.items = 0

    def due(self, now: float, limit: int) -> list[DueRef]:
        refs: list[DueRef] = self._inner.due(now, limit)
        self.index_entries += len(refs)
        return refs

    def get(self, tenant_id: str, user_id: str, memory_id: str) -> MemoryRecord | None:
        self.items += 1
        record: MemoryRecord | None = self._inner.get(tenant_id, user_id, memory_id)
        return record

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def _record(n: int, users: int, created_at: float) -> MemoryRecord:
    return MemoryRecord(
        memory_id=f"m{n:07d}",
        tenant_id="bench",
        user_id=f"u{n % users:04d}",
        persona_id="p",
        type=MemoryType.NOTE,
        content=TEXT.format(n=n),
        importance=0.5,
        created_at=created_at,
        updated_at=created_at,
        embedding=[0.125] * 8,
        origin=MemoryOrigin.API,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--due", type=int, default=1_000)
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")

    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    try:
        settings = Settings(dynamodb_endpoint=ddb.endpoint, table_name="engram-lifecycle-bench")
        cfg = TableConfig.from_settings(settings)
        ensure_table(cfg)
        clock = ManualClock()
        now = clock.now()
        container = build_container(settings, clock=clock, queue_mode="inline", index=LocalIndex.in_memory(8))
        started = time.perf_counter()
        batch: list[MemoryRecord] = []
        for n in range(args.memories):
            old = n % max(1, args.memories // args.due) == 0 and n // max(1, args.memories // args.due) < args.due
            batch.append(_record(n, args.users, now - 400 * DAY_S if old else now - DAY_S))
            if len(batch) == 500:
                container.memories.put_batch(batch)
                batch = []
        if batch:
            container.memories.put_batch(batch)
        load_s = time.perf_counter() - started

        # the floor: what finding the due items costs without the index (a full Scan)
        client = boto3.client("dynamodb", endpoint_url=ddb.endpoint, region_name=settings.aws_region)
        started = time.perf_counter()
        scanned = 0
        due_by_scan = 0
        for page in client.get_paginator("scan").paginate(
            TableName=settings.table_name, ProjectionExpression="compress_due_at"
        ):
            scanned += page["ScannedCount"]
            due_by_scan += sum(
                1 for i in page["Items"] if "compress_due_at" in i and float(i["compress_due_at"]["N"]) <= now
            )
        scan_s = time.perf_counter() - started

        started = time.perf_counter()  # finding them through the sparse index, read-only
        found = len(container.memories.due(now, args.due * 2))
        index_s = time.perf_counter() - started

        job = container.lifecycle_job
        counting = CountingRepo(job.repo)
        job.repo = counting  # type: ignore[assignment]
        job.settings = settings.model_copy(update={"lifecycle_max_items_per_run": args.due * 2})
        started = time.perf_counter()
        result = job.run(now)
        job_s = time.perf_counter() - started
    finally:
        ddb.stop()

    items_read = counting.items
    figures = {
        "memories": args.memories,
        "items_due": due_by_scan,
        "items_read": items_read,
        "index_entries_read": counting.index_entries,
        "read_ratio": round(items_read / max(1, due_by_scan), 3),
        "compressed": result.get("compressed", 0),
        "archived": result.get("archived", 0),
        "job_wall_s": round(job_s, 2),
        "items_per_s": round(items_read / job_s, 1) if job_s else None,
        "find_due_index_entries": found,
        "find_due_index_s": round(index_s, 3),
        "find_due_scan_items_read": scanned,
        "find_due_scan_s": round(scan_s, 3),
        "index_vs_scan_time": round(index_s / scan_s, 3) if scan_s else None,
        "load_wall_s": round(load_s, 1),
        "machine": machine(),
    }
    print_table(
        "Lifecycle job on DynamoDB Local (target: items_read <= 1.1 x items_due)",
        ["what", "value"],
        [[k, v] for k, v in figures.items() if k != "machine"],
    )
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
