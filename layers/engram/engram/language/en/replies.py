"""English fixed replies: LINE events that run no turn, the local responder's answers."""

from __future__ import annotations

import re

from engram.language.reply_pack import ReplyPack

REPLIES = ReplyPack(
    ack="Got it, thank you! For now I can only understand text and voice messages. Could you tell me in words?",
    voice_not_configured=(
        "Sorry, voice recognition is not set up for this service yet, so I can't listen to voice messages. "
        "Could you type it instead?"
    ),
    still_processing="I'm still listening to your voice message, one moment please.",
    welcome="Thanks for adding me! Tell me anything, any time.",
    from_pinned="From your core facts: {fact}.",
    from_memory="From what you told me before: {fact}.",
    nothing_remembered="I don't have anything about that in memory yet.",
    you_said="You said: {text}",
    i_remember="I remember: {facts}",
    earlier_rounds="({count} earlier rounds in view)",
    list_separator="; ",
    anonymous_member=(
        "I can't see who is writing (your LINE settings hide your ID), so I won't remember anything you say here."
    ),
    erase_confirm=(
        'Do you want me to delete everything I remember about you? Reply "confirm" within {minutes} minutes. '
        "Anything else cancels."
    ),
    erase_started="Deleting your data now. I'll send you the receipt when it's done.",
    erase_cancelled="Cancelled: nothing was deleted.",
    erase_done=("Your data has been deleted: {deleted} items deleted, {anonymized} anonymized. Receipt: {request_id}."),
    erase_words=("delete my data", "erase my data", "forget me", "delete all my data"),
    confirm_words=("confirm", "yes", "yes delete", "confirm delete"),
    fact_to_user=(
        (re.compile(r"^User's\b"), "your"),
        (re.compile(r"^User (?:is|was)\b"), "you are"),
        (re.compile(r"^User\b"), "you"),
    ),
)
