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
    # (pattern, replacement): the first that finds the fact's start turns it to the user ("User's" -> "your")
    fact_to_user: tuple[tuple[re.Pattern[str], str], ...] = ()
