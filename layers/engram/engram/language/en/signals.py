"""English signal words: moods, salient and important words, changes of topic."""

from __future__ import annotations

from engram.language.signal_pack import SignalPack

SIGNALS = SignalPack(
    emotion_words={
        "joy": r"happy|glad|great|love|enjoy",
        "sadness": r"\bsad\b|lonely|miss|cry|depress",
        "stress": r"stress|anxious|worr|afraid|scared|panic|can't breathe",
        "excitement": r"excit|can't wait|amazing|awesome|!{2,}",
    },
    salient=r"\d|allerg|medic|pill|doctor|hospital|breath|cough|pain|sleep|name|live|work|birthday|pet|dog|cat",
    high_importance=r"allerg|emergency|hospital|er\b|ambulance|chest pain|oxygen",
    important_moment=r"emergency|ambulance|hospital|er visit|diagnos",
    topic_change=(
        r"^\W{0,3}(?:oh,?\s+|ah,?\s+|well,?\s+)?(?:by the way|btw|anyway|on another note|speaking of which"
        r"|changing the subject|on a different note|unrelated(?:ly)?|another thing)\b"
    ),
    summary_stop_topics=frozenset(
        [
            "user",
            "assistant",
            "said",
            "says",
            "today",
            "really",
            "just",
            "like",
            "know",
            "think",
            "thing",
            "things",
            "yeah",
            "okay",
            "sure",
            "also",
            "would",
            "could",
        ]
    ),
    thread_stop_words=frozenset(
        {"you", "your", "our", "was", "were", "have", "has", "had", "just", "really", "today", "now"}
        # how often or how much: "every Sunday" and "every evening" are no common topic
        | {"every", "everyone", "always", "usually", "often", "sometimes", "also", "still", "very", "much", "lot"}
    ),
    pronouns="",
)
