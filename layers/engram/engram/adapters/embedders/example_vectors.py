"""The answer-slot example statements' vectors (language/answer_slots.py), stored for the local model.

The memory layer places a user's statements among ~280 example statements (memory/current_answer.py),
on the stored side (the statements' own stored vectors are passages). Embedding the examples costs the
local model 2-4 s of CPU, once per container, on the first question that names a slot: a request
would pay it. They are embedded ahead by `scripts/embed_slot_examples.py` and shipped beside this
file (float16: a cosine to three decimals is all placement reads); any text not stored (examples
changed, another embedder) is embedded on first use. The stored file is keyed by the model's name
and the side, so an OpenAI embedder never reads vectors of another space."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from engram.memory.ports import Embedder

STORED = Path(__file__).with_name("slot_examples.npz")
SIDE = "passage"  # embed_documents: the side the statements' stored vectors are on


@cache
def _stored() -> tuple[str, dict[str, np.ndarray[Any, Any]]]:
    if not STORED.is_file():
        return "", {}
    with np.load(STORED) as data:
        texts = [str(t) for t in data["texts"]]
        vectors = data["vectors"].astype(np.float32)
        model = str(data["model"])
    return model, dict(zip(texts, vectors, strict=True))


def example_vectors(embedder: Embedder) -> Callable[[Sequence[str]], np.ndarray[Any, Any]]:
    """`embed` for the examples: the stored vector where this embedder's model made one, else the embedder's."""

    def embed(texts: Sequence[str]) -> np.ndarray[Any, Any]:
        model, table = _stored()
        known = table if model == _key(embedder) else {}
        missing = [t for t in texts if t not in known]
        fresh = (
            dict(zip(missing, np.asarray(embedder.embed_documents(missing), dtype=np.float32), strict=True))
            if missing
            else {}
        )
        return np.stack([known[t] if t in known else fresh[t] for t in texts])

    return embed


def write_stored(embedder: Embedder, texts: Sequence[str], path: Path = STORED) -> None:
    """Embed `texts` now and store them for `embedder`'s model (scripts/embed_slot_examples.py)."""
    vectors = np.asarray(embedder.embed_documents(list(texts)), dtype=np.float16)
    np.savez_compressed(path, texts=np.array(list(texts)), vectors=vectors, model=np.array(_key(embedder)))


def _key(embedder: Embedder) -> str:
    """The model, its size and the side: vectors of another space are never read."""
    return f"{embedder.name}:{embedder.dimensions}:{SIDE}"
