"""Typed LINE webhook events (the subset Engram acts on; unknown types are accepted and ignored).

https://developers.line.biz/en/reference/messaging-api/#webhook-event-objects — every event
has `type`, `mode`, `timestamp`, `source`, `webhookEventId` and `deliveryContext.isRedelivery`;
message, follow and postback events carry a `replyToken`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True, frozen=True)


class UserSource(_Model):
    type: Literal["user"]
    user_id: str = Field(alias="userId", min_length=1, max_length=64)


class GroupSource(_Model):
    type: Literal["group"]
    group_id: str = Field(alias="groupId", min_length=1, max_length=64)
    user_id: str | None = Field(default=None, alias="userId", max_length=64)


class RoomSource(_Model):
    type: Literal["room"]
    room_id: str = Field(alias="roomId", min_length=1, max_length=64)
    user_id: str | None = Field(default=None, alias="userId", max_length=64)


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


Event = Annotated[MessageEvent | FollowEvent | UnfollowEvent | PostbackEvent, Field(discriminator="type")]
KNOWN = frozenset({"message", "follow", "unfollow", "postback"})


class WebhookBody(_Model):
    destination: str = ""
    events: list[dict[str, Any]] = Field(default_factory=list, max_length=100)


def line_user(source: UserSource | GroupSource | RoomSource) -> str:
    """Whose memory an event is: the LINE user it is from; a group member who hides their id is
    the group (or room)."""
    return source.user_id or chat_id(source)


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
