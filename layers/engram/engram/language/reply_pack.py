"""The shape of one language's fixed replies: what the bot says without a language model.

`line/phrases.py` answers a LINE event it does not run a turn for (a sticker, a voice
message with no transcriber, a new friend); `adapters/local_models/responder.py` (the
no-key local responder) answers a question from a remembered fact. Each looks the
user's language up in the registry and falls back to the default language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ReplyPack:
    ack: str  # a sticker, an image, a file: seen, not understood
    voice_not_configured: str  # a voice message and no speech recognition set up
    still_processing: str  # a voice message while the previous one is still being transcribed
    welcome: str  # the user added the bot as a friend
    from_pinned: str  # an answer from a pinned core fact; "{fact}" is the fact
    from_memory: str  # an answer from a retrieved memory; "{fact}" is the fact
    nothing_remembered: str  # a question no fact answers
    you_said: str  # the local responder echoes a statement; "{text}" is what the user said
    i_remember: str  # ... and the facts it remembers beside it; "{facts}" is the list
    earlier_rounds: str  # how many earlier rounds were in the prompt; "{count}"
    list_separator: str  # between the facts of i_remember
    # W4: a LINE user's rights in the chat
    anonymous_member: str  # a group member whose LINE id is hidden: nothing is remembered of them
    erase_confirm: str  # "delete my data" heard; "{minutes}": how long the confirmation waits
    erase_started: str  # confirmed: the erasure runs; the receipt's summary follows
    erase_cancelled: str  # anything but a confirmation: nothing is deleted
    erase_done: str  # the receipt's summary: "{deleted}", "{anonymized}", "{request_id}"
    erase_words: tuple[str, ...]  # what asks to delete one's data (the whole message, unpunctuated)
    confirm_words: tuple[str, ...]  # what confirms it
    # (pattern, replacement): the first that finds the fact's start turns it to the user ("User's" -> "your")
    fact_to_user: tuple[tuple[re.Pattern[str], str], ...] = ()
