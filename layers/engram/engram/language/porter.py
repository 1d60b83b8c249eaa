"""The original Porter (1980) stemmer, as Lucene's `PorterStemFilter` implements it.

We use the classic algorithm rather than Porter2 so that the embedded index and
OpenSearch's `porter_stem` token filter reduce English words to the same stems.
Like Lucene (which follows Porter's C reference code) it includes the two
documented departures: "bli" -> "ble" and "logi" -> "log" in step 2.

Input is a lowercase word. As in Lucene, letters other than a-e-i-o-u-y count as
consonants (so "naïve" -> "naïv"); words of one or two characters are returned as is.
"""

from __future__ import annotations

from functools import lru_cache

_VOWELS = frozenset("aeiou")

# (suffix, replacement) in the reference code's order; the first suffix the word
# ends with is the only one tried, even if its measure condition then fails.
_STEP2: tuple[tuple[str, str], ...] = (
    ("ational", "ate"),
    ("tional", "tion"),
    ("enci", "ence"),
    ("anci", "ance"),
    ("izer", "ize"),
    ("bli", "ble"),
    ("alli", "al"),
    ("entli", "ent"),
    ("eli", "e"),
    ("ousli", "ous"),
    ("ization", "ize"),
    ("ation", "ate"),
    ("ator", "ate"),
    ("alism", "al"),
    ("iveness", "ive"),
    ("fulness", "ful"),
    ("ousness", "ous"),
    ("aliti", "al"),
    ("iviti", "ive"),
    ("biliti", "ble"),
    ("logi", "log"),
)
_STEP3: tuple[tuple[str, str], ...] = (
    ("icate", "ic"),
    ("ative", ""),
    ("alize", "al"),
    ("iciti", "ic"),
    ("ical", "ic"),
    ("ful", ""),
    ("ness", ""),
)
_STEP4: tuple[str, ...] = (
    "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
    "ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize",
)  # fmt: skip


def _is_consonant(w: str, i: int) -> bool:
    c = w[i]
    if c in _VOWELS:
        return False
    if c == "y":
        return i == 0 or not _is_consonant(w, i - 1)
    return True


def _measure(w: str) -> int:
    """m in [C](VC)^m[V]: the number of vowel->consonant transitions."""
    m = 0
    prev_vowel = False
    for i in range(len(w)):
        if _is_consonant(w, i):
            if prev_vowel:
                m += 1
            prev_vowel = False
        else:
            prev_vowel = True
    return m


def _has_vowel(w: str) -> bool:
    return any(not _is_consonant(w, i) for i in range(len(w)))


def _ends_double_consonant(w: str) -> bool:
    return len(w) >= 2 and w[-1] == w[-2] and _is_consonant(w, len(w) - 1)


def _ends_cvc(w: str) -> bool:
    """consonant-vowel-consonant, the last not w, x or y (e.g. -hop, -fil)."""
    n = len(w)
    return (
        n >= 3
        and _is_consonant(w, n - 1)
        and not _is_consonant(w, n - 2)
        and _is_consonant(w, n - 3)
        and w[-1] not in "wxy"
    )


def _replace_first(w: str, rules: tuple[tuple[str, str], ...], min_measure: int) -> str:
    for suffix, replacement in rules:
        if w.endswith(suffix):
            stem = w[: -len(suffix)]
            return stem + replacement if _measure(stem) > min_measure else w
    return w


def _step1(w: str) -> str:
    if w.endswith("sses") or w.endswith("ies"):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]

    if w.endswith("eed"):
        if _measure(w[:-3]) > 0:
            w = w[:-1]
    else:
        for suffix in ("ed", "ing"):
            if w.endswith(suffix):
                stem = w[: -len(suffix)]
                if _has_vowel(stem):
                    w = stem
                    if w.endswith(("at", "bl", "iz")):
                        w += "e"
                    elif _ends_double_consonant(w) and w[-1] not in "lsz":
                        w = w[:-1]
                    elif _measure(w) == 1 and _ends_cvc(w):
                        w += "e"
                break

    if w.endswith("y") and _has_vowel(w[:-1]):
        w = w[:-1] + "i"
    return w


def _step4(w: str) -> str:
    for suffix in _STEP4:
        if w.endswith(suffix):
            stem = w[: -len(suffix)]
            if suffix == "ion" and not stem.endswith(("s", "t")):
                continue
            return stem if _measure(stem) > 1 else w
    return w


def _step5(w: str) -> str:
    if w.endswith("e"):
        m = _measure(w[:-1])
        if m > 1 or (m == 1 and not _ends_cvc(w[:-1])):
            w = w[:-1]
    if w.endswith("l") and _ends_double_consonant(w) and _measure(w) > 1:
        w = w[:-1]
    return w


@lru_cache(maxsize=65536)
def porter_stem(word: str) -> str:
    """Stem one lowercase ASCII word (cached: chat vocabularies are small)."""
    if len(word) <= 2:
        return word
    w = _step1(word)
    w = _replace_first(w, _STEP2, 0)
    w = _replace_first(w, _STEP3, 0)
    w = _step4(w)
    return _step5(w)
