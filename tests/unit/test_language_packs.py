"""The language registry: one pack per language the detector names, each complete and well formed."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from engram.language.pack import LanguagePack
from engram.language.packs import BY_CODE, DEFAULT_LANGUAGE, PACKS
from engram.language.reply_pack import ReplyPack

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
    "signals.salient",
    "signals.high_importance",
    "signals.important_moment",
    "signals.topic_change",
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
    assert query.month_names or (query.year_mark and query.month_mark)  # a question can name a month of a year


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.code)
def test_every_pack_has_pii_forms_that_find_nothing_in_plain_text(pack: LanguagePack) -> None:
    assert pack.pii.national_ids and pack.pii.addresses
    for find in pack.pii.national_ids + pack.pii.addresses + pack.pii.phones:
        assert list(find("")) == []
        assert list(find("I feel fine today, thank you.")) == []


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.code)
def test_every_pack_has_text_words(pack: LanguagePack) -> None:
    assert isinstance(pack.text.bm25_stop_words, frozenset)
    assert list(pack.text.topic_words("")) == []


def test_the_default_language_s_topic_words_are_read_in_every_text() -> None:
    # Latin-script words (an English term inside a Chinese sentence) are topics whatever the language.
    assert BY_CODE[DEFAULT_LANGUAGE].text.topics_in_every_text


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.code)
def test_every_pack_has_every_reply(pack: LanguagePack) -> None:
    for field in fields(ReplyPack):
        value = getattr(pack.replies, field.name)
        if field.name == "fact_to_user":
            assert all(isinstance(pattern, re.Pattern) for pattern, _ in value)
        elif isinstance(value, tuple):  # word lists (the words that ask to delete one's data)
            assert value and all(isinstance(word, str) and word.strip() for word in value)
        else:
            assert isinstance(value, str) and value.strip()
    assert "{fact}" in pack.replies.from_pinned and "{fact}" in pack.replies.from_memory
    assert "{fact}" not in pack.replies.nothing_remembered


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.code)
def test_every_pack_names_every_emotion(pack: LanguagePack) -> None:
    emotions = set(BY_CODE[DEFAULT_LANGUAGE].signals.emotion_words)
    assert set(pack.signals.emotion_words) == emotions
    for source in pack.signals.emotion_words.values():
        assert source and re.compile(source).search("") is None


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.code)
def test_every_extraction_rule_becomes_a_known_memory_type(pack: LanguagePack) -> None:
    from engram.memory.models import MemoryType  # the packs name types by value: they sit below memory

    for rule in pack.extraction.rules:
        assert rule.type in {t.value for t in MemoryType}, rule.rule_id


def test_every_fact_kind_is_stated_by_some_pack_and_a_rule_takes_its_kinds_metadata() -> None:
    from engram.language.fact_kinds import KINDS, rule

    made = {(r.rule_id, r.type, r.subject) for pack in PACKS for r in pack.extraction.rules}
    for kind in KINDS.values():
        assert (kind.rule_id or kind.name, kind.type, kind.subject) in made, kind.name
    plan = rule("plan", r"(?P<x>\w+) planned", flags=re.IGNORECASE, stability=0.5)
    assert (plan.rule_id, plan.type, plan.subject, plan.stability) == ("goal", "todo", "plan:{x}", 0.5)
    assert plan.patterns[0].flags & re.IGNORECASE and plan.negation is None
    with pytest.raises(TypeError):
        rule("plan", "x", no_such_field=1)
