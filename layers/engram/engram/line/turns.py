"""W2 / D2: a queued LINE event becomes a turn and a reply.

Text (and a postback's data) runs a turn through the same conversation service as the API
(gate, retrieval, reply, append, post-turn work), in the session of that chat: the 1:1 chat, or
the group / room, each its own session, while long-term memory stays the LINE user's. The reply
goes out with the event's reply token; an expired or used token falls back to a push (with a
retry key, so a retried push arrives once). 429 and 5xx are retried inside the messenger
(Retry-After honoured); what still fails goes to the dead-letter queue with the job, ready to
replay. A voice message is transcribed once per message id (the audio lock) and answered like
text; without a speech-to-text model the user hears so, politely. A sticker or an image gets
an acknowledgement; follow greets; unfollow ends the session (its memory is made) and, on a
channel with `erase_after_unfollow_s`, schedules the user's erasure after that grace (a follow
within it cancels; line/unfollow.py starts the due ones).

W4: a LINE user is "line:U…" in the channel's tenant. "Delete my data" (the words in the user's
language, or the postback) asks to confirm; a confirmation within `line_erasure_confirm_s` runs
the privacy feature's erasure and answers with the receipt's summary; anything else cancels. A
group or room member whose id LINE hides is nobody's memory: told so, nothing is stored."""

from __future__ import annotations

import contextlib
import logging
import uuid
from dataclasses import dataclass
from typing import Any

from engram.conversation.ports import IdempotencyStore
from engram.kernel.clock import Clock
from engram.kernel.errors import EngramError, NotFound
from engram.kernel.keys import SessionKey
from engram.kernel.ports import MetricsSink
from engram.language.analysis import detect_language
from engram.line import phrases
from engram.line.channels import Channels, LineChannel
from engram.line.erasure_notices import requested_by
from engram.line.models import (
    AudioMessage,
    FollowEvent,
    MessageEvent,
    PostbackEvent,
    TextMessage,
    UnfollowErasure,
    UnfollowEvent,
    UnsendEvent,
    UserSource,
    chat_id,
    conversation_of,
    line_user,
)
from engram.line.ports import (
    ChatErasure,
    DeadLetters,
    LineConversation,
    LineMessenger,
    LineUnavailable,
    ReplyTokenInvalid,
    SessionEnder,
    Transcriber,
    UnfollowErasures,
    VoiceNotConfigured,
)
from engram.line.unsend import UnsendRounds
from engram.line.webhook import EVENTS, channel_owner
from engram.settings import Settings

logger = logging.getLogger(__name__)
MAX_TEXT = 5_000  # characters per LINE text message
MAX_MESSAGES = 5  # messages per reply
REPLY_SCOPE = "line-reply"
VOICE_SCOPE = "line-voice"
ERASURE_SCOPE = "line-erasure"  # a "delete my data" waiting for its confirmation (per user and channel)


