"""SearchFilter -> SQL WHERE clause: the one place filter semantics live.

Both BM25 and k-NN candidates come from this clause, so a filter can never be
applied after ranking (a top-k cut followed by filtering would leak or lose docs).
"""

from __future__ import annotations

from dataclasses import dataclass

from engram.memory.models import SearchFilter


@dataclass(frozen=True, slots=True)
class SqlFilter:
    where: str  # over the `docs` table aliased as `d`
    params: tuple[object, ...]


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({','.join('?' * len(values))})"


def compile_filter(flt: SearchFilter) -> SqlFilter | None:
    """None when the filter can match nothing (an empty allow-list)."""
    if not flt.tenant_id or not flt.user_id:
        raise ValueError("tenant_id and user_id are required in every search")
    clauses = ["d.tenant_id = ?", "d.user_id = ?"]
    params: list[object] = [flt.tenant_id, flt.user_id]
    allow_lists: list[tuple[str, tuple[str, ...] | None]] = [
        ("d.persona_id", flt.persona_ids),
        ("d.namespace", flt.namespaces),
        ("d.type", flt.types),
        ("d.status", flt.statuses),
    ]
    for column, values in allow_lists:
        if values is None:
            continue
        if not values:
            return None
        clauses.append(_in(column, values))
        params.extend(values)
    if flt.created_from is not None:  # both bounds inclusive (OpenSearch gte / lte)
        clauses.append("d.created_at >= ?")
        params.append(flt.created_from)
    if flt.created_to is not None:
        clauses.append("d.created_at <= ?")
        params.append(flt.created_to)
    if flt.now is not None:
        clauses.append("(d.expires_at IS NULL OR d.expires_at > ?)")
        params.append(flt.now)
    return SqlFilter(" AND ".join(clauses), tuple(params))
