"""Concept groups for query expansion: words that name the same thing in a user's life.

A question paraphrases what the memory says ("my spouse" / "her husband", "우리 집 강아지" /
"진돗개", "子ども" / "娘"): BM25 finds no shared word and the embedder alone ranks weakly.
The question's BM25 text gets the other words of every group it touches (every language pack:
a memory may be stored in another language than the question). Groups are small and about
the user's own life (family, pets, home, health), so the expansion cannot drift far.
"""

from __future__ import annotations

import re
from functools import cache

from engram.language.analysis import detect_language
from engram.language.packs import BY_CODE, DEFAULT_LANGUAGE, PACKS

# One group per concept, joining every language pack's words for it in registry order.
_GROUP_NAMES = list(dict.fromkeys(name for pack in PACKS for name in pack.query.concept_groups))
GROUPS: tuple[tuple[str, ...], ...] = tuple(
    tuple(word for pack in PACKS for word in pack.query.concept_groups.get(name, ())) for name in _GROUP_NAMES
)

_LATIN = re.compile(r"^[a-z][a-z ]*$")
# Words that occur inside unrelated words, with the pattern that finds them alone.
_SPECIAL = {word: pattern for pack in PACKS for word, pattern in pack.query.concept_word_patterns.items()}


def _script_fits(word: str, language: str) -> bool:
    """Expansion stays in the question's language: in a pool holding a fact in several languages,
    the one in the user's language is the one to find."""
    pack = BY_CODE.get(language, BY_CODE[DEFAULT_LANGUAGE])
    return any(script.search(word) is not None for script in pack.query.concept_scripts)


@cache
def _matchers() -> tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]:
    out = []
    for group in GROUPS:
        parts = [_SPECIAL.get(w) or (rf"\b{re.escape(w)}\b" if _LATIN.match(w) else re.escape(w)) for w in group]
        out.append((re.compile("|".join(parts), re.IGNORECASE), group))
    return tuple(out)


def related_terms(text: str) -> list[str]:
    """The other words, in the text's language, of every group `text` names (none when it names none)."""
    language = detect_language(text)
    found: list[str] = []
    for pattern, group in _matchers():
        hits = {m.group(0).lower() for m in pattern.finditer(text)}
        if hits:
            found += [w for w in group if w.lower() not in hits and _script_fits(w, language)]
    return found
