"""What the LINE channel needs from the outside: the Messaging API, the event queue, the
dead-letter queue, a speech-to-text model."""

from __future__ import annotations

from typing import Any, Protocol

from engram.conversation.ports import ConversationStore
from engram.kernel.errors import EngramError
from engram.kernel.keys import OwnerKey, SessionKey
from engram.line.models import UnfollowErasure


class ReplyTokenInvalid(EngramError):
    """The reply token expired or was used (LINE answers 400 "Invalid reply token"): push instead."""

    code = "LINE_REPLY_TOKEN_INVALID"
    status = 400


class LineUnavailable(EngramError):
    """The Messaging API kept failing (429 / 5xx after every retry) or refused the request."""

    code = "LINE_UNAVAILABLE"
    status = 503


class VoiceNotConfigured(EngramError):
    code = "VOICE_NOT_CONFIGURED"
    status = 501


class LineMessenger(Protocol):
    def reply(self, access_token: str, reply_token: str, texts: list[str]) -> None: ...

    def push(self, access_token: str, to: str, texts: list[str], retry_key: str) -> None:
        """`retry_key` (X-Line-Retry-Key): a retried push is delivered once."""
        ...

    def loading(self, access_token: str, user_id: str, seconds: int) -> None: ...

    def content(self, access_token: str, message_id: str) -> bytes: ...


class EventQueue(Protocol):
    def submit(self, job: dict[str, Any]) -> None:
        """FIFO: job["group"] is the message group, job["dedup"] the deduplication id."""
        ...

    def submit_all(self, jobs: list[dict[str, Any]]) -> list[bool]:
        """Several jobs in as few requests as the queue allows (SQS: one batch of 10); whether
        each was queued. A group's jobs keep their order."""
        ...


class DeadLetters(Protocol):
    def send(self, job: dict[str, Any], reason: str) -> None:
        """Keep a job that cannot be done, with what is needed to replay it."""
        ...


class Transcriber(Protocol):
    def transcribe(self, audio: bytes, filename: str) -> str:
        """Speech to text; VoiceNotConfigured when no model is configured."""
        ...


class LineConversation(Protocol):
    """The conversation core as a LINE turn uses it (engram.conversation's ConversationService)."""

    store: ConversationStore  # the chat's last words tell the user's language

    def chat(
        self,
        key: SessionKey,
        text: str,
        idempotency_key: str | None = None,
        audio_id: str | None = None,
        is_final: bool = True,
        part: int | None = None,
    ) -> dict[str, Any]: ...


class SessionEnder(Protocol):
    """Ends a chat's session run (engram.conversation's SessionCloser): on unfollow."""

    def end(self, key: SessionKey, reason: str = "end", plan: str | None = None) -> object: ...


class ChatErasure(Protocol):
    """The privacy feature's erasure (P1) as a chat asks for it: the same requests, fence, job
    and receipts as the API's (engram.privacy's ErasureService and ErasureJob)."""

    def request(self, owner: OwnerKey, requested_by: str) -> tuple[str, str]:
        """A pending whole-user erasure: (request id, confirmation token)."""
        ...

    def confirm(self, owner: OwnerKey, request_id: str, token: str) -> None:
        """Confirm it and start the erasure job (the run that completes it tells the user)."""
        ...

    def start(self, owner: OwnerKey, requested_by: str) -> str:
        """A whole-user erasure requested and confirmed at once (an unfollow's, after its grace):
        its request id; the erasure job runs it."""
        ...


class UnfollowErasures(Protocol):
    """Erasures an unfollow scheduled (W4): kept until due, cancelled by a re-follow."""

    def schedule(self, item: UnfollowErasure) -> None: ...

    def cancel(self, channel_id: str, user_id: str) -> bool: ...

    def due(self, now: float, limit: int) -> list[UnfollowErasure]: ...

    def done(self, item: UnfollowErasure) -> None: ...


class RoundMemories(Protocol):
    """Long-term memory made of one round (engram.memory's withdrawal): forgotten with it."""

    def forget_round(self, owner: OwnerKey, persona_id: str, round_memory_id: str, turn_ref: str) -> list[str]:
        """Delete the round's memory and every memory whose sources name it; their ids."""
        ...
