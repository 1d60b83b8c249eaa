"""P5: what a summary or an extraction reads is masked whole first. In each of the four
languages an e-mail address, a phone number and a national id come out as one placeholder
each; cut into sentences and topics afterwards, no piece of them is left (before, the
extractive summariser split "jane.doe@example.org" at its dots and masked each piece, leaving
"org and my phone is [PHONE]" and the topics "jane", "doe", "example", "org")."""

from __future__ import annotations

import pytest

from engram.adapters.local_models.summarizer import LocalSummarizer
from engram.adapters.token_counter import QuicktokCounter
from engram.conversation.models import Turn
from engram.language.analysis import detect_language
from engram.language.masking import mask_text
from engram.language.sentences import split_sentences
from engram.language.topics import topics

SAID = {
    "en": "Write to jane.doe@example.org, call 415-555-2671, my SSN is 219-09-9999. I use my inhaler daily.",
    "zh-TW": "我的信箱是jane.doe@example.org，電話0912-345-678，身分證字號A123456789。我每天用吸入器。",
    "ja": "メールはjane.doe@example.orgで、電話は090-1234-5678、マイナンバーは1234 5678 9018です。"
    "吸入器を毎日使います。",
    "ko": "이메일은 jane.doe@example.org 이고 전화는 010-1234-5678, 주민등록번호 850315-1234566 입니다. "
    "흡입기를 매일 써요.",
}
PIECES = ("jane", "doe", "example", "org", "555", "2671", "9999", "345-678", "A123456789", "1234", "9018", "850315")


def _pieces(text: str) -> list[str]:
    return [p for p in PIECES if p.lower() in text.lower()]


@pytest.mark.parametrize("language", list(SAID))
def test_addresses_numbers_and_ids_are_masked_whole_before_anything_cuts_them(language: str) -> None:
    masked = mask_text(SAID[language])
    assert "[EMAIL]" in masked and "[PHONE]" in masked and "[ID]" in masked, masked
    assert _pieces(masked) == []
    for sentence in split_sentences(masked):
        assert _pieces(sentence) == [], sentence
    assert _pieces(" ".join(topics(masked, detect_language(masked), 8))) == []


@pytest.mark.parametrize("language", list(SAID))
def test_a_round_read_for_a_summary_holds_no_piece_of_them(language: str) -> None:
    turn = Turn(1, SAID[language], "Noted: jane.doe@example.org.", "r1", 0.0).masked()
    summary = LocalSummarizer(QuicktokCounter("o200k_base")).summarize_session("", [turn])
    assert _pieces(summary.summary) == [] and _pieces(" ".join(summary.topics)) == [], summary
