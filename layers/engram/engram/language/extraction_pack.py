"""The shape of one language's extraction rules: what `memory/extraction_rules.py` reads.

A pack holds data only (compiled patterns, word lists); the engine that splits
clauses, matches rules and builds candidates never names a language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Rule:
    """One kind of fact: the clause patterns that state it and the memory it becomes."""

    rule_id: str
    patterns: tuple[re.Pattern[str], ...]  # several, because group names cannot repeat in one regex
    type: str  # the memory type it becomes, by value ("fact", "preference" …; engram.memory.models.MemoryType)
    subject: str  # "{x}" = normalised capture, "{rel}" family relation, "{sym}" symptom
    topics: tuple[str, ...]
    stability: float
    future_use: float
    valence: float = 0.0
    safety: bool = False
    negated: bool = False  # the rule itself states a negation (dislikes)
    negation: re.Pattern[str] | None = None  # a clause matching this is negated


def compile_all(*sources: str, flags: int = 0) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p, flags) for p in sources)


@dataclass(frozen=True, slots=True)
class ExtractionPack:
    """Everything language-specific the extraction engine needs for one language.

    The regex fragments at the bottom are joined across all packs by the engine
    (a clause is checked against every language's words, as one pattern).
    """

    rules: tuple[Rule, ...]  # in priority order: the first rule that matches a clause wins
    clause_separator: re.Pattern[str]  # splits a sentence into clauses
    filler: re.Pattern[str]  # leading fillers and greetings dropped from a clause
    preface: re.Pattern[str]  # "I should tell you (that) ...": frames a fact without being part of it
    family_relations: Mapping[str, str]  # family word -> canonical relation ("老婆" -> "wife")
    symptoms: tuple[tuple[str, str], ...]  # (canonical symptom key, regex of this language's words)
    positive_words: str  # regex fragment: words that make an emotion positive
    negative_words: str  # regex fragment: words that make an emotion negative
    question: str  # regex fragment: a clause that asks rather than states
    own_name: str  # regex fragment: first-person words ("my", "私")
    key_trim: str  # regex fragment: articles, adverbs, particles peeled off a subject key
    rewrite: Callable[[str], str] | None = None  # e.g. English first person -> "User ..."
    # A sentence no rule took is still kept as a fact when it is a statement about the user (by its
    # structure: first person, or a declarative ending where the language drops the subject) and
    # not a conversational move (thanks, "I see", "I'm not sure", "let me think", weather talk).
    statement: re.Pattern[str] | None = None
    chit_chat: re.Pattern[str] | None = None
    # the day's passing moments, said as they happen: a meal just eaten, on the bus right now, a call
    # just came, the traffic — true for an hour, no fact to keep (a rule's fact is kept all the same:
    # "just moved to Taichung")
    passing_moment: re.Pattern[str] | None = None
    # a request to translate or rewrite words ("これ英語に訳して：お疲れ様です"): the words are the text to
    # work on, not news of the user, whatever rule they would match
    render_request: re.Pattern[str] | None = None
    # "my doctor switched me to X", "改吃X", "Xに変わりました", "X로 바꿨어요": a switch to a new value
    # (?P<x>, or ?P<y> in an alternative: names cannot repeat), which replaces the one value the user
    # holds of what it switches (memory/switches.py)
    switched_to: re.Pattern[str] | None = None
    medical_context: re.Pattern[str] | None = None  # doctor, pills, a dose: the switch is a medicine's
    in_addition: re.Pattern[str] | None = None  # "also", "as well", 也, も, 도: one more, not a switch
    favourite_words: re.Pattern[str] | None = None  # liking most: "favourite", 最喜歡, 一番好き, 제일 좋아
    partner_change_words: re.Pattern[str] | None = None  # marrying or parting: "remarried", 離婚, 재혼
    # a dose moved, the medicine unnamed: "she bumped me up to 100mg", 劑量加到兩顆, 10mgに増えた, 20mg로 늘었어
    dose_change: re.Pattern[str] | None = None
    # ending something: "quit", "stopped", やめた, 別れた, 그만뒀어, 不再. A sentence that ends something
    # and the next one, stating the change, are one statement ("断食はもうやめた。最近はグルテンフリー…")
    ending_words: re.Pattern[str] | None = None
    # a sentence that says more of the one before it ("It still aches when it's cold", "하얗고 통통해서
    # 그렇게 지었어요"): alone it is a fragment that fits any question; it joins the one before it
    refers_back: re.Pattern[str] | None = None
    # a favourite's category word -> the one category it names ("writer" -> "author", 小説家 -> 作家):
    # "my favourite writer" then replaces "my favourite author"
    favourite_categories: Mapping[str, str] = field(default_factory=dict)
