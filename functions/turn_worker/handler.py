"""SQS FIFO consumer: the slow part of a turn (rolling summary, memory writes, session
memories of closed runs, access counts).

A message body is either a job (access counts) or a DynamoDB stream record of a stored
round or closed run, forwarded by the outbox pipe; both become the same job.
FIFO order: a conversation's messages are processed in order, and the first failure
stops that conversation's part of the batch — the rest of its group is reported failed
and retried after it — while other conversations go on (SqsFifoPartialProcessor).
"""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.utilities.batch import SqsFifoPartialProcessor, process_partial_response
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram import runtime
from engram.adapters.dynamodb.outbox_records import job_from_stream_record
from engram.adapters.dynamodb.stream_trace import stream_trace_parent
from engram.adapters.metrics import PowertoolsMetrics, count_invocation
from engram.kernel.errors import ValidationFailed
from engram.observability.log_context import inject_invocation_context, scoped_keys
from engram.observability.spans import continues_trace, traced_handler

logger = Logger()
metrics = Metrics(namespace="Engram")
runtime.configure(PowertoolsMetrics(metrics))
processor = SqsFifoPartialProcessor(skip_group_on_error=True)
# An all-failed batch is reported like a partial one (every record listed), not raised: SQS
# retries exactly those messages either way, and the local delivery reads the same response.
processor.raise_on_entire_batch_failure = False


def job_of(body: str) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(body)
    if message.get("eventSource") == "aws:dynamodb":
        job = job_from_stream_record(message, runtime.get_container().cipher)
        if job is None:
            raise ValidationFailed("a stream record that asks for no job")
        return job
    return message


@continues_trace("engram.turn.process", lambda record: stream_trace_parent(record.body))  # the turn's trace
def handle_record(record: SQSRecord) -> None:
    job = job_of(record.body)
    # Ids that tie the record's lines to the turn's request, never the content; gone after it.
    with scoped_keys(logger, job_kind=job.get("kind"), job_request_id=job.get("request_id")):
        runtime.get_container().post_turn.handle(job)


@inject_invocation_context(logger)
@traced_handler("turn_worker")  # OpenTelemetry, built on first use
@metrics.log_metrics
@count_invocation(metrics, "post_turn_records", lambda event: len(event.get("Records", [])))
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    records = len(event.get("Records", []))
    response: dict[str, Any] = dict(
        process_partial_response(event=event, record_handler=handle_record, processor=processor, context=context)
    )
    logger.info("batch", extra={"records": records, "failed": len(response.get("batchItemFailures", []))})
    return response
