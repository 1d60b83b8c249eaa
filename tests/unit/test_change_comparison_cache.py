"""For a question about the present, an item a later one reports as changed is compared with it by
their texts embedded query-side. Embedding every item of the block afresh cost a context request
~200 ms at p95 on 2 cores (benchmarks/retrieval_latency.py: 244 -> 45 ms): the retriever embeds only
what a change could displace, and keeps each vector by (owner, id, version)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from engram.adapters.local_index import LocalIndex
from engram.adapters.metrics import InMemoryMetrics
from engram.kernel.clock import ManualClock
from engram.memory.models import IndexDocument
from engram.memory.retrieval import HybridRetriever
from engram.settings import Settings


class CountingEmbedder:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> Any:
        self.texts += texts
        return np.asarray([np.eye(8)[hash(t) % 8] for t in texts], dtype=np.float32)


def _doc(doc_id: str, text: str, created: float, version: int = 1) -> IndexDocument:
    return IndexDocument(
        doc_id,
        "t",
        "u",
        "p",
        "memory",
        "fact",
        "active",
        text,
        [1.0] + [0.0] * 7,
        0.5,
        created,
        created,
        version=version,
    )


def _retriever(embedder: CountingEmbedder) -> HybridRetriever:
    return HybridRetriever(
        LocalIndex.in_memory(8), cast(Any, embedder), cast(Any, None), Settings(), ManualClock(), InMemoryMetrics()
    )


def test_each_version_of_a_document_is_embedded_once() -> None:
    embedder = CountingEmbedder()
    retriever = _retriever(embedder)
    docs = [_doc("a", "I work at a bank", 1.0), _doc("b", "I'm a nurse now", 2.0)]
    first = retriever._as_asked(docs)
    again = retriever._as_asked(docs)
    assert embedder.texts == ["I work at a bank", "I'm a nurse now"]
    assert all(np.array_equal(first[k], again[k]) for k in first)
    retriever._as_asked([_doc("a", "I work at a school", 1.0, version=2)])  # edited: a new version
    assert embedder.texts[-1] == "I work at a school"


def test_nothing_is_embedded_when_no_item_was_said_before_a_change() -> None:
    from engram.memory.retrieval import _displaced

    embedder = CountingEmbedder()
    retriever = _retriever(embedder)
    change = _doc("b", "I'm a nurse now", 1.0)
    later = _doc("c", "My cat is called Tama", 5.0)
    assert _displaced([change, later], [change], [], (0.86, 0.02), retriever._as_asked).gone == set()
    assert embedder.texts == []
