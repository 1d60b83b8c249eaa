"""Erasing a user with 10,000 items (P1): wall time, DynamoDB requests, index requests.

    .venv/bin/python benchmarks/erasure.py [--items 10000] [--neighbours 2] [--json PATH]

DynamoDB Local (in memory) holds one user with `--items` items — 80 % memory records (each
with an index document), 20 % conversation rounds spread over sessions — and neighbours whose
ids share the user's prefix, with a few items each. The real ErasureJob runs until the
request is completed (enumeration through by_user and the user's partitions, batched deletes,
index deletes, verification to zero, a signed receipt). Its DynamoDB and index requests are
counted. The floor in the same run: BatchWriteItem deletes of the same number of items whose
keys are already known (no enumeration, no verification, no index) — the least any erasure
could cost. Neighbours are checked untouched.

The erasure fence's cost on the write path is counted too: 20 turns recorded and 20 chat turns of
a fresh user (with the inline queue, so each turn's post-turn work is in its count), every
DynamoDB request by operation, and the fence's ConditionCheck items among the transactions' items.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from typing import Any

import boto3

from _report import machine, print_table, write_json
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.local_index import LocalIndex
from engram.kernel.clock import ManualClock
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.memory.models import MemoryOrigin, MemoryRecord, MemoryType
from engram.memory.projection import to_index_document
from engram.privacy.models import ErasureScope
from engram.settings import Settings
from engram.wiring import build_container

TEXT = "On Saturday I went to the ramen shop by the station with my sister. #{n}"


class CountingIndex:
    """The job's index, counting its requests."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.requests = 0

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if not callable(attr):
            return attr

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.requests += 1
            return attr(*args, **kwargs)

        return counted


def _record(user: str, n: int, now: float) -> MemoryRecord:
    return MemoryRecord(
        memory_id=f"m{n:06d}",
        tenant_id="bench",
        user_id=user,
        persona_id="p",
        type=MemoryType.NOTE,
        content=TEXT.format(n=n),
        importance=0.5,
        created_at=now,
        updated_at=now,
        embedding=[0.125] * 8,
        origin=MemoryOrigin.API,
    )


def _load(container: Any, client: Any, table: str, user: str, items: int, now: float) -> list[dict[str, Any]]:
    """`items` items of `user`; returns their keys (the floor deletes by them)."""
    memories = items * 4 // 5
    records = [_record(user, n, now) for n in range(memories)]
    for start in range(0, len(records), 500):
        container.memories.put_batch(records[start : start + 500])
    container.index.upsert([to_index_document(r) for r in records])
    written = [{"PK": {"S": keys.memory_pk("bench", user)}, "SK": {"S": keys.memory_sk(r.memory_id)}} for r in records]
    rounds = []
    for n in range(items - memories):
        pk = f"{keys.user_key('bench', user)}#P#p#S#s{n // 50}"
        rounds.append(
            {
                "PK": {"S": pk},
                "SK": {"S": keys.turn_sk(1, n % 50 + 1)},
                "user_text": {"S": TEXT.format(n=n)},
                "created_at": {"N": str(now)},
                "expires_at": {"N": str(now + 30 * 86_400)},
                "user_key": {"S": keys.user_key("bench", user)},
            }
        )
    for start in range(0, len(rounds), 25):
        batch = [{"PutRequest": {"Item": i}} for i in rounds[start : start + 25]]
        while batch:
            left = client.batch_write_item(RequestItems={table: batch}).get("UnprocessedItems", {})
            batch = left.get(table, [])
    return written + [{"PK": r["PK"], "SK": r["SK"]} for r in rounds]


