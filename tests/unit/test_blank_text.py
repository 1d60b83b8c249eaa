"""A text is blank only when every regex engine would call it whitespace (engram.language.blank)."""

from __future__ import annotations

import re

import pytest

from engram.language.blank import BLANK, NOT_BLANK_PATTERN, is_blank


@pytest.mark.parametrize("text", ["", " ", "\t\n", "\u3000\u00a0", "\u2028 \u205f"])
def test_whitespace_everywhere_is_blank(text: str) -> None:
    assert is_blank(text)


@pytest.mark.parametrize("text", ["a", " 你好 ", "\ufeff", "\x1c", "\x85", "。", "ㅤ"])
def test_anything_an_engine_calls_non_space_is_not_blank(text: str) -> None:
    assert not is_blank(text)


def test_every_blank_character_is_whitespace_to_python_too() -> None:
    """So a text Python's `\\S` matches (schemathesis generates with Python's re) is never blank."""
    assert all(re.fullmatch(r"\s", ch) for ch in BLANK)
    assert not re.search(NOT_BLANK_PATTERN, "".join(sorted(BLANK)))
