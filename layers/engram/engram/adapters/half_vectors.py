"""A round's own-text vector, stored at half precision in every place that keeps it.

It only reranks candidates the full-precision vector found (a cosine to three decimals is all
ranking reads), so float16 halves what each round adds to its item and index document.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

import numpy as np


def to_bytes(vector: Sequence[float]) -> bytes:
    return np.asarray(vector, dtype="<f2").tobytes()


def from_bytes(raw: bytes) -> list[float]:
    return [float(x) for x in np.frombuffer(raw, dtype="<f2")]


def to_text(vector: Sequence[float]) -> str:
    """Base64, for JSON bodies (the local index) and OpenSearch's `binary` field."""
    return base64.b64encode(to_bytes(vector)).decode("ascii")


def from_text(text: str) -> list[float]:
    return from_bytes(base64.b64decode(text))
