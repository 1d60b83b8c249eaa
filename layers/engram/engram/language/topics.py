"""Topic words of a text, as a person would list them: whole words, never stems or fragments.

The BM25 analyser's tokens are the wrong unit here: Porter stems ("alice" -> "alic") and CJK
bigrams ("診察日" -> "診察", "察日") are made for matching, not for reading. Here a topic is
a surface word: a Latin word that is not a function word, a Katakana or Kanji run
(Japanese), a Hangul word without its particle (Korean), or — Chinese has no spaces — a
Han run between function characters, kept when it is two to four characters long.
Each language pack's `text` part (`language/<code>/text.py`) says what a topic word is in it.
"""

from __future__ import annotations

from collections import Counter

from engram.language.packs import PACKS


def topics(text: str, language: str, n: int = 5) -> list[str]:
    counts: Counter[str] = Counter()
    for pack in PACKS:  # registry order: a tie keeps the word counted first
        if pack.text.topics_in_every_text or pack.code == language:
            counts.update(pack.text.topic_words(text))
    return [t for t, _ in counts.most_common(n)]
