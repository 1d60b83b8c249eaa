"""Concept groups for query expansion: words that name the same thing in a user's life.

A question paraphrases what the memory says ("my spouse" / "her husband", "우리 집 강아지" /
"진돗개", "子ども" / "娘"): BM25 finds no shared word and the embedder alone ranks weakly.
The question's BM25 text gets the other words of every group it touches (every language pack:
a memory may be stored in another language than the question). Groups are small and about
the user's own life (family, pets, home, health), so the expansion cannot drift far.

Categories go one way: a question naming a kind ("which herbs", 海産物, 차종) also looks for the
words of its members ("basil", エビ, 쏘렌토), which e5-small does not tie to the kind; a question
naming one member adds nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from engram.language.analysis import detect_language
from engram.language.packs import BY_CODE, DEFAULT_LANGUAGE, PACKS

# One group per concept, joining every language pack's words for it in registry order.
_GROUP_NAMES = list(dict.fromkeys(name for pack in PACKS for name in pack.query.concept_groups))
GROUPS: tuple[tuple[str, ...], ...] = tuple(
    tuple(word for pack in PACKS for word in pack.query.concept_groups.get(name, ())) for name in _GROUP_NAMES
)
# One category per name: every pack's words asking for it, and each pack's words for its members.
_CATEGORY_NAMES = list(dict.fromkeys(name for pack in PACKS for name in pack.query.concept_categories))
CATEGORIES: tuple[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], ...] = tuple(
    (
        tuple(w for pack in PACKS for w in pack.query.concept_categories.get(name, ((), ()))[0]),
        tuple((pack.code, w) for pack in PACKS for w in pack.query.concept_categories.get(name, ((), ()))[1]),
    )
    for name in _CATEGORY_NAMES
)

_LATIN = re.compile(r"^[a-z][a-z ]*$")
# Words that occur inside unrelated words, with the pattern that finds them alone.
_SPECIAL = {word: pattern for pack in PACKS for word, pattern in pack.query.concept_word_patterns.items()}


@dataclass(frozen=True, slots=True)
class ConceptMatch:
    """Words a text used that name a concept, and the words of that concept it did not use."""

    said: frozenset[str]
    added: tuple[str, ...]


def _script_fits(word: str, language: str) -> bool:
    """Expansion stays in the question's language: in a pool holding a fact in several languages,
    the one in the user's language is the one to find."""
    pack = BY_CODE.get(language, BY_CODE[DEFAULT_LANGUAGE])
    return any(script.search(word) is not None for script in pack.query.concept_scripts)


def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    parts = [_SPECIAL.get(w) or (rf"\b{re.escape(w)}\b" if _LATIN.match(w) else re.escape(w)) for w in words]
    return re.compile("|".join(parts), re.IGNORECASE)


@cache
def _matchers() -> tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]:
    return tuple((_pattern(group), group) for group in GROUPS)


@cache
def _category_matchers() -> tuple[tuple[re.Pattern[str], tuple[tuple[str, str], ...]], ...]:
    return tuple((_pattern(asking), members) for asking, members in CATEGORIES if asking)


def concept_matches(text: str) -> list[ConceptMatch]:
    """Every concept `text` names: the words it used, and the other words, in the text's language,
    that name the same thing (a group) or a member of the category it asks for."""
    language = detect_language(text)
    found: list[ConceptMatch] = []
    for pattern, group in _matchers():
        hits = frozenset(m.group(0).lower() for m in pattern.finditer(text))
        if hits:
            added = tuple(w for w in group if w.lower() not in hits and _script_fits(w, language))
            found.append(ConceptMatch(hits, added))
    for pattern, members in _category_matchers():
        hits = frozenset(m.group(0).lower() for m in pattern.finditer(text))
        if hits:
            # a pack's own members serve its questions whatever their script (KTX, BMW in Korean)
            added = tuple(w for code, w in members if code == language or _script_fits(w, language))
            found.append(ConceptMatch(hits, tuple(dict.fromkeys(added))))
    return found


def added_words(matches: list[ConceptMatch]) -> list[str]:
    """The words the matches add, once each, in order: what a question's BM25 text gains."""
    return list(dict.fromkeys(w for match in matches for w in match.added))


def related_terms(text: str) -> list[str]:
    """The other words, in the text's language, of every concept `text` names (none when it names none)."""
    return added_words(concept_matches(text))
