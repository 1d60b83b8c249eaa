"""Play the DynamoDB-stream indexer in tests: project memory records into the index.

In the deployed system the index is written only by the memory indexer (table
stream -> memory_indexer Lambda, or the local stream poller). Tests that drive
the write pipeline directly call `sync_index(container)` after their writes: it
reads every memory record of the users involved from DynamoDB and hands them to
the real `MemoryIndexer` as stream changes (MODIFY with the new image, REMOVE for
records that disappeared since the last sync), exactly what the stream would
deliver. Without owners it finds every user with memories by scanning the table.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.kernel.keys import OwnerKey
from engram.memory.indexer import ChangeKind, MemoryIndexer, MemoryRef, StreamChange
from engram.memory.models import MemoryRecord, Namespace
from engram.wiring import Container

# Per container: the ids its index got from earlier syncs (gone with the container).
_SYNCED: WeakKeyDictionary[Container, dict[OwnerKey, set[str]]] = WeakKeyDictionary()


def _owners_in_table(container: Container) -> list[OwnerKey]:
    client: Any = dynamodb_client(TableConfig.from_settings(container.settings))
    owners: set[OwnerKey] = set()
    kwargs: dict[str, Any] = {"TableName": container.settings.table_name, "ProjectionExpression": "PK"}
    while True:
        page = client.scan(**kwargs)
        for item in page.get("Items", []):
            pk = item["PK"]["S"]
            if pk.endswith("#MEM") and pk.startswith("T#"):
                _, tenant, _, user, _ = pk.split("#")
                owners.add(OwnerKey(tenant, user))
        if "LastEvaluatedKey" not in page:
            return sorted(owners, key=lambda o: (o.tenant_id, o.user_id))
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def _records(container: Container, owner: OwnerKey) -> list[MemoryRecord]:
    listed = container.memories.list(owner.tenant_id, owner.user_id, namespaces=tuple(Namespace), statuses=None)
    if not listed:
        return []
    # list() leaves the embedding out; the stream image carries it.
    full = {
        r.memory_id: r
        for r in container.memories.batch_get(owner.tenant_id, owner.user_id, [r.memory_id for r in listed])
    }
    return [full.get(r.memory_id) or r for r in listed]


def sync_index(container: Container, *owners: OwnerKey) -> int:
    """Bring container.index in step with DynamoDB for `owners` (default: everyone). Returns changes applied."""
    indexer = MemoryIndexer(container.index)
    synced = _SYNCED.setdefault(container, {})
    changes: list[StreamChange] = []
    seq = 0
    for owner in owners or tuple(_owners_in_table(container)):
        pk = keys.memory_pk(owner.tenant_id, owner.user_id)
        present: set[str] = set()
        for record in _records(container, owner):
            seq += 1
            present.add(record.memory_id)
            changes.append(
                StreamChange(
                    event_id=f"sync-{seq}",
                    event_name=ChangeKind.MODIFY,
                    keys={"PK": pk, "SK": keys.memory_sk(record.memory_id)},
                    sequence_number=f"{seq:021d}",
                    ref=MemoryRef(owner.tenant_id, owner.user_id, record.memory_id),
                    new=record,
                )
            )
        for gone in sorted(synced.get(owner, set()) - present):
            seq += 1
            changes.append(
                StreamChange(
                    event_id=f"sync-{seq}",
                    event_name=ChangeKind.REMOVE,
                    keys={"PK": pk, "SK": keys.memory_sk(gone)},
                    sequence_number=f"{seq:021d}",
                    ref=MemoryRef(owner.tenant_id, owner.user_id, gone),
                )
            )
        synced[owner] = present
    indexer.apply(changes)
    return len(changes)
