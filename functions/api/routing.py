"""The HTTP resolver with route patterns compiled on demand.

Powertools compiles one regex per route when the route is registered: 68 routes, about 5 ms
of every cold start's import (issue 29: the API handler's import <= 1.1x the bare resolver's).
A request is tried against every route (the resolver, and the Allow / 405 check in methods.py),
so a lazily compiled pattern first compares the path's segments with the route's literal ones
and compiles only when they fit: a container compiles the few routes its requests can match.
"""

from __future__ import annotations

import re
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

# A route whose literal parts hold no regex syntax: its regex is the template with each <name>
# made a one-segment group (Powertools' class of URI characters holds no "/"), so the path has
# the template's number of segments and its literal segments word for word.
_PLAIN_TEMPLATE = re.compile(r"(?:[\w/:~-]|<\w+>)*")
_PARAMETER = re.compile(r"<\w+>")


class LazyRoutePattern:
    """A stand-in for the compiled route regex: `match` and `groups`, as the resolver uses it."""

    __slots__ = ("_base_regex", "_compiled", "_literals", "groups", "template")

    def __init__(self, template: str, base_regex: str) -> None:
        self.template = template
        self._base_regex = base_regex
        self._compiled: re.Pattern[str] | None = None
        self.groups = len(_PARAMETER.findall(template))  # the resolver files a route with groups as dynamic
        # each segment's literal text; None for a segment holding a parameter
        self._literals = [None if "<" in s else s for s in template.split("/")]

    def _may_match(self, path: str) -> bool:
        if path.endswith("\n"):  # "$" also matches before a final newline; the regex decides
            path = path[:-1]
        segments = path.split("/")
        if len(segments) != len(self._literals):
            return False
        pairs = zip(self._literals, segments, strict=True)
        return all(literal is None or literal == segment for literal, segment in pairs)

    def match(self, path: str) -> re.Match[str] | None:
        if not self._may_match(path):
            return None
        if self._compiled is None:
            self._compiled = APIGatewayHttpResolver._compile_regex(self.template, self._base_regex)
        return self._compiled.match(path)


class HttpResolver(APIGatewayHttpResolver):
    """APIGatewayHttpResolver whose plain route templates compile on their first fitting path."""

    @staticmethod
    def _compile_regex(rule: str, base_regex: str = "^{}$") -> Any:
        if base_regex == "^{}$" and _PLAIN_TEMPLATE.fullmatch(rule):
            return LazyRoutePattern(rule, base_regex)
        return APIGatewayHttpResolver._compile_regex(rule, base_regex)


def warm_routes(app: APIGatewayHttpResolver) -> None:
    """Build every route's validation models now: Powertools builds a route's on its first
    request (~150 ms for all of them here). Only where init is off the request path
    (SnapStart, provisioned concurrency: engram/snapshot.py prepare)."""
    for route in app._static_routes + app._dynamic_routes:
        _ = route.dependant, route.body_field
