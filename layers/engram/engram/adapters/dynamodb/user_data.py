"""P1: everything the table holds of one user, for erasure (and export).

The by_user index (keys only) names the user's partitions: conversations, idempotency
results and audio buffers, the memory partition. Each partition is then read with a
strongly consistent Query, which also finds the few items that carry no `user_key` (leases).
Never a scan: the cost is the user's own items.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError
from pynamodb.exceptions import PynamoDBException

from engram.adapters.crypto.cipher import is_sealed
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import is_condition_failure, translate
from engram.adapters.dynamodb.models import BoundModels
from engram.kernel.errors import StoreUnavailable
from engram.privacy.models import AnonymousMoment, UserItem

ANON_PK = "_ANON#"  # important moments kept without their person (never a user's partition)
_TIMES = ("created_at", "closed_at", "last_activity_at", "last_at", "at", "updated_at")
# every name aliased: several ("status", "at") are DynamoDB reserved words
_PROJECTED = (
    "PK",
    "SK",
    "status",
    "namespace",
    "topics",
    "emergency",
    "expires_at",
    "persona_id",
    "memory_id",
    *_TIMES,
)
_NAMES = {f"#a{n}": name for n, name in enumerate(_PROJECTED)}
_BATCH = 25  # BatchWriteItem's limit


def store_of(pk: str, sk: str, attrs: dict[str, Any]) -> str:
    """Which receipt store an item belongs to, from the key layout (docs/architecture.md §3)."""
    if "#IDEM#" in pk:
        return "request_markers"
    if pk.endswith("#EXPORTS"):
        return "exports"
    if pk.endswith("#MEM"):
        if sk.startswith(keys.LOG_PREFIX):
            return "lifecycle_log"
        if sk.startswith("PROFILE#"):
            return "profile"
        if not sk.startswith(keys.MEMORY_PREFIX):
            return "memories"  # the capacity and consolidation marks
        if attrs.get("st", "active") != "active":
            return "archive"
        return "midterm" if attrs.get("namespace") == "thread" else "memories"
    if sk.startswith(keys.TURN_PREFIX):
        return "rounds"
    if sk.startswith((keys.REQUEST_PREFIX, keys.WINDOW_PREFIX)):  # a request, or the window a text holds
        return "request_markers"
    return "sessions"


def _important(store: str, attrs: dict[str, Any]) -> bool:
    if store == "rounds":  # an emergency, or a log kept for an important moment (no TTL)
        return bool(attrs.get("emergency")) or attrs.get("expires_at") is None
    if store in ("memories", "archive"):
        return "important_moment" in (attrs.get("topics") or [])
    return False


# attributes that are the table's bookkeeping, not data held about the user (and vectors:
# derived from the text, which the export carries)
_INTERNAL = frozenset(
    {
        "PK",
        "SK",
        "user_key",
        "due_shard",
        "compress_due_at",
        "active_shard",
        "job_group",
        "job_dedup",
        "hint_cursor",
        "hint_pending",
        "cont_generation",
        "cont_seq",
        "holder",
        "lease_until",
        "embedding",
        "own_embedding",
        "centroid",
        "reindexed_at",
    }
)


def _whole(value: dict[str, Any]) -> Any:
    """Any DynamoDB attribute value as JSON-able Python."""
    if "M" in value:
        return {k: _whole(v) for k, v in value["M"].items()}
    if "SS" in value:
        return sorted(value["SS"])
    if "NS" in value:
        return sorted(float(x) for x in value["NS"])
    if "B" in value:
        return None
    if "NULL" in value:
        return None
    plain = _plain(value)
    if isinstance(plain, str) and plain[:1] in "[{":
        try:  # JSON kept in a string attribute (archive info, pinned facts, topic counts)
            return json.loads(plain)
        except ValueError:
            return plain
    return plain


def _of_persona(pk: str, raws: list[dict[str, Any]], persona_id: str) -> list[dict[str, Any]]:
    """A persona's share of a partition: its conversations, and in the memory partition its
    memories, their lifecycle log lines (listed first: deleting a memory before its lines would
    orphan them) and its profile. Idempotency results name no persona: they stay (24 h TTL)."""
    if pk.endswith("#MEM"):
        mine = {r["SK"]["S"][len(keys.MEMORY_PREFIX) :] for r in raws if r.get("persona_id", {}).get("S") == persona_id}
        lines = [r for r in raws if r["SK"]["S"].startswith(keys.LOG_PREFIX) and r["SK"]["S"].split("#")[1] in mine]
        rest = [
            r
            for r in raws
            if r["SK"]["S"] == f"PROFILE#{persona_id}"
            or (r["SK"]["S"].startswith(keys.MEMORY_PREFIX) and r["SK"]["S"][len(keys.MEMORY_PREFIX) :] in mine)
        ]
        return lines + rest
    if f"#P#{persona_id}#S#" in pk + "#":
        return raws
    return []


def _plain(value: dict[str, Any]) -> Any:
    """A DynamoDB attribute value as Python (the few shapes the projection holds)."""
    if "S" in value:
        return value["S"]
    if "N" in value:
        return float(value["N"])
    if "BOOL" in value:
        return value["BOOL"]
    if "L" in value:
        return [_plain(v) for v in value["L"]]
    return None


class DynamoUserData:
    def __init__(self, models: BoundModels) -> None:
        self._models = models
        self._cipher = models.cipher
        self._table = models.memory.Meta.table_name
        self.requests = 0  # DynamoDB requests made (benchmarks/erasure.py reports them)

    @property
    def _client(self) -> Any:
        return self._models.memory._get_connection().connection.client  # PynamoDB's botocore client

    def _call(self, op: str, **kwargs: Any) -> dict[str, Any]:
        self.requests += 1
        try:
            result: dict[str, Any] = getattr(self._client, op)(**kwargs)
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the store is unavailable", details={"cause": type(exc).__name__}) from exc
        return result

    def _partitions(self, tenant_id: str, user_id: str) -> list[str]:
        found = {keys.memory_pk(tenant_id, user_id)}
        kwargs: dict[str, Any] = {
            "TableName": self._table,
            "IndexName": "by_user",
            "KeyConditionExpression": "user_key = :u",
            "ExpressionAttributeValues": {":u": {"S": keys.user_key(tenant_id, user_id)}},
        }
        while True:
            page = self._call("query", **kwargs)
            found.update(i["PK"]["S"] for i in page.get("Items", []))
            if "LastEvaluatedKey" not in page:
                return sorted(found)
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def _items(self, pk: str) -> Iterator[dict[str, Any]]:
        kwargs: dict[str, Any] = {
            "TableName": self._table,
            "KeyConditionExpression": "PK = :p",
            "ExpressionAttributeValues": {":p": {"S": pk}},
            "ProjectionExpression": ", ".join(_NAMES),
            "ExpressionAttributeNames": _NAMES,
            "ConsistentRead": True,
        }
        while True:
            page = self._call("query", **kwargs)
            yield from page.get("Items", [])
            if "LastEvaluatedKey" not in page:
                return
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def inventory(
        self,
        tenant_id: str,
        user_id: str,
        since: float | None,
        limit: int,
        persona_id: str | None = None,
        until: float | None = None,
    ) -> list[UserItem]:
        owner = keys.user_key(tenant_id, user_id)
        found: list[UserItem] = []
        for pk in self._partitions(tenant_id, user_id):
            if pk != owner and not pk.startswith(owner + "#"):
                continue  # defensive: by_user names only this user's partitions
            raws = list(self._items(pk))
            if persona_id is not None:
                raws = _of_persona(pk, raws, persona_id)
            for raw in raws:
                attrs = {("st" if k == "status" else k): _plain(v) for k, v in raw.items()}
                times = [float(attrs[t]) for t in _TIMES if attrs.get(t) is not None]
                # when it was written: a memory merged or compressed this week but made months ago
                # is not "recent"; what has no creation time is as recent as its last activity
                at = float(attrs["created_at"]) if attrs.get("created_at") is not None else max(times, default=None)
                store = store_of(pk, raw["SK"]["S"], attrs)
                if since is not None and (store == "profile" or (at is not None and at < since)):
                    continue  # "recent": what was written in the window (the learned profile is not)
                if until is not None and at is not None and at > until:
                    # a re-erasure: what the user wrote after the erasure stays; what has no time
                    # of its own (the learned profile, leases) goes with the restored past
                    continue
                found.append(UserItem(store, pk, raw["SK"]["S"], at, _important(store, attrs)))
                if len(found) >= limit:
                    return found
        return found

    def read_items(self, tenant_id: str, user_id: str, limit: int) -> list[tuple[str, dict[str, Any]]]:
        """P2: every item of the user, whole, as (store, plain attributes): what export shows.
        Internal bookkeeping (keys, index markers, job routing) and vectors are left out."""
        owner = keys.user_key(tenant_id, user_id)
        found: list[tuple[str, dict[str, Any]]] = []
        for pk in self._partitions(tenant_id, user_id):
            if pk != owner and not pk.startswith(owner + "#"):
                continue
            kwargs: dict[str, Any] = {
                "TableName": self._table,
                "KeyConditionExpression": "PK = :p",
                "ExpressionAttributeValues": {":p": {"S": pk}},
                "ConsistentRead": True,
            }
            while True:
                page = self._call("query", **kwargs)
                for raw in page.get("Items", []):
                    attrs = {k: _whole(self._opened(pk, k, v)) for k, v in raw.items() if k not in _INTERNAL}
                    readable = attrs.pop("topics_sealed", None)  # P3: the topics as written, not their keyed hashes
                    if isinstance(readable, list):
                        attrs["topics"] = readable
                    store = store_of(
                        pk, raw["SK"]["S"], {"st": attrs.get("status"), "namespace": attrs.get("namespace")}
                    )
                    found.append((store, {"key": raw["SK"]["S"], **attrs}))
                    if len(found) > limit:
                        return found
                if "LastEvaluatedKey" not in page:
                    break
                kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]
        return found

    def content(self, item: UserItem) -> str | None:
        raw = self._call(
            "get_item",
            TableName=self._table,
            Key={"PK": {"S": item.pk}, "SK": {"S": item.sk}},
            ProjectionExpression="content, user_text",
            ConsistentRead=True,
        ).get("Item")
        if not raw:
            return None
        name = "content" if "content" in raw else "user_text"
        value = raw.get(name)
        text = self._cipher.read(item.pk, name, value["S"]) if value else ""
        return text or None  # None: nothing left to keep (or crypto-shredded already)

    def put_anonymous(self, moment: AnonymousMoment) -> None:
        m = self._models.anonymous
        self.requests += 1
        try:
            m(
                f"{ANON_PK}{moment.tenant_id}",
                f"M#{moment.moment_id}",
                day=moment.day,
                kind=moment.kind,
                text=moment.text,
            ).save(condition=m.pk.does_not_exist())
        except PynamoDBException as exc:
            if not is_condition_failure(exc):  # there already: a rerun
                raise translate(exc) from exc

    def delete(self, items: Sequence[UserItem]) -> int:
        for start in range(0, len(items), _BATCH):
            requests = [
                {"DeleteRequest": {"Key": {"PK": {"S": i.pk}, "SK": {"S": i.sk}}}}
                for i in items[start : start + _BATCH]
            ]
            for attempt in range(8):
                left = self._call("batch_write_item", RequestItems={self._table: requests}).get("UnprocessedItems", {})
                requests = left.get(self._table, [])
                if not requests:
                    break
                time.sleep(min(1.0, 0.05 * 2**attempt))  # throttled: back off, as the SDK advises
            if requests:
                raise StoreUnavailable("the store kept refusing deletes", details={"left": len(requests)})
        return len(items)

    def _opened(self, pk: str, name: str, value: dict[str, Any]) -> dict[str, Any]:
        """P3: a sealed attribute as its plaintext (the export shows what is held, readable)."""
        text = value.get("S")
        if isinstance(text, str) and is_sealed(text):
            return {"S": self._cipher.read(pk, name, text)}
        return value

    # --- P3: the user's data key (its own table) ------------------------------------------
    def delete_data_key(self, tenant_id: str, user_id: str) -> bool:
        """Crypto-shredding: without the key no copy of the user's sealed content opens again.
        True when there was a key."""
        owner = keys.user_key(tenant_id, user_id)
        self.requests += 1
        deleted = self._cipher.store.delete(owner)
        self._cipher.forget(owner)
        return deleted

    def has_data_key(self, tenant_id: str, user_id: str) -> bool:
        self.requests += 1
        return self._cipher.store.get(keys.user_key(tenant_id, user_id)) is not None

    def by_user_count(self, tenant_id: str, user_id: str) -> int:
        page = self._call(
            "query",
            TableName=self._table,
            IndexName="by_user",
            KeyConditionExpression="user_key = :u",
            ExpressionAttributeValues={":u": {"S": keys.user_key(tenant_id, user_id)}},
            Select="COUNT",
        )
        return int(page.get("Count", 0)) + (1 if "LastEvaluatedKey" in page else 0)


class DynamoTableUsers:
    """O4: the users a restored table holds, from the by_user index (keys only), one bounded
    Scan page at a time. Only the re-erasure after a restore walks it."""

    def __init__(self, models: BoundModels) -> None:
        self._models = models
        self._table = models.memory.Meta.table_name

    def page(self, cursor: str | None, limit: int) -> tuple[list[tuple[str, str]], str | None]:
        client: Any = self._models.memory._get_connection().connection.client
        kwargs: dict[str, Any] = {
            "TableName": self._table,
            "IndexName": "by_user",
            "Limit": limit,
            "ProjectionExpression": "user_key",
        }
        if cursor:
            kwargs["ExclusiveStartKey"] = json.loads(cursor)
        try:
            page = client.scan(**kwargs)
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the store is unavailable", details={"cause": type(exc).__name__}) from exc
        users: dict[tuple[str, str], None] = {}
        for item in page.get("Items", []):
            parts = item.get("user_key", {}).get("S", "").split("#")
            if len(parts) == 4 and parts[0] == "T" and parts[2] == "U":
                users[(parts[1], parts[3])] = None
        last = page.get("LastEvaluatedKey")
        return list(users), json.dumps(last, sort_keys=True) if last else None
