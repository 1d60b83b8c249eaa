"""The shape of one language's query words: what the retrieval-side engines read.

`tense.py` (does a question ask about a former state?), `time_range.py` (the
month names, date marks and relative time ranges a question names) and `concepts.py` (words that name the
same thing in a user's life) each join every pack's entries into one pattern,
in registry order, so a question in one language still meets another's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class QueryPack:
    past_state: str  # regex fragment: markers of a former state ("used to", "以前")
    # regex fragment: a statement reports a new state that replaces one before it ("now", "switched to",
    # "換成", "に変わ", "바꿨"): an earlier statement on the same thing is then out of date
    state_change: str
    # regex fragment: the words of `state_change` that only say when ("now", 最近, 요즘): a statement
    # that says no more than these reports a change weakly — most are no change at all ("my cat is
    # diabetic now") — and replaces at read time only a statement of its own kind
    weak_change: str
    # (regex fragment, unit, offset back): unit is day / week / month / year ("last week" -> week, 1)
    relative_ranges: tuple[tuple[str, str, int], ...]
    # month word -> month number, read before a year ("June 2023", "Jun. 2023"); joined longest first
    month_names: Mapping[str, int]
    month_year_link: str  # regex fragment: a word allowed between a month word and its year ("June of 2023")
    year_mark: str  # the character written after a year ("2023年", "2023년"); "" when none
    month_mark: str  # the character written after a month number that follows a year ("2023年6月")
    # concept group -> this language's words for it, in the order expansion adds them
    concept_groups: Mapping[str, tuple[str, ...]]
    # a concept word is offered to a question in this language when one of these finds it
    concept_scripts: tuple[re.Pattern[str], ...]
    # a concept word -> the regex that finds it (when it also occurs inside unrelated words)
    concept_word_patterns: Mapping[str, str]
    # category -> (words that ask for the category, words that name its members): a question naming
    # the category ("which herbs", 海産物, 차종) also looks for its members ("basil", エビ, 쏘렌토). One
    # way only: a question naming one member does not pull in its siblings
    concept_categories: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    # closed-class words (question words, pronouns, auxiliaries, copulas and polite endings): a memory
    # sharing only these with a question shares no topic with it (analysed as the index analyses text);
    # separated by spaces
    function_words: str = ""
    # the syllables that end a word as grammar, for a script that writes particles and endings onto
    # the word (Korean: 악기는, 뭐예요, 연주하는): a question's word drops one before BM25 sees it
    word_final_grammar: str = ""
    word_final_script: str = ""  # regex class of the script those words are written in ("가-힣")
