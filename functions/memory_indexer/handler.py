"""Memory indexer Lambda: the table's DynamoDB stream -> MemoryIndex (OpenSearch in AWS).

Its daily schedule (an EventBridge event with detail.job = "index_reconcile") removes
documents whose record is gone (R6): the indexer stays the only writer of the index.

The event source mapping reports batch item failures: a record that fails is
returned in batchItemFailures and the stream re-delivers from it, so a poison
record blocks nothing but itself (until the mapping's retries send it to the DLQ).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import DynamoDBRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram.adapters.dynamodb.stream_records import to_change
from engram.adapters.dynamodb.stream_trace import stream_trace_parent
from engram.adapters.metrics import PowertoolsMetrics, count_invocation
from engram.kernel.errors import EngramError
from engram.memory.indexer import MemoryIndexer, Outcome
from engram.memory.ports import MemoryIndex
from engram.observability.log_context import inject_invocation_context
from engram.observability.spans import continues_trace, traced_handler

if TYPE_CHECKING:
    from engram.adapters.crypto.cipher import FieldCipher
    from engram.memory.change_feed import ChangeFeed
    from engram.memory.reconcile import IndexReconciler

logger = Logger()
metrics = Metrics(namespace="Engram")
# An all-failed batch is reported like a partial one (every record listed) rather than
# raised: the mapping retries from the first failure either way.
processor = BatchProcessor(event_type=EventType.DynamoDBStreams, raise_on_entire_batch_failure=False)

_indexer: MemoryIndexer | None = None
_reconciler: IndexReconciler | None = None
_field_cipher: FieldCipher | None = None
# memory change events (docs/events.md), published after the index write; False = not built yet
_feed: ChangeFeed | bool | None = False
_lock = threading.Lock()
RECONCILE_JOB = "index_reconcile"


def use_reconciler(reconciler: IndexReconciler | None) -> None:
    """Tests and the local stack hand in theirs; None = build from settings on next use."""
    global _reconciler
    _reconciler = reconciler


def _get_reconciler() -> IndexReconciler:
    global _reconciler
    if _reconciler is None:
        with _lock:
            if _reconciler is None:
                from engram.settings import get_settings
                from engram.wiring.index import build_index_reconciler

                _reconciler = build_index_reconciler(
                    get_settings(), index=_get_indexer().index, metrics=PowertoolsMetrics(metrics)
                )
    return _reconciler


def use_index(
    index: MemoryIndex | None, cipher: FieldCipher | None = None, feed: ChangeFeed | bool | None = False
) -> None:
    """Tests and the local stack hand in their index (and the cipher of their table, and the
    change feed: None = publish no events); None / False = build from settings on next use."""
    global _indexer, _field_cipher, _feed
    with _lock:
        _indexer = None if index is None else MemoryIndexer(index, PowertoolsMetrics(metrics))
        _field_cipher = cipher
        _feed = feed


def _get_feed() -> ChangeFeed | None:
    global _feed
    if _feed is False:
        with _lock:
            if _feed is False:
                from engram.settings import get_settings
                from engram.wiring.events import build_change_feed

                _feed = build_change_feed(get_settings(), metrics=PowertoolsMetrics(metrics))
    return _feed if not isinstance(_feed, bool) else None


def _get_indexer() -> MemoryIndexer:
    global _indexer
    if _indexer is None:
        with _lock:
            if _indexer is None:  # once per container (cold start)
                # Imported here, not at init: settings (pydantic-settings) and the index client are
                # needed on the first memory record only, and tests hand in their own index.
                from engram.settings import get_settings
                from engram.wiring.index import build_index

                index = build_index(get_settings(), ensure=True)
                _indexer = MemoryIndexer(index, PowertoolsMetrics(metrics))
    return _indexer


def _cipher() -> FieldCipher:
    """P3: memory images arrive sealed; the index holds what search needs in plaintext."""
    global _field_cipher
    if _field_cipher is None:
        from engram.settings import get_settings
        from engram.wiring.crypto import cipher_for_settings

        _field_cipher = cipher_for_settings(get_settings())
    return _field_cipher


@continues_trace("engram.memory.index", lambda record: stream_trace_parent(record.raw_event))  # the writer's trace
def record_handler(record: DynamoDBRecord) -> Outcome:
    try:
        change = to_change(record.raw_event, _cipher())
        outcome = _get_indexer().apply_one(change)
        feed = _get_feed()
        if feed is not None:  # after the index: a failure here redelivers both (idempotent, same event id)
            feed.publish(change)
    except Exception as exc:
        # Keys and sequence only: images carry user content (§9).
        logger.warning(
            "stream record failed",
            extra={
                "event_id": record.event_id,
                "sequence_number": record.dynamodb.sequence_number if record.dynamodb else None,
                "error": exc.code if isinstance(exc, EngramError) else type(exc).__name__,
            },
        )
        raise
    logger.debug("stream record applied", extra={"event_id": record.event_id, "outcome": outcome.value})
    return outcome


@inject_invocation_context(logger)
@traced_handler("memory_indexer")  # OpenTelemetry, built on first use
@metrics.log_metrics
@count_invocation(metrics, "memory_index_records", lambda event: len(event.get("Records", [])))
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    detail = event.get("detail")
    if event.get("detail-type") == "Scheduled Event" and isinstance(detail, dict):
        if detail.get("job") != RECONCILE_JOB:
            logger.warning("unknown scheduled job for the indexer", extra={"job": str(detail.get("job"))})
            return {"job": str(detail.get("job")), "status": "not_registered"}
        result = {"job": RECONCILE_JOB, "status": "done", **_get_reconciler().run()}
        logger.info("job", extra=result)  # counts only
        return result
    records = len(event.get("Records", []))
    response: dict[str, Any] = dict(
        process_partial_response(event=event, record_handler=record_handler, processor=processor, context=context)
    )
    logger.info("batch", extra={"records": records, "failed": len(response.get("batchItemFailures", []))})
    return response
