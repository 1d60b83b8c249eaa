"""Session-end topics are words a person would list: never stop words, stems or fragments."""

from __future__ import annotations

import re

import pytest

from engram.adapters.local_models.summarizer import LocalSummarizer
from engram.adapters.token_counter import QuicktokCounter
from engram.conversation.models import Turn
from engram.language.topics import topics

CASES = [
    ("en", "Hi, my name is Alice. Thanks, that's all for today! Alice loves hiking with her dog Biscuit."),
    ("en", "I coughed all night and my SpO2 was 92. My inhaler helps a little."),
    ("ja", "次の診察日はいつだったっけ？うちの犬のモカが病院で診察を受けた。"),
    ("ko", "우리 강아지 초코가 병원에 갔어요. 초코는 괜찮아요."),
    ("zh", "我的狗叫小白，小白昨天去醫院看病。我對花生過敏。"),
]


@pytest.mark.parametrize(("language", "text"), CASES)
def test_every_topic_is_a_whole_word_of_the_text(language: str, text: str) -> None:
    found = topics(text, language)
    assert found
    words = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9'-]*", text)}
    for topic in found:
        if topic.isascii():
            assert topic in words, (topic, words)  # a whole word: no stem ("alic"), no fragment ("spo")
        else:
            assert topic in text
    assert not {"all", "my", "that", "for", "today", "thanks", "alic"} & set(found)


def test_topics_of_a_session_memory() -> None:
    summarizer = LocalSummarizer(QuicktokCounter("o200k_base"))
    turns = [Turn(1, "Thanks, that's all for today. My dog Biscuit had a vet visit.", "Glad to hear!", "r1", 0.0)]
    summary = summarizer.summarize_session("", turns)
    assert "biscuit" in summary.topics and not {"all", "my", "today"} & set(summary.topics)


def test_topic_examples() -> None:
    assert topics("우리 강아지 초코가 병원에 갔어요. 초코는 괜찮아요.", "ko") == ["초코", "강아지", "병원"]
    assert "醫院" in topics("我的狗叫小白，小白昨天去醫院看病。", "zh")
    assert "spo2" in topics("My SpO2 was 92 and my SpO2 is low", "en")
