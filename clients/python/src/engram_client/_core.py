"""What the sync and async clients share and that does no I/O: auth modes, routes, URLs, retry
policy, response decoding."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Literal, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel

from .errors import AuthModeError, EngramConnectionError, error_from_response, parse_retry_after
from .operations import ROUTES, Endpoint
from .sigv4 import SigV4Auth, canonical_query

__all__ = ["DEFAULT_BASE_URL", "AuthMode", "ClientConfig", "RetryPolicy"]

DEFAULT_BASE_URL = "http://127.0.0.1:8080"
AuthMode = Literal["end_user", "backend"]
Model = TypeVar("Model", bound=BaseModel)

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Retries of idempotent calls (GET, PUT, DELETE, and POSTs that carry an idempotency key or
    store nothing) on 429, 5xx and connection errors: exponential backoff with jitter, or the
    server's Retry-After when it sends one.

    ``max_attempts`` counts the first try (1 = no retries). The n-th retry waits a random time in
    [d/2, d] with d = min(backoff_max, backoff_base * 2**(n-1)). A Retry-After longer than
    ``max_retry_after`` is not waited for: the error is raised at once."""

    max_attempts: int = 3
    backoff_base: float = 0.5
    backoff_max: float = 8.0
    max_retry_after: float = 60.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")

    def backoff(self, retry: int) -> float:
        ceiling = min(self.backoff_max, self.backoff_base * 2 ** (retry - 1))
        return random.uniform(ceiling / 2, ceiling)

    def delay(self, retry: int, response: httpx.Response | None) -> float | None:
        """Seconds to wait before retry number ``retry`` (1-based), or None: do not retry."""
        if retry >= self.max_attempts:
            return None
        retry_after = parse_retry_after(response.headers.get("retry-after")) if response is not None else None
        if retry_after is None:
            return self.backoff(retry)
        return retry_after if retry_after <= self.max_retry_after else None


def new_idempotency_key() -> str:
    return str(uuid.uuid4())


def query_string(params: Mapping[str, Any]) -> str:
    """The query, RFC 3986-encoded (what SigV4 signs); None values are left out."""
    pairs: dict[str, str] = {}
    for name, value in params.items():
        if value is None:
            continue
        if isinstance(value, bool):
            pairs[name] = "true" if value else "false"
        elif isinstance(value, datetime | date):
            pairs[name] = value.isoformat()
        elif isinstance(value, str):
            pairs[name] = value
        elif isinstance(value, Iterable):
            pairs[name] = ",".join(str(v) for v in value)
        else:
            pairs[name] = str(value)
    return canonical_query("&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in pairs.items()))


class ClientConfig:
    """The auth mode and everything a request needs besides the HTTP client."""

    def __init__(
        self,
        base_url: str,
        *,
        token: str | None,
        api_key: str | None,
        sigv4: SigV4Auth | None,
        user_id: str | None,
        headers: Mapping[str, str] | None,
        retry: RetryPolicy | None,
        max_attempts: int | None,
    ) -> None:
        given = [name for name, value in (("token", token), ("api_key", api_key), ("sigv4", sigv4)) if value]
        if len(given) != 1:
            raise ValueError("give exactly one of token= (end user), api_key= or sigv4= (backend)")
        if token and user_id:
            raise ValueError("an end-user client acts for the token's user: user_id= is for backend clients")
        self.base_url = base_url.rstrip("/")
        self.mode: AuthMode = "end_user" if token else "backend"
        self.user_id = user_id
        self.token = token
        self.api_key = api_key
        self.sigv4 = sigv4
        self.extra_headers = dict(headers or {})
        policy = retry or RetryPolicy()
        if max_attempts is not None:
            policy = RetryPolicy(max_attempts, policy.backoff_base, policy.backoff_max, policy.max_retry_after)
        self.retry = policy

    def for_user(self, user_id: str) -> ClientConfig:
        if self.mode != "backend":
            raise AuthModeError("for_user() is for backend clients (api_key= or sigv4=)")
        other = object.__new__(ClientConfig)
        other.__dict__.update(self.__dict__)
        other.user_id = user_id
        return other

    def headers(self) -> dict[str, str]:
        headers = {"accept": "application/json", "user-agent": "engram-client-python/0.1", **self.extra_headers}
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        if self.api_key:
            headers["x-api-key"] = self.api_key
        return headers

    def endpoint(self, method_name: str) -> tuple[str, Endpoint, bool]:
        """(HTTP method, endpoint for this client's mode, idempotent) of a client method."""
        route = ROUTES[method_name]
        endpoint = route.end_user if self.mode == "end_user" else route.backend
        if endpoint is None:
            other = "an end-user token (token=)" if self.mode == "backend" else "backend credentials (api_key=/sigv4=)"
            raise AuthModeError(f"{method_name}() has no route for this client's auth mode: it needs {other}")
        return route.method, endpoint, route.idempotent

    def url(self, endpoint: Endpoint, path_params: Mapping[str, str], params: Mapping[str, Any] | None) -> str:
        values = dict(path_params)
        if "{user_id}" in endpoint.path:
            if not self.user_id:
                raise AuthModeError(
                    "this backend client has no user_id: pass user_id= to the client or use client.for_user(id)"
                )
            values["user_id"] = self.user_id
        path = endpoint.path.format(**{k: quote(str(v), safe=":@") for k, v in values.items()})
        query = query_string(params or {})
        return f"{self.base_url}{path}" + (f"?{query}" if query else "")


def connection_error(exc: httpx.TransportError) -> EngramConnectionError:
    return EngramConnectionError(0, "CONNECTION_ERROR", f"{type(exc).__name__}: {exc}")


def decode(response: httpx.Response, model: type[Model]) -> Model:
    """The response body as ``model``; an EngramError subclass for a non-2xx status."""
    if response.is_success:
        return model.model_validate_json(response.content)
    raise error_from_response(response)


def body(**fields: Any) -> dict[str, Any]:
    """A JSON body without the fields left as None (the API's defaults apply)."""
    return {k: v for k, v in fields.items() if v is not None}


# set on every response the client returns: whether an earlier attempt of the call may have
# reached the server (its answer lost, or a 5xx after the work was done)
DELIVERED_BEFORE = "engram_delivered_before"


def may_have_arrived(exc: httpx.TransportError) -> bool:
    """False only when the request never left: the connection was not made."""
    return not isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout)


def retry_status(response: httpx.Response) -> bool:
    """429 and 5xx; and 409 REQUEST_IN_PROGRESS: a retry found the first try of the same
    idempotency key still running, and waits for its answer."""
    if response.status_code == 409:
        try:
            return bool(response.json()["error"]["code"] == "REQUEST_IN_PROGRESS")
        except (ValueError, KeyError, TypeError):
            return False
    return response.status_code in RETRY_STATUSES
