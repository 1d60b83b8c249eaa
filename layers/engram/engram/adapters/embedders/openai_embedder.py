"""OpenAI embeddings (production): `dimensions` configurable, rows L2-normalised."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engram.adapters.openai_models.client import OpenAIClient
from engram.ports import Vector


class OpenAIEmbedder:
    def __init__(self, client: OpenAIClient, model: str, dimensions: int, batch_size: int = 128) -> None:
        self._client = client
        self.name = model
        self.dimensions = dimensions
        self._batch = batch_size

    def embed(self, texts: Sequence[str]) -> Vector:
        rows: list[list[float]] = []
        for start in range(0, len(texts), self._batch):
            rows += self._client.embed(list(texts[start : start + self._batch]), self.dimensions)
        matrix = np.asarray(rows, dtype=np.float32).reshape(len(texts), self.dimensions)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        normalised: Vector = (matrix / np.where(norms == 0, 1, norms)).astype(np.float32)
        return normalised

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        return self.embed(texts)  # OpenAI embeddings are symmetric
