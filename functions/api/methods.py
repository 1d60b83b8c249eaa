"""RFC 9110: a method a known path does not have is 405 with an `Allow` header listing the
methods it has, not 404. API Gateway sends every method on /v1/... to this function (ANY
routes), so the resolver's own routes decide; the routes other functions serve behind the same
API are named here, because their paths reach this function (or the local gateway) too."""

from __future__ import annotations

import re

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

# Served by their own functions: the audit reader (GET; other methods on the path reach the api
# function through ANY /v1/users/{userId}/{proxy+}) and the LINE webhook (POST; in AWS API
# Gateway itself answers other methods there, as it has no route for them: docs/architecture.md).
OTHER_FUNCTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^/v1/users/[^/]+/audit$"), "GET"),
    (re.compile(r"^/line/webhook/[^/]+$"), "POST"),
)


def allowed_methods(app: APIGatewayHttpResolver, path: str) -> list[str]:
    """The methods routed for `path`, sorted; empty when no route has the path."""
    routes = app._static_routes + app._dynamic_routes  # Powertools keeps its route table here
    found = {route.method for route in routes if route.rule.match(path)}
    found.update(method for rule, method in OTHER_FUNCTIONS if rule.match(path))
    return sorted(found)
