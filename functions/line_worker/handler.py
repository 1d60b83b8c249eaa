"""W2: the LINE event queue (SQS FIFO, one message group per chat) -> a turn and its reply.
The job arrives sealed with its user's data key and is opened here (an erased user's job opens
for nobody and is dropped). A chat's events run in order; the first failure of a group stops
the rest of that group in the batch (retried after it), other chats go on
(SqsFifoPartialProcessor)."""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.utilities.batch import SqsFifoPartialProcessor, process_partial_response
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram import runtime
from engram.adapters.metrics import PowertoolsMetrics
from engram.observability.log_context import inject_invocation_context
from engram.observability.spans import traced_handler

logger = Logger()
metrics = Metrics(namespace="Engram")
runtime.configure(PowertoolsMetrics(metrics))
processor = SqsFifoPartialProcessor(skip_group_on_error=True)
processor.raise_on_entire_batch_failure = False


def handle_record(record: SQSRecord) -> None:
    container = runtime.get_container()
    job = container.line_payloads.open(json.loads(record.body))  # P3: the queue carries it sealed
    if job is not None:  # None: its user was erased, and their key with them
        container.line_turns.handle(job)


@inject_invocation_context(logger)
@traced_handler("line_worker")  # OpenTelemetry, built on first use; flushed per invocation
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return dict(
        process_partial_response(event=event, record_handler=handle_record, processor=processor, context=context)
    )
