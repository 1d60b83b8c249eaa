"""RFC 9110: a method a known path does not have is 405 with an `Allow` header listing the
methods it has, not 404. API Gateway sends every method on /v1/... to this function (ANY
routes), so the resolver's own routes decide; the routes other functions serve behind the same
API are named here, because their paths reach this function (or the local gateway) too.

A path can match several route templates (`/v1/memories/archive` and `/v1/memories/<memory_id>`).
As OpenAPI says, and as the resolver tries its routes, the most specific template wins (a literal
segment over a parameter, the leftmost difference first): the path's methods are that template's
only. A method only a less specific template has (DELETE on `/v1/memories/archive`) is refused
before routing, or the resolver would hand it to that template (deleting a memory named
"archive")."""

from __future__ import annotations

import functools
import re
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2

from .routing import HttpResolver

# Served by their own functions: the audit reader (GET; other methods on the path reach the api
# function through ANY /v1/users/{userId}/{proxy+}) and the LINE webhook (POST; in AWS API
# Gateway itself answers other methods there, as it has no route for them: docs/architecture.md).
OTHER_FUNCTIONS: tuple[tuple[str, str], ...] = (
    ("/v1/users/<user_id>/audit", "GET"),
    ("/line/webhook/<channel>", "POST"),
)

Specificity = tuple[bool, ...]  # per segment: is it a parameter (False, a literal, sorts first)


def _specificity(template: str) -> Specificity:
    return tuple(segment.startswith("<") for segment in template.split("/"))


def _route_table(app: APIGatewayHttpResolver, path: str) -> tuple[tuple[re.Pattern[str], Specificity, str], ...]:
    if isinstance(app, HttpResolver):
        app.load_routes_for(path)  # the route modules that may serve it (routing.py)
    return _table_of(app, len(app._static_routes) + len(app._dynamic_routes))


@functools.lru_cache(maxsize=4)  # built once per app (~0.1 ms), not per request
def _table_of(app: APIGatewayHttpResolver, route_count: int) -> tuple[tuple[re.Pattern[str], Specificity, str], ...]:
    """`route_count`: a route added after the first request makes a new table."""
    routes = app._static_routes + app._dynamic_routes  # Powertools keeps its route table here
    table = [(route.rule, _specificity(route.path), route.method) for route in routes]
    for template, method in OTHER_FUNCTIONS:
        table.append((app._compile_regex(template), _specificity(template), method))
    return tuple(table)


def allowed_methods(app: APIGatewayHttpResolver, path: str) -> list[str]:
    """The methods of the most specific route template matching `path`, sorted; empty when none."""
    matching = [(rank, method) for rule, rank, method in _route_table(app, path) if rule.match(path)]
    if not matching:
        return []
    best = min(rank for rank, _ in matching)
    return sorted({method for rank, method in matching if rank == best})


def undeclared_method(app: APIGatewayHttpResolver, event: dict[str, Any]) -> list[str] | None:
    """The path's methods when the path is known but the request's method is not one of them
    (answer 405 with them); None when the resolver may route the request (or 404 it)."""
    request = APIGatewayProxyEventV2(event)
    methods = allowed_methods(app, request.path)
    return methods if methods and request.http_method.upper() not in methods else None
