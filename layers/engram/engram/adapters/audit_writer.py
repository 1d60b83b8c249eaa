"""P6: in AWS the api and jobs append audit entries through the audit writer function (a
synchronous invoke), the only role that may write the audit table: no role they run as can
overwrite or delete an entry. The event carries one entry's content; the writer chains it
(functions/audit/writer.py), so whatever chain fields a caller sends are ignored."""

from __future__ import annotations

import json
import uuid
from typing import Any

from engram.kernel.errors import StoreUnavailable, ValidationFailed
from engram.privacy.models import AuditEntry

APPEND_EVENT = "engram_audit_append"  # the direct-invoke event's one key
_TEXT: tuple[str, ...] = ("tenant_id", "subject", "action", "actor_kind", "actor", "outcome", "reason", "ip")
_TEXT += ("user_agent", "request_id", "entry_id")


def append_request(entry: AuditEntry) -> dict[str, Any]:
    return {APPEND_EVENT: {name: getattr(entry, name) for name in (*_TEXT, "at")}}


def entry_from_request(request: object) -> AuditEntry:
    """The entry an append event asks for: its content only, a fresh id when it has none."""
    if not isinstance(request, dict):
        raise ValidationFailed("not an audit append")
    try:
        text = {name: str(request.get(name, "")) for name in _TEXT}
        at = float(request["at"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ValidationFailed("an audit append needs its time", details={"field": "at"}) from exc
    if not text["tenant_id"] or not text["subject"]:
        raise ValidationFailed("an audit append names its tenant and subject")
    return AuditEntry(
        tenant_id=text["tenant_id"],
        subject=text["subject"],
        at=at,
        action=text["action"],
        actor_kind=text["actor_kind"],
        actor=text["actor"],
        outcome=text["outcome"],
        reason=text["reason"],
        ip=text["ip"],
        user_agent=text["user_agent"],
        request_id=text["request_id"],
        entry_id=text["entry_id"] or uuid.uuid4().hex,
    )


class InvokedAuditWriter:
    """AuditWriter in AWS: the audit writer function appends (RequestResponse invoke)."""

    def __init__(self, function_name: str, region: str, client: Any = None) -> None:
        self._name = function_name
        self._region = region
        self._client = client

    def append(self, entry: AuditEntry) -> None:
        import boto3
        from botocore.exceptions import BotoCoreError, ClientError

        if self._client is None:
            self._client = boto3.client("lambda", region_name=self._region)
        try:
            out = self._client.invoke(FunctionName=self._name, Payload=json.dumps(append_request(entry)).encode())
            out["Payload"].read()
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the audit writer is unavailable", details={"cause": type(exc).__name__}) from exc
        if out.get("FunctionError"):
            raise StoreUnavailable("the audit writer failed", details={"cause": str(out.get("FunctionError"))})
