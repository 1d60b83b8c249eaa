"""Issue 29: the API handler's import stays near the bare Powertools resolver's. Route regexes
compile on demand (functions/api/routing.py) and match exactly as Powertools' own; the route
modules leave the domain (conversation, memory models, settings) to the first request."""

from __future__ import annotations

import json
from typing import get_args

import pytest
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

from engram.memory.models import MemoryType
from functions.api.handler import app
from functions.api.routing import HttpResolver, LazyRoutePattern
from functions.api.schemas import MemoryTypeName
from tests.support.fresh_python import last_line

# Modules a request needs but the import must not load: they cost tens of ms of every cold start.
DEFERRED = (
    "engram.conversation.conversation",
    "engram.conversation.models",
    "engram.conversation.idempotent",
    "engram.memory.models",
    "engram.settings",
    "engram.language.masking",
    "boto3",
    "pynamodb",
    "openai",
    "numpy",
    "cryptography",
    "engram.wiring.build",
    # the route modules and their models: on the first request one of their templates fits (route_modules.py)
    "functions.api.routes.sessions",
    "functions.api.routes.memories",
    "functions.api.routes.openai_compat",
    "functions.api.schemas",
    "functions.api.openai_schemas",
)


def test_the_handler_import_leaves_the_domain_to_the_first_request() -> None:
    names = list(DEFERRED)
    code = f"import sys, json, functions.api.handler; print(json.dumps([m for m in {names!r} if m in sys.modules]))"
    assert json.loads(last_line(code, POWERTOOLS_TRACE_DISABLED="true")) == []


def test_the_memory_type_query_pattern_names_every_memory_type() -> None:
    assert set(get_args(MemoryTypeName)) == {t.value for t in MemoryType}


PATHS = [
    "/v1/sessions",
    "/v1/sessions/",
    "/v1/sessions\n",
    "/v1/memories/archive",
    "/v1/memories/mem-1",
    "/v1/memories/mem-1/archive",
    "/v1/memories/mem 1%20x/restore",
    "/v1/users/u1/memories/search",
    "/v1/users/u1/personas/p1/sessions/s1/context",
    "/v1/users/u1/personas/p1/sessions/s1/context\n",
    "/v1/personas/p1/sessions/s1/requests/r-1",
    "/v1/personas/p1/sessions//chat",
    "/v1/personas/p1/sessions/s1/chat/extra",
    "/v1/personas/p1",
    "/v1/personas/p/1/profile",
    "/v1/me/erasure/r1/confirm",
    "/inspector",
    "/inspector/app.js",
    "/openapi.json",
    "/openapiXjson",
    "/v1/kb/documents/d:1",
    "/V1/sessions",
    "",
    "/",
]


@pytest.mark.parametrize("path", PATHS)
def test_a_lazy_route_matches_as_the_compiled_regex_does(path: str) -> None:
    app.load_all_routes()
    for route in app._static_routes + app._dynamic_routes:
        eager = APIGatewayHttpResolver._compile_regex(route.path)
        lazy = HttpResolver._compile_regex(route.path)
        got, want = lazy.match(path), eager.match(path)
        assert (got and got.groupdict()) == (want and want.groupdict()), (route.path, path)
        assert lazy.groups == eager.groups


def test_a_route_compiles_only_for_a_path_that_fits_its_segments() -> None:
    pattern = HttpResolver._compile_regex("/v1/personas/<persona_id>/sessions/<session_id>/context")
    assert isinstance(pattern, LazyRoutePattern)
    assert pattern.match("/v1/memories/m1") is None
    assert pattern._compiled is None  # not compiled for a path of another shape
    match = pattern.match("/v1/personas/p1/sessions/s1/context")
    assert match is not None and match.groupdict() == {"persona_id": "p1", "session_id": "s1"}


def test_a_template_with_regex_syntax_compiles_at_once() -> None:
    """A literal "." is any character to Powertools' regex: such a route keeps its eager regex."""
    assert not isinstance(HttpResolver._compile_regex("/openapi.json"), LazyRoutePattern)
    assert not isinstance(HttpResolver._compile_regex(".*"), LazyRoutePattern)


def test_routes_still_resolve_and_answer_405() -> None:
    """The resolver files routes as static or dynamic by their groups: both kinds still route."""
    app.load_all_routes()
    static = [r.path for r in app._static_routes]
    dynamic = [r.path for r in app._dynamic_routes]
    assert "/v1/sessions" in static and "/v1/memories/<memory_id>" in dynamic
    assert all("<" not in p for p in static) and all("<" in p for p in dynamic)
