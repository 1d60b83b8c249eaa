"""W1 / D3: the webhook path. Verify the signature on the raw body before anything else, parse,
keep one turn per `webhookEventId` (a conditional write with TTL), enqueue each event on the
FIFO queue (group = channel + conversation, so a chat's events keep their order) and answer at
once: no model call, no retrieval here."""

from __future__ import annotations

import hashlib
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from engram.clock import Clock
from engram.domain.models import OwnerKey
from engram.errors import Unauthorized, ValidationFailed
from engram.line import signature
from engram.line.channels import Channels, LineChannel
from engram.line.models import KNOWN, Event, WebhookBody, chat_id
from engram.line.ports import EventQueue
from engram.ports import IdempotencyStore
from engram.settings import Settings

logger = logging.getLogger(__name__)
EVENTS: TypeAdapter[Any] = TypeAdapter(Event)
DEDUP_SCOPE = "line-event"
MAX_PARALLEL_CHATS = 10


@dataclass(frozen=True, slots=True)
class Accepted:
    queued: int = 0
    duplicates: int = 0
    ignored: int = 0


@dataclass
class LineWebhook:
    channels: Channels
    markers: IdempotencyStore
    queue: EventQueue
    settings: Settings
    clock: Clock

    def accept(self, channel_id: str, body: bytes, header: str | None) -> Accepted:
        channel = self.channels.get(channel_id)
        # an unknown channel answers exactly like a bad signature: nothing to probe
        if channel is None or not signature.valid(channel.channel_secret, body, header):
            raise Unauthorized("invalid LINE signature")
        try:
            parsed = WebhookBody.model_validate(json.loads(body))
        except (ValueError, ValidationError) as exc:
            raise ValidationFailed("the webhook body is not LINE's") from exc
        ignored = 0
        chats: dict[str, list[tuple[dict[str, Any], Any]]] = {}
        for raw in parsed.events:
            if raw.get("type") not in KNOWN or raw.get("mode", "active") != "active":
                ignored += 1  # other event types, standby mode: nothing to do
                continue
            try:
                event = EVENTS.validate_python(raw)
            except ValidationError:
                ignored += 1
                logger.warning("LINE event not understood", extra={"type": str(raw.get("type"))})
                continue
            chats.setdefault(chat_id(event.source), []).append((raw, event))
        # Each chat's events in order (its FIFO group); different chats at once, so a batch costs
        # about one marker write and one send, not one per event.
        if len(chats) <= 1:
            results = [self._queue_chat(channel, events) for events in chats.values()]
        else:
            with ThreadPoolExecutor(max_workers=min(len(chats), MAX_PARALLEL_CHATS)) as pool:
                results = list(pool.map(lambda events: self._queue_chat(channel, events), chats.values()))
        return Accepted(sum(q for q, _ in results), sum(d for _, d in results), ignored)

    def _queue_chat(self, channel: LineChannel, events: list[tuple[dict[str, Any], Any]]) -> tuple[int, int]:
        queued = duplicates = 0
        for raw, event in events:
            owner = OwnerKey(channel.tenant, event.source.user_id or chat_id(event.source))
            now = self.clock.now()
            claim = self.markers.claim(
                owner, DEDUP_SCOPE, event.webhook_event_id, "webhook", self.settings.line_event_dedup_ttl_s, now
            )
            if claim.state != "acquired":
                duplicates += 1  # LINE redelivered it (or sent it twice): one turn per event
                continue
            conversation = f"{channel.id}|{chat_id(event.source)}"
            try:
                self.queue.submit(
                    {
                        "kind": "line_event",
                        "channel": channel.id,
                        "event": raw,
                        "group": hashlib.sha256(conversation.encode()).hexdigest()[:64],
                        "dedup": hashlib.sha256(f"{channel.id}|{event.webhook_event_id}".encode()).hexdigest()[:64],
                    }
                )
            except Exception:
                # not queued: drop the marker so LINE's redelivery (after our 5xx) is taken
                self.markers.release(owner, DEDUP_SCOPE, event.webhook_event_id, "webhook")
                raise
            queued += 1
        return queued, duplicates
