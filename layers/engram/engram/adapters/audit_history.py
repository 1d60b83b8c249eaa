"""P2 / P6: the audit entries about a user, for their export. Only the audit reader may read the
audit table, so in AWS the export asks that function (a direct invoke its role allows; API
Gateway cannot produce this event) and locally it reads through the same reader class."""

from __future__ import annotations

import json
from typing import Any

from engram.kernel.errors import StoreUnavailable
from engram.privacy.models import AuditEntry

EXPORT_EVENT = "engram_audit_export"  # the direct-invoke event's one key (functions/audit/handler.py)


class ReaderAuditHistory:
    """Locally: every page of the subject's entries through DynamoAuditReader."""

    def __init__(self, reader: Any) -> None:
        self._reader = reader

    def entries_about(self, tenant_id: str, subject: str, limit: int) -> list[AuditEntry]:
        out: list[AuditEntry] = []
        cursor: str | None = None
        while len(out) < limit:
            page, cursor = self._reader.list(tenant_id, subject, min(200, limit - len(out)), cursor)
            out += page
            if cursor is None:
                break
        return out


class InvokedAuditHistory:
    """In AWS: the audit reader function answers the entries (RequestResponse invoke)."""

    def __init__(self, function_name: str, region: str, client: Any = None) -> None:
        self._name = function_name
        self._region = region
        self._client = client

    def entries_about(self, tenant_id: str, subject: str, limit: int) -> list[AuditEntry]:
        import boto3
        from botocore.exceptions import BotoCoreError, ClientError

        client = self._client or boto3.client("lambda", region_name=self._region)
        payload = {EXPORT_EVENT: {"tenant_id": tenant_id, "subject": subject, "limit": limit}}
        try:
            out = client.invoke(FunctionName=self._name, Payload=json.dumps(payload).encode())
            body = json.loads(out["Payload"].read())
        except (BotoCoreError, ClientError, ValueError) as exc:
            raise StoreUnavailable("the audit log is unavailable", details={"cause": type(exc).__name__}) from exc
        if out.get("FunctionError") or not isinstance(body, dict):
            raise StoreUnavailable("the audit reader failed", details={"cause": str(out.get("FunctionError"))})
        return [AuditEntry(**{**e, "tenant_id": tenant_id, "subject": subject}) for e in body.get("entries", [])]
