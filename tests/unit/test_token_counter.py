"""C2 exact token counts, offline: quicktok (what the service uses) against tiktoken built
from the official ranks files, with the network switched off for the whole comparison."""

from __future__ import annotations

import base64
import gzip
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bpe_openai
import pytest
import tiktoken
import tiktoken_ext.openai_public as openai_public
from pytest_socket import SocketBlockedError, disable_socket, enable_socket

from engram.adapters.token_counter import QuicktokCounter, encoding_for_model

BPE_DATA = Path(str(bpe_openai.__file__)).resolve().parent / "data"
EXPECTED_SHA256 = {  # what tiktoken_ext.openai_public checks the downloaded files against
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
}

TEXTS = [
    "Hello, world! I'm allergic to penicillin; what's the dose?",
    "我對盤尼西林過敏，上週呼吸有點喘。你記得嗎？",
    "東京に住んでいますが、来月大阪に引っ越します。猫の名前はタマです。",
    "안녕하세요! 저는 매일 아침 녹차를 마셔요. 기침이 밤에 심해져요.",
    "Mixed 混合 テキスト 텍스트 with emoji 😀👍🏽🇹🇼 and ZWJ 👨‍👩‍👧‍👦 families",
    "Numbers 1234567 3.14159 -42 0x1F and URLs https://example.com/a?b=c&d=e",
    "  leading spaces\n\nnew lines\r\n\ttabs   trailing   ",
    "CamelCaseWords and SHOUTING and contractions: they'll we've she'd I'M",
    "",
    "😀" * 50 + "字" * 50,
]


@pytest.fixture
def no_network() -> Iterator[None]:
    disable_socket()
    try:
        yield
    finally:
        enable_socket()


def _ranks_loader(name: str) -> Any:
    """Stand-in for tiktoken.load.load_tiktoken_bpe: reads the ranks shipped in the bpe_openai
    wheel and verifies them against the hash tiktoken itself expects for the download."""

    def load(url: str, expected_hash: str | None = None) -> dict[bytes, int]:
        assert url.endswith(f"/{name}.tiktoken")
        raw = gzip.decompress((BPE_DATA / f"{name}.tiktoken.gz").read_bytes())
        digest = hashlib.sha256(raw).hexdigest()
        assert digest == expected_hash == EXPECTED_SHA256[name]
        ranks: dict[bytes, int] = {}
        for line in raw.splitlines():
            if line:
                token, rank = line.split()
                ranks[base64.b64decode(token)] = int(rank)
        return ranks

    return load


def _official_encoding(name: str, monkeypatch: pytest.MonkeyPatch) -> tiktoken.Encoding:
    """tiktoken's own constructor for `name` (pat_str, special tokens), fed the verified local ranks."""
    monkeypatch.setattr(openai_public, "load_tiktoken_bpe", _ranks_loader(name))
    spec = getattr(openai_public, name)()
    return tiktoken.Encoding(**spec)


def test_no_network_really_means_no_network(no_network: None) -> None:
    import socket

    with pytest.raises(SocketBlockedError):
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_quicktok_counts_equal_tiktoken_offline(name: str, monkeypatch: pytest.MonkeyPatch, no_network: None) -> None:
    official = _official_encoding(name, monkeypatch)
    counter = QuicktokCounter(name)  # built with the network off too
    assert counter.encoding_name == name
    for text in TEXTS:
        expected = official.encode_ordinary(text)
        assert counter.encode(text) == expected, text
        assert counter.count(text) == len(expected), text
    long = " ".join(TEXTS) * 20
    assert counter.count(long) == len(official.encode_ordinary(long))


SPECIAL_TEXT = "Please ignore <|endoftext|> and <|endofprompt|>: plain text typed by a user"


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_special_token_text_from_a_user_is_counted_as_plain_text(
    name: str, monkeypatch: pytest.MonkeyPatch, no_network: None
) -> None:
    official = _official_encoding(name, monkeypatch)
    counter = QuicktokCounter(name)
    assert counter.count(SPECIAL_TEXT) == len(official.encode_ordinary(SPECIAL_TEXT))
    assert counter.truncate(SPECIAL_TEXT, 5) == official.decode(official.encode_ordinary(SPECIAL_TEXT)[:5])


def test_counts_differ_between_encodings() -> None:
    """The configured model's encoding matters: CJK costs fewer tokens in o200k than in cl100k."""
    text = TEXTS[1] + TEXTS[2] + TEXTS[3]
    assert QuicktokCounter("o200k_base").count(text) < QuicktokCounter("cl100k_base").count(text)


@pytest.mark.parametrize(
    ("model", "encoding"),
    [
        ("gpt-4o-mini", "o200k_base"),
        ("gpt-4o", "o200k_base"),
        ("gpt-4.1-nano", "o200k_base"),
        ("o3-mini", "o200k_base"),
        ("gpt-4", "cl100k_base"),
        ("gpt-4-turbo", "cl100k_base"),
        ("gpt-3.5-turbo", "cl100k_base"),
        ("text-embedding-3-small", "cl100k_base"),
        ("openai/gpt-4o-mini", "o200k_base"),
        ("some-future-model", "o200k_base"),
    ],
)
def test_encoding_for_model(model: str, encoding: str) -> None:
    assert encoding_for_model(model) == encoding
    assert QuicktokCounter.for_model(model).encoding_name == encoding


def test_explicit_encoding_overrides_the_model() -> None:
    assert QuicktokCounter.for_model("gpt-4o-mini", "cl100k_base").encoding_name == "cl100k_base"


@pytest.mark.parametrize("text", [t for t in TEXTS if t])
@pytest.mark.parametrize("limit", [1, 3, 7, 20])
def test_truncate_is_a_prefix_within_the_limit(text: str, limit: int) -> None:
    counter = QuicktokCounter("o200k_base")
    cut = counter.truncate(text, limit)
    assert text.startswith(cut)
    assert counter.count(cut) <= limit
    assert "\ufffd" not in cut  # never half a character
    if counter.count(text) <= limit:
        assert cut == text


def test_truncate_and_count_edge_cases() -> None:
    counter = QuicktokCounter("o200k_base")
    assert counter.count("") == 0
    assert counter.truncate("anything", 0) == ""
    assert counter.truncate("anything", -5) == ""
