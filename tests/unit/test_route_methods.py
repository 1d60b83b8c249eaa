"""Which route template a path belongs to: the most specific one, for the Allow header and for
the resolver alike (functions/api/methods.py)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.api_gateway import Route

from functions.api.handler import app
from functions.api.methods import _specificity, allowed_methods


def _overlap(a: str, b: str) -> str | None:
    """A path both templates match (each parameter filled by the other's literal), if any."""
    first, second = a.split("/"), b.split("/")
    if len(first) != len(second):
        return None
    path = []
    for x, y in zip(first, second, strict=True):
        if not x.startswith("<"):
            if not y.startswith("<") and x != y:
                return None
            path.append(x)
        else:
            path.append("p" if y.startswith("<") else y)
    return "/".join(path)


def test_a_literal_segment_wins_over_a_parameter() -> None:
    assert allowed_methods(app, "/v1/memories/archive") == ["GET"]  # not DELETE / PATCH of <memory_id>
    assert allowed_methods(app, "/v1/memories/summarize") == ["POST"]  # nor GET
    assert allowed_methods(app, "/v1/users/u1/memories/search") == ["GET"]
    assert allowed_methods(app, "/v1/users/u1/memories/mem-1") == ["DELETE", "GET", "PATCH"]
    assert allowed_methods(app, "/v1/users/u1/audit") == ["GET"]  # the audit reader's
    assert allowed_methods(app, "/v1/no/such/route") == []


def test_the_resolver_tries_the_most_specific_template_first() -> None:
    """Where two routes of one method match a path, the resolver (static routes, then dynamic ones,
    in registration order) must reach the one allowed_methods names: a route registered later
    could otherwise take a literal path from the one it was written for."""
    app.load_all_routes()
    ordered: list[Route] = app._static_routes + app._dynamic_routes
    checked = 0
    for i, earlier in enumerate(ordered):
        for later in ordered[i + 1 :]:
            path = _overlap(earlier.path, later.path)
            if earlier.method != later.method or path is None or earlier.path == later.path:
                continue
            assert earlier.rule.match(path) and later.rule.match(path), path
            assert _specificity(earlier.path) < _specificity(later.path), (earlier.path, later.path)
            checked += 1
    assert checked  # the memory routes overlap (/v1/memories/search and <memory_id>): the check ran
