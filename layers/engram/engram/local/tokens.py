"""Local stand-in for API Gateway's JWT authorizer: HS256 tokens signed with a local secret."""

from __future__ import annotations

import time
from typing import Any

import jwt

from engram.kernel.errors import Unauthorized
from engram.settings import Settings


def mint(
    settings: Settings,
    user_id: str,
    tenant: str | None = None,
    ttl_s: int = 24 * 3600,
    plan: str | None = None,
) -> str:
    now = int(time.time())
    claims: dict[str, Any] = {
        "sub": user_id,
        "iss": settings.local_jwt_issuer,
        "aud": settings.local_jwt_audience,
        "iat": now,
        "exp": now + ttl_s,
    }
    if tenant:
        claims["tenant"] = tenant
    if plan:
        claims[settings.plan_claim] = plan  # L10: what an identity provider would put in the token
    return jwt.encode(claims, settings.local_jwt_secret.get_secret_value(), algorithm="HS256")


def verify(settings: Settings, authorization: str | None) -> dict[str, Any]:
    if not authorization or not authorization.lower().startswith("bearer "):
        raise Unauthorized("a bearer token is required")
    token = authorization.split(" ", 1)[1].strip()
    try:
        claims: dict[str, Any] = jwt.decode(
            token,
            settings.local_jwt_secret.get_secret_value(),
            algorithms=["HS256"],
            audience=settings.local_jwt_audience,
            issuer=settings.local_jwt_issuer,
            options={"require": ["sub", "exp", "iss", "aud"]},
        )
    except jwt.PyJWTError as exc:
        raise Unauthorized("the bearer token is invalid or expired") from exc
    return claims
