"""The shape of one language's text-analysis words: what `analysis.py` and `topics.py` read.

`analysis.py` drops every pack's BM25 stop words from the word tokens (they must match the
OpenSearch analyzer's `stop` filter: today Lucene's English list, the only one any pack has).
`topics.py` counts the topic words of the text's language, plus those of every pack whose
words are read in any text (Latin-script words inside a Chinese sentence), in registry order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TextPack:
    bm25_stop_words: frozenset[str]  # dropped from BM25 word tokens (lowercase, apostrophes kept)
    # text -> its topic words in text order, repeats kept (they are counted): whole surface words
    topic_words: Callable[[str], Iterator[str]]
    topics_in_every_text: bool = False  # read this pack's topic words whatever the text's language
