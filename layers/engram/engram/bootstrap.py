"""Composition root: builds every adapter once from Settings and wires the domain.

Handlers, the local runner, tests and benchmarks all call `build_container`; tests
pass their own clock, models or queue instead of patching.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.conversation_store import DynamoConversationStore
from engram.adapters.dynamodb.idempotency_store import DynamoIdempotencyStore
from engram.adapters.dynamodb.memory_store import DynamoMemoryRepository
from engram.adapters.dynamodb.models import bind
from engram.adapters.metrics import InMemoryMetrics
from engram.adapters.queues import InlineQueue, SqsFifoQueue, ThreadQueue
from engram.adapters.token_counter import QuicktokCounter
from engram.clock import Clock, SystemClock
from engram.domain.context import ContextAssembler
from engram.domain.conversation import ConversationService
from engram.domain.gate import MemoryGate
from engram.domain.memory_slot import MemoryProvider, NoLongTermMemory
from engram.domain.models import GateResult
from engram.domain.post_turn import PostTurnProcessor
from engram.domain.summaries import RollingSummarizer
from engram.ports import GateClassifier, MetricsSink, PostTurnQueue, Responder, Summarizer
from engram.settings import Settings

QueueMode = Literal["inline", "thread", "sqs"]


@dataclass(frozen=True, slots=True)
class Models:
    responder: Responder
    summarizer: Summarizer
    gate: GateClassifier


def build_models(settings: Settings, counter: QuicktokCounter) -> Models:
    """OpenAI when a key is configured, the labelled local heuristics otherwise."""
    if settings.openai_enabled:
        from engram.adapters.openai_models.client import OpenAIClient
        from engram.adapters.openai_models.tasks import OpenAIGateClassifier, OpenAIResponder, OpenAISummarizer

        client = OpenAIClient(settings)
        return Models(
            responder=OpenAIResponder(client, settings.reply_max_tokens),
            summarizer=OpenAISummarizer(client),
            gate=OpenAIGateClassifier(client, settings.gate_llm_max_tokens),
        )
    from engram.adapters.local_models.gate import LocalGateClassifier
    from engram.adapters.local_models.responder import LocalResponder
    from engram.adapters.local_models.summarizer import LocalSummarizer

    return Models(responder=LocalResponder(), summarizer=LocalSummarizer(counter), gate=LocalGateClassifier())


@dataclass(slots=True)
class Container:
    settings: Settings
    clock: Clock
    metrics: MetricsSink
    counter: QuicktokCounter
    models: Models
    conversation: ConversationService
    rolling: RollingSummarizer
    post_turn: PostTurnProcessor
    queue: PostTurnQueue
    extras: dict[str, Any] = field(default_factory=dict)


def build_container(
    settings: Settings,
    *,
    clock: Clock | None = None,
    metrics: MetricsSink | None = None,
    models: Models | None = None,
    queue_mode: QueueMode | None = None,
    memory: MemoryProvider | None = None,
) -> Container:
    clock = clock or SystemClock()
    metrics = metrics or InMemoryMetrics()
    counter = QuicktokCounter.for_model(settings.chat_model, settings.token_encoding)
    models = models or build_models(settings, counter)
    bound = bind(TableConfig.from_settings(settings))
    store = DynamoConversationStore(bound, settings)
    rolling = RollingSummarizer(store, models.summarizer, counter, settings, clock, metrics)
    post_turn = PostTurnProcessor(rolling)
    mode = queue_mode or ("sqs" if settings.turn_queue_url else "inline")
    queue: PostTurnQueue
    if mode == "sqs":
        assert settings.turn_queue_url, "sqs mode needs ENGRAM_TURN_QUEUE_URL"
        queue = SqsFifoQueue(settings.turn_queue_url, settings.aws_region)
    elif mode == "thread":
        queue = ThreadQueue(post_turn.handle)
    else:
        queue = InlineQueue(post_turn.handle)

    def on_gate(result: GateResult) -> None:
        metrics.put("gate_decision", decision=result.decision.value)  # G2

    conversation = ConversationService(
        settings=settings,
        clock=clock,
        store=store,
        idempotency=DynamoIdempotencyStore(bound),
        responder=models.responder,
        summarizer=models.summarizer,
        gate=MemoryGate(models.gate, on_gate),
        assembler=ContextAssembler(settings, counter),
        memory=memory or NoLongTermMemory(),
        memories=DynamoMemoryRepository(bound),
        queue=queue,
        metrics=metrics,
        counter=counter,
    )
    return Container(settings, clock, metrics, counter, models, conversation, rolling, post_turn, queue)
