"""P3: docs/architecture.md's "What is not sealed" list is complete. A user tells a secret
through the API (chat, a pinned memory, a memory made from messages, a session that ends) and
through LINE (webhook, queue, worker, a reply LINE refuses: the dead-letter queue), then every
string actually stored is scanned: every table of the deployment (raw Scan), the search index's
documents and every queue message. Readable words of the secret may appear only where the list
says so (the search index's text, which BM25 needs); anywhere else the test fails and names the
place. Every place the test allows is named in the list."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.kernel.keys import OwnerKey, SessionKey
from engram.line.models import UserSource, line_user
from engram.local.line_standin import LineStandIn
from engram.memory.service import Message
from engram.settings import Settings
from tests.integration.test_line import USER, Line, _line, _text
from tests.integration.test_line import standin as standin
from tests.integration.test_line_sealed_queue import Recording
from tests.support.indexing import sync_index

DOC = Path(__file__).parents[2] / "docs" / "architecture.md"
SECRET = "I am allergic to penicillin. My cousin Bartholomew lives in Reykjavik and visits every Sunday."
WORDS = ("penicillin", "bartholomew", "reykjavik")
LINE_USER = str(line_user(UserSource.model_validate({"type": "user", "userId": USER})))

# Where readable text of what a user said may be, by store: the search index's projection (BM25
# reads the words; docs/architecture.md, "What the search index alone reveals").
ALLOWED = {"index": {"text", "topics"}}


@pytest.fixture
def line(make_container: Any, settings: Settings, standin: LineStandIn) -> Iterator[Line]:
    for made in _line(make_container, settings, standin):
        made.delivery = Recording()
        from functions.line_webhook import handler as webhook_handler

        webhook_handler.use_webhook(made.c.line_webhook(made.delivery))
        yield made


def _strings(value: Any) -> Iterator[str]:
    """Every string in a DynamoDB attribute value or a JSON value, nested ones included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _leaks(value: Any) -> list[str]:
    text = " ".join(_strings(value)).lower()
    return [w for w in WORDS if w in text]


def _tables(settings: Settings) -> Iterator[tuple[str, dict[str, Any]]]:
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    for table in client.list_tables()["TableNames"]:
        if not table.startswith(settings.table_name):
            continue  # another test's deployment
        kwargs: dict[str, Any] = {"TableName": table}
        while True:
            page = client.scan(**kwargs)
            for item in page["Items"]:
                yield table, item
            if "LastEvaluatedKey" not in page:
                break
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def _index_docs(line: Line) -> Iterator[dict[str, Any]]:
    index: Any = line.c.index
    cursor: str | None = None
    while True:
        keys, cursor = index.page_keys(cursor, 500)
        for key in keys:
            doc = index.get(key.tenant_id, key.user_id, key.doc_id)
            if doc is not None:
                yield {k: v for k, v in dataclasses.asdict(doc).items() if k != "vector"}
        if cursor is None:
            return


def _tell_the_secret(line: Line) -> None:
    c = line.c
    # through the API: a chat, its rounds and their facts, a memory from messages, a pinned one, an ended session
    key = SessionKey("default", "secret-keeper", "nurse", "s1")
    owner = OwnerKey("default", "secret-keeper")
    c.conversation.chat(key, SECRET)
    c.clock.advance(60)  # type: ignore[attr-defined]  # the tests' ManualClock: past the dedup window
    c.conversation.record_turn(key, SECRET, "Thank you, I will remember that.")
    c.memory_service.create(owner, "nurse", messages=[Message("user", SECRET), Message("assistant", "Noted.")])
    c.memory_service.create(owner, "nurse", summary=SECRET, pinned=True)
    c.conversation.end_session(key)
    sync_index(c, owner)
    # through LINE: the webhook, the queue, the worker; LINE refuses the reply: the dead letters
    line.standin.state.fail("/v2/bot/message/reply", (500, None), (500, None), (500, None))
    # and the push it falls back to when a slow run outlives the reply token
    line.standin.state.fail("/v2/bot/message/push", (500, None), (500, None), (500, None))
    line.send(_text(SECRET, line.standin.state.issue_reply_token()))
    sync_index(c, OwnerKey("default", LINE_USER))


def test_nothing_readable_is_stored_outside_the_not_sealed_list(line: Line, settings: Settings) -> None:
    _tell_the_secret(line)
    found: list[str] = []
    stored = 0
    for table, item in _tables(line.c.settings):
        for name, value in item.items():
            stored += 1
            if _leaks(value) and name not in ALLOWED.get("table", set()):
                found.append(f"{table} {item.get('SK', item.get('owner', {})).get('S')} {name}: {_leaks(value)}")
    docs = list(_index_docs(line))
    assert any(_leaks(d.get("text")) for d in docs), "the index holds the memories (its text is on the list)"
    for doc in docs:
        for name, value in doc.items():
            if _leaks(value) and name not in ALLOWED["index"]:
                found.append(f"index {doc.get('doc_id')} {name}: {_leaks(value)}")
    delivery: Recording = line.delivery  # type: ignore[assignment]
    assert delivery.bodies and line.dead
    for body in delivery.bodies:
        if _leaks(json.loads(body)):
            found.append(f"LINE queue message: {_leaks(json.loads(body))}")
    for dead in line.dead:
        if _leaks(dead):
            found.append(f"LINE dead letter: {_leaks(dead)}")
    assert stored > 50  # the scan saw the user's items
    assert found == [], "\n".join(found)


def test_every_place_the_scan_allows_is_on_the_documented_list() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = re.search(r"- \*\*What is not sealed\*\*.*?(?=\n- \*\*)", text, re.S)
    reveals = re.search(r"- \*\*What the search index alone reveals\.\*\*.*?(?=\n- \*\*)", text, re.S)
    assert section is not None and reveals is not None
    for store, names in ALLOWED.items():
        for name in names:
            assert f"`{name}`" in section.group() + reveals.group(), (store, name)
