"""P6 audit entries in their own table (`{table}-audit`): PK subject = tenant + user hash,
SK entry = time + id. The writer only puts new items (condition: absent); the reader only
queries. In AWS each side's role has exactly that permission (infra test)."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from engram.adapters.dynamodb.side_table import SideTable
from engram.kernel.errors import StoreUnavailable
from engram.privacy.models import AuditEntry

_FIELDS = ("action", "actor_kind", "actor", "outcome", "reason", "ip", "user_agent", "request_id")


def _subject(tenant_id: str, subject: str) -> str:
    return f"{tenant_id}#{subject}"


class DynamoAuditWriter(SideTable):
    def append(self, entry: AuditEntry) -> None:
        item = {
            "subject": {"S": _subject(entry.tenant_id, entry.subject)},
            "entry": {"S": f"{entry.at:017.6f}#{entry.entry_id}"},
            "at": {"N": repr(float(entry.at))},
            **{name: {"S": str(getattr(entry, name))} for name in _FIELDS},
        }
        try:
            self.client.put_item(
                TableName=self.table_name,
                Item=item,
                ConditionExpression="attribute_not_exists(#s)",
                ExpressionAttributeNames={"#s": "subject"},
            )
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the audit log is unavailable", details={"cause": type(exc).__name__}) from exc


class DynamoAuditReader(SideTable):
    def list(
        self, tenant_id: str, subject: str, limit: int, before: str | None = None
    ) -> tuple[list[AuditEntry], str | None]:
        kwargs: dict[str, Any] = {
            "TableName": self.table_name,
            "KeyConditionExpression": "#s = :s",
            "ExpressionAttributeNames": {"#s": "subject"},
            "ExpressionAttributeValues": {":s": {"S": _subject(tenant_id, subject)}},
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if before:  # the sort key of the last entry seen: the subject is known
            kwargs["ExclusiveStartKey"] = {"subject": {"S": _subject(tenant_id, subject)}, "entry": {"S": before}}
        try:
            page = self.client.query(**kwargs)
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the audit log is unavailable", details={"cause": type(exc).__name__}) from exc
        entries = [
            AuditEntry(
                tenant_id=tenant_id,
                subject=subject,
                at=float(i["at"]["N"]),
                entry_id=i["entry"]["S"].split("#", 1)[1],
                **{name: i.get(name, {}).get("S", "") for name in _FIELDS},
            )
            for i in page.get("Items", [])
        ]
        last = page.get("LastEvaluatedKey")
        return entries, last["entry"]["S"] if last else None
