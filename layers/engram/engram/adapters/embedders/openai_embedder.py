"""OpenAI embeddings (production): `dimensions` configurable, rows L2-normalised.

Every text is cut to the model's input limit in tokens (M3: the API rejects a longer one, and
it bounds what one request can cost), and a call never carries more tokens than one embeddings
request accepts."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

import numpy as np

from engram.adapters.openai_models.client import OpenAIClient
from engram.memory.ports import Vector

REQUEST_MAX_TOKENS = 300_000  # the embeddings endpoint's limit per request, all inputs together


class _Truncating(Protocol):
    def count(self, text: str) -> int: ...

    def truncate(self, text: str, max_tokens: int) -> str: ...


class OpenAIEmbedder:
    def __init__(
        self,
        client: OpenAIClient,
        model: str,
        dimensions: int,
        batch_size: int = 128,
        *,
        counter: _Truncating | None = None,
        max_input_tokens: int = 8191,
    ) -> None:
        self._client = client
        self.name = model
        self.dimensions = dimensions
        self._batch = batch_size
        self._counter = counter
        self._max_tokens = max_input_tokens

    def _fit(self, texts: Sequence[str]) -> list[tuple[str, int]]:
        """Each text cut to the input limit, with its token count."""
        if self._counter is None:
            return [(t, 0) for t in texts]
        out = []
        for text in texts:
            cut = self._counter.truncate(text, self._max_tokens)
            out.append((cut, self._counter.count(cut)))
        return out

    def _batches(self, items: list[tuple[str, int]]) -> Iterator[list[str]]:
        batch: list[str] = []
        tokens = 0
        for text, n in items:
            if batch and (len(batch) == self._batch or tokens + n > REQUEST_MAX_TOKENS):
                yield batch
                batch, tokens = [], 0
            batch.append(text)
            tokens += n
        if batch:
            yield batch

    def embed(self, texts: Sequence[str]) -> Vector:
        rows: list[list[float]] = []
        for batch in self._batches(self._fit(texts)):
            rows += self._client.embed(batch, self.dimensions)
        matrix = np.asarray(rows, dtype=np.float32).reshape(len(texts), self.dimensions)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        normalised: Vector = (matrix / np.where(norms == 0, 1, norms)).astype(np.float32)
        return normalised

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        return self.embed(texts)  # OpenAI embeddings are symmetric
