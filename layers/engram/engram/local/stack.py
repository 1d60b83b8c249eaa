"""Everything `make run` starts, in one process: DynamoDB Local, the table, the post-turn
worker, the stream pollers (indexer; the outbox pipe to the worker), the schedules, and
the HTTP API."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from engram import runtime
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.outbox_records import is_outbox_record
from engram.adapters.dynamodb.stream_poller import StreamPoller
from engram.adapters.dynamodb.stream_records import is_memory_record
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.queues import ThreadQueue
from engram.kernel.paths import repo_root
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.local.gateway import LocalGateway
from engram.local.line_standin import LineStandIn
from engram.local.listen import DEFAULT_PORT, DataDirLock, PortInUse, default_data_dir, ensure_free
from engram.local.scheduler import LocalScheduler
from engram.local.server import make_server, serve_in_background
from engram.local.sqs import LocalSqsDelivery, OutboxPipe, fan_out
from engram.settings import Settings
from engram.wiring import Container, build_container
from engram.wiring.events import build_change_feed
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
    data_dir: Path | None = None

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def stop(self) -> None:
        _stop_all(self.stoppers)


def _stop_all(stoppers: list[Any]) -> None:
    """Last started, first stopped; one part failing to stop must not leave the others running."""
    for stop in reversed(stoppers):
        with contextlib.suppress(Exception):
            stop()
    stoppers.clear()
    runtime.set_container(None)


def _state_dir(data_dir: Path | None, port: int, ephemeral: bool, stoppers: list[Any]) -> Path:
    """Where this stack keeps DynamoDB Local's files, the local index and exports."""
    if data_dir is None and ephemeral:  # in memory, or another's DynamoDB (tests): nothing outlives the stack
        folder = Path(tempfile.mkdtemp(prefix="engram-stack-"))
        stoppers.append(lambda: shutil.rmtree(folder, ignore_errors=True))
        return folder
    lock = DataDirLock.take(data_dir or default_data_dir(repo_root(), port))
    stoppers.append(lock.release)
    return lock.path


def start_stack(
    *,
    port: int = DEFAULT_PORT,
    ddb_port: int | None = None,
    data_dir: Path | None = None,
    ddb_endpoint: str | None = None,
    in_memory: bool = False,
    long_term: bool = True,
    line_port: int = 0,
) -> LocalStack:
    """Starts every part, each registered for stopping as soon as it runs: a start that fails at any
    step stops what it had started (no DynamoDB Local or stand-in left behind) and re-raises."""
    for number, setting in ((port, "ENGRAM_PORT"), (line_port, "ENGRAM_LINE_STANDIN_PORT")):
        ensure_free(number, setting)
    if ddb_endpoint is None:
        ensure_free(ddb_port or 0, "ENGRAM_DDB_PORT")
    stoppers: list[Any] = []
    try:
        return _start(stoppers, port, ddb_port, data_dir, ddb_endpoint, in_memory, long_term, line_port)
    except BaseException:
        _stop_all(stoppers)
        raise


def _start(
    stoppers: list[Any],
    port: int,
    ddb_port: int | None,
    data_dir: Path | None,
    ddb_endpoint: str | None,
    in_memory: bool,
    long_term: bool,
    line_port: int,
) -> LocalStack:
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
    state = _state_dir(data_dir, port, in_memory or ddb_endpoint is not None, stoppers)
    ddb = None
    if ddb_endpoint is None:
        ddb = DynamoDBLocal.start(port=ddb_port, db_path=None if in_memory else state / "data")
        stoppers.append(ddb.stop)
        ddb_endpoint = ddb.endpoint
    os.environ.update(local_aws_env(ddb_endpoint))
    # the LINE Messaging API, played locally: the bot's replies land here (`engram line send` shows them)
    standin = _bound(lambda: LineStandIn(port=line_port), line_port, "ENGRAM_LINE_STANDIN_PORT").start()
    stoppers.append(standin.stop)
    settings = Settings()
    updates: dict[str, Any] = {
        "dynamodb_endpoint": ddb_endpoint,
        "line_api_base": standin.url,
        "line_data_api_base": standin.url,
    }
    if settings.local_index_dir is None:
        updates["local_index_dir"] = str(state / "index")
    if "ENGRAM_EXPORT_DIR" not in os.environ:
        updates["export_dir"] = str(state / "exports")
    if settings.local_event_bus_file is None:  # the local bus: `engram events tail`, the inspector's feed
        updates["local_event_bus_file"] = str(state / "events.jsonl")
    settings = settings.model_copy(update=updates)
    ensure_table(TableConfig.from_settings(settings))
    # Post-turn jobs reach the real turn_worker handler as SQS events, as the FIFO mapping delivers them.
    delivery = LocalSqsDelivery()
    container = build_container(settings, queue_mode="thread", long_term=long_term, job_handler=delivery)
    runtime.set_container(container)
    close = getattr(container.queue, "close", None)
    if close is not None:
        stoppers.append(close)
    server = _bound(lambda: make_server(LocalGateway(settings), port=port), port, "ENGRAM_PORT")
    serve_in_background(server)
    stoppers.append(lambda: (server.shutdown(), server.server_close()))
    stack = LocalStack(settings, container, ddb, server, stoppers, standin, state)
    # LINE: the webhook answers at once; its events reach the real line worker through the local
    # SQS delivery on a thread of their own (the FIFO queue and its event source mapping, played)
    line_queue = ThreadQueue(LocalSqsDelivery(handler=line_worker.lambda_handler))
    line_webhook_handler.use_webhook(container.line_webhook(line_queue))
    stoppers.append(line_queue.close)
    # Lambda's event source mapping, played locally: the table's stream feeds the real indexer handler.
    memory_indexer.use_index(container.index, container.cipher, build_change_feed(settings, container.bound))
    memory_indexer.use_reconciler(container.index_reconciler)
    # ... and the outbox pipe: stored rounds and closed runs become post-turn jobs. One reader
    # feeds both (a redelivered batch reaches the pipe again; FIFO deduplication drops it).
    handler = fan_out(OutboxPipe(delivery), memory_indexer.lambda_handler)
    poller = StreamPoller(TableConfig.from_settings(settings), handler, record_filter=stream_consumers)
    poller.start()
    stoppers.append(poller.stop)
    # EventBridge schedules, played locally (idle sessions every 5 minutes).
    scheduler = LocalScheduler()
    scheduler.start()
    stoppers.append(scheduler.stop)
    return stack


_T = TypeVar("_T")


def _bound(make: Callable[[], _T], port: int, setting: str) -> _T:
    """A server bound to its port; a port taken since the check is the same one-line error."""
    try:
        return make()
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise PortInUse(port, setting) from exc
        raise
