"""Plays Lambda's DynamoDB Streams event source mapping against DynamoDB Local.

Reads the table's stream (every shard, parents before children, following closed
shards and splits), turns each batch into the exact Lambda event shape and hands
it to the real memory_indexer handler. Like the mapping with
ReportBatchItemFailures: a batch whose response lists failures is re-delivered
from the first failed record, at most `retry_attempts` more times, then logged
and skipped (AWS would send it to the on-failure destination).

    poller = StreamPoller(TableConfig.from_settings(settings))
    poller.start()          # background thread, polls every interval_s
    poller.drain()          # tests: deliver everything written so far

`record_filter` plays the mapping's filter criteria: records it rejects are consumed
without invoking the handler (the indexer sees memory items only, as in AWS).
"""

from __future__ import annotations

import base64
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, cast

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.models import LOCAL_CREDENTIALS
from engram.adapters.lambda_context import LocalContext

log = logging.getLogger(__name__)

Handler = Callable[[dict[str, Any], Any], Any]
StartPosition = Literal["TRIM_HORIZON", "LATEST"]


# --------------------------------------------------------------------------- event shape


def _b64_binaries(value: Any) -> Any:
    """boto3 hands binaries back as bytes; Lambda events carry them base64-encoded."""
    if not isinstance(value, Mapping):
        return value
    out: dict[str, Any] = {}
    for kind, inner in value.items():
        if kind == "B":
            out[kind] = base64.b64encode(inner).decode("ascii")
        elif kind == "BS":
            out[kind] = [base64.b64encode(v).decode("ascii") for v in inner]
        elif kind == "M":
            out[kind] = {k: _b64_binaries(v) for k, v in inner.items()}
        elif kind == "L":
            out[kind] = [_b64_binaries(v) for v in inner]
        else:
            out[kind] = inner
    return out


def _image(image: Mapping[str, Any]) -> dict[str, Any]:
    return {name: _b64_binaries(value) for name, value in image.items()}


def to_lambda_record(record: Mapping[str, Any], stream_arn: str) -> dict[str, Any]:
    """A GetRecords record (boto3 dynamodbstreams) -> a record of Lambda's stream event."""
    src = record["dynamodb"]
    ddb: dict[str, Any] = {}
    created = src.get("ApproximateCreationDateTime")
    if created is not None:
        # Lambda sends epoch seconds; boto3 parsed the timestamp into a datetime.
        ddb["ApproximateCreationDateTime"] = int(created.timestamp()) if isinstance(created, datetime) else created
    for name in ("Keys", "NewImage", "OldImage"):
        if name in src:
            ddb[name] = _image(src[name])
    for name in ("SequenceNumber", "SizeBytes", "StreamViewType"):
        if name in src:
            ddb[name] = src[name]
    out: dict[str, Any] = {
        "eventID": record["eventID"],
        "eventName": record["eventName"],
        "eventVersion": record.get("eventVersion", "1.1"),
        "eventSource": "aws:dynamodb",
        "awsRegion": record.get("awsRegion", ""),
        "dynamodb": ddb,
        "eventSourceARN": stream_arn,
    }
    identity = record.get("userIdentity")
    if identity:  # the API capitalises these; the Lambda event does not
        out["userIdentity"] = {"type": identity.get("Type"), "principalId": identity.get("PrincipalId")}
    return out


def failed_positions(records: list[dict[str, Any]], response: Any) -> list[int]:
    """Positions of the records the handler reports failed, in batch order ([] = all done).

    Like Lambda, a response it cannot read, or a failure naming a record that is not
    in the batch, fails the whole batch."""
    everything = list(range(len(records)))
    if response is None:
        return []
    if not isinstance(response, Mapping):
        return everything
    failures = response.get("batchItemFailures") or []
    positions = {r["dynamodb"]["SequenceNumber"]: i for i, r in enumerate(records)}
    found: set[int] = set()
    for failure in failures:
        ident = failure.get("itemIdentifier") if isinstance(failure, Mapping) else None
        if ident not in positions:
            return everything
        found.add(positions[ident])
    return sorted(found)


