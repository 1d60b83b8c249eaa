"""O4: completed erasures in a table of their own (`{table}-erasure-log`, PK tenant, SK
completion time + request id), so a restore of the single table does not take the log back
with it. Only the keyed hash names the user. The erasure job puts (idempotent); the
re-erasure job after a restore reads it (a Scan: one item per erasure, never content)."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from engram.adapters.dynamodb.side_table import SideTable
from engram.kernel.errors import StoreUnavailable
from engram.privacy.models import ErasureLogEntry, ErasureScope


def erasure_log_table_name(table_name: str) -> str:
    return f"{table_name}-erasure-log"


def erasure_log_table_definition(table_name: str) -> dict[str, Any]:
    return {
        "TableName": table_name,
        "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "tenant", "KeyType": "HASH"}, {"AttributeName": "entry", "KeyType": "RANGE"}],
        "AttributeDefinitions": [
            {"AttributeName": "tenant", "AttributeType": "S"},
            {"AttributeName": "entry", "AttributeType": "S"},
        ],
    }


class DynamoErasureLog(SideTable):
    def append(self, entry: ErasureLogEntry) -> None:
        item: dict[str, Any] = {
            "tenant": {"S": entry.tenant_id},
            "entry": {"S": f"{entry.completed_at:017.6f}#{entry.request_id}"},
            "user_hash": {"S": entry.user_hash},
            "request_id": {"S": entry.request_id},
            "scope": {"S": entry.scope.value},
            "requested_at": {"N": repr(float(entry.requested_at))},
            "completed_at": {"N": repr(float(entry.completed_at))},
        }
        if entry.persona_id:
            item["persona_id"] = {"S": entry.persona_id}
        if entry.cutoff is not None:
            item["cutoff"] = {"N": repr(float(entry.cutoff))}
        try:
            self.client.put_item(TableName=self.table_name, Item=item)  # same key, same content: idempotent
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the erasure log is unavailable", details={"cause": type(exc).__name__}) from exc

    def entries(self) -> list[ErasureLogEntry]:
        out: list[ErasureLogEntry] = []
        kwargs: dict[str, Any] = {"TableName": self.table_name, "ConsistentRead": True}
        try:
            while True:
                page = self.client.scan(**kwargs)
                for i in page.get("Items", []):
                    out.append(
                        ErasureLogEntry(
                            tenant_id=i["tenant"]["S"],
                            user_hash=i["user_hash"]["S"],
                            request_id=i["request_id"]["S"],
                            scope=ErasureScope(i["scope"]["S"]),
                            requested_at=float(i["requested_at"]["N"]),
                            completed_at=float(i["completed_at"]["N"]),
                            persona_id=i.get("persona_id", {}).get("S"),
                            cutoff=float(i["cutoff"]["N"]) if "cutoff" in i else None,
                        )
                    )
                if "LastEvaluatedKey" not in page:
                    return out
                kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the erasure log is unavailable", details={"cause": type(exc).__name__}) from exc
