"""Which MemoryIndex a process uses: OpenSearch when a cluster URL is configured
(AWS), the embedded LocalIndex otherwise (local stack, tests); and its daily reconciliation."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlsplit

from engram.memory.ports import MemoryIndex

if TYPE_CHECKING:  # type only: pydantic-settings is imported when the settings are read, not here
    from engram.adapters.dynamodb.models import BoundModels
    from engram.kernel.ports import MetricsSink
    from engram.memory.ports import MemoryRepository
    from engram.memory.reconcile import IndexReconciler
    from engram.settings import Settings

SigV4Service = Literal["es", "aoss"] | None


def sigv4_service(settings: Settings, url: str) -> SigV4Service:
    """Explicit setting, else from the endpoint's host name."""
    if settings.opensearch_service == "none":
        return None
    if settings.opensearch_service is not None:
        return settings.opensearch_service
    host = (urlsplit(url).hostname or "").lower()
    if host.endswith(".aoss.amazonaws.com"):
        return "aoss"
    if host.endswith(".es.amazonaws.com"):
        return "es"
    return None  # self-hosted: basic auth from the URL, or none


def local_index_dir(settings: Settings) -> Path:
    if settings.local_index_dir:
        return Path(settings.local_index_dir)
    from engram.kernel.paths import repo_root

    return repo_root() / ".local" / "index"


def embedding_dimensions(settings: Settings) -> int:
    """Dimensions of the embedder this deployment writes with (same rule as `wiring.models.build_models`).

    Decided by the model mode, not by a key in hand: the indexer never reads the OpenAI secret,
    yet in an openai deployment it must build the index with the OpenAI embedding's dimensions."""
    if settings.declared_model_mode == "openai":
        return settings.embedding_dimensions
    from engram.adapters.embedders.local import DIMENSIONS

    return DIMENSIONS


def build_index(settings: Settings, *, dimensions: int | None = None, ensure: bool = False) -> MemoryIndex:
    """Built once per process (cold start). ensure=True creates the OpenSearch
    template, first version and aliases if missing: the indexer (the only writer)
    does it; readers lack the permission and must not try."""
    dimensions = dimensions or embedding_dimensions(settings)
    url = settings.opensearch_url
    if url:
        from engram.adapters.opensearch_index import OpenSearchIndex, build_client

        client = build_client(url, settings.aws_region, sigv4_service(settings, url))
        index = OpenSearchIndex(client, dimensions=dimensions, prefix=settings.opensearch_prefix)
        if ensure:
            index.ensure_index()
        return index
    from engram.adapters.local_index import LocalIndex

    return LocalIndex(local_index_dir(settings), dimensions)


def build_index_reconciler(
    settings: Settings,
    *,
    index: MemoryIndex,
    metrics: MetricsSink,
    bound: BoundModels | None = None,
    repo: MemoryRepository | None = None,
) -> IndexReconciler:
    """The indexer's daily orphan pass (R6) on an index and the table's repository (the
    indexer function builds it without a container; the container passes its own ports)."""
    from engram.adapters.dynamodb.job_state import DynamoJobState
    from engram.adapters.dynamodb.memory_store import DynamoMemoryRepository
    from engram.memory.lifecycle_policy import LifecyclePolicy
    from engram.memory.reconcile import IndexReconciler
    from engram.wiring.crypto import bound_models_for

    bound = bound or bound_models_for(settings)
    return IndexReconciler(
        index=index,
        repo=repo or DynamoMemoryRepository(bound, LifecyclePolicy(settings)),
        state=DynamoJobState(bound),
        page_items=settings.retention_page_items,
        metrics=metrics,
    )
