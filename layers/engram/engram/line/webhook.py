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
from engram.line.models import KNOWN, Event, WebhookBody, chat_id, line_user
from engram.line.ports import EventQueue
from engram.ports import IdempotencyStore
from engram.settings import Settings

logger = logging.getLogger(__name__)
EVENTS: TypeAdapter[Any] = TypeAdapter(Event)
DEDUP_SCOPE = "line-event"
MAX_PARALLEL_CHATS = 10
MAX_TRANSACTION_ITEMS = 100  # TransactWriteItems' limit (a LINE webhook carries fewer events)


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
        seen: set[str] = set()
        repeated = 0
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
            if event.webhook_event_id in seen:
                repeated += 1  # twice in one body: one turn
                continue
            seen.add(event.webhook_event_id)
            chats.setdefault(chat_id(event.source), []).append((raw, event))
        # One round trip claims the whole batch's markers (TransactWriteItems); then each chat's
        # events are queued in order (its FIFO group), different chats at once.
        events = [pair for pairs in chats.values() for pair in pairs]
        claims = [(self._owner(channel, event), DEDUP_SCOPE, event.webhook_event_id) for _, event in events]
        ttl, now = self.settings.line_event_dedup_ttl_s, self.clock.now()
        if len(claims) > 1 and len(claims) <= MAX_TRANSACTION_ITEMS:
            won = self.markers.claim_all(claims, "webhook", ttl, now)
        else:
            won = [self.markers.claim(*c, "webhook", ttl, now).state == "acquired" for c in claims]
        fresh = {event.webhook_event_id for (_, event), ok in zip(events, won, strict=True) if ok}
        duplicates = len(events) - len(fresh) + repeated
        todo = [[pair for pair in pairs if pair[1].webhook_event_id in fresh] for pairs in chats.values()]
        todo = [pairs for pairs in todo if pairs]
        if len(todo) <= 1:
            queued = sum(self._queue_chat(channel, pairs) for pairs in todo)
        else:
            with ThreadPoolExecutor(max_workers=min(len(todo), MAX_PARALLEL_CHATS)) as pool:
                queued = sum(pool.map(lambda pairs: self._queue_chat(channel, pairs), todo))
        return Accepted(queued, duplicates, ignored)

    @staticmethod
    def _owner(channel: LineChannel, event: Any) -> OwnerKey:
        return OwnerKey(channel.tenant, line_user(event.source))

    def _queue_chat(self, channel: LineChannel, events: list[tuple[dict[str, Any], Any]]) -> int:
        """Queue one chat's claimed events in order; a failure drops the markers of what was not
        queued, so LINE's redelivery (after our 5xx) is taken."""
        for n, (raw, event) in enumerate(events):
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
                for _, left in events[n:]:
                    self.markers.release(self._owner(channel, left), DEDUP_SCOPE, left.webhook_event_id, "webhook")
                raise
        return len(events)
