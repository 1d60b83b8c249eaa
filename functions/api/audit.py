"""P6: one audit entry per API request about a user — reads, changes, exports, erasure
requests and confirmations, failures too. Never content: the route template (not the path
values beyond the subject), the status, the caller, the source IP and user agent."""

from __future__ import annotations

from typing import Any

from engram.kernel.errors import EngramError
from engram.runtime import get_container

from . import auth

REASON_HEADER = "x-engram-reason"  # a backend says why it acts (support ticket, legal request ...)
OPENAI_BACKEND = "/openai/backend/"  # routes/openai_compat.py: X-Engram-User, not a path parameter
# no user's data: the KB, the contract, the page, the door's model list
UNAUDITED = ("/openapi.json", "/v1/kb", "/inspector", "/openai/v1/models", "/openai/backend/v1/models")


def record(event: dict[str, Any], status: int, route: str | None, route_args: dict[str, Any]) -> None:
    container = get_container()
    settings = container.settings
    if not settings.audit_enabled or not route or route.startswith(UNAUDITED):
        return
    from engram.privacy.models import AuditEntry

    context = event.get("requestContext") or {}
    http = context.get("http") or {}
    headers = {str(k).lower(): str(v) for k, v in (event.get("headers") or {}).items()}
    trail = container.audit_trail
    if route.startswith(OPENAI_BACKEND) and "x-engram-user" in headers:  # the door names the user in a header
        route_args = {**route_args, "user_id": headers["x-engram-user"]}
    try:
        if "user_id" in route_args:  # a trusted backend acting for a user
            tenant, user = auth.backend_tenant(event, settings), str(route_args["user_id"])
            iam = ((context.get("authorizer") or {}).get("iam") or {}) if isinstance(context, dict) else {}
            arn = iam.get("userArn") if isinstance(iam, dict) else None
            actor_kind, actor = "backend", (auth.principal_key(arn) if isinstance(arn, str) else None) or "unknown"
            reason = headers.get(REASON_HEADER, "")
        else:
            owner = auth.end_user(event, settings)
            tenant, user = owner.tenant_id, owner.user_id
            actor_kind, actor, reason = "end_user", "", "the user's own request"
        subject = trail.subject(tenant, user)
    except EngramError:
        return  # no authenticated subject (refused before it was known): the access log has it
    trail.record(
        AuditEntry(
            tenant_id=tenant,
            subject=subject,
            at=container.clock.now(),
            action=f"{http.get('method', '')} {route}",
            actor_kind=actor_kind,
            actor=actor or subject,
            outcome=str(status),
            reason=reason,
            ip=str(http.get("sourceIp", "")),
            user_agent=str(http.get("userAgent", "")),
            request_id=str(context.get("requestId", "")),
        )
    )
