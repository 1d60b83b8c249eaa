"""Every string stored in the table, read back with a raw Scan (what a leak check must see)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.settings import Settings

Item = dict[str, Any]


def table_strings(settings: Settings, keep: Callable[[Item], bool] = lambda item: True) -> list[str]:
    """The S and SS values of every item `keep` accepts, nested maps and lists included."""
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for kind, inner in value.items():
                if kind == "S":
                    out.append(inner)
                elif kind == "SS":
                    out.extend(inner)
                elif kind in ("M", "L"):
                    for v in inner.values() if kind == "M" else inner:
                        walk(v)

    kwargs: dict[str, Any] = {"TableName": settings.table_name}
    while True:
        page = client.scan(**kwargs)
        for item in page["Items"]:
            if keep(item):
                for attr in item.values():
                    walk(attr)
        if "LastEvaluatedKey" not in page:
            return out
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]
