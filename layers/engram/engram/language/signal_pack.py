"""The shape of one language's signal words: words that signal a mood, importance, a change of topic.

Read by the local heuristics (`adapters/local_models/lexicon.py`: emotion, salient and
high-importance words, topics a summary leaves out), the write pipeline
(`memory/pipeline.py`: an important moment) and threads (`memory/threads.py`: an explicit
change of topic, words that say nothing of a topic). Regex fragments are joined across
every pack in registry order into one case-insensitive pattern, so a message in one
language still meets another's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SignalPack:
    # emotion ("joy", "sadness", "stress", "excitement") -> regex fragment of its words
    emotion_words: Mapping[str, str]
    salient: str  # regex fragment: health, identity and life words a summary keeps first
    high_importance: str  # regex fragment: words that raise a session's importance (allergy, emergency)
    important_moment: str  # regex fragment: a round that is an important moment (L5): kept past its TTL
    topic_change: str  # regex fragment: an explicit change of topic at a message's start ("by the way")
    summary_stop_topics: frozenset[str]  # topic words a session summary leaves out (chat words)
    thread_stop_words: frozenset[str]  # analysed words that say nothing of a thread's topic
    pronouns: str  # personal-pronoun characters: a CJK bigram holding one says nothing of a topic
