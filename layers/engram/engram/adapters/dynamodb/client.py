"""The low-level DynamoDB client for a table's configuration (DynamoDB Local when it names a host)."""

from __future__ import annotations

from typing import Any

import boto3
from botocore.config import Config

from engram.adapters.dynamodb.connection import TableConfig


def dynamodb_client(cfg: TableConfig) -> Any:
    kwargs: dict[str, Any] = {
        "region_name": cfg.region,
        "config": Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=2, read_timeout=5),
    }
    if cfg.host:
        kwargs.update(endpoint_url=cfg.host, aws_access_key_id="local", aws_secret_access_key="local")  # noqa: S106 - DynamoDB Local
    return boto3.client("dynamodb", **kwargs)
