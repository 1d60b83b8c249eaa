"""The benchmarks have no DynamoDB stream: benchmarks/locomo_retrieval.py feeds the memory writer's
records into the index as they are written. A write path it does not wrap leaves records out of
the index unseen, and the benchmark then measures a memory that lost them (it did: rounds stored
with their profile count reached the index only when the next round extended them)."""

from __future__ import annotations

import sys
from pathlib import Path

from engram.memory.ports import MemoryRepository, TurnBatch

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from locomo_retrieval import InstantIndexing, InstantTurnIndexing

# Methods of the port that read, schedule or touch bookkeeping the index does not hold.
NOT_RECORD_WRITES = {
    "get",
    "batch_get",
    "list",
    "append_log",
    "lifecycle_log",
    "due",
    "reschedule",
    "mark_capacity",
    "clear_capacity",
    "mark_consolidation",
    "due_consolidation",
    "clear_consolidation",
    "scan_keys",
    "delete_expired",  # the TTL job's, which no benchmark runs
    "touch_for_reindex",
    "touch_access",
}


def _methods(port: type) -> set[str]:
    return {name for name in vars(port) if not name.startswith("_") and callable(getattr(port, name))}


def test_every_record_write_of_the_memory_repository_reaches_the_index() -> None:
    writes = _methods(MemoryRepository) - NOT_RECORD_WRITES
    assert writes >= {"put_new", "put_batch", "replace", "delete", "delete_batch"}
    assert writes <= set(vars(InstantIndexing)), writes - set(vars(InstantIndexing))


def test_the_turn_workers_one_transaction_reaches_the_index() -> None:
    assert _methods(TurnBatch) - {"read"} <= set(vars(InstantTurnIndexing))
