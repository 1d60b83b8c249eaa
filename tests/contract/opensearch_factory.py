"""The OpenSearch MemoryIndex for the contract suite, or None when no cluster is configured.

Environment (see docs/opensearch.md):
    OPENSEARCH_URL           http(s)://[user:password@]host[:port]; unset = skip
    OPENSEARCH_SERVICE       "es" (managed domain) or "aoss" (Serverless) for SigV4; unset = basic/no auth
    OPENSEARCH_REGION        SigV4 region (default: AWS_REGION, then us-east-1)
    OPENSEARCH_VERIFY_CERTS  "false" for a self-signed test cluster (default true)

Each call gets its own index prefix, so runs never see each other's data; the
indices are dropped at interpreter exit (and can be dropped earlier with .drop()).
"""

from __future__ import annotations

import atexit
import os
import uuid
from typing import Literal, cast

from engram.adapters.opensearch_index import OpenSearchIndex, build_client

_created: list[OpenSearchIndex] = []


def make_opensearch_index(dimensions: int) -> OpenSearchIndex | None:
    url = os.environ.get("OPENSEARCH_URL", "").strip()
    if not url:
        return None
    service_env = os.environ.get("OPENSEARCH_SERVICE", "").strip().lower() or None
    if service_env not in (None, "es", "aoss"):
        raise ValueError("OPENSEARCH_SERVICE must be 'es', 'aoss' or unset")
    service = cast(Literal["es", "aoss"] | None, service_env)
    region = os.environ.get("OPENSEARCH_REGION") or os.environ.get("AWS_REGION") or "us-east-1"
    verify = os.environ.get("OPENSEARCH_VERIFY_CERTS", "true").strip().lower() not in ("0", "false", "no")
    client = build_client(url, region, service, timeout_s=30.0, max_retries=1, verify_certs=verify)
    serverless = service == "aoss"
    index = OpenSearchIndex(
        client,
        dimensions=dimensions,
        prefix=f"engram-contract-{uuid.uuid4().hex[:12]}",
        # One shard, no replica: green on a single-node cluster. Serverless refuses both settings.
        shards=None if serverless else 1,
        replicas=None if serverless else 0,
        refresh="true",  # the contract reads its own writes immediately
    )
    index.ensure_index()
    _created.append(index)
    return index


def _drop_all() -> None:
    for index in _created:
        try:
            index.drop()
        except Exception:  # noqa: S112 - best-effort cleanup at exit; the prefix is unique anyway
            continue


atexit.register(_drop_all)
