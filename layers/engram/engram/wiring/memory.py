"""The memory API services (M2, L8) and the memory jobs (lifecycle, retention, reconciliation,
consolidation), built from the container's ports: same table, same embedder as the index.

`build_memory_service` / `build_knowledge_base` take every port explicitly (tests and tools
build their own); the container's attributes call the rest."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engram.conversation.ports import Summarizer
from engram.kernel.clock import Clock
from engram.kernel.ports import MetricsSink, TokenCounter
from engram.memory.kb import KnowledgeBase
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.ports import Embedder, MemoryCompressor, MemoryRepository, ProfileStore
from engram.memory.scan_search import RepositoryScanSearch
from engram.memory.search import MemorySearch
from engram.memory.service import MemoryService
from engram.settings import Settings

if TYPE_CHECKING:
    from engram.adapters.dynamodb.models import BoundModels
    from engram.memory.consolidation import ConsolidationJob
    from engram.memory.lifecycle import LifecycleJob
    from engram.memory.retention import RetentionJob
    from engram.wiring.parts import Parts


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
        from engram.adapters.dynamodb.memory_store import DynamoMemoryRepository
        from engram.adapters.dynamodb.profile_store import DynamoProfileStore
        from engram.wiring.crypto import bound_models_for

        models = bound or bound_models_for(settings)
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
    if repo is None:
        from engram.adapters.dynamodb.memory_store import DynamoMemoryRepository
        from engram.wiring.crypto import bound_models_for

        repo = DynamoMemoryRepository(bound_models_for(settings), LifecyclePolicy(settings))
    return KnowledgeBase(repo, embedder or default_embedder(), settings, clock, metrics, counter, submit)


def memory_service(c: Parts) -> MemoryService:
    return build_memory_service(
        c.settings,
        clock=c.clock,
        metrics=c.metrics,
        summarizer=c.models.summarizer,
        embedder=c.models.embedder,
        search=c.retriever,
        repo=c.memories,
        profiles=c.profiles,
    )


def knowledge_base(c: Parts) -> KnowledgeBase:
    memory = c.memory_service
    return build_knowledge_base(
        c.settings,
        clock=c.clock,
        metrics=c.metrics,
        embedder=memory.embedder,
        counter=c.counter,
        repo=memory.repo,
        submit=c.queue.submit,
    )


def lifecycle_job(c: Parts) -> LifecycleJob:
    """The daily lifecycle job on the container's repository; the small model compresses when
    OpenAI is configured, the extractive fallback otherwise (and whenever the model fails)."""
    from engram.adapters.local_models.compressor import ExtractiveCompressor
    from engram.memory.lifecycle import LifecycleJob, ShortFormMaker

    settings = c.settings
    model: MemoryCompressor | None = None
    if settings.openai_enabled:
        from engram.adapters.openai_models.client import OpenAIClient
        from engram.adapters.openai_models.tasks import OpenAICompressor

        model = OpenAICompressor(OpenAIClient(settings))
    return LifecycleJob(
        repo=c.memories,
        short_forms=ShortFormMaker(settings, ExtractiveCompressor(), model),
        policy=LifecyclePolicy(settings),
        settings=settings,
        clock=c.clock,
        metrics=c.metrics,
    )


def retention_job(c: Parts) -> RetentionJob:
    """The daily retention job (R6) on the container's repository and index."""
    from engram.adapters.dynamodb.job_state import DynamoJobState
    from engram.memory.retention import RetentionJob

    return RetentionJob(
        repo=c.memories,
        index=None if c.index_owned_elsewhere else c.index,
        state=DynamoJobState(c.bound),
        settings=c.settings,
        clock=c.clock,
        metrics=c.metrics,
    )


def consolidation_job(c: Parts) -> ConsolidationJob:
    """The weekly consolidation (L9) on the container's repository."""
    from engram.memory.consolidation import ConsolidationJob

    return ConsolidationJob(repo=c.memories, settings=c.settings, clock=c.clock, metrics=c.metrics)
