"""The LINE channel: the webhook path (small: no models, no index, no container) and the
turn worker's handler (the container's conversation service)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engram.line.channels import Channels
from engram.line.ports import DeadLetters, EventQueue, Transcriber
from engram.settings import Settings

if TYPE_CHECKING:
    from engram.adapters.line_messaging import HttpLineMessenger
    from engram.adapters.line_payloads import LinePayloads
    from engram.kernel.clock import Clock
    from engram.kernel.ports import MetricsSink
    from engram.line.erasure_notices import ErasureNotices
    from engram.line.turns import LineTurns
    from engram.line.unfollow import UnfollowErasureJob
    from engram.line.webhook import LineWebhook
    from engram.wiring.parts import Parts

LOCAL_ENVIRONMENTS = ("local", "test")


def channels_for(settings: Settings) -> Channels:
    from engram.adapters.secrets import fetch_secret

    return Channels(settings.line_channels, fetch_secret, local=settings.environment in LOCAL_ENVIRONMENTS)


def event_queue_for(settings: Settings, local: EventQueue | None = None) -> EventQueue:
    if settings.line_queue_url:
        from engram.adapters.queues import SqsFifoQueue

        return SqsFifoQueue(settings.line_queue_url, settings.aws_region)
    if local is None:
        raise RuntimeError("no LINE event queue: set ENGRAM_LINE_QUEUE_URL or hand in the local delivery")
    return local


def line_payloads_for(settings: Settings) -> LinePayloads:
    """P3: the LINE queue's and dead-letter queue's jobs sealed with their user's data key."""
    from engram.adapters.line_payloads import LinePayloads
    from engram.wiring.crypto import cipher_for_settings

    return LinePayloads(cipher_for_settings(settings), channels_for(settings))


def line_webhook(
    settings: Settings, clock: Clock, queue: EventQueue, metrics: MetricsSink | None = None
) -> LineWebhook:
    from engram.adapters.dynamodb.idempotency_store import DynamoIdempotencyStore
    from engram.adapters.line_payloads import SealingEventQueue
    from engram.adapters.metrics import InMemoryMetrics
    from engram.line.webhook import LineWebhook
    from engram.wiring.crypto import bound_models_for

    markers = DynamoIdempotencyStore(bound_models_for(settings))
    sealed = SealingEventQueue(queue, line_payloads_for(settings))  # P3: no event text on the queue
    return LineWebhook(channels_for(settings), markers, sealed, settings, clock, metrics or InMemoryMetrics())


def transcriber_for(settings: Settings) -> Transcriber | None:
    if not settings.openai_enabled:
        return None  # no key: the user is told voice needs configuration (never a fake transcript)
    from engram.adapters.openai_models.speech import OpenAiTranscriber

    return OpenAiTranscriber(settings)


def dead_letters_for(settings: Settings) -> DeadLetters:
    from engram.adapters.line_dead_letters import LocalDeadLetters, SqsDeadLetters

    payloads = line_payloads_for(settings)
    if settings.line_dlq_url:
        return SqsDeadLetters(settings.line_dlq_url, settings.aws_region, payloads)
    return LocalDeadLetters(payloads)


def line_messenger(s: Settings) -> HttpLineMessenger:
    from engram.adapters.line_messaging import HttpLineMessenger

    return HttpLineMessenger(
        s.line_api_base,
        s.line_data_api_base,
        attempts=s.line_http_attempts,
        timeout_s=s.line_http_timeout_s,
        max_wait_s=s.line_max_retry_wait_s,
    )


def erasure_notices_for(settings: Settings, metrics: MetricsSink) -> ErasureNotices:
    from engram.line.erasure_notices import ErasureNotices

    return ErasureNotices(channels_for(settings), line_messenger(settings), metrics)


def line_turns(c: Parts) -> LineTurns:
    from engram.adapters.dynamodb.idempotency_store import DynamoIdempotencyStore
    from engram.adapters.dynamodb.line_unfollow import DynamoUnfollowErasures
    from engram.line.turns import LineTurns
    from engram.line.unsend import UnsendRounds
    from engram.memory.withdrawal import RoundMemories
    from engram.privacy.chat_erasure import ChatErasureDesk

    s = c.settings
    return LineTurns(
        channels=channels_for(s),
        conversation=c.conversation,
        closer=c.closer,
        messenger=line_messenger(s),
        dead_letters=c.line_dead_letters,
        markers=DynamoIdempotencyStore(c.bound),
        transcriber=c.line_transcriber,
        settings=s,
        clock=c.clock,
        metrics=c.metrics,
        # deployed, the erasure function runs the job (the worker has none of its grants)
        erasure=ChatErasureDesk(c.erasure_service, None if s.erasure_function_name else c.erasure_job),
        unfollows=DynamoUnfollowErasures(c.bound),
        unsend=UnsendRounds(
            c.conversation.store,
            RoundMemories(c.memory_service, None if c.index_owned_elsewhere else c.index),
            c.models.summarizer,
            s,
            c.clock,
            c.metrics,
        ),
    )


def unfollow_erasure_job(c: Parts) -> UnfollowErasureJob:
    from engram.adapters.dynamodb.line_unfollow import DynamoUnfollowErasures
    from engram.line.unfollow import UnfollowErasureJob
    from engram.privacy.chat_erasure import ChatErasureDesk

    erasure = ChatErasureDesk(c.erasure_service, c.erasure_job)
    return UnfollowErasureJob(DynamoUnfollowErasures(c.bound), erasure, c.clock, c.metrics)
