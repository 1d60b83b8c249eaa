"""The language registry: one pack per language the detector names, each complete and well formed."""

from __future__ import annotations

import re

import pytest

from engram.language.pack import LanguagePack
from engram.language.packs import BY_CODE, DEFAULT_LANGUAGE, PACKS

FRAGMENTS = (
    "extraction.positive_words",
    "extraction.negative_words",
    "extraction.question",
    "extraction.own_name",
    "extraction.key_trim",
    "gate.greeting_words",
    "gate.first_person",
    "gate.question",
    "query.past_state",
)


def test_codes_are_unique_and_the_default_is_a_pack() -> None:
    assert len(BY_CODE) == len(PACKS)
    assert [pack.code for pack in PACKS] == ["en", "zh", "ja", "ko"]  # registry order joins the patterns
    assert DEFAULT_LANGUAGE in BY_CODE


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.code)
@pytest.mark.parametrize("fragment", FRAGMENTS)
def test_every_fragment_compiles_and_matches_no_empty_text(pack: LanguagePack, fragment: str) -> None:
    part, name = fragment.split(".")
    source = getattr(getattr(pack, part), name)
    assert source
    assert re.compile(source).search("") is None  # an empty alternative would match every input


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.code)
def test_every_pack_has_rules_for_each_engine(pack: LanguagePack) -> None:
    extraction, query = pack.extraction, pack.query
    assert extraction.rules
    assert {rule.rule_id for rule in extraction.rules} >= {"name", "mood"}
    assert query.concept_groups and query.concept_scripts and query.relative_ranges
