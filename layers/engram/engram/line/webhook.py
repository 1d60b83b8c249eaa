"""W1 / D3 / W4: the webhook path. Verify the signature on the raw body before anything else,
refuse a body nested deeper than `max_json_depth` (400, never the parser's RecursionError),
parse, validate LINE's ids, drop events older than `line_event_max_age_s` (acknowledged, counted
as `line_event_stale`), keep one turn per channel + `webhookEventId` (a conditional write with
TTL), enqueue each event on the FIFO queue (group = channel + conversation, so a chat's events
keep their order) and answer at once: no model call, no retrieval here."""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from engram.conversation.ports import IdempotencyStore
from engram.kernel.clock import Clock
from engram.kernel.errors import StoreUnavailable, Unauthorized, ValidationFailed
from engram.kernel.json_depth import json_depth_exceeds
from engram.kernel.keys import OwnerKey
from engram.kernel.ports import MetricsSink
from engram.line import signature
from engram.line.channels import Channels, LineChannel
from engram.line.models import KNOWN, Event, WebhookBody, chat_id
from engram.line.ports import EventQueue
from engram.settings import Settings

logger = logging.getLogger(__name__)
EVENTS: TypeAdapter[Any] = TypeAdapter(Event)
DEDUP_SCOPE = "line-event"
MAX_TRANSACTION_ITEMS = 100  # TransactWriteItems' limit (a LINE webhook carries fewer events)


def channel_owner(channel: LineChannel) -> OwnerKey:
    """Where a channel's own markers live (event dedup, replies sent): one partition per channel,
    a reserved id no user can hold, so dedup is per channel + webhookEventId whoever sent it."""
    return OwnerKey(channel.tenant, f"_line-channel:{channel.id}")


class BodyTooDeep(ValidationFailed):
    code = "JSON_TOO_DEEP"


class QueueUnavailable(StoreUnavailable):
    """Some events were not queued (their markers are released): 503, and LINE redelivers."""


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
    metrics: MetricsSink

    def accept(self, channel_id: str, body: bytes, header: str | None) -> Accepted:
        channel = self.channels.get(channel_id)
        # an unknown channel answers exactly like a bad signature: nothing to probe
        if channel is None or not signature.valid(channel.channel_secret, body, header):
            raise Unauthorized("invalid LINE signature")
        try:
            text = body.decode("utf-8")
            if json_depth_exceeds(text, self.settings.max_json_depth):
                raise BodyTooDeep(f"the webhook body nests deeper than {self.settings.max_json_depth} levels")
            parsed = WebhookBody.model_validate(json.loads(text))
        except (ValueError, ValidationError, RecursionError) as exc:  # UnicodeError is a ValueError
            if isinstance(exc, BodyTooDeep):
                raise
            raise ValidationFailed("the webhook body is not LINE's") from exc
        ignored = 0
        oldest = (self.clock.now() - self.settings.line_event_max_age_s) * 1000
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
                ignored += 1  # an id not of LINE's format is not LINE's event: never a memory
                logger.warning("LINE event not understood", extra={"type": str(raw.get("type"))})
                self.metrics.put("line_event_invalid")
                continue
            if event.timestamp < oldest:
                ignored += 1  # a stale event (a late redelivery, a replay): acknowledged, not acted on
                self.metrics.put("line_event_stale")
                continue
            if event.webhook_event_id in seen:
                repeated += 1  # twice in one body: one turn
                continue
            seen.add(event.webhook_event_id)
            chats.setdefault(chat_id(event.source), []).append((raw, event))
        # One round trip claims the whole batch's markers (TransactWriteItems), one more queues
        # them (SendMessageBatch) when each chat has one event; a chat's later events follow in
        # order, one request per position.
        events = [pair for pairs in chats.values() for pair in pairs]
        claims = [(channel_owner(channel), DEDUP_SCOPE, event.webhook_event_id) for _, event in events]
        ttl, now = self.settings.line_event_dedup_ttl_s, self.clock.now()
        if len(claims) > 1 and len(claims) <= MAX_TRANSACTION_ITEMS:
            won = self.markers.claim_all(claims, "webhook", ttl, now)
        else:
            won = [self.markers.claim(*c, "webhook", ttl, now).state == "acquired" for c in claims]
        fresh = {event.webhook_event_id for (_, event), ok in zip(events, won, strict=True) if ok}
        duplicates = len(events) - len(fresh) + repeated
        todo = [[pair for pair in pairs if pair[1].webhook_event_id in fresh] for pairs in chats.values()]
        queued = self._queue([pairs for pairs in todo if pairs], channel)
        return Accepted(queued, duplicates, ignored)

    def _queue(self, chats: list[list[tuple[dict[str, Any], Any]]], channel: LineChannel) -> int:
        """Queue the claimed events in rounds: the first event of every chat in one request (SQS
        SendMessageBatch; a usual webhook, one event per chat, is one call), then each chat's
        next event once its previous one is stored, so a chat's order never depends on how a
        batch fails. A chat whose event was not taken stops there: that event and the rest of
        the chat drop their markers, so LINE's redelivery (after our 5xx) is taken, in order."""
        pending = [list(pairs) for pairs in chats if pairs]
        queued, left = 0, []
        while pending:
            heads = [pairs.pop(0) for pairs in pending]
            done = self.queue.submit_all([self._job(channel, raw, event) for raw, event in heads])
            queued += sum(done)
            still: list[list[tuple[dict[str, Any], Any]]] = []
            for (_, event), ok, rest in zip(heads, done, pending, strict=True):
                if not ok:
                    left += [event, *(e for _, e in rest)]
                elif rest:
                    still.append(rest)
            pending = still
        for event in left:
            self.markers.release(channel_owner(channel), DEDUP_SCOPE, event.webhook_event_id, "webhook")
        if left:
            raise QueueUnavailable("the LINE event queue did not take every event; LINE will redeliver")
        return queued

    @staticmethod
    def _job(channel: LineChannel, raw: dict[str, Any], event: Any) -> dict[str, Any]:
        conversation = f"{channel.id}|{chat_id(event.source)}"
        return {
            "kind": "line_event",
            "channel": channel.id,
            "event": raw,
            "group": hashlib.sha256(conversation.encode()).hexdigest()[:64],
            "dedup": hashlib.sha256(f"{channel.id}|{event.webhook_event_id}".encode()).hexdigest()[:64],
        }
