"""Errors on the OpenAI-compatible door in OpenAI's shape: {error: {message, type, param, code}}.

The same statuses as the rest of the API (errors.py decides them); only the body differs, so an
OpenAI client raises its own exception types (BadRequestError, NotFoundError ...) as it would
against OpenAI.
"""

from __future__ import annotations

import json
import re
from typing import Any

from aws_lambda_powertools.event_handler import Response, content_types

PREFIX = "/openai/"

_TYPES = {
    401: "authentication_error",
    403: "permission_error",
    429: "rate_limit_error",
}


# pydantic's error types OpenAI has codes of its own for (a bound exceeded)
_CODES = {"too_long": "array_above_max_length", "string_too_long": "string_above_max_length"}
_UNION_TAG = re.compile(r"[\[\]]|^constrained-")  # pydantic names a union's branch in loc: constrained-str, list[str]


def is_openai_path(path: str) -> bool:
    return path.startswith(PREFIX)


def is_openai_event(event: dict[str, Any]) -> bool:
    return is_openai_path(str(event.get("rawPath") or ""))


def error_type(status: int) -> str:
    if status >= 500:
        return "server_error"
    return _TYPES.get(status, "invalid_request_error")


def body(status: int, code: str | None, message: str, param: str | None = None) -> str:
    error = {"message": message, "type": error_type(status), "param": param, "code": code.lower() if code else None}
    return json.dumps({"error": error}, ensure_ascii=False)


def error_response(
    status: int, code: str | None, message: str, param: str | None = None, retry_after: int | None = None
) -> Response[str]:
    return Response(
        status_code=status,
        content_type=content_types.APPLICATION_JSON,
        body=body(status, code, message, param),
        headers={"Retry-After": str(retry_after)} if retry_after is not None else None,
    )


def param_of(details: dict[str, Any]) -> str | None:
    """The request field a domain error names (details.param, else details.field)."""
    value = details.get("param") or details.get("field")
    return str(value) if value else None


def validation_error(errors: list[dict[str, Any]]) -> Response[str]:
    """The first of pydantic's errors, said as OpenAI says it (`messages[0].role`)."""
    # a union's other branches report a type mismatch: the bound a value broke says more
    first = next((e for e in errors if not str(e.get("type", "")).endswith("_type")), errors[0] if errors else {})
    loc = [p for p in first.get("loc", ()) if isinstance(p, int) or not _UNION_TAG.search(p)]
    if loc and loc[0] in ("body", "header", "query", "path"):  # where it was: OpenAI names the field only
        loc = loc[1:]
    param = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p)) for i, p in enumerate(loc)) or None
    kind = str(first.get("type", "invalid"))
    if kind == "json_invalid":
        return error_response(400, "invalid_json", "We could not parse the JSON body of your request.")
    if kind == "extra_forbidden":
        return error_response(400, "unknown_parameter", f"Unrecognized request argument supplied: {param}", param)
    if kind == "missing":
        return error_response(400, "missing_required_parameter", f"Missing required parameter: '{param}'.", param)
    message = f"Invalid value for '{param}': {first.get('msg', 'invalid')}." if param else "The request is invalid."
    return error_response(400, _CODES.get(kind, "invalid_value"), message, param)
