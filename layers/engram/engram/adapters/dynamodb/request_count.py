"""Counts the DynamoDB requests a piece of code makes, by operation, table and key (for the
benchmarks and the tests that hold a path to its number of requests).

Every botocore client of the process is counted (PynamoDB gives each model class its own client,
and the audit log and the data-key table have theirs), while the context is open. A request is
named by its operation, the table (the single table, or its side tables by their suffix) and the
kind of each item it names: `TransactWriteItems main[ConditionCheck FENCE, Put M#mem]`.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from botocore.client import BaseClient

from engram.adapters.dynamodb import keys


@dataclass(frozen=True, slots=True)
class CountedRequest:
    operation: str
    label: str  # operation, table and the kinds of items it names


def key_kind(key: dict[str, Any]) -> str:
    """`M#mem`, `TURN#`, `~META`, `PROFILE#`, `FENCE`, `audit entry`, `data key` ... of a key."""
    values = {name: next(iter(v.values())) for name, v in key.items() if isinstance(v, dict) and v}
    if "subject" in values:  # the audit log
        return "audit head" if str(values["subject"]).startswith("head#") else "audit entry"
    if "PK" not in values:
        return "data key"  # the data-key table (P3)
    pk, sk = str(values["PK"]), str(values.get("SK", ""))
    if pk.startswith(keys.FENCE_PK):
        return "FENCE"
    if sk.startswith(keys.MEMORY_PREFIX):
        return keys.MEMORY_PREFIX + sk[len(keys.MEMORY_PREFIX) :].split("-")[0]
    if sk.startswith("#"):
        return "#" + sk[1:].split("#")[0] + "#"
    if "#" in sk:
        return sk.split("#")[0] + "#"
    return sk or pk.rsplit("#", 1)[-1]


def _table(name: str, main: str | None) -> str:
    if main and name.startswith(main):
        return name[len(main) :].lstrip("-") or "main"
    return name


def _query_kind(params: dict[str, Any]) -> str:
    if params.get("IndexName"):
        return f"index {params['IndexName']}"
    values = [next(iter(v.values())) for v in (params.get("ExpressionAttributeValues") or {}).values()]
    pk = next((str(v) for v in values if isinstance(v, str) and v.startswith(("T#", keys.FENCE_PK))), "")
    if pk.endswith("#MEM"):
        return "memory partition"
    return "session partition" if pk.count("#") == 7 else "partition"


def describe(operation: str, params: dict[str, Any], main: str | None = None) -> str:
    """One request's label."""
    if operation == "TransactWriteItems":
        items = [(kind, body) for item in params.get("TransactItems", []) for kind, body in item.items()]
        tables = sorted({_table(body["TableName"], main) for _, body in items})
        named = ", ".join(f"{kind} {key_kind(body.get('Key') or body.get('Item') or {})}" for kind, body in items)
        return f"{operation} {'+'.join(tables)}[{named}]"
    if operation in ("BatchGetItem", "BatchWriteItem"):
        parts = []
        for table, body in sorted((params.get("RequestItems") or {}).items()):
            entries = body.get("Keys") if isinstance(body, dict) else body
            kinds: Counter[str] = Counter()
            for entry in entries or []:
                if operation == "BatchGetItem":
                    kinds[key_kind(entry)] += 1
                else:
                    req = entry.get("PutRequest") or entry.get("DeleteRequest") or {}
                    kinds[key_kind(req.get("Item") or req.get("Key") or {})] += 1
            parts.append(f"{_table(table, main)}[{', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}]")
        return f"{operation} {' '.join(parts)}"
    table = _table(str(params.get("TableName", "")), main)
    if operation in ("Query", "Scan"):
        return f"{operation} {table} {_query_kind(params) if operation == 'Query' else ''}".rstrip()
    return f"{operation} {table} {key_kind(params.get('Key') or params.get('Item') or {})}"


CAPACITY_OPERATIONS = frozenset(
    {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan", "BatchGetItem", "BatchWriteItem"}
    | {"TransactGetItems", "TransactWriteItems"}
)


def _as_list(consumed: Any) -> list[dict[str, Any]]:
    if isinstance(consumed, list):
        return consumed
    return [consumed] if isinstance(consumed, dict) else []


@dataclass
class RequestCount:
    """The DynamoDB requests made while `counting()` is open (every client of the process)."""

    main_table: str | None = None
    with_capacity: bool = False  # ask each request for its consumed capacity and add it up
    requests: list[CountedRequest] = field(default_factory=list)
    capacity: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __len__(self) -> int:
        return len(self.requests)

    def clear(self) -> None:
        with self._lock:
            self.requests.clear()
            self.capacity = 0.0

    def by_operation(self) -> Counter[str]:
        return Counter(r.operation for r in self.requests)

    def by_label(self) -> Counter[str]:
        return Counter(r.label for r in self.requests)

    @contextmanager
    def counting(self) -> Iterator[RequestCount]:
        client_class: Any = BaseClient  # _make_api_call is botocore's private request method
        real = client_class._make_api_call
        count = self

        def counted(client: Any, operation: str, params: dict[str, Any]) -> Any:
            if client.meta.service_model.service_name != "dynamodb":
                return real(client, operation, params)
            request = CountedRequest(operation, describe(operation, params, count.main_table))
            with count._lock:
                count.requests.append(request)
            if count.with_capacity and operation in CAPACITY_OPERATIONS:
                params = {**params, "ReturnConsumedCapacity": "TOTAL"}
            response = real(client, operation, params)
            consumed = response.get("ConsumedCapacity") if isinstance(response, dict) else None
            units = sum(float(c.get("CapacityUnits", 0)) for c in _as_list(consumed))
            with count._lock:
                count.capacity += units
            return response

        client_class._make_api_call = counted
        try:
            yield self
        finally:
            client_class._make_api_call = real
