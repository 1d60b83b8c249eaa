"""StreamPoller shard handling against a fake DynamoDB Streams API: parents before
children, closed shards, LATEST, expired iterators, bounded retries of failed records."""

from __future__ import annotations

from typing import Any

import pytest
from botocore.exceptions import ClientError

from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.stream_poller import StreamPoller

ARN = "arn:aws:dynamodb:ddblocal:000000000000:table/t/stream/x"


def rec(seq: int, sk: str = "M#1") -> dict[str, Any]:
    return {
        "eventID": f"e{seq}",
        "eventName": "INSERT",
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": "ddblocal",
        "dynamodb": {
            "Keys": {"PK": {"S": "p"}, "SK": {"S": sk}},
            "NewImage": {"PK": {"S": "p"}, "SK": {"S": sk}},
            "SequenceNumber": f"{seq:021d}",
            "SizeBytes": 10,
            "StreamViewType": "NEW_AND_OLD_IMAGES",
        },
    }


class FakeStreams:
    """Shards are lists of records; a closed shard ends (no NextShardIterator) once read."""

    def __init__(self) -> None:
        self.shards: dict[str, dict[str, Any]] = {}
        self.expire_next = False
        self.calls: list[str] = []

    def add_shard(self, shard_id: str, records: list[dict[str, Any]], parent: str | None = None) -> None:
        self.shards[shard_id] = {"records": records, "parent": parent, "closed": False}

    # boto3 takes CamelCase keyword arguments: read them from **kw.
    def describe_stream(self, **kw: Any) -> dict[str, Any]:
        shards = []
        for sid, s in self.shards.items():
            rng = {"StartingSequenceNumber": "0"}
            if s["closed"]:
                rng["EndingSequenceNumber"] = "9" * 21
            shard: dict[str, Any] = {"ShardId": sid, "SequenceNumberRange": rng}
            if s["parent"]:
                shard["ParentShardId"] = s["parent"]
            shards.append(shard)
        return {"StreamDescription": {"StreamArn": kw["StreamArn"], "Shards": shards}}

    def get_shard_iterator(self, **kw: Any) -> dict[str, Any]:
        shard_id, kind = kw["ShardId"], kw["ShardIteratorType"]
        records = self.shards[shard_id]["records"]
        if kind == "TRIM_HORIZON":
            pos = 0
        elif kind == "LATEST":
            pos = len(records)
        else:
            pos = next(i + 1 for i, r in enumerate(records) if r["dynamodb"]["SequenceNumber"] == kw["SequenceNumber"])
        return {"ShardIterator": f"{shard_id}|{pos}"}

    def get_records(self, **kw: Any) -> dict[str, Any]:
        if self.expire_next:
            self.expire_next = False
            raise ClientError({"Error": {"Code": "ExpiredIteratorException", "Message": "x"}}, "GetRecords")
        sid, pos_s = kw["ShardIterator"].split("|")
        pos = int(pos_s)
        self.calls.append(sid)
        shard = self.shards[sid]
        page = shard["records"][pos : pos + kw["Limit"]]
        end = pos + len(page)
        out: dict[str, Any] = {"Records": page}
        if not (shard["closed"] and end >= len(shard["records"])):
            out["NextShardIterator"] = f"{sid}|{end}"
        return out


class Handler:
    def __init__(self, fail: set[str] | None = None) -> None:
        self.fail = fail or set()
        self.batches: list[list[str]] = []

    def __call__(self, event: dict[str, Any], context: Any) -> dict[str, Any]:
        seqs = [r["dynamodb"]["SequenceNumber"] for r in event["Records"]]
        assert all(r["eventSourceARN"] == ARN for r in event["Records"])
        self.batches.append(seqs)
        return {"batchItemFailures": [{"itemIdentifier": s} for s in seqs if s in self.fail]}


def make(fake: FakeStreams, handler: Handler, **kw: Any) -> StreamPoller:
    poller = StreamPoller(TableConfig("t", "us-east-1", "http://x"), handler, streams_client=fake, **kw)
    poller._stream_arn = ARN  # skip describe_table: no DynamoDB here
    return poller


def seq(n: int) -> str:
    return f"{n:021d}"


def test_children_wait_for_their_closed_parent() -> None:
    fake = FakeStreams()
    fake.add_shard("parent", [rec(1), rec(2)])
    fake.add_shard("child", [rec(3)], parent="parent")
    handler = Handler()
    poller = make(fake, handler, batch_size=1)

    poller.drain()
    assert handler.batches == [[seq(1)], [seq(2)]]  # the parent is still open: the child waits

    fake.shards["parent"]["closed"] = True
    poller.drain()
    assert handler.batches == [[seq(1)], [seq(2)], [seq(3)]]
    assert poller._shards["parent"].finished and not poller._shards["child"].finished


def test_a_child_whose_parent_is_trimmed_is_read_at_once() -> None:
    fake = FakeStreams()
    fake.add_shard("child", [rec(5)], parent="gone")
    handler = Handler()
    make(fake, handler).drain()
    assert handler.batches == [[seq(5)]]


def test_latest_skips_what_was_there_and_new_shards_start_at_their_beginning() -> None:
    fake = FakeStreams()
    fake.add_shard("a", [rec(1)])
    handler = Handler()
    poller = make(fake, handler, start_position="LATEST")
    assert poller.poll_once() == 0
    fake.shards["a"]["records"].append(rec(2))
    fake.shards["a"]["closed"] = True
    fake.add_shard("b", [rec(3)], parent="a")
    poller.drain()
    assert handler.batches == [[seq(2)], [seq(3)]]


def test_an_expired_iterator_resumes_after_the_last_delivered_record() -> None:
    fake = FakeStreams()
    fake.add_shard("a", [rec(1)])
    handler = Handler()
    poller = make(fake, handler)
    poller.drain()
    fake.shards["a"]["records"] += [rec(2), rec(3)]
    fake.expire_next = True
    poller.drain()
    assert handler.batches == [[seq(1)], [seq(2), seq(3)]]


def test_failed_records_are_redelivered_from_the_first_failure_then_skipped() -> None:
    fake = FakeStreams()
    fake.add_shard("a", [rec(1), rec(2), rec(3)])
    handler = Handler(fail={seq(2)})
    poller = make(fake, handler, retry_attempts=2)
    poller.drain()
    assert handler.batches == [[seq(1), seq(2), seq(3)], [seq(2), seq(3)], [seq(2), seq(3)]]
    assert poller.stats.skipped == [seq(2)]
    assert poller.stats.retried == 4

    fake.shards["a"]["records"].append(rec(4))  # the shard is not blocked
    poller.drain()
    assert handler.batches[-1] == [seq(4)]


def test_a_handler_that_raises_fails_the_whole_batch() -> None:
    fake = FakeStreams()
    fake.add_shard("a", [rec(1), rec(2)])
    calls: list[int] = []

    def boom(event: dict[str, Any], context: Any) -> Any:
        calls.append(len(event["Records"]))
        raise RuntimeError("index down")

    poller = StreamPoller(TableConfig("t", "us-east-1", "http://x"), boom, streams_client=fake, retry_attempts=1)
    poller._stream_arn = ARN
    poller.drain()
    assert calls == [2, 2]
    assert poller.stats.skipped == [seq(1), seq(2)]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        StreamPoller(TableConfig("t", "us-east-1", "http://x"), Handler(), streams_client=FakeStreams(), batch_size=0)
