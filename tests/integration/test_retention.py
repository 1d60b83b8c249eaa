"""R6 retention against DynamoDB Local: rounds past 180 days leave the table and the index,
important moments stay, and the reconciliation pass removes orphans and restores documents
missing from the index — a bounded page per run, resumed from a saved cursor."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.memory.models import IndexDocument, Namespace, SearchFilter
from engram.memory.retention import RetentionJob
from engram.memory.scoring import DAY_S
from engram.settings import Settings
from engram.wiring import Container
from tests.conftest import EVENTS
from tests.support.indexing import sync_index

KEY = SessionKey("default", "kim", "nurse", "s1")


def _sync_index(c: Container) -> None:
    """Play the table's stream into the index, as the memory_indexer function does."""
    sync_index(c)


def _reconcile(c: Container) -> dict[str, Any]:
    from engram.adapters.lambda_context import LocalContext
    from functions.memory_indexer import handler as indexer

    indexer.use_index(c.index, c.cipher)
    indexer.use_reconciler(c.index_reconciler)
    try:
        event = json.loads((EVENTS / "eventbridge" / "index_reconcile.json").read_text())
        result: dict[str, Any] = indexer.lambda_handler(event, LocalContext())
        return result
    finally:
        indexer.use_reconciler(None)
        indexer.use_index(None)


def _expired_items(c: Container, now: float) -> int:
    client: Any = dynamodb_client(TableConfig.from_settings(c.settings))
    page = client.scan(
        TableName=c.settings.table_name,
        FilterExpression="expires_at <= :now",
        ExpressionAttributeValues={":now": {"N": str(now)}},
        Select="COUNT",
    )
    return int(page["Count"])


def _rounds(c: Container, now: float) -> list[Any]:
    return c.memories.list("default", "kim", namespaces=(Namespace.ROUND,), statuses=None, now=now)


def test_rounds_past_180_days_leave_the_table_and_the_index_important_moments_stay(
    container: Container, clock: ManualClock
) -> None:
    c = container
    c.conversation.record_turn(KEY, "I watered the tomatoes this morning.", "Nice.")
    clock.advance(60)
    c.conversation.record_turn(KEY, "I was taken to the emergency room last night.", "I'm sorry to hear that.")
    _sync_index(c)
    assert len(_rounds(c, clock.now())) == 2
    job = c.retention_job
    early = job.run()  # what is due already goes (the 3 s dedup-window markers of the two turns) ...
    assert len(_rounds(c, clock.now())) == 2  # ... nothing of the conversation itself

    clock.advance(181 * DAY_S)
    assert len(_rounds(c, clock.now())) == 1  # reads filter the expired one at once
    result = job.run()
    assert result["expired_deleted"] >= 1  # the round (and a flushed thread's 30-day memory, if any)
    raw = c.memories.list("default", "kim", namespaces=(Namespace.ROUND,), statuses=None)
    assert len(raw) == 1 and "emergency" in raw[0].content  # gone from DynamoDB; the moment stays
    _sync_index(c)
    flt = SearchFilter("default", "kim", namespaces=(Namespace.ROUND.value,), now=None)
    assert c.index.count(flt) == 1
    deleted = early.get("expired_deleted", 0) + result["expired_deleted"]
    assert c.metrics.total("retention_deleted") == deleted  # type: ignore[attr-defined]


def test_reconciliation_removes_an_orphan_and_restores_a_missing_document(
    container: Container, clock: ManualClock
) -> None:
    c = container
    c.conversation.record_turn(KEY, "My daughter Mina starts school in April.", "Exciting!")
    _sync_index(c)
    (round_record,) = _rounds(c, clock.now())
    # drift: a document nobody's record backs, and a record the index lost
    orphan = IndexDocument(
        doc_id="mem-orphan", tenant_id="default", user_id="kim", persona_id="nurse", namespace="memory",
        type="fact", status="active", text="stale", vector=None, importance=0.5, created_at=clock.now(),
        updated_at=clock.now(), version=1,
    )  # fmt: skip
    c.index.upsert([orphan])
    c.index.delete("default", "kim", [round_record.memory_id])
    result = c.retention_job.run()
    assert result["reindexed"] == 1  # only the lost one
    # the orphan goes in the indexer's own daily pass, through its handler (the only index writer)
    reconciled = _reconcile(c)
    assert reconciled["job"] == "index_reconcile" and reconciled["index_orphans_removed"] == 1
    assert c.index.get("default", "kim", "mem-orphan") is None
    assert _reconcile(c)["index_orphans_removed"] == 0
    _sync_index(c)  # the touch travels the stream like any change
    restored = c.index.get("default", "kim", round_record.memory_id)
    assert restored is not None and restored.text.startswith("My daughter Mina")
    assert c.metrics.total("index_orphans_removed") == 1  # type: ignore[attr-defined]


@pytest.fixture
def paged(make_container: Any, settings: Settings) -> Container:
    return make_container(settings.model_copy(update={"retention_page_items": 3}))  # type: ignore[no-any-return]


def test_each_run_reads_a_bounded_page_and_resumes_where_the_last_stopped(paged: Container, clock: ManualClock) -> None:
    c = paged
    for i in range(7):
        clock.advance(60)
        c.conversation.record_turn(SessionKey("default", "kim", "nurse", f"s{i}"), f"Note number {i} today.", "Ok.")
    _sync_index(c)
    clock.advance(181 * DAY_S)
    job: RetentionJob = c.retention_job
    # everything past its TTL: the 7 rounds, and the sessions' state, log rounds and markers
    expired = _expired_items(c, clock.now())
    assert expired > 7
    deleted = 0
    runs = 0
    while deleted < expired and runs < 200:  # many pages
        result = job.run()
        runs += 1
        assert result["records_read"] <= 3  # a page evaluates at most 3 items
        deleted += result.get("expired_deleted", 0)
        assert _reconcile(c)["index_documents_read"] <= 3
    assert deleted == expired and runs > 3  # every expired item, over several runs, each once
    assert _expired_items(c, clock.now()) == 0
    assert c.memories.list("default", "kim", namespaces=(Namespace.ROUND,), statuses=None) == []
