"""P3: a memory's topics are stored as keyed hashes of the user's (HMAC under a key derived from
their data key) with the readable list sealed beside them; only the system's markers stay as
they are. Equal topics of one user hash alike, another user's do not; every reader (list,
export) gets the topics as written; once the user's key is erased a copy of the item links to
nothing and reads as its markers only."""

from __future__ import annotations

import json
from typing import Any

from engram.adapters.crypto.cipher import HASH_MARK, TEXT_MARK
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.kernel.keys import OwnerKey
from engram.privacy.models import ErasureScope
from engram.settings import Settings
from engram.wiring import Container

TOPICS = ["subject:allergy:penicillin", "Bartholomew", "important_moment"]


def _raw_memories(settings: Settings, tenant: str, user: str) -> list[dict[str, Any]]:
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    page = client.query(
        TableName=settings.table_name,
        KeyConditionExpression="PK = :p AND begins_with(SK, :m)",
        ExpressionAttributeValues={":p": {"S": keys.memory_pk(tenant, user)}, ":m": {"S": keys.MEMORY_PREFIX}},
        ConsistentRead=True,
    )
    return list(page["Items"])


def test_topics_are_keyed_hashes_at_rest_and_read_back_as_written(container: Container, settings: Settings) -> None:
    c = container
    c.erasure_trigger = lambda: None
    for user in ("ana", "ana", "ben"):
        c.memory_service.create(OwnerKey("default", user), "nurse", summary="Allergy noted.", topics=TOPICS)
    hashes: dict[str, list[list[str]]] = {}
    for user in ("ana", "ben"):
        for item in _raw_memories(settings, "default", user):
            stored = [v["S"] for v in item["topics"]["L"]]
            assert stored[2] == "important_moment"  # a marker: the erasure reads it raw
            assert all(t.startswith(HASH_MARK) for t in stored[:2]), stored
            assert item["topics_sealed"]["S"].startswith(TEXT_MARK)
            hashes.setdefault(user, []).append(stored)
    assert hashes["ana"][0] == hashes["ana"][1]  # one user's equal topics compare
    assert hashes["ana"][0][:2] != hashes["ben"][0][:2]  # another user's link to nothing
    listed = c.memory_service.list(OwnerKey("default", "ana")).items
    assert [m.topics for m in listed] == [TOPICS, TOPICS]
    exported = c.export_service.export("default", "ana")
    text = json.dumps(exported, ensure_ascii=False)
    assert "subject:allergy:penicillin" in text and "Bartholomew" in text and HASH_MARK not in text

    backup = _raw_memories(settings, "default", "ana")  # a backup taken before the erasure
    request, token = c.erasure_service.request("default", "ana", ErasureScope.ALL, "user")
    c.erasure_service.confirm("default", "ana", request.request_id, token)
    assert c.erasure_job.run()["requests_completed"] == 1
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    for item in backup:  # restored into the table: the topics read as the markers only
        client.put_item(TableName=settings.table_name, Item=item)
    restored = c.memories.get("default", "ana", backup[0]["memory_id"]["S"])
    assert restored is not None and restored.topics == ["important_moment"]
