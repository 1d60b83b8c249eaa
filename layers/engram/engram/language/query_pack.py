"""The shape of one language's query words: what the retrieval-side engines read.

`tense.py` (does a question ask about a former state?), `time_range.py` (the
relative time range a question names) and `concepts.py` (words that name the
same thing in a user's life) each join every pack's entries into one pattern,
in registry order, so a question in one language still meets another's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class QueryPack:
    past_state: str  # regex fragment: markers of a former state ("used to", "以前")
    # (regex fragment, unit, offset back): unit is day / week / month / year ("last week" -> week, 1)
    relative_ranges: tuple[tuple[str, str, int], ...]
    # concept group -> this language's words for it, in the order expansion adds them
    concept_groups: Mapping[str, tuple[str, ...]]
    # a concept word is offered to a question in this language when one of these finds it
    concept_scripts: tuple[re.Pattern[str], ...]
    # a concept word -> the regex that finds it (when it also occurs inside unrelated words)
    concept_word_patterns: Mapping[str, str]
