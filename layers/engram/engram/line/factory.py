"""Wiring of the LINE channel: the webhook path (small: no models, no index) and the turn
worker's handler (the container's conversation service)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engram.line.channels import Channels
from engram.line.ports import DeadLetters, EventQueue, Transcriber
from engram.settings import Settings

if TYPE_CHECKING:
    from engram.bootstrap import Container
    from engram.clock import Clock
    from engram.line.turns import LineTurns
    from engram.line.webhook import LineWebhook

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


def line_webhook(settings: Settings, clock: Clock, queue: EventQueue) -> LineWebhook:
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.idempotency_store import DynamoIdempotencyStore
    from engram.adapters.dynamodb.models import bind
    from engram.line.webhook import LineWebhook

    markers = DynamoIdempotencyStore(bind(TableConfig.from_settings(settings)))
    return LineWebhook(channels_for(settings), markers, queue, settings, clock)


def transcriber_for(settings: Settings) -> Transcriber | None:
    if not settings.openai_enabled:
        return None  # no key: the user is told voice needs configuration (never a fake transcript)
    from engram.adapters.openai_models.speech import OpenAiTranscriber

    return OpenAiTranscriber(settings)


def line_turns_for(container: Container) -> LineTurns:
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.idempotency_store import DynamoIdempotencyStore
    from engram.adapters.dynamodb.models import bind
    from engram.adapters.line_messaging import HttpLineMessenger
    from engram.line.turns import LineTurns

    held = container.extras.get("line_turns")
    if held is not None:
        return held  # type: ignore[no-any-return]
    s = container.settings
    from engram.adapters.line_dead_letters import LocalDeadLetters, SqsDeadLetters

    dead: DeadLetters = (
        SqsDeadLetters(s.line_dlq_url, s.aws_region)
        if s.line_dlq_url
        else container.extras.setdefault("line_dead_letters", LocalDeadLetters())
    )
    turns = LineTurns(
        channels=channels_for(s),
        conversation=container.conversation,
        closer=container.closer,
        messenger=HttpLineMessenger(
            s.line_api_base,
            s.line_data_api_base,
            attempts=s.line_http_attempts,
            timeout_s=s.line_http_timeout_s,
            max_wait_s=s.line_max_retry_wait_s,
        ),
        dead_letters=dead,
        markers=DynamoIdempotencyStore(bind(TableConfig.from_settings(s))),
        transcriber=container.extras.get("line_transcriber", transcriber_for(s)),
        settings=s,
        clock=container.clock,
        metrics=container.metrics,
    )
    container.extras["line_turns"] = turns
    return turns
