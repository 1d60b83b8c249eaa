"""P6: the audit log is a hash chain per subject, against DynamoDB Local. Writers racing on real
threads never fork it (each position is taken once, by a conditional move of the head); a changed,
deleted or reordered entry, or one cut from the end, makes `engram audit verify` fail naming the
first broken entry; an untouched chain passes. The export carries no entry's key."""

from __future__ import annotations

import itertools
import json
import threading
from typing import Any

import pytest

from engram.adapters.audit_verify import verify_subject, verify_user
from engram.adapters.dynamodb.audit_log import DynamoAuditReader, DynamoAuditWriter, entry_key, head_key
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import audit_table_name
from engram.adapters.secrets import erasure_hash_key
from engram.kernel.errors import StoreUnavailable
from engram.local import cli
from engram.privacy.models import AuditEntry
from engram.privacy.receipt import user_hash
from engram.settings import Settings

TENANT, SUBJECT = "default", "a" * 64


def _writer(table: TableConfig) -> DynamoAuditWriter:
    return DynamoAuditWriter(table, audit_table_name(table.table_name))


def _reader(table: TableConfig) -> DynamoAuditReader:
    return DynamoAuditReader(table, audit_table_name(table.table_name))


def _entry(n: int, subject: str = SUBJECT, tenant: str = TENANT) -> AuditEntry:
    action = f"GET /v1/memories #{n}"
    return AuditEntry(tenant, subject, 1_700_000_000 + n, action, "end_user", "me", "200", entry_id=f"e{n}")


def _chain(table: TableConfig, count: int) -> list[AuditEntry]:
    writer = _writer(table)
    for n in range(1, count + 1):
        writer.append(_entry(n))
    entries, _ = _reader(table).list(TENANT, SUBJECT, 200)
    return sorted(entries, key=lambda e: e.seq)


def _raw(table: TableConfig) -> Any:
    return _writer(table).client


def test_an_untouched_chain_holds(table: TableConfig) -> None:
    entries = _chain(table, 5)
    assert [e.seq for e in entries] == [1, 2, 3, 4, 5]
    assert entries[0].prev_hash == "0" * 64 and all(b.prev_hash == a.hash for a, b in itertools.pairwise(entries))
    report = verify_subject(_reader(table), TENANT, SUBJECT)
    assert report.ok and report.entries == 5 and report.broken_seq is None


