"""`build_container`: the one place a process's adapters and services are wired.

Handlers, the local runner, tests and benchmarks all call it; tests pass their own clock,
models or queue instead of patching. The request path is wired here at once; the rest is
built on first use by the Container's attributes (`engram.wiring.container`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Literal

from engram.adapters.dynamodb.conversation_store import DynamoConversationStore
from engram.adapters.dynamodb.idempotency_store import DynamoIdempotencyStore, DynamoTranscriptBuffer
from engram.adapters.dynamodb.memory_store import DynamoMemoryRepository
from engram.adapters.dynamodb.profile_store import DynamoProfileStore
from engram.adapters.dynamodb.session_runs import DynamoSessionRuns
from engram.adapters.dynamodb.thread_store import DynamoThreadStore
from engram.adapters.dynamodb.turn_batch import DynamoTurnBatch
from engram.adapters.embedders.example_vectors import example_vectors
from engram.adapters.metrics import InMemoryMetrics
from engram.adapters.outbox import InlineOutbox, StreamOutbox
from engram.adapters.queues import InlineQueue, SqsFifoQueue, ThreadQueue
from engram.adapters.token_counter import QuicktokCounter
from engram.conversation.context import ContextAssembler
from engram.conversation.conversation import ConversationService
from engram.conversation.gate import MemoryGate
from engram.conversation.memory_slot import NoLongTermMemory
from engram.conversation.models import GateResult
from engram.conversation.ports import MemoryProvider, PostTurnQueue, TurnOutbox
from engram.conversation.post_turn import PostTurnProcessor, access_job
from engram.conversation.session_end import SessionCloser
from engram.conversation.summaries import RollingSummarizer
from engram.kernel.clock import Clock, SystemClock
from engram.kernel.ports import MetricsSink
from engram.memory.current_answer import SlotPlacer
from engram.memory.lifecycle import CapacityWatch
from engram.memory.lifecycle_policy import LifecyclePolicy
from engram.memory.pipeline import MemoryWriter
from engram.memory.ports import MemoryIndex
from engram.memory.retrieval import HybridRetriever
from engram.memory.session_memories import SessionMemoryStore
from engram.memory.threads import ThreadTracker
from engram.settings import Settings
from engram.wiring.container import Container
from engram.wiring.crypto import bound_models_for
from engram.wiring.models import Models, build_models

QueueMode = Literal["inline", "thread", "sqs"]


def build_container(
    settings: Settings,
    *,
    clock: Clock | None = None,
    metrics: MetricsSink | None = None,
    models: Models | None = None,
    queue_mode: QueueMode | None = None,
    memory: MemoryProvider | None = None,
    index: MemoryIndex | None = None,
    long_term: bool = True,
    job_handler: Callable[[dict[str, Any]], None] | None = None,
) -> Container:
    """Wire everything once. `long_term=False` leaves the prompt's memory slot empty
    (the foundation's behaviour; used to measure the short-term path alone).

    Queue modes: "sqs" (AWS: post-turn jobs come from the table's stream through the pipe;
    access counts are sent to the queue), "thread" (local stack: the stream poller plays the
    pipe, access jobs go to `job_handler` on a thread), "inline" (tests, benchmarks: every job
    runs in-process at once)."""
    clock = clock or SystemClock()
    metrics = metrics or InMemoryMetrics()
    if models is None:  # cold start: which models this deployment runs, and the key from its secret
        from engram.adapters.secrets import resolve_models

        settings = resolve_models(settings)
    counter = QuicktokCounter.for_model(settings.chat_model, settings.token_encoding)
    models = models or build_models(settings, counter)
    bound = bound_models_for(settings)
    store = DynamoConversationStore(bound, settings)
    # No lease: a conversation's jobs run one at a time (one SQS FIFO group), and the cursor
    # compare-and-swap keeps even concurrent folds from losing or doubling a round.
    rolling = RollingSummarizer(store, models.summarizer, counter, settings, clock, metrics, use_lease=False)
    if index is None:
        from engram.wiring.index import build_index

        index = build_index(settings, dimensions=models.embedder.dimensions)
    repo = DynamoMemoryRepository(bound, LifecyclePolicy(settings))
    profiles = DynamoProfileStore(bound, clock)
    queue_ref: list[PostTurnQueue] = []
    container_ref: list[Container] = []  # the KB (built on first use) embeds uploaded chunks
    retriever = HybridRetriever(
        index,
        models.embedder,
        profiles,
        settings,
        clock,
        metrics,
        on_access=lambda owner, ids, now: queue_ref[0].submit(access_job(owner, ids, now)),  # off the reply path
        placer=SlotPlacer(example_vectors(models.embedder)),
    )
    threads = ThreadTracker(
        DynamoThreadStore(bound),
        repo,
        settings,
        clock,
        metrics,
        # S5's 0.75 is for OpenAI's embeddings; the local e5 model's cosines sit higher
        similarity_threshold=settings.thread_similarity
        if settings.openai_enabled
        else settings.thread_similarity_local,
    )
    writer = MemoryWriter(
        repo,
        index,
        models.embedder,
        models.extractor,
        profiles,
        settings,
        clock,
        metrics,
        DynamoTurnBatch(bound, LifecyclePolicy(settings), clock),
        capacity=CapacityWatch(index, repo, settings, clock),
        threads=threads,
        keep_log=store.keep_turn,
    )
    mode = queue_mode or ("sqs" if settings.turn_queue_url else "inline")
    outbox_ref: list[TurnOutbox] = []
    closer = SessionCloser(
        settings=settings,
        clock=clock,
        store=store,
        runs=DynamoSessionRuns(bound, settings),
        memories=SessionMemoryStore(settings, clock, models.summarizer, repo, metrics, profiles),
        metrics=metrics,
        outbox=_Deferred(outbox_ref),
    )
    post_turn = PostTurnProcessor(
        rolling,
        memory_writer=partial(writer.process_turn, from_stored_round=True) if long_term else None,
        on_access=lambda owner, ids, now, job_id: repo.touch_access(owner.tenant_id, owner.user_id, ids, now, job_id),
        end_run=lambda key, generation: _end_run(closer, threads if long_term else None, key, generation),
        kb_embed=lambda job: container_ref[0].knowledge_base.embed_pending(job),
        metrics=metrics,
    )
    queue: PostTurnQueue
    outbox: TurnOutbox
    if mode == "sqs":
        assert settings.turn_queue_url, "sqs mode needs ENGRAM_TURN_QUEUE_URL"
        queue, outbox = SqsFifoQueue(settings.turn_queue_url, settings.aws_region), StreamOutbox()
    elif mode == "thread":
        queue, outbox = ThreadQueue(job_handler or post_turn.handle), StreamOutbox()
    else:
        queue = InlineQueue(job_handler or post_turn.handle)
        outbox = InlineOutbox(job_handler or post_turn.handle)
    queue_ref.append(queue)
    outbox_ref.append(outbox)

    def on_gate(result: GateResult) -> None:
        metrics.put("gate_decision", decision=result.decision.value)  # G2

    conversation = ConversationService(
        settings=settings,
        clock=clock,
        store=store,
        idempotency=DynamoIdempotencyStore(bound),
        transcripts=DynamoTranscriptBuffer(bound),
        responder=models.responder,
        gate=MemoryGate(models.gate, on_gate),
        assembler=ContextAssembler(settings, counter),
        memory=memory or (retriever if long_term else NoLongTermMemory()),
        closer=closer,
        outbox=outbox,
        metrics=metrics,
        counter=counter,
        client_model=models.client_model,
    )
    container = Container(
        settings=settings,
        clock=clock,
        metrics=metrics,
        counter=counter,
        models=models,
        bound=bound,
        conversation=conversation,
        rolling=rolling,
        post_turn=post_turn,
        queue=queue,
        index=index,
        memories=repo,
        profiles=profiles,
        retriever=retriever,
        writer=writer,
        closer=closer,
        outbox=outbox,
    )
    container_ref.append(container)
    return container


def _end_run(closer: SessionCloser, threads: ThreadTracker | None, key: Any, generation: int) -> None:
    """A closed run's job: its session memory (S6), then its open thread flushed (S5)."""
    closer.finish_pending(key, generation)
    if threads is not None:
        threads.close_run(key, generation)


class _Deferred:
    """The closer is built before the outbox it reports to (the outbox runs the closer's jobs)."""

    def __init__(self, ref: list[TurnOutbox]) -> None:
        self._ref = ref

    def turn_stored(self, key: Any, meta: Any, turn: Any) -> None:
        self._ref[0].turn_stored(key, meta, turn)

    def run_closed(self, run: Any) -> None:
        self._ref[0].run_closed(run)
