"""Wiring of the memory API services (M2, L8), reusable by bootstrap, tests and tools.

`build_memory_service` / `build_knowledge_base` take every port explicitly;
`memory_service_for` / `knowledge_base_for` return the ones a Container carries
(attribute or `extras`), else build them once from the container's own ports
(repository, profile store, embedder, HybridRetriever) and keep them in `extras`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.memory_store import DynamoMemoryRepository
from engram.adapters.dynamodb.models import BoundModels, bind
from engram.adapters.dynamodb.profile_store import DynamoProfileStore
from engram.clock import Clock
from engram.memory.kb import KnowledgeBase
from engram.memory.lifecycle import LifecycleJob, ShortFormMaker
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.scan_search import RepositoryScanSearch
from engram.memory.search import MemorySearch
from engram.memory.service import MemoryService
from engram.ports import (
    Embedder,
    MemoryCompressor,
    MemoryRepository,
    MetricsSink,
    ProfileStore,
    Summarizer,
    TokenCounter,
)
from engram.settings import Settings

if TYPE_CHECKING:
    from engram.bootstrap import Container
    from engram.memory.consolidation import ConsolidationJob
    from engram.memory.reconcile import IndexReconciler
    from engram.memory.retention import RetentionJob

MEMORY_SERVICE = "memory_service"
LIFECYCLE_JOB = "lifecycle_job"
RETENTION_JOB = "retention_job"
# Set by a process that runs a job beside a running local stack: the stack's process owns the
# on-disk index, so the job leaves the index alone (the retention job skips reconciliation).
INDEX_ELSEWHERE = "index_owned_elsewhere"
KNOWLEDGE_BASE = "knowledge_base"
T = TypeVar("T")
_lock = threading.RLock()  # knowledge_base_for builds the memory service under it


def default_embedder() -> Embedder:
    from engram.adapters.embedders.local import LocalEmbedder

    return LocalEmbedder()


def build_memory_service(
    settings: Settings,
    *,
    clock: Clock,
    metrics: MetricsSink,
    summarizer: Summarizer,
    embedder: Embedder | None = None,
    search: MemorySearch | None = None,
    repo: MemoryRepository | None = None,
    profiles: ProfileStore | None = None,
    bound: BoundModels | None = None,
) -> MemoryService:
    """Without `search`, keyword search scans the table (RepositoryScanSearch): fine locally and
    in tests; production passes the HybridRetriever."""
    if repo is None or profiles is None:
        models = bound or bind(TableConfig.from_settings(settings))
        repo = repo or DynamoMemoryRepository(models, LifecyclePolicy(settings))
        profiles = profiles or DynamoProfileStore(models, clock)
    return MemoryService(
        repo=repo,
        profiles=profiles,
        retriever=search or RepositoryScanSearch(repo, clock),
        embedder=embedder or default_embedder(),
        summarizer=summarizer,
        settings=settings,
        clock=clock,
        metrics=metrics,
    )


def build_knowledge_base(
    settings: Settings,
    *,
    clock: Clock,
    metrics: MetricsSink,
    embedder: Embedder | None = None,
    counter: TokenCounter | None = None,
    repo: MemoryRepository | None = None,
    submit: Callable[[dict[str, Any]], None] | None = None,
) -> KnowledgeBase:
    """`submit`: the queue that embeds uploaded chunks in the background; None embeds them
    during the upload."""
    repo = repo or DynamoMemoryRepository(bind(TableConfig.from_settings(settings)), LifecyclePolicy(settings))
    return KnowledgeBase(repo, embedder or default_embedder(), settings, clock, metrics, counter, submit)


def _held(container: Container, name: str) -> Any:
    return getattr(container, name, None) or container.extras.get(name)


def _once(container: Container, name: str, kind: type[T], build: Callable[[], T]) -> T:
    """The container's `name` (an attribute or in `extras`), else built once and kept in `extras`
    (double-checked under the lock: concurrent first requests build it once)."""
    held = _held(container, name)
    if held is None:
        with _lock:
            held = container.extras.get(name)
            if held is None:
                held = build()
                container.extras[name] = held
    assert isinstance(held, kind)
    return held


def memory_service_for(container: Container) -> MemoryService:
    # The container's own ports: same table, same embedder as the index, the hybrid search.
    return _once(
        container,
        MEMORY_SERVICE,
        MemoryService,
        lambda: build_memory_service(
            container.settings,
            clock=container.clock,
            metrics=container.metrics,
            summarizer=container.models.summarizer,
            embedder=container.models.embedder,
            search=container.retriever,
            repo=container.memories,
            profiles=container.profiles,
        ),
    )


def knowledge_base_for(container: Container) -> KnowledgeBase:
    def build() -> KnowledgeBase:
        memory = memory_service_for(container)
        return build_knowledge_base(
            container.settings,
            clock=container.clock,
            metrics=container.metrics,
            embedder=memory.embedder,
            counter=container.counter,
            repo=memory.repo,
            submit=container.queue.submit,
        )

    return _once(container, KNOWLEDGE_BASE, KnowledgeBase, build)


def lifecycle_job_for(container: Container) -> LifecycleJob:
    """The daily lifecycle job on the container's repository; the small model compresses when
    OpenAI is configured, the extractive fallback otherwise (and whenever the model fails)."""

    def build() -> LifecycleJob:
        from engram.adapters.local_models.compressor import ExtractiveCompressor

        settings = container.settings
        model: MemoryCompressor | None = None
        if settings.openai_enabled:
            from engram.adapters.openai_models.client import OpenAIClient
            from engram.adapters.openai_models.tasks import OpenAICompressor

            model = OpenAICompressor(OpenAIClient(settings))
        return LifecycleJob(
            repo=container.memories,
            short_forms=ShortFormMaker(settings, ExtractiveCompressor(), model),
            policy=LifecyclePolicy(settings),
            settings=settings,
            clock=container.clock,
            metrics=container.metrics,
        )

    return _once(container, LIFECYCLE_JOB, LifecycleJob, build)


def retention_job_for(container: Container) -> RetentionJob:
    """The daily retention job (R6) on the container's repository and index."""
    from engram.adapters.dynamodb.job_state import DynamoJobState
    from engram.memory.retention import RetentionJob

    return _once(
        container,
        RETENTION_JOB,
        RetentionJob,
        lambda: RetentionJob(
            repo=container.memories,
            index=None if container.extras.get(INDEX_ELSEWHERE) else container.index,
            state=DynamoJobState(bind(TableConfig.from_settings(container.settings))),
            settings=container.settings,
            clock=container.clock,
            metrics=container.metrics,
        ),
    )


def index_reconciler_for(container: Container) -> IndexReconciler:
    """The indexer's daily orphan pass (R6) on the container's index and repository."""
    from engram.adapters.dynamodb.job_state import DynamoJobState
    from engram.memory.reconcile import IndexReconciler

    return IndexReconciler(
        index=container.index,
        repo=container.memories,
        state=DynamoJobState(bind(TableConfig.from_settings(container.settings))),
        page_items=container.settings.retention_page_items,
        metrics=container.metrics,
    )


def consolidation_job_for(container: Container) -> ConsolidationJob:
    """The weekly consolidation (L9) on the container's repository."""
    from engram.memory.consolidation import ConsolidationJob

    return ConsolidationJob(
        repo=container.memories, settings=container.settings, clock=container.clock, metrics=container.metrics
    )