def _fence_cost(container: Any, turns: int = 20) -> dict[str, Any]:
    """Requests and transaction items per turn, and how many of those items are fence checks."""
    from botocore.client import BaseClient

    counted: dict[str, int] = {}
    real = BaseClient._make_api_call

    def counting(self: Any, operation: str, params: dict[str, Any]) -> Any:
        counted[operation] = counted.get(operation, 0) + 1
        for item in params.get("TransactItems", []) if operation == "TransactWriteItems" else []:
            kind = next(iter(item))
            fenced = kind == "ConditionCheck" and item[kind]["Key"]["PK"]["S"].startswith(keys.FENCE_PK)
            name = "fence_checks" if fenced else "transaction_items_other"
            counted[name] = counted.get(name, 0) + 1
        return real(self, operation, params)

    from engram.kernel.keys import SessionKey

    figures: dict[str, Any] = {}
    for path in ("record_turn", "chat"):
        counted.clear()
        key = SessionKey("bench", f"fence-{path}", "p", "s1")
        BaseClient._make_api_call = counting  # type: ignore[method-assign]
        try:
            for n in range(turns):
                text = f"Turn {n}: I walked {n} km by the river today."
                if path == "chat":
                    container.conversation.chat(key, text)
                else:
                    container.conversation.record_turn(key, text, "Well done.")
        finally:
            BaseClient._make_api_call = real  # type: ignore[method-assign]
        requests = sum(v for k, v in counted.items() if k[0].isupper())
        figures[path] = {
            "requests_per_turn": round(requests / turns, 2),
            "fence_checks_per_turn": round(counted.get("fence_checks", 0) / turns, 2),
            "transactions_per_turn": round(counted.get("TransactWriteItems", 0) / turns, 2),
            "other_transaction_items_per_turn": round(counted.get("transaction_items_other", 0) / turns, 2),
            "by_operation": {k: v for k, v in sorted(counted.items()) if k[0].isupper()},
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--neighbours", type=int, default=2)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    os.chdir(tempfile.mkdtemp(prefix="engram-erasure-bench-"))  # the local receipt key goes here

    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    try:
        settings = Settings(dynamodb_endpoint=ddb.endpoint, table_name="engram-erasure-bench")
        ensure_table(TableConfig.from_settings(settings))
        client = boto3.client("dynamodb", endpoint_url=ddb.endpoint, region_name=settings.aws_region)
        clock = ManualClock()
        now = clock.now()
        container = build_container(settings, clock=clock, queue_mode="inline", index=LocalIndex.in_memory(8))
        container.erasure_trigger = lambda: None

        def delete_known(keys_: list[dict[str, Any]]) -> int:
            requests = 0
            for start in range(0, len(keys_), 25):
                batch = [{"DeleteRequest": {"Key": k}} for k in keys_[start : start + 25]]
                while batch:
                    requests += 1
                    left = client.batch_write_item(RequestItems={settings.table_name: batch})
                    batch = left.get("UnprocessedItems", {}).get(settings.table_name, [])
            return requests

        # warm DynamoDB Local's JVM first, then the floor: delete the same number of items by known keys
        delete_known(_load(container, client, settings.table_name, "warmup", 1_000, now))
        floor_keys = _load(container, client, settings.table_name, "floor", args.items, now)
        started = time.perf_counter()
        floor_requests = delete_known(floor_keys)
        floor_s = time.perf_counter() - started

        _load(container, client, settings.table_name, "kim", args.items, now)
        neighbours = [f"kim{n}" for n in range(args.neighbours)]
        for user in neighbours:
            _load(container, client, settings.table_name, user, 50, now)
        service = container.erasure_service
        request, token = service.request("bench", "kim", ErasureScope.ALL, "backend")
        service.confirm("bench", "kim", request.request_id, token)

        job = container.erasure_job
        index = CountingIndex(job.index)
        job.index = index  # type: ignore[assignment]
        runs = 0
        started = time.perf_counter()
        while True:
            runs += 1
            if job.run()["requests_completed"] or runs > 100:
                break
        wall_s = time.perf_counter() - started
        done = service.get("bench", "kim", request.request_id)
        left = len(job.data.inventory("bench", "kim", None, 10)) + job.data.by_user_count("bench", "kim")
        untouched = all(len(job.data.inventory("bench", u, None, 1_000)) == 50 for u in neighbours)
        ddb_requests = job.data.requests + job.fence.requests  # type: ignore[attr-defined]
        # its own container: the post-turn work needs the model's embedding size in its index
        fence_cost = _fence_cost(build_container(settings, clock=clock, queue_mode="inline"))
    finally:
        ddb.stop()

    assert done.state.value == "completed" and left == 0 and untouched
    found = sum(t["found"] for name, t in (done.receipt or {})["stores"].items() if name != "index")  # type: ignore[index]
    figures = {
        "items": args.items,
        "items_found": found,
        "wall_s": round(wall_s, 2),
        "items_per_s": round(args.items / wall_s, 1),
        "ddb_requests": ddb_requests,
        "index_requests": index.requests,
        "job_runs": runs,
        "floor_delete_known_keys_s": round(floor_s, 2),
        "floor_ddb_requests": floor_requests,
        "wall_vs_floor": round(wall_s / floor_s, 2) if floor_s else None,
        "neighbours_untouched": untouched,
        "left_after": left,
        "fence_cost_per_turn": fence_cost,
        "machine": machine(),
    }
    print_table(
        "Erasure of one user on DynamoDB Local (floor: deleting the same items by known keys)",
        ["what", "value"],
        [[k, v] for k, v in figures.items() if k not in ("machine", "fence_cost_per_turn")],
    )
    print_table(
        "The erasure fence on the write path (per turn, post-turn work included: inline queue)",
        ["path", "requests", "fence checks", "transactions", "other transaction items"],
        [
            [
                p,
                f["requests_per_turn"],
                f["fence_checks_per_turn"],
                f["transactions_per_turn"],
                f["other_transaction_items_per_turn"],
            ]
            for p, f in fence_cost.items()
        ],
    )
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
