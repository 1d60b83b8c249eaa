"""Which MemoryIndex a process uses: OpenSearch when a cluster URL is configured
(AWS), the embedded LocalIndex otherwise (local stack, tests).

Environment (read here until Settings carries them):
    ENGRAM_OPENSEARCH_URL      https://host[:port]; set = OpenSearchIndex
    ENGRAM_OPENSEARCH_SERVICE  "es" | "aoss" | "none" (SigV4 service); unset = inferred from the host
    ENGRAM_OPENSEARCH_PREFIX   index/alias name prefix (default "engram-memory")
    ENGRAM_LOCAL_INDEX_DIR     LocalIndex directory (default <repo>/.local/index)
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from engram.ports import MemoryIndex
from engram.settings import Settings

DEFAULT_PREFIX = "engram-memory"

SigV4Service = Literal["es", "aoss"] | None


def opensearch_url() -> str | None:
    return os.environ.get("ENGRAM_OPENSEARCH_URL", "").strip() or None


def sigv4_service(url: str) -> SigV4Service:
    """Explicit ENGRAM_OPENSEARCH_SERVICE, else from the endpoint's host name."""
    explicit = os.environ.get("ENGRAM_OPENSEARCH_SERVICE", "").strip().lower()
    if explicit in ("es", "aoss"):
        return "es" if explicit == "es" else "aoss"
    if explicit in ("none", "basic"):
        return None
    if explicit:
        raise ValueError("ENGRAM_OPENSEARCH_SERVICE must be 'es', 'aoss' or 'none'")
    host = (urlsplit(url).hostname or "").lower()
    if host.endswith(".aoss.amazonaws.com"):
        return "aoss"
    if host.endswith(".es.amazonaws.com"):
        return "es"
    return None  # self-hosted: basic auth from the URL, or none


def local_index_dir() -> Path:
    env = os.environ.get("ENGRAM_LOCAL_INDEX_DIR", "").strip()
    if env:
        return Path(env)
    from engram.local.dynamodb_local import repo_root

    return repo_root() / ".local" / "index"


def embedding_dimensions(settings: Settings) -> int:
    """Dimensions of the embedder this deployment writes with (the index must match it)."""
    # OpenAI embeddings when a key is configured (directly or through the Lambda's
    # secret); the local multilingual-e5 model otherwise.
    if settings.openai_enabled or os.environ.get("ENGRAM_OPENAI_SECRET_ARN"):
        return settings.embedding_dimensions
    from engram.adapters.embedders.local import DIMENSIONS

    return DIMENSIONS


def build_index(settings: Settings, *, dimensions: int | None = None, ensure: bool = False) -> MemoryIndex:
    """Built once per process (cold start). ensure=True creates the OpenSearch
    template, first version and aliases if missing: the indexer (the only writer)
    does it; readers lack the permission and must not try."""
    dims = dimensions or embedding_dimensions(settings)
    url = opensearch_url()
    if url:
        from engram.adapters.opensearch_index import OpenSearchIndex, build_client

        client = build_client(url, settings.aws_region, sigv4_service(url))
        prefix = os.environ.get("ENGRAM_OPENSEARCH_PREFIX", "").strip() or DEFAULT_PREFIX
        index = OpenSearchIndex(client, dimensions=dims, prefix=prefix)
        if ensure:
            index.ensure_index()
        return index
    from engram.adapters.local_index import LocalIndex

    return LocalIndex(local_index_dir(), dims)
