"""AWS Signature Version 4 for the backend routes (IAM-authorized in API Gateway), as an httpx auth.

botocore's own ``SigV4Auth`` signs the exact request httpx sends: method, path, query (re-encoded
the RFC 3986 way SigV4 wants, and sent that way), host, content type and body. Needs the ``sigv4``
extra (``botocore``).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any
from urllib.parse import parse_qsl, quote

import httpx

__all__ = ["SigV4Auth", "canonical_query"]

# Headers that are signed besides host and the x-amz-* ones botocore adds: the body's type and
# Engram's own (X-Engram-Plan), so none of them can be changed in flight.
_SIGNED = ("content-type",)
_UNSIGNED_PREFIXED = ("x-amzn-trace-id",)


def canonical_query(raw: str) -> str:
    """The query as SigV4 canonicalizes it: every name and value percent-encoded (RFC 3986, space as
    %20, never +), pairs sorted. Sending the query this way makes the signed and sent forms equal."""
    pairs = parse_qsl(raw, keep_blank_values=True)
    encoded = sorted((quote(k, safe="-_.~"), quote(v, safe="-_.~")) for k, v in pairs)
    return "&".join(f"{k}={v}" for k, v in encoded)


class SigV4Auth(httpx.Auth):
    """Signs every request with SigV4 for API Gateway (service ``execute-api``).

    ``credentials``: botocore credentials (static or refreshable); by default those of a botocore
    session, i.e. the standard chain (environment, ``~/.aws``, SSO, instance / task role), optionally
    for ``profile``."""

    requires_request_body = True

    def __init__(
        self,
        region: str,
        credentials: Any = None,
        *,
        profile: str | None = None,
        service: str = "execute-api",
    ) -> None:
        try:
            from botocore.auth import SigV4Auth as _BotocoreSigV4
            from botocore.session import Session
        except ImportError as exc:  # pragma: no cover - the extra is missing
            raise ImportError("SigV4 needs botocore: pip install 'engram-client[sigv4]'") from exc
        if credentials is None:
            credentials = Session(profile=profile).get_credentials()
            if credentials is None:
                raise ValueError("no AWS credentials found (environment, ~/.aws, SSO or an instance role)")
        self._signer = _BotocoreSigV4
        self.credentials = credentials
        self.region = region
        self.service = service

    def _frozen(self) -> Any:
        get = getattr(self.credentials, "get_frozen_credentials", None)
        return get() if get is not None else self.credentials  # refreshable ones refresh here

    def sign(self, request: httpx.Request) -> httpx.Request:
        """Adds Authorization, X-Amz-Date (and X-Amz-Security-Token for temporary credentials)."""
        from botocore.awsrequest import AWSRequest

        query = request.url.query.decode("ascii")
        if query:
            request.url = request.url.copy_with(query=canonical_query(query).encode("ascii"))
        headers = {"host": request.headers["host"]}
        for name, value in request.headers.items():
            lower = name.lower()
            if lower in _SIGNED or (lower.startswith("x-") and lower not in _UNSIGNED_PREFIXED):
                headers[lower] = value
        for stale in ("authorization", "x-amz-date", "x-amz-security-token"):
            headers.pop(stale, None)
        aws = AWSRequest(method=request.method, url=str(request.url), data=request.content, headers=headers)
        self._signer(self._frozen(), self.service, self.region).add_auth(aws)
        for name in ("Authorization", "X-Amz-Date", "X-Amz-Security-Token"):
            if name in aws.headers:
                request.headers[name] = aws.headers[name]
        return request

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        yield self.sign(request)
