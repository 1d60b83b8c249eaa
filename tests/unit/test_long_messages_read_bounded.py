"""A long message is read by the pattern rules in bounded pieces (the API's "never unbounded CPU").

Several rules try `.+?` from every start of what they read, so their cost grew with the square of a
message's length: a 16 KB "my my my …" took the turn worker tens of seconds in extraction and the
request path seconds in the gate and the slot and concept words. The figures are the worst-case
benchmark's (`benchmarks/worst_case.py`); these tests hold the bounds that keep them linear."""

from __future__ import annotations

import pytest

from engram.language import sentences
from engram.language.read_window import read_window
from engram.memory import extraction_rules
from engram.memory.extraction_rules import extract_candidates

RUN_ONS = ["my " * 5400, "我的" * 2700, "Dr. " * 4000, "what am i " * 1600, "x" * 16000, "의 내" * 2700]


@pytest.mark.parametrize("text", RUN_ONS)
@pytest.mark.parametrize("split", [sentences.split_sentences, extraction_rules.split_sentences])
def test_a_line_without_a_stop_is_read_in_pieces(split: object, text: str) -> None:
    pieces = split(text)  # type: ignore[operator]
    assert pieces and max(len(p) for p in pieces) <= sentences.MAX_SENTENCE_CHARS
    assert "".join(pieces).replace(" ", "") == text.replace(" ", "")  # nothing lost, nothing doubled


def test_pieces_are_cut_after_a_space_or_a_comma() -> None:
    words = ("alpha beta gamma, " * 60).strip()
    pieces = sentences.split_sentences(words)
    assert len(pieces) > 1
    assert all(p.endswith(("alpha", "beta", "gamma,", "gamma")) for p in pieces), pieces


def test_sentences_of_everyday_length_are_unchanged() -> None:
    text = "I started a new job at Stripe last week. 我住在台北。Dr. Lee says I'm fine! 猫を飼ってる"
    assert sentences.split_sentences(text) == [s.strip() for s in sentences._SPLIT.split(text) if s and s.strip()]
    assert extraction_rules.split_sentences(text) == [
        "I started a new job at Stripe last week.",
        "我住在台北。",
        "Dr. Lee says I'm fine!",
        "猫を飼ってる",
    ]


def test_pieces_are_not_joined_back_into_a_run_on() -> None:
    """ "…はもうやめた" + a change, or a sentence that refers back, joins the one before: never past twice
    the bound, however many pieces ask to."""
    joined = extraction_rules._statements_joined(["それで" + "あ" * 290] * 20)
    assert max(len(s) for s in joined) <= sentences.MAX_SENTENCE_CHARS


@pytest.mark.parametrize("filler", ["so ", "like ", "ok "])
def test_a_long_chat_line_without_a_stop_is_read_whole(filler: str) -> None:
    """A line of a few hundred characters is no run-on: cut, "… I'm allergic | to penicillin" would lose
    a safety fact."""
    text = filler * (320 // len(filler)) + "I'm allergic to penicillin"
    assert extraction_rules.split_sentences(text) == [text]
    assert "allergy:penicillin" in [c.subject_key for c in extract_candidates(text, "en")]


def test_facts_in_a_long_message_are_still_found() -> None:
    text = "so " * 2000 + "My dog is called Biscuit. " + "la " * 2000
    contents = [c.content for c in extract_candidates(text, "en")]
    assert any("Biscuit" in c for c in contents), contents


@pytest.mark.parametrize("size", [0, 10, 999, 1000])
def test_a_message_within_the_window_is_read_whole(size: int) -> None:
    text = ("ab " * 400)[:size]
    assert read_window(text, 1000) == text


def test_a_long_message_is_read_by_its_two_ends() -> None:
    text = "Hi! I pasted my notes below. " + "lorem ipsum " * 1500 + "so what was my dog's name again?"
    window = read_window(text, 1000)
    assert len(window) <= 1001
    assert window.startswith("Hi! I pasted my notes below.")
    assert window.endswith("so what was my dog's name again?")
    assert all(
        w
        in {
            "lorem",
            "ipsum",
            "Hi!",
            "I",
            "pasted",
            "my",
            "notes",
            "below.",
            "so",
            "what",
            "was",
            "dog's",
            "name",
            "again?",
        }
        for w in window.split()
    ), window


def test_a_window_without_spaces_is_cut_where_it_falls() -> None:
    window = read_window("我" * 5000 + "的狗叫什麼？", 1000)
    assert len(window) == 1001 and window.endswith("的狗叫什麼？")
