"""The turn worker Lambda on its sample SQS event: partial batch failures, idempotent replays."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from engram import runtime
from engram.bootstrap import Container
from engram.local.apigw import LocalContext
from engram.memory.models import Namespace

EVENT = Path(__file__).resolve().parents[2] / "events" / "sqs" / "turn_job.json"


def test_turn_job_event_writes_memories_and_reports_poison_messages(container: Container) -> None:
    from functions.turn_worker.handler import lambda_handler

    event = json.loads(EVENT.read_text())
    poison = copy.deepcopy(event["Records"][0])
    poison["messageId"] = "poison-1"
    poison["body"] = "{not json"
    unknown = copy.deepcopy(event["Records"][0])
    unknown["messageId"] = "unknown-kind"
    unknown["body"] = json.dumps({"kind": "nope", "key": json.loads(event["Records"][0]["body"])["key"]})
    event["Records"] += [poison, unknown]
    runtime.set_container(container)
    try:
        result = lambda_handler(event, LocalContext())
        assert sorted(f["itemIdentifier"] for f in result["batchItemFailures"]) == ["poison-1", "unknown-kind"]
        rounds = container.memories.list("default", "user-123", namespaces=(Namespace.ROUND,))
        assert len(rounds) == 1 and "咳嗽" in rounds[0].content  # kept in Chinese
        facts = [r for r in container.memories.list("default", "user-123", statuses=None)]
        assert facts and all("咳" in f.content or "喘" in f.content for f in facts)
        before = {
            (r.memory_id, r.version)
            for r in container.memories.list("default", "user-123", namespaces=tuple(Namespace), statuses=None)
        }
        # SQS delivers at least once: the same message again writes nothing new
        again = lambda_handler(json.loads(EVENT.read_text()), LocalContext())
        assert again["batchItemFailures"] == []
        after = {
            (r.memory_id, r.version)
            for r in container.memories.list("default", "user-123", namespaces=tuple(Namespace), statuses=None)
        }
        assert after == before
    finally:
        runtime.set_container(None)


def test_local_stack_delivers_jobs_through_the_worker_handler_with_redelivery(container: Container) -> None:
    from engram.local.sqs import LocalSqsDelivery

    calls: list[int] = []

    def flaky(event: dict[str, object], context: object) -> dict[str, object]:
        from functions.turn_worker.handler import lambda_handler

        calls.append(1)
        if len(calls) < 3:  # the first two deliveries fail, like a throttled store
            records = event["Records"]
            assert isinstance(records, list)
            return {"batchItemFailures": [{"itemIdentifier": records[0]["messageId"]}]}
        return lambda_handler(event, LocalContext())

    job = json.loads(json.loads(EVENT.read_text())["Records"][0]["body"])
    runtime.set_container(container)
    try:
        LocalSqsDelivery(flaky, max_receives=3)(job)
        assert len(calls) == 3
        rounds = container.memories.list("default", "user-123", namespaces=(Namespace.ROUND,))
        assert len(rounds) == 1
        dropped: list[int] = []
        LocalSqsDelivery(lambda e, c: dropped.append(1) or {"batchItemFailures": [{"itemIdentifier": "x"}]}, 3)(job)
        assert len(dropped) == 3  # then the job is given up, not retried forever
    finally:
        runtime.set_container(None)
