"""Everything `make run` starts, in one process: DynamoDB Local, the table, the post-turn
worker, the stream pollers (indexer; the outbox pipe to the worker), the schedules, and
the HTTP API."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engram import runtime
from engram.adapters.crypto.factory import cipher_for_settings
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.outbox_records import is_outbox_record
from engram.adapters.dynamodb.stream_records import is_memory_record
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.queues import ThreadQueue
from engram.bootstrap import Container, build_container
from engram.line.factory import line_webhook
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env, repo_root
from engram.local.gateway import LocalGateway
from engram.local.line_standin import LineStandIn
from engram.local.scheduler import LocalScheduler
from engram.local.server import make_server, serve_in_background
from engram.local.sqs import LocalSqsDelivery, OutboxPipe, fan_out
from engram.local.stream_poller import StreamPoller
from engram.memory.factory import index_reconciler_for
from engram.settings import Settings
from functions.line_webhook import handler as line_webhook_handler
from functions.line_worker import handler as line_worker
from functions.memory_indexer import handler as memory_indexer


def stream_consumers(record: dict[str, Any]) -> bool:
    """The union of the two mappings' filters: memory records and outbox inserts."""
    return is_memory_record(record) or is_outbox_record(record)


@dataclass
class LocalStack:
    settings: Settings
    container: Container
    ddb: DynamoDBLocal | None
    server: Any
    stoppers: list[Any] = field(default_factory=list)
    line_standin: Any = None

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def stop(self) -> None:
        for stop in reversed(self.stoppers):
            stop()
        self.server.shutdown()
        if self.ddb is not None:
            self.ddb.stop()
        runtime.set_container(None)


def start_stack(
    *,
    port: int = 8080,
    ddb_port: int | None = None,
    data_dir: Path | None = None,
    ddb_endpoint: str | None = None,
    in_memory: bool = False,
    long_term: bool = True,
    line_port: int = 0,
) -> LocalStack:
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
    ddb = None
    if ddb_endpoint is None:
        data = None if in_memory else (data_dir or repo_root() / ".local" / "data")
        ddb = DynamoDBLocal.start(port=ddb_port, db_path=data)
        ddb_endpoint = ddb.endpoint
    os.environ.update(local_aws_env(ddb_endpoint))
    # the LINE Messaging API, played locally: the bot's replies land here (`engram line send` shows them)
    standin = LineStandIn(port=line_port).start()
    settings = Settings()
    settings = settings.model_copy(
        update={"dynamodb_endpoint": ddb_endpoint, "line_api_base": standin.url, "line_data_api_base": standin.url}
    )
    ensure_table(TableConfig.from_settings(settings))
    # Post-turn jobs reach the real turn_worker handler as SQS events, as the FIFO mapping delivers them.
    delivery = LocalSqsDelivery()
    container = build_container(settings, queue_mode="thread", long_term=long_term, job_handler=delivery)
    runtime.set_container(container)
    server = make_server(LocalGateway(settings), port=port)
    serve_in_background(server)
    stack = LocalStack(settings, container, ddb, server)
    stack.line_standin = standin
    stack.stoppers.append(standin.stop)
    # LINE: the webhook answers at once; its events reach the real line worker through the local
    # SQS delivery on a thread of their own (the FIFO queue and its event source mapping, played)
    line_queue = ThreadQueue(LocalSqsDelivery(handler=line_worker.lambda_handler))
    line_webhook_handler.use_webhook(line_webhook(settings, container.clock, line_queue))
    stack.stoppers.append(line_queue.close)
    # Lambda's event source mapping, played locally: the table's stream feeds the real indexer handler.
    memory_indexer.use_index(container.index, cipher_for_settings(settings))
    memory_indexer.use_reconciler(index_reconciler_for(container))
    # ... and the outbox pipe: stored rounds and closed runs become post-turn jobs. One reader
    # feeds both (a redelivered batch reaches the pipe again; FIFO deduplication drops it).
    handler = fan_out(OutboxPipe(delivery), memory_indexer.lambda_handler)
    poller = StreamPoller(TableConfig.from_settings(settings), handler, record_filter=stream_consumers)
    poller.start()
    stack.stoppers.append(poller.stop)
    # EventBridge schedules, played locally (idle sessions every 5 minutes).
    scheduler = LocalScheduler()
    scheduler.start()
    stack.stoppers.append(scheduler.stop)
    close = getattr(container.queue, "close", None)
    if close is not None:
        stack.stoppers.append(close)
    return stack
