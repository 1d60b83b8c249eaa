"""O3: no handler invocation ends in Powertools' "No application metrics to publish" warning.

`log_metrics` warns whenever it flushes an empty metric set, metrics disabled or not. Each
handler therefore publishes one count of what it was handed (API requests, SQS records,
stream records, job runs) on every invocation. Every sample event in events/ runs through
its real handler with metrics enabled, as in Lambda, where each flush empties the set.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engram.adapters.lambda_context import LocalContext
from engram.wiring import Container
from tests.conftest import EVENTS
from tests.support.handlers import wired_handlers

EMPTY = "No application metrics to publish"


def _handler(name: str) -> tuple[Callable[[dict[str, Any], Any], Any], Any]:
    """The handler's lambda_handler and its Metrics object."""
    if name == "api":
        from functions.api import handler as api

        return api.lambda_handler, api.metrics
    if name == "turn_worker":
        from functions.turn_worker import handler as worker

        return worker.lambda_handler, worker.metrics
    if name == "memory_indexer":
        from functions.memory_indexer import handler as indexer

        return indexer.lambda_handler, indexer.metrics
    from functions.jobs import handler as jobs

    return jobs.lambda_handler, jobs.metrics


# Which handler each sample event belongs to; the outbox record reaches the indexer's handler
# only if the mapping's filter let it through, and must not make it warn either.
SAMPLES: list[tuple[str, Path, str]] = [
    *(("api", p, "api_requests") for p in sorted((EVENTS / "api").rglob("*.json"))),
    *(("turn_worker", p, "post_turn_records") for p in sorted((EVENTS / "sqs").glob("*.json"))),
    *(
        ("memory_indexer", EVENTS / n, "memory_index_records")
        for n in ("dynamodb_stream_memory.json", "dynamodb_stream_outbox.json")
    ),
    *(("jobs", p, "job_runs") for p in sorted((EVENTS / "eventbridge").glob("*.json"))),
]


@pytest.fixture
def wired(container: Container, monkeypatch: pytest.MonkeyPatch) -> Iterator[Container]:
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")  # flush like Lambda: print and empty the set
    with wired_handlers(container):
        yield container


@pytest.mark.parametrize(
    ("name", "path", "metric"), SAMPLES, ids=[f"{n}:{p.relative_to(EVENTS)}" for n, p, _ in SAMPLES]
)
def test_every_invocation_publishes_a_metric_and_never_warns(
    wired: Container, capsys: pytest.CaptureFixture[str], name: str, path: Path, metric: str
) -> None:
    handler, metrics = _handler(name)
    metrics.clear_metrics()  # what the previous invocation's flush left: nothing
    event = json.loads(path.read_text(encoding="utf-8"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        handler(event, LocalContext())
    assert [str(w.message) for w in caught if EMPTY in str(w.message)] == []
    emf = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith('{"_aws"')]
    published = {m["Name"] for blob in emf for d in blob["_aws"]["CloudWatchMetrics"] for m in d["Metrics"]}
    assert metric in published, emf


def test_a_full_stream_batch_never_warns(wired: Container, capsys: pytest.CaptureFixture[str]) -> None:
    """100 upserts: Powertools flushes the set by itself at the 100th value of one metric (the
    last record), so a count added at the start would be gone before the handler's own flush."""
    handler, metrics = _handler("memory_indexer")
    metrics.clear_metrics()
    sample = json.loads((EVENTS / "dynamodb_stream_memory.json").read_text(encoding="utf-8"))["Records"][1]
    records = []
    for n in range(100):
        record = json.loads(json.dumps(sample))
        image = record["dynamodb"]["NewImage"]
        image["memory_id"]["S"] = f"mem-{n:03d}"
        image["SK"]["S"] = record["dynamodb"]["Keys"]["SK"]["S"] = f"M#mem-{n:03d}"
        record["eventID"], record["dynamodb"]["SequenceNumber"] = f"e-{n}", str(1000 + n)
        records.append(record)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        response = handler({"Records": records}, LocalContext())
    assert response == {"batchItemFailures": []}
    assert [str(w.message) for w in caught if EMPTY in str(w.message)] == []
    emf = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith('{"_aws"')]
    assert any(blob.get("memory_index_records") == [100.0] for blob in emf), emf
