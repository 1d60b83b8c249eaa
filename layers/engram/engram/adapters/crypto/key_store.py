"""Where the wrapped per-user data keys live: their own table (`{table}-keys`, PK `owner`).

Not the single table, on purpose: a backup or point-in-time restore of the single table
holds ciphertext only, and once an erasure has deleted a user's key no copy of the table
decrypts that user's content again (crypto-shredding). One item per user; created with a
conditional put, so two containers racing on a new user agree on one key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from engram.adapters.dynamodb.keys import FENCE_SK, FENCE_WHOLE_USER, fence_pk_of_owner
from engram.adapters.dynamodb.side_table import SideTable
from engram.adapters.erasure_refusal import erasure_in_progress
from engram.kernel.errors import StoreUnavailable


@dataclass(frozen=True, slots=True)
class StoredKey:
    owner: str
    key_id: str
    wrapped: bytes
    wrapped_by: str


def keys_table_name(table_name: str) -> str:
    return f"{table_name}-keys"


def keys_table_definition(table_name: str) -> dict[str, Any]:
    return {
        "TableName": table_name,
        "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "owner", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "owner", "AttributeType": "S"}],
    }


def _stored(item: dict[str, Any]) -> StoredKey:
    return StoredKey(item["owner"]["S"], item["key_id"]["S"], bytes(item["wrapped"]["B"]), item["wrapped_by"]["S"])


class DynamoDataKeyStore(SideTable):
    def _call(self, op: str, **kwargs: Any) -> dict[str, Any]:
        try:
            result: dict[str, Any] = getattr(self.client, op)(TableName=self.table_name, **kwargs)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException":
                raise
            raise StoreUnavailable("the key store is unavailable", details={"cause": type(exc).__name__}) from exc
        except BotoCoreError as exc:
            raise StoreUnavailable("the key store is unavailable", details={"cause": type(exc).__name__}) from exc
        return result

    def get(self, owner: str) -> StoredKey | None:
        item = self._call("get_item", Key={"owner": {"S": owner}}, ConsistentRead=True).get("Item")
        return _stored(item) if item else None

    def put_new(self, key: StoredKey, now: float) -> bool:
        """False when another writer created the owner's key first. P1: with the erasure fence's
        check in the same transaction (a key made while the user is erased would outlive it)."""
        put = {
            "TableName": self.table_name,
            "Item": {
                "owner": {"S": key.owner},
                "key_id": {"S": key.key_id},
                "wrapped": {"B": key.wrapped},
                "wrapped_by": {"S": key.wrapped_by},
                "created_at": {"N": repr(float(now))},
            },
            "ConditionExpression": "attribute_not_exists(#o)",
            "ExpressionAttributeNames": {"#o": "owner"},
        }
        fence = {
            "TableName": self._cfg.table_name,
            "Key": {"PK": {"S": fence_pk_of_owner(key.owner)}, "SK": {"S": FENCE_SK}},
            # the data key is the user's, not a persona's: only an erasure of the whole user refuses it
            "ConditionExpression": "attribute_not_exists(PK) OR attribute_not_exists(#whole)",
            "ExpressionAttributeNames": {"#whole": FENCE_WHOLE_USER},
        }
        try:
            self.client.transact_write_items(TransactItems=[{"ConditionCheck": fence}, {"Put": put}])
        except ClientError as exc:
            codes = [r.get("Code") for r in exc.response.get("CancellationReasons", [])]
            if codes[:1] == ["ConditionalCheckFailed"]:
                raise erasure_in_progress() from exc
            if codes[1:2] == ["ConditionalCheckFailed"]:
                return False
            raise StoreUnavailable("the key store is unavailable", details={"cause": type(exc).__name__}) from exc
        except BotoCoreError as exc:
            raise StoreUnavailable("the key store is unavailable", details={"cause": type(exc).__name__}) from exc
        return True

    def rewrapped(self, key: StoredKey) -> bool:
        """Store a new wrapping of the same data key; False when the key changed meanwhile."""
        try:
            self._call(
                "update_item",
                Key={"owner": {"S": key.owner}},
                UpdateExpression="SET #w = :w, wrapped_by = :b",  # "wrapped" is a reserved word
                ConditionExpression="key_id = :k",
                ExpressionAttributeNames={"#w": "wrapped"},
                ExpressionAttributeValues={
                    ":w": {"B": key.wrapped},
                    ":b": {"S": key.wrapped_by},
                    ":k": {"S": key.key_id},
                },
            )
        except ClientError:
            return False
        return True

    def delete(self, owner: str) -> bool:
        """Delete the owner's key; True when there was one."""
        out = self._call("delete_item", Key={"owner": {"S": owner}}, ReturnValues="ALL_OLD")
        return bool(out.get("Attributes"))

    def page(self, cursor: str | None, limit: int) -> tuple[list[StoredKey], str | None]:
        """One bounded page of every key (rewrap after a rotation walks the key table, not the data)."""
        kwargs: dict[str, Any] = {"Limit": limit, "ConsistentRead": True}
        if cursor:
            kwargs["ExclusiveStartKey"] = {"owner": {"S": cursor}}
        out = self._call("scan", **kwargs)
        last = out.get("LastEvaluatedKey")
        return [_stored(i) for i in out.get("Items", [])], last["owner"]["S"] if last else None
