"""The HTTP resolver with route modules imported and route patterns compiled on demand.

Powertools compiles one regex per route when the route is registered: 68 routes, about 5 ms
of every cold start's import (issue 29: the API handler's import <= 1.1x the bare resolver's).
A request is tried against every route (the resolver, and the Allow / 405 check in methods.py),
so a lazily compiled pattern first compares the path's segments with the route's literal ones
and compiles only when they fit: a container compiles the few routes its requests can match.

The route modules themselves (their handlers and request/response models, ~15 ms) are imported
on the first request one of their templates can match (functions/api/route_modules.py), and all
of them for the OpenAPI document and for warming (SnapStart). Routes keep the order the modules
are declared in whatever order requests load them, so a path two templates match resolves as it
would with every module imported at once.
"""

from __future__ import annotations

import importlib
import re
import threading
from collections.abc import Iterable
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

# A route whose literal parts hold no regex syntax: its regex is the template with each <name>
# made a one-segment group (Powertools' class of URI characters holds no "/"), so the path has
# the template's number of segments and its literal segments word for word.
_PLAIN_TEMPLATE = re.compile(r"(?:[\w/:~-]|<\w+>)*")
_PARAMETER = re.compile(r"<\w+>")


def _literals_of(template: str) -> list[str | None]:
    """Each segment's literal text; None for a segment holding a parameter."""
    return [None if "<" in s else s for s in template.split("/")]


def _fits(literals: list[str | None], path: str) -> bool:
    """Whether a plain template's regex can match `path`: as many segments, the literal ones equal."""
    if path.endswith("\n"):  # "$" also matches before a final newline; the regex decides
        path = path[:-1]
    segments = path.split("/")
    if len(segments) != len(literals):
        return False
    return all(literal is None or literal == segment for literal, segment in zip(literals, segments, strict=True))


class LazyRoutePattern:
    """A stand-in for the compiled route regex: `match` and `groups`, as the resolver uses it."""

    __slots__ = ("_base_regex", "_compiled", "_literals", "groups", "template")

    def __init__(self, template: str, base_regex: str) -> None:
        self.template = template
        self._base_regex = base_regex
        self._compiled: re.Pattern[str] | None = None
        self.groups = len(_PARAMETER.findall(template))  # the resolver files a route with groups as dynamic
        self._literals = _literals_of(template)

    def _may_match(self, path: str) -> bool:
        return _fits(self._literals, path)

    def match(self, path: str) -> re.Match[str] | None:
        if not self._may_match(path):
            return None
        if self._compiled is None:
            self._compiled = APIGatewayHttpResolver._compile_regex(self.template, self._base_regex)
        return self._compiled.match(path)


class _PendingModule:
    """A route module not imported yet, and the paths its templates can match."""

    __slots__ = ("_any_path", "_plain", "module", "prefix")

    def __init__(self, module: str, prefix: str, templates: Iterable[str]) -> None:
        self.module = module
        self.prefix = prefix
        self._plain = [_literals_of(t) for t in templates if _PLAIN_TEMPLATE.fullmatch(t)]
        # a template with regex syntax: which paths it matches is the regex's to say, so any path loads it
        self._any_path = any(not _PLAIN_TEMPLATE.fullmatch(t) for t in templates)

    def may_serve(self, path: str) -> bool:
        return self._any_path or any(_fits(literals, path) for literals in self._plain)


class HttpResolver(APIGatewayHttpResolver):
    """APIGatewayHttpResolver whose route modules load on their first request and whose plain
    route templates compile on their first fitting path."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pending: list[_PendingModule] = []
        self._module_rank: dict[str, int] = {}  # a route's module -> its place in the route order
        self._loading = threading.Lock()  # the local stack serves requests on threads

    def include_on_demand(self, module: str, prefix: str, templates: Iterable[str]) -> None:
        """Include `module`'s `router` (with `prefix`) on the first request one of `templates` can match."""
        self._module_rank[module] = len(self._module_rank)
        self._pending.append(_PendingModule(module, prefix, templates))

    def load_routes_for(self, path: str) -> None:
        """Import every pending route module that may serve `path` (before routing it, or listing its methods)."""
        wanted = [pending for pending in self._pending if pending.may_serve(path)]
        if wanted:
            self._load(wanted)

    def load_all_routes(self) -> None:
        self._load(list(self._pending))

    def _load(self, modules: list[_PendingModule]) -> None:
        with self._loading:
            loaded = [pending for pending in modules if pending in self._pending]  # not by another thread since
            if not loaded:
                return
            for pending in loaded:
                router = importlib.import_module(pending.module).router
                self.include_router(router, prefix=pending.prefix or None)
            last = len(self._module_rank)  # routes of the handler's own module come after every route module's

            def rank(route: Any) -> int:
                return self._module_rank.get(route.func.__module__, last)

            # new lists, not sort() in place: a list being sorted reads as empty to another thread's request
            self._static_routes = sorted(self._static_routes, key=rank)  # stable: a module keeps its own order
            self._dynamic_routes = sorted(self._dynamic_routes, key=rank)
            self._pending = [pending for pending in self._pending if pending not in loaded]  # routed in order now

    def resolve(self, event: Any, context: Any) -> dict[str, Any]:
        if not self._pending:  # every route module is in: nothing to read the path for
            return super().resolve(event, context)
        try:
            path = self._to_proxy_event(dict(event)).path  # as the resolver reads it (the stage removed)
        except (KeyError, TypeError, AttributeError):  # not an HTTP API event: the resolver answers it
            self.load_all_routes()
        else:
            self.load_routes_for(path)
        return super().resolve(event, context)

    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        self.load_all_routes()  # the contract names every route
        return super().get_openapi_schema(*args, **kwargs)

    @staticmethod
    def _compile_regex(rule: str, base_regex: str = "^{}$") -> Any:
        if base_regex == "^{}$" and _PLAIN_TEMPLATE.fullmatch(rule):
            return LazyRoutePattern(rule, base_regex)
        return APIGatewayHttpResolver._compile_regex(rule, base_regex)


def warm_routes(app: HttpResolver) -> None:
    """Import every route module and build every route's validation models now: Powertools builds
    a route's on its first request (~150 ms for all of them here). Only where init is off the
    request path (SnapStart, provisioned concurrency: engram/snapshot.py prepare)."""
    app.load_all_routes()
    for route in app._static_routes + app._dynamic_routes:
        _ = route.dependant, route.body_field