def line_messages(text: str) -> list[str]:
    """A reply cut to LINE's limits: at most 5 messages of at most 5,000 characters, cut at a
    line or sentence end where one is near; what does not fit ends with an ellipsis."""
    parts: list[str] = []
    rest = text.strip() or "…"
    while rest and len(parts) < MAX_MESSAGES:
        if len(rest) <= MAX_TEXT:
            parts.append(rest)
            rest = ""
            break
        cut = max(rest.rfind(sep, MAX_TEXT // 2, MAX_TEXT) for sep in ("\n", "。", ". ", "！", "？", "! ", "? "))
        cut = cut + 1 if cut > 0 else MAX_TEXT
        parts.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        parts[-1] = parts[-1][: MAX_TEXT - 1] + "…"
    return parts


@dataclass
class LineTurns:
    channels: Channels
    conversation: LineConversation
    closer: SessionEnder
    messenger: LineMessenger
    dead_letters: DeadLetters
    markers: IdempotencyStore
    transcriber: Transcriber | None
    settings: Settings
    clock: Clock
    metrics: MetricsSink
    erasure: ChatErasure | None = None
    unfollows: UnfollowErasures | None = None
    unsend: UnsendRounds | None = None

    def handle(self, job: dict[str, Any]) -> None:
        kept: list[str] | None = None
        if "event" not in job and isinstance(job.get("job"), dict):
            # a dead letter moved back to the queue (SQS redrive, docs/deploy.md): the job it kept,
            # and the reply that could not be sent, sent as it was (the turn is not run again)
            job = dict(job["job"])
            reply = job.pop("reply", None)
            kept = [str(t) for t in reply] if isinstance(reply, list) else None
        channel = self.channels.get(str(job.get("channel")))
        if channel is None:
            self.dead_letters.send(job, "unknown channel")
            return
        event = EVENTS.validate_python(job["event"])
        if kept is not None:
            self._send(job, channel, event, kept)
            return
        user = line_user(event.source)
        if user is None:  # a member who hides their id: no memory to keep it in, no one's to use
            if isinstance(event, (MessageEvent, PostbackEvent)):
                self.metrics.put("line_anonymous_member")
                self._send(job, channel, event, [phrases.say(phrases.ANONYMOUS_MEMBER, channel.language)])
            return
        key = SessionKey(channel.tenant, user, channel.persona, conversation_of(event.source))
        if isinstance(event, (PostbackEvent, MessageEvent)) and self._rights(job, channel, event, key):
            return
        if isinstance(event, UnsendEvent):
            if self.unsend is not None:  # no reply: the message is gone from the chat already
                self.unsend.withdraw(key, event.unsend.message_id)
            return
        if isinstance(event, UnfollowEvent):
            self._unfollow(key, channel)
        elif isinstance(event, FollowEvent):
            if self.unfollows is not None and self.unfollows.cancel(channel.id, user):
                self.metrics.put("line_unfollow_erasure_cancelled")  # back within the grace: nothing goes
            self._send(job, channel, event, [phrases.say(phrases.WELCOME, channel.language)])
        elif isinstance(event, PostbackEvent):
            self._turn(job, channel, event, key, event.postback.data)
        elif isinstance(event, MessageEvent) and isinstance(event.message, TextMessage):
            # keyed by the message id: a redelivery is the same turn, and an unsend finds its round
            self._turn(job, channel, event, key, event.message.text, f"line-msg-{event.message.id}")
        elif isinstance(event, MessageEvent) and isinstance(event.message, AudioMessage):
            self._voice(job, channel, event, key, event.message)
        elif isinstance(event, MessageEvent):
            self._send(job, channel, event, [phrases.say(phrases.ACK, self._language(key, channel))])

    # --- turns ----------------------------------------------------------------------------
    def _turn(
        self,
        job: dict[str, Any],
        channel: LineChannel,
        event: Any,
        key: SessionKey,
        text: str,
        idempotency_key: str | None = None,
        before: list[str] | None = None,
    ) -> None:
        self._loading(channel, event)
        # the event keys the turn: a redelivered job gets the first answer, never a second turn
        answer = self.conversation.chat(
            key, text, idempotency_key=idempotency_key or f"line-{channel.id}-{event.webhook_event_id}"
        )
        texts = line_messages(str(answer.get("reply", "")))
        self._send(job, channel, event, [*(before or []), *texts][:MAX_MESSAGES])

    # --- the user's rights (W4) -------------------------------------------------------------
    def _rights(self, job: dict[str, Any], channel: LineChannel, event: Any, key: SessionKey) -> bool:
        """A "delete my data" request or its confirmation: True when that was the event (no turn)."""
        if self.erasure is None:
            return False
        if isinstance(event, PostbackEvent):
            text = event.postback.data
        elif isinstance(event.message, TextMessage):
            text = event.message.text
        else:
            text = ""
        owner, now, ttl = key.owner, self.clock.now(), float(self.settings.line_erasure_confirm_s)
        # the user's waiting request, if any, is the result of one marker per user and channel;
        # whoever holds the marker (its holder is in the result) overwrites it, so it is closed
        # by replacing its result, and a closed or expired one is taken again
        fresh = f"erase-{uuid.uuid4().hex[:8]}"
        marker = self.markers.claim(owner, ERASURE_SCOPE, channel.id, fresh, ttl, now)
        holder = fresh if marker.state == "acquired" else str((marker.result or {}).get("holder") or "") or None
        pending = marker.result if marker.state == "completed" and marker.result and "token" in marker.result else None
        if pending is not None and holder is not None:
            self.markers.complete(owner, ERASURE_SCOPE, channel.id, holder, {"holder": holder}, ttl, now)
            language = str(pending.get("language") or channel.language)
            if phrases.confirms_erasure(text) is not None:
                self._send(job, channel, event, [phrases.say(phrases.ERASE_STARTED, language)])
                # the run that completes it pushes the receipt's summary (line/erasure_notices.py)
                self.erasure.confirm(owner, str(pending["request_id"]), str(pending["token"]))
                self.metrics.put("line_erasure_confirmed")
                return True
            self.metrics.put("line_erasure_cancelled")  # anything else cancels, then is answered
            cancelled = [phrases.say(phrases.ERASE_CANCELLED, language)]
            if isinstance(event, MessageEvent) and isinstance(event.message, TextMessage):
                self._turn(job, channel, event, key, text, f"line-msg-{event.message.id}", cancelled)
            else:
                self._send(job, channel, event, cancelled)
            return True
        asked = phrases.asks_erasure(text)
        if asked is None or holder is None:
            if marker.state == "acquired":
                self.markers.release(owner, ERASURE_SCOPE, channel.id, fresh)  # nothing to wait for
            return False
        language = asked or self._language(key, channel)
        request_id, token = self.erasure.request(owner, requested_by(channel.id, language))
        waiting = {"request_id": request_id, "token": token, "language": language, "holder": holder}
        self.markers.complete(owner, ERASURE_SCOPE, channel.id, holder, waiting, ttl, now)
        self.metrics.put("line_erasure_requested")
        minutes = max(1, self.settings.line_erasure_confirm_s // 60)
        self._send(job, channel, event, [phrases.say(phrases.ERASE_CONFIRM, language).format(minutes=minutes)])
        return True

    def _voice(
        self, job: dict[str, Any], channel: LineChannel, event: Any, key: SessionKey, audio: AudioMessage
    ) -> None:
        language = self._language(key, channel)
        if self.transcriber is None:
            self._send(job, channel, event, [phrases.say(phrases.VOICE_NOT_CONFIGURED, language)])
            return
        owner, holder, now = key.owner, f"voice-{uuid.uuid4().hex[:8]}", self.clock.now()
        claim = self.markers.claim(owner, VOICE_SCOPE, audio.id, holder, self.settings.audio_lock_ttl_s, now)
        if claim.state == "completed" and claim.result:
            self._send(job, channel, event, line_messages(str(claim.result.get("reply", ""))))
            return
        if claim.state != "acquired":
            self._send(job, channel, event, [phrases.say(phrases.STILL_PROCESSING, language)])
            return
        try:
            self._loading(channel, event)
            text = self.transcriber.transcribe(self.messenger.content(channel.access_token, audio.id), "audio.m4a")
            answer = self.conversation.chat(key, text, audio_id=f"line-{audio.id}")
        except VoiceNotConfigured:
            self.markers.release(owner, VOICE_SCOPE, audio.id, holder)
            self._send(job, channel, event, [phrases.say(phrases.VOICE_NOT_CONFIGURED, language)])
            return
        except Exception:
            self.markers.release(owner, VOICE_SCOPE, audio.id, holder)  # the queue retries it
            raise
        reply = str(answer.get("reply", ""))
        self.markers.complete(
            owner, VOICE_SCOPE, audio.id, holder, {"reply": reply}, self.settings.line_event_dedup_ttl_s, now
        )
        self.metrics.put("line_voice_transcribed")
        self._send(job, channel, event, line_messages(reply))

    def _unfollow(self, key: SessionKey, channel: LineChannel) -> None:
        with contextlib.suppress(NotFound):  # no open session: nothing to end
            self.closer.end(key, reason="unfollow")  # its session memory is made
        grace = channel.erase_after_unfollow_s
        if grace is not None and self.unfollows is not None:  # the channel erases who leaves, after a grace
            due = self.clock.now() + grace
            self.unfollows.schedule(UnfollowErasure(key.tenant_id, key.user_id, channel.id, due))
            self.metrics.put("line_unfollow_erasure_scheduled")

    # --- replies --------------------------------------------------------------------------
    def _send(self, job: dict[str, Any], channel: LineChannel, event: Any, texts: list[str]) -> None:
        owner = channel_owner(channel)  # the channel's: a user's erasure never refuses its last reply
        now, holder = self.clock.now(), f"reply-{uuid.uuid4().hex[:8]}"
        claim = self.markers.claim(owner, REPLY_SCOPE, event.webhook_event_id, holder, 120.0, now)
        if claim.state != "acquired":
            return  # sent already (a retried job), or being sent by the run that holds it
        retry_key = str(uuid.uuid5(uuid.NAMESPACE_URL, f"line:{channel.id}:{event.webhook_event_id}"))
        try:
            token = getattr(event, "reply_token", None)
            try:
                if not token:
                    raise ReplyTokenInvalid("no reply token")
                self.messenger.reply(channel.access_token, token, texts)
                self.metrics.put("line_replied")
            except ReplyTokenInvalid:
                self.messenger.push(channel.access_token, chat_id(event.source), texts, retry_key)
                self.metrics.put("line_pushed")
        except (LineUnavailable, EngramError) as exc:
            self.markers.release(owner, REPLY_SCOPE, event.webhook_event_id, holder)
            self.dead_letters.send({**job, "reply": texts}, f"{type(exc).__name__}: {exc.message}")
            self.metrics.put("line_dead_lettered")
            logger.warning("LINE reply failed: dead-lettered", extra={"cause": type(exc).__name__})
            return
        self.markers.complete(owner, REPLY_SCOPE, event.webhook_event_id, holder, {"sent": len(texts)}, 86_400.0, now)

    def _loading(self, channel: LineChannel, event: Any) -> None:
        """The loading animation in a 1:1 chat while the turn runs (groups have none); best effort."""
        if isinstance(event.source, UserSource):
            try:
                self.messenger.loading(channel.access_token, event.source.user_id, self.settings.line_loading_s)
            except EngramError:
                logger.info("LINE loading animation not shown")

    def _language(self, key: SessionKey, channel: LineChannel) -> str:
        """The user's language: of their last words in this chat, else the channel's."""
        snapshot = self.conversation.store.load(key, 1, self.clock.now())
        if snapshot.recent:
            found = detect_language(snapshot.recent[-1].user_text)
            if found != "und":
                return found
        return channel.language
