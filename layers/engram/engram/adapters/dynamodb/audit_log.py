"""P6 audit entries in their own table (`{table}-audit`): PK subject = tenant + user hash,
SK entry = time + id; each subject's hash chain has a head item in a partition of its own
(`head#` + subject, so a query of the subject's entries never meets it).

The writer only adds: one transaction puts the entry (condition: absent) and moves the head
from n to n+1 (condition: still n), so concurrent writers never both take position n+1; the
one that loses reads the head again and retries. The reader only queries and gets items.
In AWS only the audit writer function's role may write the table (infra test)."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.side_table import SideTable
from engram.kernel.errors import StoreUnavailable
from engram.privacy.audit_chain import EMPTY, ChainHead, chained
from engram.privacy.models import AuditEntry

_FIELDS = ("action", "actor_kind", "actor", "outcome", "reason", "ip", "user_agent", "request_id")
_CHAIN = ("prev_hash", "digest", "hash")
HEAD_PREFIX = "head#"  # never a tenant's: tenant ids hold no '#', so "head#t#h" is no entry partition
HEAD_SORT = "head"
CHAIN_ATTEMPTS = 25  # writers of one subject racing for the next position (one request each, rarely two)
HEADS_KEPT = 10_000  # chain heads a writer remembers (a few MB at most)


def _subject(tenant_id: str, subject: str) -> str:
    return f"{tenant_id}#{subject}"


def entry_key(entry: AuditEntry) -> dict[str, Any]:
    return {
        "subject": {"S": _subject(entry.tenant_id, entry.subject)},
        "entry": {"S": f"{entry.at:017.6f}#{entry.entry_id}"},
    }


def head_key(tenant_id: str, subject: str) -> dict[str, Any]:
    return {"subject": {"S": HEAD_PREFIX + _subject(tenant_id, subject)}, "entry": {"S": HEAD_SORT}}


def _unavailable(exc: Exception) -> StoreUnavailable:
    return StoreUnavailable("the audit log is unavailable", details={"cause": type(exc).__name__})


class DynamoAuditWriter(SideTable):
    def __init__(self, cfg: TableConfig, table_name: str) -> None:
        super().__init__(cfg, table_name)
        # the heads this writer moved last: a warm writer's next entry for the same user skips the
        # read; a stale one only costs a failed condition and a read (another writer moved it)
        self._heads: dict[tuple[str, str], ChainHead] = {}

    def append(self, entry: AuditEntry) -> None:
        subject = (entry.tenant_id, entry.subject)
        head = self._heads.pop(subject, None)
        for _ in range(CHAIN_ATTEMPTS):
            head = head or self._head(entry.tenant_id, entry.subject)
            placed = chained(entry, head)
            if self._try_append(placed, head):
                if len(self._heads) >= HEADS_KEPT:
                    self._heads.clear()
                self._heads[subject] = ChainHead(placed.seq, placed.hash)
                return
            head = None  # moved on by another writer: read it
        raise StoreUnavailable("the audit chain is contended", details={"cause": "head moved on every attempt"})

    def _head(self, tenant_id: str, subject: str) -> ChainHead:
        return read_head(self.client, self.table_name, tenant_id, subject) or EMPTY

    def _try_append(self, entry: AuditEntry, head: ChainHead) -> bool:
        """False when another writer took the position first (the head moved on)."""
        item = {
            **entry_key(entry),
            "at": {"N": repr(float(entry.at))},
            "seq": {"N": str(entry.seq)},
            **{name: {"S": str(getattr(entry, name))} for name in _FIELDS + _CHAIN},
        }
        new_head = {**head_key(entry.tenant_id, entry.subject), "seq": {"N": str(entry.seq)}, "hash": {"S": entry.hash}}
        moved_from = (
            {"ConditionExpression": "attribute_not_exists(#s)"}
            if head.seq == 0
            else {"ConditionExpression": "#q = :q", "ExpressionAttributeValues": {":q": {"N": str(head.seq)}}}
        )
        names = {"#s": "subject"} if head.seq == 0 else {"#q": "seq"}
        try:
            self.client.transact_write_items(
                TransactItems=[
                    {
                        "Put": {
                            "TableName": self.table_name,
                            "Item": item,
                            "ConditionExpression": "attribute_not_exists(#s)",
                            "ExpressionAttributeNames": {"#s": "subject"},
                        }
                    },
                    {
                        "Put": {
                            "TableName": self.table_name,
                            "Item": new_head,
                            "ExpressionAttributeNames": names,
                            **moved_from,
                        }
                    },
                ]
            )
        except ClientError as exc:
            reasons = [r.get("Code") for r in exc.response.get("CancellationReasons") or []]
            if len(reasons) == 2 and reasons[0] != "ConditionalCheckFailed" and reasons[1] == "ConditionalCheckFailed":
                return False  # the head moved on: read it again
            raise _unavailable(exc) from exc  # the entry exists (append-only), throttling, ...
        except BotoCoreError as exc:
            raise _unavailable(exc) from exc
        return True


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
            raise _unavailable(exc) from exc
        entries = [
            AuditEntry(
                tenant_id=tenant_id,
                subject=subject,
                at=float(i["at"]["N"]),
                entry_id=i["entry"]["S"].split("#", 1)[1],
                seq=int(i.get("seq", {}).get("N", "0")),
                **{name: i.get(name, {}).get("S", "") for name in _FIELDS + _CHAIN},
            )
            for i in page.get("Items", [])
        ]
        last = page.get("LastEvaluatedKey")
        return entries, last["entry"]["S"] if last else None

    def head(self, tenant_id: str, subject: str) -> ChainHead | None:
        """The subject's chain head (None: no entry was ever chained for it)."""
        return read_head(self.client, self.table_name, tenant_id, subject)


def read_head(client: Any, table_name: str, tenant_id: str, subject: str) -> ChainHead | None:
    """A subject's chain head, read consistently (None: no entry was ever chained for it)."""
    try:
        item = client.get_item(TableName=table_name, Key=head_key(tenant_id, subject), ConsistentRead=True).get("Item")
    except (BotoCoreError, ClientError) as exc:
        raise _unavailable(exc) from exc
    return ChainHead(int(item["seq"]["N"]), item["hash"]["S"]) if item else None
