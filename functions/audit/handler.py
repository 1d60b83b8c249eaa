"""P6: operators list a user's audit entries (GET /v1/users/{user_id}/audit): IAM principals on
settings.audit_readers, never a chatbot backend (403), in a tenant they are bound to.

Its own function: the functions that write audit entries (api, jobs) may only put new ones,
and this one may only query them (infra test). It needs no container: no models, no index."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.utilities.typing import LambdaContext
from pydantic import BaseModel, Field

from engram import runtime
from engram.observability.log_context import inject_invocation_context

if TYPE_CHECKING or __package__ != "audit":  # the repository (local stack, tests): functions.api
    from functions.api import auth, errors
    from functions.api.guard import decode_path
else:  # Lambda: the functions folder is the code root (/var/task), so the API's package is `api`
    from api import auth, errors
    from api.guard import decode_path

logger = Logger()
app = APIGatewayHttpResolver(enable_validation=True)
CURSOR = r"^[0-9]{10}\.[0-9]{6}#[0-9a-f]{1,32}$"  # an entry's sort key: time and id
errors.register(app)


class AuditEntryView(BaseModel):
    at: float
    action: str = Field(description="METHOD and route template, or a job's step (erasure.completed)")
    actor_kind: str = Field(description="end_user, backend or system")
    actor: str = Field(description="a backend's IAM principal, a job's name, or the user's own hash")
    outcome: str = Field(description="the HTTP status, or completed / failed")
    reason: str
    ip: str
    user_agent: str
    request_id: str


class AuditListResponse(BaseModel):
    subject: str = Field(description="The user as the keyed hash receipts use")
    entries: list[AuditEntryView] = Field(description="Newest first")
    next_cursor: str | None


@app.get("/v1/users/<user_id>/audit", summary="A user's audit entries (P6, operators only)", tags=["backend"])
def list_audit(
    user_id: str,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    before: Annotated[str | None, Query(pattern=CURSOR, description="next_cursor of the last page")] = None,
) -> AuditListResponse:
    from engram.adapters.dynamodb.audit_log import DynamoAuditReader
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.tables import audit_table_name
    from engram.adapters.secrets import erasure_hash_key
    from engram.privacy.receipt import user_hash

    settings = runtime.current_settings()
    event: dict[str, Any] = app.current_event.raw_event
    owner = auth.operator(event, user_id, settings)
    subject = user_hash(erasure_hash_key(settings), owner.tenant_id, owner.user_id)
    reader = DynamoAuditReader(
        TableConfig.from_settings(settings), settings.audit_table_name or audit_table_name(settings.table_name)
    )
    entries, cursor = reader.list(owner.tenant_id, subject, limit, before)
    return AuditListResponse(
        subject=subject,
        entries=[
            AuditEntryView(
                at=e.at,
                action=e.action,
                actor_kind=e.actor_kind,
                actor=e.actor,
                outcome=e.outcome,
                reason=e.reason,
                ip=e.ip,
                user_agent=e.user_agent,
                request_id=e.request_id,
            )
            for e in entries
        ],
        next_cursor=cursor,
    )


def _for_export(request: dict[str, Any]) -> dict[str, Any]:
    """P2: a direct invoke from the api or jobs role (an export includes the audit entries about
    the user); API Gateway cannot produce this event. Entries of one subject only, without what
    would rebuild their keys (entry ids, chain fields)."""
    from engram.adapters.audit_history import ReaderAuditHistory
    from engram.adapters.dynamodb.audit_log import DynamoAuditReader
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.tables import audit_table_name

    settings = runtime.current_settings()
    reader = DynamoAuditReader(
        TableConfig.from_settings(settings), settings.audit_table_name or audit_table_name(settings.table_name)
    )
    limit = max(1, min(int(request.get("limit", 1000)), 100_000))
    entries = ReaderAuditHistory(reader).entries_about(str(request["tenant_id"]), str(request["subject"]), limit)
    return {"entries": [e.as_export() for e in entries]}  # never the entries' keys: the caller is a writer


@inject_invocation_context(logger)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    from engram.adapters.audit_history import EXPORT_EVENT

    if isinstance(event.get(EXPORT_EVENT), dict):
        return _for_export(event[EXPORT_EVENT])
    decode_path(event)  # ids arrive percent-encoded, as on the api
    result: dict[str, Any] = app.resolve(event, context)
    return result
