"""A table beside the single table (audit log, data keys, erasure log): its name and one
botocore client, made on first use (a function that never touches the table pays nothing)."""

from __future__ import annotations

from typing import Any

from engram.adapters.dynamodb.connection import TableConfig


class SideTable:
    def __init__(self, cfg: TableConfig, table_name: str) -> None:
        self._cfg = cfg
        self.table_name = table_name
        self._client: Any = None

    @property
    def client(self) -> Any:
        if self._client is None:
            from engram.adapters.dynamodb.client import dynamodb_client  # boto3 on first use only

            self._client = dynamodb_client(self._cfg)
        return self._client
