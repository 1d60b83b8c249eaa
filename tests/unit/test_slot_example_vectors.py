"""The stored vectors of the answer-slot examples (adapters/embedders/example_vectors.py) are the local
model's vectors of today's examples: a changed example fails here until
`scripts/embed_slot_examples.py` has run again."""

from __future__ import annotations

from typing import Any

import numpy as np

from engram.adapters.embedders.example_vectors import SIDE, _stored, example_vectors
from engram.adapters.embedders.local import DIMENSIONS, MODEL_NAME, LocalEmbedder
from engram.language.answer_slots import slot_examples


def test_every_example_has_a_stored_vector_of_the_local_model() -> None:
    model, table = _stored()
    assert model == f"{MODEL_NAME}:{DIMENSIONS}:{SIDE}"
    missing = [text for _, text in slot_examples() if text not in table]
    assert not missing, f"run scripts/embed_slot_examples.py: {missing[:3]}"


def test_the_stored_vectors_are_the_models_own() -> None:
    embedder = LocalEmbedder()
    texts = [text for _, text in slot_examples()][::40]
    stored = example_vectors(embedder)(texts)
    fresh = embedder.embed_documents(texts)
    assert np.min(np.sum(stored * fresh, axis=1)) > 0.999


class _Counting:
    name = "another-model"
    dimensions = 2

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed(self, texts: Any) -> np.ndarray[Any, Any]:
        self.calls.append(list(texts))
        return np.ones((len(texts), 2), dtype=np.float32)

    def embed_documents(self, texts: Any) -> np.ndarray[Any, Any]:
        return self.embed(texts)


def test_another_embedder_never_reads_the_stored_vectors() -> None:
    embedder = _Counting()
    out = example_vectors(embedder)(["I live in Portland"])
    assert embedder.calls == [["I live in Portland"]]  # embed_documents: the stored side
    assert out.shape == (1, 2)
