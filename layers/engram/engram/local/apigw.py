"""Turn a local HTTP request into the API Gateway HTTP API (v2) event the real handler gets.

The runner plays API Gateway's authorizers too: a verified JWT's claims go to
requestContext.authorizer.jwt.claims, a valid backend API key becomes an `iam`
authorizer context, exactly where API Gateway puts them.
"""

from __future__ import annotations

import base64
import time
import uuid
from typing import Any
from urllib.parse import parse_qsl, urlsplit


def build_event(
    method: str,
    raw_url: str,
    headers: dict[str, str],
    body: bytes | None,
    *,
    claims: dict[str, Any] | None = None,
    iam_caller: str | None = None,
    source_ip: str = "127.0.0.1",
) -> dict[str, Any]:
    parts = urlsplit(raw_url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    lower = {k.lower(): v for k, v in headers.items()}
    authorizer: dict[str, Any] = {}
    if claims is not None:
        authorizer["jwt"] = {"claims": {k: str(v) for k, v in claims.items()}, "scopes": None}
    if iam_caller is not None:
        authorizer["iam"] = {
            "accessKey": "LOCAL",
            "accountId": "000000000000",
            "callerId": iam_caller,
            "principalOrgId": None,
            "userArn": f"arn:aws:iam::000000000000:user/{iam_caller}",
            "userId": iam_caller,
        }
    # Like API Gateway: a body that is not text (by type, or not valid UTF-8) arrives base64-encoded.
    is_text = body is None or (_is_text(lower.get("content-type", "")) and _utf8(body))
    encoded = body if body is None or is_text else base64.b64encode(body)
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": parts.path,
        "rawQueryString": parts.query,
        "headers": lower,
        "requestContext": {
            "accountId": "000000000000",
            "apiId": "local",
            "domainName": lower.get("host", "127.0.0.1"),
            "domainPrefix": "local",
            "http": {
                "method": method.upper(),
                "path": parts.path,
                "protocol": "HTTP/1.1",
                "sourceIp": source_ip,
                "userAgent": lower.get("user-agent", ""),
            },
            "requestId": uuid.uuid4().hex,
            "routeKey": "$default",
            "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime()),
            "timeEpoch": int(time.time() * 1000),
        },
        "isBase64Encoded": not is_text,
    }
    if authorizer:
        event["requestContext"]["authorizer"] = authorizer
    if query:
        event["queryStringParameters"] = dict(query)
    if encoded is not None:
        event["body"] = encoded.decode("utf-8") if isinstance(encoded, bytes) else encoded
        event["isBase64Encoded"] = not is_text
    return event


def _utf8(body: bytes) -> bool:
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _is_text(content_type: str) -> bool:
    return not content_type or content_type.startswith(
        ("application/json", "text/", "application/x-www-form-urlencoded")
    )
