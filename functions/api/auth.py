"""Who is calling. The user always comes from the authorizer context, never the body.

- End users: API Gateway's JWT authorizer puts the verified claims at
  requestContext.authorizer.jwt.claims; `sub` is the user, `tenant` (optional) the tenant.
- Trusted backends: IAM-authorized routes under /v1/users/{user_id}/... (and /v1/kb/...);
  API Gateway puts the caller at requestContext.authorizer.iam and the backend names the
  user. SigV4 only proves *an* identity of the account, so the caller's `userArn` must
  also be on settings.backend_principals (P4), which binds it to the tenants it may act in; the
  backend names one with X-Engram-Tenant (absent: its only tenant), any other is 403.
- Operators: the audit trail (P6) is read by principals on settings.audit_readers, a list of
  its own: a chatbot backend is not an operator.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger

from engram.kernel.errors import Forbidden, Unauthorized, ValidationFailed
from engram.kernel.ids import ID_PATTERN, check_id, in_channel_namespace
from engram.kernel.keys import OwnerKey

if TYPE_CHECKING:
    from engram.settings import Settings

logger = Logger(child=True)

# What API Gateway reports for a role's temporary credentials; the session name is the caller's choice.
_ROLE_SESSION = re.compile(r"arn:(aws[a-z-]*):sts::(\d{12}):assumed-role/([^/]+)/[^/]+")
# A role or user, with an optional path. Names are unique per account whatever the path,
# and a session ARN carries no path, so the path is dropped on both sides.
_IAM_ENTITY = re.compile(r"arn:(aws[a-z-]*):iam::(\d{12}):(role|user)/(?:[^/]+/)*([^/]+)")


def principal_key(arn: str) -> str | None:
    """One name per IAM identity (arn:aws:iam::ACCOUNT:role/NAME), or None for anything else
    (federated users, the account root, malformed values): those never match the allow-list."""
    if session := _ROLE_SESSION.fullmatch(arn):
        partition, account, role = session.groups()
        return f"arn:{partition}:iam::{account}:role/{role}"
    if entity := _IAM_ENTITY.fullmatch(arn):
        partition, account, kind, name = entity.groups()
        return f"arn:{partition}:iam::{account}:{kind}/{name}"
    return None


TENANT_HEADER = "x-engram-tenant"
# settings.backend_principals / audit_readers: a list (each bound to the default tenant) or
# a mapping principal -> the tenants it may act in
Bindings = tuple[str, ...] | dict[str, tuple[str, ...]]


class TenantForbidden(Forbidden):
    """An allow-listed principal named a tenant it is not bound to."""

    code = "TENANT_FORBIDDEN"


def _pairs(configured: Bindings, default_tenant: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if isinstance(configured, dict):
        return tuple((arn, tuple(tenants)) for arn, tenants in configured.items())
    return tuple((arn, (default_tenant,)) for arn in configured)


@lru_cache(maxsize=16)
def _bound(pairs: tuple[tuple[str, tuple[str, ...]], ...]) -> Mapping[str, frozenset[str]]:
    """Each principal's key -> the tenants it is bound to (a role listed twice gets both lists)."""
    out: dict[str, set[str]] = {}
    for arn, tenants in pairs:
        if (key := principal_key(arn)) is not None:
            out.setdefault(key, set()).update(tenants)
    return {key: frozenset(tenants) for key, tenants in out.items()}


def bound_tenants(configured: Bindings, default_tenant: str) -> Mapping[str, frozenset[str]]:
    return _bound(_pairs(configured, default_tenant))


def _authorizer(event: dict[str, Any]) -> dict[str, Any]:
    return (event.get("requestContext") or {}).get("authorizer") or {}


