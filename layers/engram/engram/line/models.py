"""Typed LINE webhook events (the subset Engram acts on; unknown types are accepted and ignored).

https://developers.line.biz/en/reference/messaging-api/#webhook-event-objects — every event
has `type`, `mode`, `timestamp`, `source`, `webhookEventId` and `deliveryContext.isRedelivery`;
message, follow and postback events carry a `replyToken`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engram.kernel.ids import LINE_NAMESPACE

# LINE's id formats (developers.line.biz, "Get user IDs" and the FAQ): U / C / R and 32 lowercase
# hex digits. Anchored for pydantic's regex engine, whose "$" is the end of the text (no "\n").
USER_ID = r"^U[0-9a-f]{32}$"
GROUP_ID = r"^C[0-9a-f]{32}$"
ROOM_ID = r"^R[0-9a-f]{32}$"


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True, frozen=True)


class UserSource(_Model):
    type: Literal["user"]
    user_id: str = Field(alias="userId", pattern=USER_ID)


class GroupSource(_Model):
    type: Literal["group"]
    group_id: str = Field(alias="groupId", pattern=GROUP_ID)
    user_id: str | None = Field(default=None, alias="userId", pattern=USER_ID)  # absent: a member who hides it


class RoomSource(_Model):
    type: Literal["room"]
    room_id: str = Field(alias="roomId", pattern=ROOM_ID)
    user_id: str | None = Field(default=None, alias="userId", pattern=USER_ID)


Source = Annotated[UserSource | GroupSource | RoomSource, Field(discriminator="type")]


class DeliveryContext(_Model):
    is_redelivery: bool = Field(default=False, alias="isRedelivery")


class TextMessage(_Model):
    type: Literal["text"]
    id: str
    text: str = Field(max_length=5_000)


class AudioMessage(_Model):
    type: Literal["audio"]
    id: str
    duration: int | None = None


class ImageMessage(_Model):
    type: Literal["image"]
    id: str


class StickerMessage(_Model):
    type: Literal["sticker"]
    id: str
    package_id: str | None = Field(default=None, alias="packageId")
    sticker_id: str | None = Field(default=None, alias="stickerId")


class OtherMessage(_Model):
    """video, file, location, …: acknowledged like an image."""

    type: Literal["video", "file", "location"]
    id: str


Message = Annotated[
    TextMessage | AudioMessage | ImageMessage | StickerMessage | OtherMessage, Field(discriminator="type")
]


class _Event(_Model):
    mode: str = "active"
    timestamp: int
    source: Source
    webhook_event_id: str = Field(alias="webhookEventId", min_length=1, max_length=64)
    delivery_context: DeliveryContext = Field(default_factory=DeliveryContext, alias="deliveryContext")


class MessageEvent(_Event):
    type: Literal["message"]
    reply_token: str | None = Field(default=None, alias="replyToken")
    message: Message


class FollowEvent(_Event):
    type: Literal["follow"]
    reply_token: str | None = Field(default=None, alias="replyToken")


class UnfollowEvent(_Event):
    type: Literal["unfollow"]


class Postback(_Model):
    data: str = Field(max_length=300)


class PostbackEvent(_Event):
    type: Literal["postback"]
    reply_token: str | None = Field(default=None, alias="replyToken")
    postback: Postback


class Unsend(_Model):
    message_id: str = Field(alias="messageId", min_length=1, max_length=64)


class UnsendEvent(_Event):
    """The user withdrew a message (LINE asks bots to honour it): its round and what came of it go."""

    type: Literal["unsend"]
    unsend: Unsend


Event = Annotated[MessageEvent | FollowEvent | UnfollowEvent | PostbackEvent | UnsendEvent, Field(discriminator="type")]
KNOWN = frozenset({"message", "follow", "unfollow", "postback", "unsend"})


class WebhookBody(_Model):
    destination: str = ""
    events: list[dict[str, Any]] = Field(default_factory=list, max_length=100)


def line_user(source: UserSource | GroupSource | RoomSource) -> str | None:
    """Whose memory an event is: the LINE user it is from, in LINE's namespace ("line:U…", never
    an id an API caller or the service could hold). None: a group or room member who hides their
    id — nobody's memory (no turn is stored, nothing is recalled)."""
    return f"{LINE_NAMESPACE}{source.user_id}" if source.user_id else None


def conversation_of(source: UserSource | GroupSource | RoomSource) -> str:
    """A session id per conversation: the 1:1 chat, or the group / room (its own session)."""
    if isinstance(source, GroupSource):
        return f"line-group-{source.group_id}"
    if isinstance(source, RoomSource):
        return f"line-room-{source.room_id}"
    return "line"


def chat_id(source: UserSource | GroupSource | RoomSource) -> str:
    """Where a push goes: the user, or the group / room."""
    if isinstance(source, GroupSource):
        return source.group_id
    if isinstance(source, RoomSource):
        return source.room_id
    return source.user_id


@dataclass(frozen=True, slots=True)
class UnfollowErasure:
    """W4: an unfollow's erasure, due after the channel's grace unless the user follows again."""

    tenant_id: str
    user_id: str  # line:U…
    channel_id: str
    due_at: float
