"""O4: a restore of the table brings erased users' items back; the erasure log (its own table)
names them by keyed hash and the `reerase_restored` job erases them again — only what was
written up to the original erasure, so what the user wrote after it stays (and stays readable),
the neighbour is untouched, and each re-erasure gets its own signed receipt."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engram import runtime
from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.erasure_log import erasure_log_table_name
from engram.adapters.dynamodb.user_data import DynamoUserData
from engram.adapters.lambda_context import LocalContext
from engram.kernel.clock import ManualClock
from engram.kernel.keys import OwnerKey, SessionKey
from engram.privacy.models import ErasureScope
from engram.settings import Settings
from engram.wiring import Container
from engram.wiring.crypto import bound_models
from functions.jobs.handler import lambda_handler as jobs_handler

EVENTS = Path(__file__).parents[2] / "events" / "eventbridge"


@pytest.fixture(autouse=True)
def _local_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _items_of(settings: Settings, user: str) -> list[dict[str, Any]]:
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    out: list[dict[str, Any]] = []
    kwargs: dict[str, Any] = {"TableName": settings.table_name}
    while True:
        page = client.scan(**kwargs)
        prefix = f"T#default#U#{user}#" if user else ""  # "": every item of the table
        out += [i for i in page["Items"] if i["PK"]["S"].startswith(prefix)]
        if "LastEvaluatedKey" not in page:
            return out
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def _talk(c: Container, user: str, text: str) -> None:
    key = SessionKey("default", user, "nurse", "s1")
    c.conversation.record_turn(key, text, "I see.")
    c.memory_service.create(OwnerKey("default", user), "nurse", summary=text)


def _erase(c: Container, user: str, scope: ErasureScope = ErasureScope.ALL) -> str:
    service = c.erasure_service
    request, token = service.request("default", user, scope, "user")
    service.confirm("default", user, request.request_id, token)
    assert c.erasure_job.run()["requests_completed"] == 1
    return request.request_id


def _job(c: Container, name: str) -> dict[str, Any]:
    runtime.set_container(c)
    try:
        return dict(jobs_handler(json.loads((EVENTS / f"{name}.json").read_text()), LocalContext()))
    finally:
        runtime.set_container(None)


def _restore(settings: Settings, backup: list[dict[str, Any]]) -> None:
    """The table as the backup holds it (a point-in-time restore to before the erasure); the
    key table and the erasure log are not restored with it."""
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    for item in _items_of(settings, ""):
        client.delete_item(TableName=settings.table_name, Key={"PK": item["PK"], "SK": item["SK"]})
    for item in backup:
        client.put_item(TableName=settings.table_name, Item=item)


def _keys(items: list[dict[str, Any]]) -> set[tuple[str, str]]:
    return {(i["PK"]["S"], i["SK"]["S"]) for i in items}


def test_a_restored_table_is_erased_again_and_what_came_after_stays(
    container: Container, settings: Settings, clock: ManualClock
) -> None:
    c = container
    c.erasure_trigger = lambda: None
    _talk(c, "kim", "My name is Kim and I live in Busan.")
    _talk(c, "kim2", "I am Kim's neighbour and I grow tomatoes.")
    backup = _items_of(settings, "")  # the nightly backup, before the erasure
    clock.advance(3600)
    erased_id = _erase(c, "kim")
    log = dynamodb_client(TableConfig.from_settings(settings)).scan(
        TableName=erasure_log_table_name(settings.table_name)
    )
    assert log["Count"] == 1 and "kim" not in json.dumps(log["Items"])  # the log names the user by hash only
    clock.advance(3600)
    _restore(settings, backup)
    assert _keys(_items_of(settings, "kim")) == _keys([i for i in backup if "#U#kim#" in i["PK"]["S"]])
    neighbour = _keys(_items_of(settings, "kim2"))
    # the restored rounds are ciphertext under a key that no longer exists: they read as nothing
    old = c.conversation.store.load(SessionKey("default", "kim", "nurse", "s1"), 10, clock.now()).recent
    assert old and all(t.user_text == "" for t in old)
    clock.advance(3600)
    _talk(c, "kim", "I came back: I moved to Seoul.")  # after the erasure (and the restore): kept

    result = _job(c, "reerase_restored")
    assert result["queued"] == 1 and result["requests_completed"] == 1 and result["complete"] == 1
    left = _items_of(settings, "kim")
    restored_only = _keys(backup) - _keys(left)
    assert restored_only >= {k for k in _keys(backup) if "#U#kim#" in k[0] and "TURN#" in k[1]}
    assert _keys(_items_of(settings, "kim2")) == neighbour
    turns = c.conversation.store.load(SessionKey("default", "kim", "nurse", "s1"), 10, clock.now()).recent
    assert [t.user_text for t in turns] == ["I came back: I moved to Seoul."]  # still readable
    memories = [m.content for m in c.memory_service.list(OwnerKey("default", "kim")).items]
    assert "I came back: I moved to Seoul." in memories
    assert not any("Busan" in m for m in memories)
    data = DynamoUserData(bound_models(TableConfig.from_settings(settings)))
    assert data.has_data_key("default", "kim")  # the returning user's new key stays
    kept = _keys(left)

    clock.advance(60)
    again = _job(c, "reerase_restored")  # a second walk queues again and finds nothing left
    assert again["requests_completed"] == 1 and again["queued"] == 1
    assert _keys(_items_of(settings, "kim")) == kept

    requests = data._call(
        "query",
        TableName=settings.table_name,
        KeyConditionExpression="PK = :p",
        ExpressionAttributeValues={":p": {"S": "_ERASURE#default"}},
    )["Items"]
    receipts = [json.loads(i["receipt"]["S"]) for i in requests if "receipt" in i]
    re = sorted((r for r in receipts if r["kind"] == "re_erasure"), key=lambda r: r["completed_at"])
    assert len(re) == 2 and all(r["reapplies"] == erased_id for r in re)
    assert re[0]["stores"]["data_key"]["found"] == 0
    assert sum(t["found"] for t in re[0]["stores"].values()) > 0
    assert sum(t["found"] for n, t in re[1]["stores"].items() if n != "index") == 0


def test_a_restored_persona_is_deleted_again(container: Container, settings: Settings, clock: ManualClock) -> None:
    c = container
    c.erasure_trigger = lambda: None
    _talk(c, "lee", "Coach: I ran 5 km.")
    coach = SessionKey("default", "lee", "coach", "s2")
    c.conversation.record_turn(coach, "I ran 10 km today.", "Great.")
    backup = _items_of(settings, "")
    clock.advance(60)
    c.erasure_service.persona("default", "lee", "coach")
    c.erasure_job.run()
    kept = {(i["PK"]["S"], i["SK"]["S"]) for i in _items_of(settings, "lee")}
    _restore(settings, backup)
    result = _job(c, "reerase_restored")
    assert result["queued"] == 1 and result["requests_completed"] == 1
    assert {(i["PK"]["S"], i["SK"]["S"]) for i in _items_of(settings, "lee")} == kept  # the nurse's stay
