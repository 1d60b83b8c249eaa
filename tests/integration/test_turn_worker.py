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
