"""Who is calling. The user always comes from the authorizer context, never the body.

- End users: API Gateway's JWT authorizer puts the verified claims at
  requestContext.authorizer.jwt.claims; `sub` is the user, `tenant` (optional) the tenant.
- Trusted backends: IAM-authorized routes under /v1/users/{user_id}/...; API Gateway
  puts the caller at requestContext.authorizer.iam and the backend names the user.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engram.domain.ids import check_id
from engram.domain.models import OwnerKey
from engram.errors import Forbidden, Unauthorized

if TYPE_CHECKING:
    from engram.settings import Settings


def _authorizer(event: dict[str, Any]) -> dict[str, Any]:
    return (event.get("requestContext") or {}).get("authorizer") or {}


def end_user(event: dict[str, Any], settings: Settings) -> OwnerKey:
    jwt = _authorizer(event).get("jwt") or {}
    claims = jwt.get("claims") or {}
    sub = claims.get("sub")
    if not sub:
        raise Unauthorized("a bearer token is required")
    tenant = claims.get("tenant") or settings.default_tenant
    return OwnerKey(check_id("tenant", str(tenant)), check_id("user_id", str(sub)))


def backend_tenant(event: dict[str, Any], settings: Settings) -> str:
    """The tenant a trusted backend (IAM) acts in; routes that name no user (the KB) stop here."""
    auth = _authorizer(event)
    if "iam" not in auth:
        if "jwt" in auth:
            raise Forbidden("end-user tokens cannot act for another user")
        raise Unauthorized("backend routes need IAM authorization")
    return settings.default_tenant


def backend(event: dict[str, Any], user_id: str, settings: Settings) -> OwnerKey:
    return OwnerKey(backend_tenant(event, settings), check_id("user_id", user_id))
