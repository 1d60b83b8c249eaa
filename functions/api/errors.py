"""The one place where domain errors become HTTP responses (M3)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response, content_types
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

from engram.kernel.errors import EngramError

from . import openai_errors
from .methods import allowed_methods

if TYPE_CHECKING:
    from .schemas import BufferedResponse, ProcessingResponse

logger = Logger(child=True)


class StillProcessing(Exception):
    """Answered as 202 by the error mapper: the first copy of this request is still running
    (with Retry-After), or a partial transcript was buffered."""

    def __init__(self, body: ProcessingResponse | BufferedResponse, retry_after: int | None = None) -> None:
        super().__init__("processing")
        self.body = body
        self.retry_after = retry_after


def error_response(status: int, code: str, message: str, details: dict[str, Any] | None = None) -> Response[str]:
    body = {"error": {"code": code, "message": message, "details": details or {}}}
    wait = (details or {}).get("retry_after")
    return Response(
        status_code=status,
        content_type=content_types.APPLICATION_JSON,
        body=json.dumps(body, ensure_ascii=False),
        headers={"Retry-After": str(wait)} if isinstance(wait, int) else None,
    )


def raw_error(
    status: int,
    code: str,
    message: str,
    headers: dict[str, str] | None = None,
    event: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """An error answered before routing, in the API Gateway response shape (OpenAI's body on
    the OpenAI-compatible door)."""
    if event is not None and openai_errors.is_openai_event(event):
        text = openai_errors.body(status, code, message)
    else:
        text = json.dumps({"error": {"code": code, "message": message, "details": {}}})
    return {
        "statusCode": status,
        "headers": {"content-type": content_types.APPLICATION_JSON, **(headers or {})},
        "body": text,
        "isBase64Encoded": False,
    }


def method_not_allowed(method: str, allowed: list[str], event: dict[str, Any] | None = None) -> dict[str, Any]:
    """405 before routing, naming the methods the path has (functions/api/methods.py)."""
    return raw_error(405, "METHOD_NOT_ALLOWED", f"{method} is not allowed here", {"Allow": ", ".join(allowed)}, event)


def _field_errors(exc: RequestValidationError) -> list[dict[str, Any]]:
    out = []
    for err in exc.errors():
        loc = [str(p) for p in err.get("loc", ()) if p != "body"]
        out.append({"field": ".".join(loc) or "body", "problem": err.get("type", "invalid")})
    return out


def register(app: APIGatewayHttpResolver) -> None:
    def openai_door() -> bool:
        return openai_errors.is_openai_path(app.current_event.path)

    @app.exception_handler(EngramError)
    def domain_error(exc: EngramError) -> Response[str]:
        if exc.status >= 500:
            logger.error("request failed", extra={"code": exc.code})
        if openai_door():
            wait = exc.details.get("retry_after")
            return openai_errors.error_response(
                exc.status,
                exc.code,
                exc.message,
                openai_errors.param_of(exc.details),
                wait if isinstance(wait, int) else None,
            )
        return error_response(exc.status, exc.code, exc.message, exc.details)

    @app.exception_handler(StillProcessing)
    def still_processing(exc: StillProcessing) -> Response[str]:
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
        return Response(
            status_code=202,
            content_type=content_types.APPLICATION_JSON,
            body=exc.body.model_dump_json(),
            headers=headers,
        )

    @app.exception_handler(RequestValidationError)
    def validation_error(exc: RequestValidationError) -> Response[str]:
        if openai_door():
            return openai_errors.validation_error(list(exc.errors()))
        errors = _field_errors(exc)
        if any(e["problem"] == "json_invalid" for e in errors):
            return error_response(400, "VALIDATION_ERROR", "the body is not valid JSON", {"errors": errors})
        return error_response(400, "VALIDATION_ERROR", "the request is invalid", {"errors": errors})

    @app.not_found
    def not_found(exc: NotFoundError) -> Response[str]:
        methods = allowed_methods(app, app.current_event.path)
        if methods:  # the path exists, the method does not: 405 names the ones it has
            message = f"{app.current_event.http_method} is not allowed here"
            response = (
                openai_errors.error_response(405, "METHOD_NOT_ALLOWED", message)
                if openai_door()
                else error_response(405, "METHOD_NOT_ALLOWED", message)
            )
            response.headers["Allow"] = ", ".join(methods)
            return response
        if openai_door():
            return openai_errors.error_response(404, "NOT_FOUND", "no such route")
        return error_response(404, "NOT_FOUND", "no such route")

    @app.exception_handler(Exception)
    def unexpected(exc: Exception) -> Response[str]:
        # A bug: log it with the trace, answer without one.
        logger.exception("unhandled error")
        if openai_door():
            return openai_errors.error_response(500, "INTERNAL_ERROR", "internal error")
        return error_response(500, "INTERNAL_ERROR", "internal error")