def test_writers_on_threads_never_fork_the_chain(table: TableConfig) -> None:
    threads, each = 6, 5
    errors: list[BaseException] = []
    start = threading.Barrier(threads)

    def write(t: int) -> None:
        writer = _writer(table)  # a writer per thread, as per Lambda instance
        start.wait()
        try:
            for i in range(each):
                writer.append(_entry(t * 100 + i))
        except BaseException as exc:
            errors.append(exc)

    running = [threading.Thread(target=write, args=(t,)) for t in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    assert errors == []
    entries, _ = _reader(table).list(TENANT, SUBJECT, 200)
    assert sorted(e.seq for e in entries) == list(range(1, threads * each + 1))  # each position taken once
    assert len({e.prev_hash for e in entries}) == threads * each  # no two entries follow the same one
    assert verify_subject(_reader(table), TENANT, SUBJECT).ok


def test_a_warm_writer_skips_the_head_read_and_survives_a_stale_head(table: TableConfig) -> None:
    first, second = _writer(table), _writer(table)
    calls: list[str] = []
    first.client.meta.events.register("after-call.dynamodb.*", lambda model, **_: calls.append(model.name))
    first.append(_entry(1))
    assert calls == ["GetItem", "TransactWriteItems"]
    calls.clear()
    first.append(_entry(2))
    assert calls == ["TransactWriteItems"]  # its own last head: no read
    second.append(_entry(3))  # moves the head on behind first's back
    calls.clear()
    first.append(_entry(4))
    assert calls == ["TransactWriteItems", "GetItem", "TransactWriteItems"]  # lost, read, placed
    entries, _ = _reader(table).list(TENANT, SUBJECT, 10)
    assert sorted((e.seq, e.entry_id) for e in entries) == [(1, "e1"), (2, "e2"), (3, "e3"), (4, "e4")]
    assert verify_subject(_reader(table), TENANT, SUBJECT).ok


def test_a_changed_entry_is_named(table: TableConfig) -> None:
    entries = _chain(table, 5)
    _raw(table).update_item(
        TableName=audit_table_name(table.table_name),
        Key=entry_key(entries[2]),
        UpdateExpression="SET outcome = :o",
        ExpressionAttributeValues={":o": {"S": "500"}},
    )
    report = verify_subject(_reader(table), TENANT, SUBJECT)
    assert not report.ok and report.broken_seq == 3 and "changed" in report.problem
    assert report.broken_at == entries[2].at


def test_a_deleted_entry_is_named(table: TableConfig) -> None:
    entries = _chain(table, 5)
    _raw(table).delete_item(TableName=audit_table_name(table.table_name), Key=entry_key(entries[1]))
    report = verify_subject(_reader(table), TENANT, SUBJECT)
    assert not report.ok and report.broken_seq == 2 and "entry 2 is gone" in report.problem


def test_entries_cut_from_the_end_are_named(table: TableConfig) -> None:
    entries = _chain(table, 5)
    _raw(table).delete_item(TableName=audit_table_name(table.table_name), Key=entry_key(entries[4]))
    report = verify_subject(_reader(table), TENANT, SUBJECT)
    assert not report.ok and report.broken_seq == 5 and "removed from its end" in report.problem


def test_reordered_entries_are_named(table: TableConfig) -> None:
    entries = _chain(table, 5)
    name = audit_table_name(table.table_name)
    for entry, other in ((entries[1], entries[2]), (entries[2], entries[1])):  # 2 and 3 swap places
        _raw(table).update_item(
            TableName=name,
            Key=entry_key(entry),
            UpdateExpression="SET seq = :s",
            ExpressionAttributeValues={":s": {"N": str(other.seq)}},
        )
    report = verify_subject(_reader(table), TENANT, SUBJECT)
    assert not report.ok and report.broken_seq == 2


def test_a_rewritten_head_is_caught(table: TableConfig) -> None:
    _chain(table, 3)
    _raw(table).put_item(
        TableName=audit_table_name(table.table_name),
        Item={**head_key(TENANT, SUBJECT), "seq": {"N": "2"}, "hash": {"S": "f" * 64}},
    )
    assert verify_subject(_reader(table), TENANT, SUBJECT).broken_seq == 3


def test_an_entry_is_never_written_over(table: TableConfig) -> None:
    writer = _writer(table)
    writer.append(_entry(1))
    with pytest.raises(StoreUnavailable):
        writer.append(_entry(1))  # the same key: refused, the chain unchanged
    assert verify_subject(_reader(table), TENANT, SUBJECT).entries == 1


def test_engram_audit_verify(
    table: TableConfig, settings: Settings, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "_settings", lambda: settings)
    subject = user_hash(erasure_hash_key(settings), TENANT, "mia")
    writer = _writer(table)
    for n in range(1, 4):
        writer.append(_entry(n, subject))
    assert verify_user(settings, TENANT, "mia").ok
    assert cli.main(["audit", "verify", "--user-id", "mia"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    first = sorted(_reader(table).list(TENANT, subject, 10)[0], key=lambda e: e.seq)[0]
    _raw(table).delete_item(TableName=audit_table_name(table.table_name), Key=entry_key(first))
    assert cli.main(["audit", "verify", "--subject", subject, "--tenant", TENANT]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["broken_seq"] == 1


def test_the_export_carries_no_entry_key(table: TableConfig) -> None:
    from engram.adapters.audit_history import ReaderAuditHistory

    _chain(table, 2)
    exported = [e.as_export() for e in ReaderAuditHistory(_reader(table)).entries_about(TENANT, SUBJECT, 10)]
    assert [e["seq"] for e in exported] == [2, 1] and exported[0]["action"] == "GET /v1/memories #2"
    text = json.dumps(exported)
    for withheld in ("entry_id", "subject", "tenant_id", "prev_hash", "digest", '"hash"', "e1", SUBJECT):
        assert withheld not in text


def test_the_writer_function_chains_what_it_is_sent(table: TableConfig, container: Any) -> None:
    """The audit writer function (the table's only writer in AWS): whatever chain fields a caller
    sends are ignored, the entry takes the subject's next place; a malformed event fails the invoke."""
    from engram import runtime
    from engram.adapters.audit_writer import APPEND_EVENT, append_request
    from engram.adapters.lambda_context import LocalContext
    from engram.kernel.errors import ValidationFailed
    from functions.audit.writer import lambda_handler as audit_writer

    runtime.set_container(container)
    try:
        for n in (1, 2):
            request = append_request(_entry(n))
            request[APPEND_EVENT].update(seq=99, hash="f" * 64, prev_hash="f" * 64)  # a caller's forgery attempt
            assert audit_writer(request, LocalContext()) == {"appended": f"e{n}"}
        with pytest.raises(ValidationFailed):
            audit_writer({APPEND_EVENT: {"tenant_id": TENANT, "subject": SUBJECT}}, LocalContext())
    finally:
        runtime.set_container(None)
    entries, _ = _reader(table).list(TENANT, SUBJECT, 10)
    assert sorted(e.seq for e in entries) == [1, 2]
    assert verify_subject(_reader(table), TENANT, SUBJECT).ok