def end_user(event: dict[str, Any], settings: Settings) -> OwnerKey:
    jwt = _authorizer(event).get("jwt") or {}
    claims = jwt.get("claims") or {}
    sub = claims.get("sub")
    if not sub:
        raise Unauthorized("a bearer token is required")
    tenant = claims.get("tenant") or settings.default_tenant
    if in_channel_namespace(str(sub)):
        # "line:U…" is a LINE user's memory: only the channel and its tenant's backends name it
        raise Forbidden("a token's subject cannot name a LINE user")
    return OwnerKey(check_id("tenant", str(tenant)), check_id("user_id", str(sub)))


def backend_tenant(event: dict[str, Any], settings: Settings) -> str:
    """The tenant a trusted backend (IAM) acts in; routes that name no user (the KB) stop here."""
    return _iam_tenant(event, settings, settings.backend_principals, "act for users", "EnvConfig.backend_principals")


def operator(event: dict[str, Any], user_id: str, settings: Settings) -> OwnerKey:
    """P6: an operator (settings.audit_readers) reading a user's audit trail in one of its tenants."""
    tenant = _iam_tenant(event, settings, settings.audit_readers, "read audit trails", "EnvConfig.audit_readers")
    return OwnerKey(tenant, check_id("user_id", user_id))


def _iam_tenant(event: dict[str, Any], settings: Settings, allowed: Bindings, may: str, config: str) -> str:
    auth = _authorizer(event)
    if "iam" not in auth:
        if "jwt" in auth:
            raise Forbidden("end-user tokens cannot act for another user")
        raise Unauthorized("backend routes need IAM authorization")
    iam = auth["iam"] if isinstance(auth["iam"], dict) else {}
    arn = iam.get("userArn")
    key = principal_key(arn) if isinstance(arn, str) else None
    tenants = bound_tenants(allowed, settings.default_tenant).get(key) if key is not None else None
    if not tenants:
        # The ARN goes to the log (the operator adds it to the allow-list), not to the client.
        logger.warning("IAM caller not on the allow-list", extra={"caller_arn": str(arn)[:300], "list": config})
        raise Forbidden(f"this IAM principal may not {may}")
    return _named_tenant(event, tenants)


def _named_tenant(event: dict[str, Any], tenants: frozenset[str]) -> str:
    """X-Engram-Tenant, which must be one the principal is bound to; absent: its only tenant."""
    headers = {str(k).lower(): v for k, v in (event.get("headers") or {}).items()}
    named = headers.get(TENANT_HEADER)
    if named is None:
        if len(tenants) == 1:
            return next(iter(tenants))
        raise ValidationFailed(
            "this principal acts in several tenants: name one in X-Engram-Tenant", details={"field": TENANT_HEADER}
        )
    tenant = str(named)
    if not ID_PATTERN.fullmatch(tenant):
        raise ValidationFailed("X-Engram-Tenant is not a valid tenant id", details={"field": TENANT_HEADER})
    if tenant not in tenants:
        raise TenantForbidden("this IAM principal is not bound to that tenant", details={"field": TENANT_HEADER})
    return tenant


PLANS = ("free", "paid")
PLAN_HEADER = "x-engram-plan"


def plan(event: dict[str, Any], settings: Settings, backend_call: bool) -> str | None:
    """L10: the caller's plan for this user, or None when the request does not say (then the
    plan recorded from the user's last request applies, else ENGRAM_PLAN). An end user's comes
    from the verified JWT claim `settings.plan_claim`; a backend states it in X-Engram-Plan."""
    if backend_call:
        headers = {str(k).lower(): v for k, v in (event.get("headers") or {}).items()}
        value, field = headers.get(PLAN_HEADER), PLAN_HEADER
    else:
        claims = (_authorizer(event).get("jwt") or {}).get("claims") or {}
        value, field = claims.get(settings.plan_claim), settings.plan_claim
    if value is None:
        return None
    if value not in PLANS:
        raise ValidationFailed(f"unknown plan; expected one of {', '.join(PLANS)}", details={"field": field})
    return str(value)


def backend(event: dict[str, Any], user_id: str, settings: Settings) -> OwnerKey:
    return OwnerKey(backend_tenant(event, settings), check_id("user_id", user_id))
