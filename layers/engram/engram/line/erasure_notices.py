"""W4: a LINE user who asked the chat to delete their data hears the receipt's summary when the
erasure completes — from whichever run completes it (the chat's worker locally, the erasure
function deployed): a push in the language they asked in, once (its retry key is the request's).
A chat's request says where it came from in `requested_by`: "line:{channel}|{language}"."""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass

from engram.kernel.ids import LINE_NAMESPACE, LINE_USER_ID
from engram.kernel.ports import MetricsSink
from engram.line import phrases
from engram.line.channels import Channels
from engram.line.ports import LineMessenger
from engram.privacy.models import ErasureRequest

logger = logging.getLogger(__name__)
ASKED_IN_CHAT = "line:"


def requested_by(channel_id: str, language: str) -> str:
    return f"{ASKED_IN_CHAT}{channel_id}|{language}"


@dataclass
class ErasureNotices:
    channels: Channels
    messenger: LineMessenger
    metrics: MetricsSink

    def completed(self, request: ErasureRequest) -> None:
        user = request.user_id or ""
        if not request.requested_by.startswith(ASKED_IN_CHAT) or not LINE_USER_ID.fullmatch(user):
            return  # asked through the API, or by an unfollow (the user left: nobody to tell)
        channel_id, _, language = request.requested_by[len(ASKED_IN_CHAT) :].partition("|")
        channel = self.channels.get(channel_id)
        if channel is None:
            return
        tallies = request.tallies.values()
        text = phrases.say(phrases.ERASE_DONE, language or channel.language).format(
            request_id=request.request_id,
            deleted=sum(t.deleted for t in tallies),
            anonymized=sum(t.anonymized for t in tallies),
        )
        retry_key = str(uuid.uuid5(uuid.NAMESPACE_URL, f"line-erasure:{request.request_id}"))
        self.messenger.push(channel.access_token, user[len(LINE_NAMESPACE) :], [text], retry_key)
        self.metrics.put("line_erasure_receipt_sent")
