"""What the bot says when it does not run a turn, in the user's language (W2)."""

from __future__ import annotations

from engram.language.packs import DEFAULT_LANGUAGE, PACKS

# Each language pack's replies (language/<code>/replies.py), by language code.
ACK = {pack.code: pack.replies.ack for pack in PACKS}  # a sticker, an image, a file: seen, not understood
VOICE_NOT_CONFIGURED = {pack.code: pack.replies.voice_not_configured for pack in PACKS}
STILL_PROCESSING = {pack.code: pack.replies.still_processing for pack in PACKS}
WELCOME = {pack.code: pack.replies.welcome for pack in PACKS}


def say(phrases: dict[str, str], language: str) -> str:
    return phrases.get(language.split("-")[0].lower(), phrases[DEFAULT_LANGUAGE])


# W4: a LINE user's rights in the chat
ANONYMOUS_MEMBER = {pack.code: pack.replies.anonymous_member for pack in PACKS}
ERASE_CONFIRM = {pack.code: pack.replies.erase_confirm for pack in PACKS}
ERASE_STARTED = {pack.code: pack.replies.erase_started for pack in PACKS}
ERASE_CANCELLED = {pack.code: pack.replies.erase_cancelled for pack in PACKS}
ERASE_DONE = {pack.code: pack.replies.erase_done for pack in PACKS}
# Rich-menu / quick-reply buttons send these as postback data: the same as the words
ERASE_POSTBACK = "action=erase_my_data"
CONFIRM_POSTBACK = "action=erase_confirm"
_NOT_WORDS = str.maketrans("", "", " \t\r\n.,!?;:'\"。、，！？「」『』・…~〜")


def _plain(text: str) -> str:
    return text.lower().translate(_NOT_WORDS)


_ERASE = {_plain(w): pack.code for pack in PACKS for w in pack.replies.erase_words}
_CONFIRM = {_plain(w): pack.code for pack in PACKS for w in pack.replies.confirm_words}


def asks_erasure(text: str) -> str | None:
    """The language of a "delete my data" request (the whole message, or the postback), else None."""
    return "" if text == ERASE_POSTBACK else _ERASE.get(_plain(text)) if len(text) <= 64 else None


def confirms_erasure(text: str) -> str | None:
    """The language of a confirmation ("確認刪除", "confirm", the postback), else None."""
    return "" if text == CONFIRM_POSTBACK else _CONFIRM.get(_plain(text)) if len(text) <= 64 else None
