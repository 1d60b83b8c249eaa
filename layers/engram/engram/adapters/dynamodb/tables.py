"""Create the single table the way the CDK stack does (local stack and tests).

Kept in step with infra/constructs/tables.py: same keys, TTL attribute, stream
and GSIs, so code tested locally meets the same table in AWS.
"""

from __future__ import annotations

import time
from typing import Any

from botocore.exceptions import ClientError

from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig

TTL_ATTRIBUTE = "expires_at"

GSIS: list[tuple[str, str, str, str, str, dict[str, Any]]] = [
    # name, hash, hash type, range, range type, projection
    ("by_user", "user_key", "S", "SK", "S", {"ProjectionType": "KEYS_ONLY"}),
    ("active_sessions", "active_shard", "S", "last_activity_at", "N", {"ProjectionType": "KEYS_ONLY"}),
    ("compression_due", "due_shard", "S", "compress_due_at", "N", {"ProjectionType": "KEYS_ONLY"}),
    ("erasure_requests", "erasure_status", "S", "requested_at", "N", {"ProjectionType": "ALL"}),
]


def table_definition(table_name: str) -> dict[str, Any]:
    attrs = {("PK", "S"), ("SK", "S")}
    gsis = []
    for name, hk, ht, rk, rt, projection in GSIS:
        attrs |= {(hk, ht), (rk, rt)}
        gsis.append(
            {
                "IndexName": name,
                "KeySchema": [{"AttributeName": hk, "KeyType": "HASH"}, {"AttributeName": rk, "KeyType": "RANGE"}],
                "Projection": projection,
            }
        )
    return {
        "TableName": table_name,
        "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": n, "AttributeType": t} for n, t in sorted(attrs)],
        "GlobalSecondaryIndexes": gsis,
        "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    }


def audit_table_name(table_name: str) -> str:
    """P6: the audit log's own table beside the single table (ENGRAM_AUDIT_TABLE_NAME in AWS)."""
    return f"{table_name}-audit"


def audit_table_definition(table_name: str) -> dict[str, Any]:
    """P6: append-only entries per subject (tenant + keyed user hash), in time order; no TTL, no stream."""
    return {
        "TableName": table_name,
        "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "subject", "KeyType": "HASH"}, {"AttributeName": "entry", "KeyType": "RANGE"}],
        "AttributeDefinitions": [
            {"AttributeName": "subject", "AttributeType": "S"},
            {"AttributeName": "entry", "AttributeType": "S"},
        ],
    }


def _side_tables(cfg: TableConfig) -> list[dict[str, Any]]:
    """The audit table (P6), the data-key table (P3) and the erasure log (O4) beside the single table."""
    from engram.adapters.crypto.key_store import keys_table_definition, keys_table_name
    from engram.adapters.dynamodb.erasure_log import erasure_log_table_definition, erasure_log_table_name

    keys = cfg.cipher.keys_table or keys_table_name(cfg.table_name)
    return [
        audit_table_definition(audit_table_name(cfg.table_name)),
        keys_table_definition(keys),
        erasure_log_table_definition(erasure_log_table_name(cfg.table_name)),
    ]


def ensure_table(cfg: TableConfig, wait_s: float = 30.0) -> bool:
    """Create the table (and its side tables) if missing; returns True when the table was created."""
    client = dynamodb_client(cfg)
    for definition in _side_tables(cfg):
        try:
            client.create_table(**definition)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "ResourceInUseException":
                raise
    try:
        client.create_table(**table_definition(cfg.table_name))
        created = True
    except ClientError as exc:
        if exc.response["Error"]["Code"] != "ResourceInUseException":
            raise
        created = False
    deadline = time.monotonic() + wait_s
    while client.describe_table(TableName=cfg.table_name)["Table"]["TableStatus"] != "ACTIVE":
        if time.monotonic() > deadline:
            raise TimeoutError(f"table {cfg.table_name} not active")
        time.sleep(0.1)
    if created:
        client.update_time_to_live(
            TableName=cfg.table_name, TimeToLiveSpecification={"Enabled": True, "AttributeName": TTL_ATTRIBUTE}
        )
    return created


def delete_table(cfg: TableConfig) -> None:
    client = dynamodb_client(cfg)
    for name in (cfg.table_name, *(d["TableName"] for d in _side_tables(cfg))):
        try:
            client.delete_table(TableName=name)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "ResourceNotFoundException":
                raise
