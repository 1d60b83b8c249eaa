"""SQS FIFO consumer: the slow part of a turn (rolling summary, memory writes, access counts).

Partial batch failures: a failed message is reported alone and retried by SQS (then
the DLQ); in a FIFO group, later messages of that conversation wait behind it.
"""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram import runtime
from engram.adapters.metrics import PowertoolsMetrics

logger = Logger()
tracer = Tracer()
metrics = Metrics(namespace="Engram")
runtime.configure(PowertoolsMetrics(metrics))
processor = BatchProcessor(event_type=EventType.SQS)


@tracer.capture_method(capture_response=False)
def handle_record(record: SQSRecord) -> None:
    job: dict[str, Any] = json.loads(record.body)
    logger.append_keys(job_kind=job.get("kind"))  # never the content
    runtime.get_container().post_turn.handle(job)


@logger.inject_lambda_context(log_event=False)
@tracer.capture_lambda_handler(capture_response=False)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    response: dict[str, Any] = dict(
        process_partial_response(event=event, record_handler=handle_record, processor=processor, context=context)
    )
    return response
