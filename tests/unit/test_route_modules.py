"""Route modules load on the first request one of their templates can match (issue 29: the API
handler's import <= 1.1x the bare resolver's): the table in route_modules.py names every route of
every router, a request loads what may serve it and no more, and the routes end in the order an
eager import gives whatever order requests load them."""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import threading
from typing import Any

import pytest
from aws_lambda_powertools.event_handler.api_gateway import Router

import functions.api.routes as routes_package
from functions.api.methods import allowed_methods
from functions.api.route_modules import ROUTE_MODULES
from functions.api.routing import HttpResolver
from tests.support.fresh_python import last_line


def _templates(module: str, prefix: str) -> set[str]:
    router: Router = importlib.import_module(module).router
    return {(prefix or "") + rule for rule, *_ in router._routes}


@pytest.mark.parametrize("entry", ROUTE_MODULES, ids=[m.module.rsplit(".", 1)[1] for m in ROUTE_MODULES])
def test_the_table_names_every_route_of_its_module(entry: Any) -> None:
    assert set(entry.templates) == _templates(entry.module, entry.prefix)


def test_every_route_module_is_in_the_table() -> None:
    found = {f"functions.api.routes.{m.name}" for m in pkgutil.iter_modules(routes_package.__path__)}
    with_router = {m for m in found if isinstance(getattr(importlib.import_module(m), "router", None), Router)}
    assert with_router == {entry.module for entry in ROUTE_MODULES}


def _eager() -> HttpResolver:
    app = HttpResolver(enable_validation=True)
    for entry in ROUTE_MODULES:
        app.include_router(importlib.import_module(entry.module).router, prefix=entry.prefix or None)
    return app


def _on_demand() -> HttpResolver:
    app = HttpResolver(enable_validation=True)
    for entry in ROUTE_MODULES:
        app.include_on_demand(*entry)
    return app


def _order(app: HttpResolver) -> list[tuple[str, str]]:
    return [(r.method, r.path) for r in app._static_routes + app._dynamic_routes]


def _pending(app: HttpResolver) -> set[str]:
    return {p.module.rsplit(".", 1)[1] for p in app._pending}


def test_a_path_loads_only_the_modules_that_may_serve_it() -> None:
    app = _on_demand()
    assert _order(app) == []
    app.load_routes_for("/v1/users/u1/personas/p1/sessions/s1/context")
    assert _pending(app) == {"memories", "kb", "privacy", "inspector", "openai_compat"}
    app.load_routes_for("/openai/v1/chat/completions")
    assert _pending(app) == {"memories", "kb", "privacy", "inspector"}
    app.load_routes_for("/v1/no/such/route")
    assert _pending(app) == {"memories", "kb", "privacy", "inspector"}


def test_routes_keep_the_eager_order_whatever_order_requests_load_them() -> None:
    app = _on_demand()
    for path in ("/openai/v1/models", "/v1/me/erasure", "/v1/memories/archive", "/inspector", "/v1/sessions"):
        app.load_routes_for(path)
    app.load_all_routes()
    assert _order(app) == _order(_eager())


def test_the_allow_list_of_a_path_loads_its_module_first() -> None:
    """A 405 names the methods of a path whose module no request has loaded yet."""
    app = _on_demand()
    assert allowed_methods(app, "/v1/memories/archive") == ["GET"]
    assert "memories" not in _pending(app)


def _event(method: str, path: str) -> dict[str, Any]:
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": "",
        "headers": {},
        "requestContext": {"stage": "$default", "http": {"method": method, "path": path}, "requestId": "r"},
        "isBase64Encoded": False,
    }


def test_the_resolver_loads_the_module_of_the_request_it_routes() -> None:
    app = _on_demand()
    response = app.resolve(_event("GET", "/inspector"), {})
    assert response["statusCode"] == 200
    assert "inspector" not in _pending(app)


def test_the_openapi_document_names_every_route() -> None:
    app = _on_demand()
    paths = app.get_openapi_schema().paths or {}
    assert "/v1/personas/{persona_id}/sessions/{session_id}/context" in paths
    assert "/openai/v1/chat/completions" in paths
    assert _pending(app) == set()


def test_a_request_imports_only_its_route_module() -> None:
    """In a fresh process: a /context request's path loads the sessions routes, not the OpenAI door's models."""
    code = (
        "import sys, json\n"
        "from functions.api.handler import app\n"
        "app.load_routes_for('/v1/personas/p1/sessions/s1/context')\n"
        "names = ['functions.api.routes.sessions', 'functions.api.routes.openai_compat', "
        "'functions.api.openai_schemas', 'functions.api.routes.privacy']\n"
        "print(json.dumps([m for m in names if m in sys.modules]))"
    )
    assert json.loads(last_line(code, POWERTOOLS_TRACE_DISABLED="true")) == ["functions.api.routes.sessions"]


def test_requests_on_threads_load_each_module_once_and_see_every_route() -> None:
    """The local stack serves requests on threads: while one loads a module, another's routes stay whole."""
    eager, app = _eager(), _on_demand()
    paths = [
        "/v1/memories/archive",
        "/v1/users/u1/memories/mem-1",
        "/v1/personas/p1/sessions/s1/context",
        "/v1/me/erasure",
        "/openai/v1/models",
        "/inspector",
        "/v1/kb/documents",
    ] * 6
    wrong: list[str] = []
    start = threading.Barrier(len(paths))

    def ask(path: str) -> None:
        start.wait()
        if allowed_methods(app, path) != allowed_methods(eager, path):
            wrong.append(path)

    threads = [threading.Thread(target=ask, args=(p,)) for p in paths]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads change hands as often as they can: a short window shows
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == []
    assert _order(app) == _order(eager)
    assert len(_order(app)) == len(set(_order(app)))  # no module included twice


def test_a_request_on_another_thread_never_sees_the_routes_shrink_while_a_module_loads() -> None:
    """list.sort() empties a list while it sorts: the routes are re-ordered into new lists instead.
    On the in-place sort, about 1 trial in 50 showed a request a shorter route table."""
    shrunk = 0
    interval = sys.getswitchinterval()
    for _ in range(1000):
        app = _on_demand()
        app.load_routes_for("/v1/memories/archive")
        loaded = len(_order(app))
        seen: list[int] = []
        stop = threading.Event()

        def read(routed: HttpResolver = app, into: list[int] = seen, done: threading.Event = stop) -> None:
            while not done.is_set():
                into.append(len(routed._static_routes + routed._dynamic_routes))

        reader = threading.Thread(target=read)
        sys.setswitchinterval(1e-6)
        try:
            reader.start()
            app.load_all_routes()
        finally:
            stop.set()
            reader.join()
            sys.setswitchinterval(interval)
        shrunk += any(n < loaded for n in seen)
    assert shrunk == 0
