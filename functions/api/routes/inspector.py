"""GET /inspector: the memory inspector's static page (engram/inspector/static). No authorizer
on this route in AWS and no data in what it returns; the page calls the authorized /v1 routes
with the user's token. Not in the OpenAPI document: static files, not an API operation."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router

from engram.inspector import SECURITY_HEADERS, asset

router = Router()


def _serve(name: str) -> Response[str]:
    found = asset(name)
    if found is None:
        return Response(
            404,
            "application/json",
            '{"error":{"code":"NOT_FOUND","message":"no such inspector file"}}',
            headers=SECURITY_HEADERS,
        )
    body, content_type = found
    return Response(200, content_type, body.decode("utf-8"), headers=SECURITY_HEADERS)  # every file is text


@router.get("/inspector", include_in_schema=False)
def inspector_page() -> Response[str]:
    return _serve("")


@router.get("/inspector/<name>", include_in_schema=False)
def inspector_file(name: str) -> Response[str]:
    return _serve(name)
