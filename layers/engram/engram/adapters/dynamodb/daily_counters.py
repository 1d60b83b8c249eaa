"""Daily counters for the request quotas (engram/privacy/quotas.py): one item per user, quota
and UTC day on the single table (PK T#{tenant}#U#{user}#QUOTA, SK {name}), raised by one
conditional UpdateItem, so concurrent requests cannot pass the limit together; the table's TTL
removes it after its day."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.tables import TTL_ATTRIBUTE
from engram.kernel.errors import StoreUnavailable

QUOTA = "#QUOTA"


class DynamoDailyCounters:
    def __init__(self, client: Any, table_name: str) -> None:
        self._client, self._table = client, table_name

    def take(self, tenant_id: str, user_id: str, name: str, limit: int, expires_at: int) -> bool:
        try:
            self._client.update_item(
                TableName=self._table,
                Key={"PK": {"S": keys.user_key(tenant_id, user_id) + QUOTA}, "SK": {"S": name}},
                UpdateExpression="ADD #n :one SET #ttl = :ttl",
                ConditionExpression="attribute_not_exists(#n) OR #n < :limit",
                ExpressionAttributeNames={"#n": "taken", "#ttl": TTL_ATTRIBUTE},
                ExpressionAttributeValues={
                    ":one": {"N": "1"},
                    ":limit": {"N": str(limit)},
                    ":ttl": {"N": str(expires_at)},
                },
            )
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException":
                return False
            raise StoreUnavailable("the store is unavailable", details={"cause": "quota counter"}) from exc
        except BotoCoreError as exc:
            raise StoreUnavailable("the store is unavailable", details={"cause": "quota counter"}) from exc
        return True
