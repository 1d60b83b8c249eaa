"""Which module serves which route templates, so the handler can import a route module on the
first request one of its templates can match (functions/api/routing.py, issue 29: the API
handler's import <= 1.1x the bare resolver's). A module's routes and their request/response
models cost ~15 ms of every cold start; a container imports only those its requests reach.

`tests/unit/test_route_modules.py` holds this table to the routers: a route added to a module
and not here fails it.
"""

from __future__ import annotations

from typing import NamedTuple


class RouteModule(NamedTuple):
    module: str  # its `router` is included with `prefix`
    prefix: str
    templates: tuple[str, ...]  # every path template of the router, prefix included


ROUTE_MODULES: tuple[RouteModule, ...] = (
    RouteModule(
        "functions.api.routes.sessions",
        "/v1",
        (
            "/v1/sessions",
            "/v1/users/<user_id>/sessions",
            "/v1/personas/<persona_id>/sessions/<session_id>/chat",
            "/v1/users/<user_id>/personas/<persona_id>/sessions/<session_id>/chat",
            "/v1/personas/<persona_id>/sessions/<session_id>/context",
            "/v1/users/<user_id>/personas/<persona_id>/sessions/<session_id>/context",
            "/v1/personas/<persona_id>/sessions/<session_id>/turns",
            "/v1/users/<user_id>/personas/<persona_id>/sessions/<session_id>/turns",
            "/v1/personas/<persona_id>/sessions/<session_id>",
            "/v1/users/<user_id>/personas/<persona_id>/sessions/<session_id>",
            "/v1/personas/<persona_id>/sessions/<session_id>/log",
            "/v1/users/<user_id>/personas/<persona_id>/sessions/<session_id>/log",
            "/v1/personas/<persona_id>/sessions/<session_id>/end",
            "/v1/users/<user_id>/personas/<persona_id>/sessions/<session_id>/end",
            "/v1/personas/<persona_id>/sessions/<session_id>/save",
            "/v1/users/<user_id>/personas/<persona_id>/sessions/<session_id>/save",
            "/v1/personas/<persona_id>/sessions/<session_id>/requests/<request_id>",
            "/v1/users/<user_id>/personas/<persona_id>/sessions/<session_id>/requests/<request_id>",
        ),
    ),
    RouteModule(
        "functions.api.routes.memories",
        "/v1",
        (
            "/v1/memories",
            "/v1/users/<user_id>/memories",
            "/v1/memories/load",
            "/v1/users/<user_id>/memories/load",
            "/v1/memories/search",
            "/v1/users/<user_id>/memories/search",
            "/v1/memories/timeline",
            "/v1/users/<user_id>/memories/timeline",
            "/v1/memories/summarize",
            "/v1/users/<user_id>/memories/summarize",
            "/v1/memories/archive",
            "/v1/users/<user_id>/memories/archive",
            "/v1/memories/<memory_id>/lifecycle",
            "/v1/users/<user_id>/memories/<memory_id>/lifecycle",
            "/v1/memories/<memory_id>",
            "/v1/users/<user_id>/memories/<memory_id>",
            "/v1/memories/<memory_id>/archive",
            "/v1/users/<user_id>/memories/<memory_id>/archive",
            "/v1/memories/<memory_id>/restore",
            "/v1/users/<user_id>/memories/<memory_id>/restore",
            "/v1/personas/<persona_id>/profile",
            "/v1/users/<user_id>/personas/<persona_id>/profile",
            "/v1/personas/<persona_id>",
            "/v1/users/<user_id>/personas/<persona_id>",
        ),
    ),
    RouteModule(
        "functions.api.routes.kb",
        "/v1",
        (
            "/v1/kb/documents",
            "/v1/kb/documents/<doc_id>",
        ),
    ),
    RouteModule(
        "functions.api.routes.privacy",
        "/v1",
        (
            "/v1/me/erasure",
            "/v1/users/<user_id>/erasure",
            "/v1/me/erasure/<request_id>/confirm",
            "/v1/users/<user_id>/erasure/<request_id>/confirm",
            "/v1/me/erasure/<request_id>",
            "/v1/users/<user_id>/erasure/<request_id>",
            "/v1/me/export",
            "/v1/users/<user_id>/export",
            "/v1/me/exports",
            "/v1/users/<user_id>/exports",
            "/v1/me/exports/<export_id>",
            "/v1/users/<user_id>/exports/<export_id>",
        ),
    ),
    RouteModule(
        "functions.api.routes.inspector",
        "",
        (
            "/inspector",
            "/inspector/<name>",
        ),
    ),
    RouteModule(
        "functions.api.routes.openai_compat",
        "",
        (
            "/openai/v1/chat/completions",
            "/openai/backend/v1/chat/completions",
            "/openai/v1/models",
            "/openai/backend/v1/models",
        ),
    ),
)
