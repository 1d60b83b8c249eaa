"""Sentence splitting that works for English and CJK punctuation."""

from __future__ import annotations

import re

_SPLIT = re.compile(r"(?<=[.!?。！？])\s*|\n+")
# A "sentence" no one says: the rules that read a sentence try their patterns from every start, and
# some (`.+?` up to a word) are quadratic in its length, so a 16 KB line without a stop ("my my my …")
# cost the worker tens of seconds. Longer runs are read in pieces of at most this many characters,
# cut after a space or a comma where there is one in the piece's second half. A chat line this long
# without a stop is rare, and one shorter is read whole, as before (a cut can split a clause:
# "… I'm allergic | to penicillin"); a 16 KB run-on line costs the extraction at most ~3 s of CPU here.
MAX_SENTENCE_CHARS = 1000
_BREAK = re.compile(r"[\s,，、;；:：]")


def split_sentences(text: str) -> list[str]:
    out: list[str] = []
    for s in _SPLIT.split(text):
        if s and (s := s.strip()):
            out += pieces_of(s)
    return out


def pieces_of(sentence: str) -> list[str]:
    """A sentence, or the pieces of at most `MAX_SENTENCE_CHARS` it is read in."""
    pieces: list[str] = []
    while len(sentence) > MAX_SENTENCE_CHARS:
        breaks = [m.end() for m in _BREAK.finditer(sentence, MAX_SENTENCE_CHARS // 2, MAX_SENTENCE_CHARS)]
        cut = breaks[-1] if breaks else MAX_SENTENCE_CHARS
        if piece := sentence[:cut].strip():
            pieces.append(piece)
        sentence = sentence[cut:]
    if sentence := sentence.strip():
        pieces.append(sentence)
    return pieces
