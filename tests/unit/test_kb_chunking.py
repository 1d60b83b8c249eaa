"""L8 document chunking: paragraphs, then sentences, ~200 tokens, small overlap, CJK-safe."""

from __future__ import annotations

import itertools

from engram.memory.kb import chunk_text, estimate_tokens


def test_a_short_document_is_one_chunk_with_its_paragraphs() -> None:
    text = "Take 3.5 mg daily. Do not exceed the dose!\n\nSecond paragraph here."
    assert chunk_text(text) == ["Take 3.5 mg daily. Do not exceed the dose!\n\nSecond paragraph here."]


def test_sentences_are_never_cut_and_decimals_are_not_sentence_ends() -> None:
    text = "Take 3.5 mg daily. Do not exceed the dose! Ask your doctor?\n\nSecond paragraph here."
    chunks = chunk_text(text, target=8, overlap=0)
    assert chunks == ["Take 3.5 mg daily.", "Do not exceed the dose!", "Ask your doctor?\n\nSecond paragraph here."]


def test_cjk_sentences_split_on_full_width_stops_with_overlap() -> None:
    a, b = "吸入器は最初に二回空中に噴霧してください。", "使用後はうがいをしてください。"
    chunks = chunk_text((a + b) * 20, target=60, overlap=25)
    assert len(chunks) > 1
    assert all(estimate_tokens(c) <= 60 for c in chunks)
    assert all(c.endswith("。") for c in chunks)  # whole sentences only
    for previous, current in itertools.pairwise(chunks):
        last = previous.split("。")[-2] + "。"
        assert current.startswith(last)  # the last sentence is repeated: facts keep their context
    assert " " not in "".join(chunks)  # CJK sentences are joined without spaces


def test_an_overlong_sentence_is_cut_by_length_and_nothing_is_lost() -> None:
    text = "句読点のない長い文章" * 100
    chunks = chunk_text(text, target=50)
    assert "".join(chunks) == text and all(estimate_tokens(c) <= 50 for c in chunks)


def test_korean_and_english_mixed() -> None:
    text = ("흡입기는 처음 사용할 때 두 번 분사하세요. Rinse your mouth after use. " * 30).strip()
    chunks = chunk_text(text)
    assert len(chunks) >= 2 and all(estimate_tokens(c) <= 200 for c in chunks)
    assert chunks[0].startswith("흡입기는 처음")


def test_blank_text_makes_no_chunks() -> None:
    assert chunk_text("  \n\n  ") == []
