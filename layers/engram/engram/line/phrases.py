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