# --------------------------------------------------------------------------- poller


@dataclass
class _Shard:
    shard_id: str
    parent_id: str | None
    initial: StartPosition
    iterator: str | None = None
    last_sequence: str | None = None  # last sequence number handed to the handler (done or skipped)
    finished: bool = False  # closed and read to its end


@dataclass
class PollerStats:
    delivered: int = 0  # records in batches handed to the handler (first attempts)
    retried: int = 0  # re-deliveries after failures
    skipped: list[str] = field(default_factory=list)  # sequence numbers given up on


def _default_handler() -> Handler:
    # Imported late: the function package sits above the shared layer.
    from functions.memory_indexer.handler import lambda_handler

    return cast(Handler, lambda_handler)


class StreamPoller:
    def __init__(
        self,
        table: TableConfig,
        handler: Handler | None = None,
        *,
        interval_s: float = 0.1,
        batch_size: int = 100,
        retry_attempts: int = 2,
        start_position: StartPosition = "TRIM_HORIZON",
        streams_client: Any = None,
        record_filter: Callable[[dict[str, Any]], bool] | None = None,
    ) -> None:
        if batch_size < 1 or retry_attempts < 0 or interval_s < 0:
            raise ValueError("batch_size >= 1, retry_attempts >= 0, interval_s >= 0")
        self.table = table
        self.interval_s = interval_s
        self.batch_size = batch_size
        self.retry_attempts = retry_attempts
        self.start_position: StartPosition = start_position
        self.stats = PollerStats()
        self._handler = handler
        self._filter = record_filter
        self._streams = streams_client or _streams_client(table)
        self._stream_arn: str | None = None
        self._shards: dict[str, _Shard] = {}
        self._first_listing = True
        self._lock = threading.Lock()  # one poll at a time (thread vs. drain())
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- lifecycle ----------------------------------------------------------

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="engram-stream-poller", daemon=True)
        self._thread.start()

    def stop(self, timeout_s: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)
            self._thread = None

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                got = self.poll_once()
            except Exception:  # keep polling: DynamoDB Local restarts, a table being recreated
                log.exception("stream poll failed")
                got = 0
            if not got:
                self._stop.wait(self.interval_s)

    # -- polling ------------------------------------------------------------

    def poll_once(self) -> int:
        """One GetRecords per readable shard; returns how many records were read."""
        with self._lock:
            self._refresh_shards()
            total = 0
            for shard in list(self._shards.values()):
                if shard.finished or not self._parent_done(shard):
                    continue
                total += self._poll_shard(shard)
            return total

    def drain(self, timeout_s: float = 10.0) -> int:
        """Poll until a pass reads nothing (everything written so far is delivered)."""
        deadline = time.monotonic() + timeout_s
        total = 0
        while True:
            got = self.poll_once()
            total += got
            if not got:
                return total
            if time.monotonic() > deadline:
                raise TimeoutError(f"stream not drained in {timeout_s} s")

    def _parent_done(self, shard: _Shard) -> bool:
        # Order per item key holds across a split only if the parent is read first.
        parent = self._shards.get(shard.parent_id) if shard.parent_id else None
        return parent is None or parent.finished

    def _stream(self) -> str:
        if self._stream_arn is None:
            table = dynamodb_client(self.table).describe_table(TableName=self.table.table_name)["Table"]
            arn = table.get("LatestStreamArn")
            if not arn or not table.get("StreamSpecification", {}).get("StreamEnabled"):
                raise RuntimeError(f"table {self.table.table_name} has no stream enabled")
            self._stream_arn = str(arn)
        return self._stream_arn

    def _refresh_shards(self) -> None:
        arn = self._stream()
        kwargs: dict[str, Any] = {"StreamArn": arn}
        while True:
            try:
                desc = self._streams.describe_stream(**kwargs)["StreamDescription"]
            except ClientError as exc:
                if _code(exc) == "ResourceNotFoundException":
                    self._reset()  # table recreated: a new stream
                raise
            for s in desc.get("Shards", []):
                if s["ShardId"] in self._shards:
                    continue
                open_shard = "EndingSequenceNumber" not in s.get("SequenceNumberRange", {})
                # LATEST applies to what is open when we start; anything found later
                # (children of a split) is read from its beginning, as the mapping does.
                initial: StartPosition = (
                    "LATEST"
                    if self._first_listing and open_shard and self.start_position == "LATEST"
                    else "TRIM_HORIZON"
                )
                self._shards[s["ShardId"]] = _Shard(s["ShardId"], s.get("ParentShardId"), initial)
            last = desc.get("LastEvaluatedShardId")
            if not last:
                break
            kwargs["ExclusiveStartShardId"] = last
        self._first_listing = False

    def _reset(self) -> None:
        self._stream_arn = None
        self._shards.clear()
        self._first_listing = True

    def _iterator(self, shard: _Shard) -> str:
        kwargs: dict[str, Any] = {"StreamArn": self._stream(), "ShardId": shard.shard_id}
        if shard.last_sequence is not None:
            kwargs.update(ShardIteratorType="AFTER_SEQUENCE_NUMBER", SequenceNumber=shard.last_sequence)
        else:
            kwargs.update(ShardIteratorType=shard.initial)
        return str(self._streams.get_shard_iterator(**kwargs)["ShardIterator"])

    def _poll_shard(self, shard: _Shard) -> int:
        page: dict[str, Any] | None = None
        for _ in range(2):
            if shard.iterator is None:
                shard.iterator = self._iterator(shard)
            try:
                page = self._streams.get_records(ShardIterator=shard.iterator, Limit=self.batch_size)
                break
            except ClientError as exc:
                code = _code(exc)
                if code == "ExpiredIteratorException":
                    shard.iterator = None  # re-open after the last delivered record, once
                    continue
                if code == "TrimmedDataAccessException":
                    log.warning("stream records trimmed before delivery", extra={"shard": shard.shard_id})
                    shard.iterator, shard.last_sequence, shard.initial = None, None, "TRIM_HORIZON"
                    return 0
                raise
        if page is None:
            return 0
        records = page.get("Records", [])
        if records:
            arn = self._stream()
            events = [to_lambda_record(r, arn) for r in records]
            if self._filter is not None:
                events = [e for e in events if self._filter(e)]
            if events:
                self._deliver(events)
            shard.last_sequence = records[-1]["dynamodb"]["SequenceNumber"]
        next_iterator = page.get("NextShardIterator")
        if next_iterator is None:
            shard.finished = True  # closed and exhausted: its children may start
        shard.iterator = next_iterator
        return len(records)

    def _deliver(self, records: list[dict[str, Any]]) -> None:
        handler = self._handler or _default_handler()
        pending = records
        self.stats.delivered += len(records)
        failed: list[int] = []
        for attempt in range(self.retry_attempts + 1):
            if attempt:
                self.stats.retried += len(pending)
            try:
                response = handler({"Records": pending}, LocalContext())
                failed = failed_positions(pending, response)
            except Exception:
                log.exception("memory indexer invocation failed", extra={"records": len(pending)})
                failed = list(range(len(pending)))
            if not failed:
                return
            # The mapping restarts at the first failure; later records are delivered again.
            pending, failed = pending[failed[0] :], [i - failed[0] for i in failed]
        skipped = [pending[i]["dynamodb"]["SequenceNumber"] for i in failed]
        self.stats.skipped.extend(skipped)
        log.error(
            "giving up on %d stream records after %d attempts (AWS: on-failure destination)",
            len(skipped),
            self.retry_attempts + 1,
            extra={"sequence_numbers": skipped},
        )


def _code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", ""))


def _streams_client(table: TableConfig) -> Any:
    # Same endpoint, region and dummy credentials as the table client: DynamoDB Local
    # without -sharedDb keeps one database per access key and region.
    kwargs: dict[str, Any] = {
        "region_name": table.region,
        "config": Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=2, read_timeout=5),
    }
    if table.host:
        kwargs.update(endpoint_url=table.host, **LOCAL_CREDENTIALS)
    return boto3.client("dynamodbstreams", **kwargs)
