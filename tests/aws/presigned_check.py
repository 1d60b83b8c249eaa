"""What S3 checks before it serves a presigned URL, which moto 5.2.5 does not: the SigV4
query-string signature (recomputed here from AWS's published algorithm, not with botocore's
signer, so the client and the check do not share code), the expiry, the access key and the
session token. A request without X-Amz-Signature passes through to moto untouched.

https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, quote

ALGORITHM = "AWS4-HMAC-SHA256"
MAX_EXPIRES_S = 7 * 86_400


def _hmac(key: bytes, text: str) -> bytes:
    return hmac.new(key, text.encode(), hashlib.sha256).digest()


def _encode(text: str) -> str:
    return quote(text, safe="-_.~")


def signature(secret: str, method: str, raw_path: str, query: list[tuple[str, str]], host: str) -> str:
    params = dict(query)
    signed_headers = params["X-Amz-SignedHeaders"]
    if signed_headers != "host":
        raise ValueError(f"signed headers {signed_headers!r}: only host is expected on a presigned GET")
    canonical_query = "&".join(f"{_encode(k)}={_encode(v)}" for k, v in sorted(query) if k != "X-Amz-Signature")
    canonical_request = "\n".join(
        [method, raw_path, canonical_query, f"host:{host.strip()}\n", signed_headers, "UNSIGNED-PAYLOAD"]
    )
    _key_id, date, region, service, terminator = params["X-Amz-Credential"].split("/")
    scope = f"{date}/{region}/{service}/{terminator}"
    to_sign = "\n".join(
        [ALGORITHM, params["X-Amz-Date"], scope, hashlib.sha256(canonical_request.encode()).hexdigest()]
    )
    key = _hmac(_hmac(_hmac(_hmac(f"AWS4{secret}".encode(), date), region), service), terminator)
    return hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()


class PresignedUrlCheck:
    def __init__(self, app: Any, credentials: dict[str, str], session_token: str | None) -> None:
        self._app = app
        self._secrets = credentials  # access key id -> secret access key
        self._token = session_token
        self.now: Callable[[], float] = time.time  # a test moves it past a link's expiry

    def problem(self, environ: dict[str, Any], query: list[tuple[str, str]]) -> tuple[str, str] | None:
        """(code, message) of S3's refusal, or None when the URL is valid now."""
        params = dict(query)
        if params.get("X-Amz-Algorithm") != ALGORITHM:
            return "AuthorizationQueryParametersError", "X-Amz-Algorithm must be AWS4-HMAC-SHA256"
        secret = self._secrets.get(params.get("X-Amz-Credential", "").split("/")[0])
        if secret is None:
            return "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records."
        if self._token is not None and params.get("X-Amz-Security-Token") != self._token:
            return "InvalidToken", "The provided token is malformed or otherwise invalid."
        expires = int(params.get("X-Amz-Expires", "0"))
        if not 0 < expires <= MAX_EXPIRES_S:
            return "AuthorizationQueryParametersError", "X-Amz-Expires must be between 1 and 604800 seconds"
        signed_at = datetime.strptime(params["X-Amz-Date"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC).timestamp()
        if self.now() > signed_at + expires:
            return "AccessDenied", "Request has expired"
        raw_path = str(environ.get("RAW_URI") or environ.get("REQUEST_URI") or environ["PATH_INFO"]).split("?", 1)[0]
        expected = signature(secret, environ["REQUEST_METHOD"], raw_path, query, str(environ.get("HTTP_HOST", "")))
        if not hmac.compare_digest(expected, params.get("X-Amz-Signature", "")):
            return "SignatureDoesNotMatch", "The request signature we calculated does not match the one provided."
        return None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        query = parse_qsl(str(environ.get("QUERY_STRING", "")), keep_blank_values=True)
        if not any(k == "X-Amz-Signature" for k, _ in query):
            return self._app(environ, start_response)  # type: ignore[no-any-return]
        refused = self.problem(environ, query)
        if refused is None:
            return self._app(environ, start_response)  # type: ignore[no-any-return]
        code, message = refused
        body = f"<?xml version='1.0' encoding='UTF-8'?><Error><Code>{code}</Code><Message>{message}</Message></Error>"
        start_response("403 Forbidden", [("Content-Type", "application/xml")])
        return [body.encode()]
