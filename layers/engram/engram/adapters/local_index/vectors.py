"""Exact inner-product k-NN over a per-user float32 matrix held in memory.

Inner product, like the OpenSearch template's `innerproduct` space: embedders return unit
vectors, so for memories this is the cosine; a round's vector is a blend of two unit vectors
and keeps its shorter length on purpose (a round whose words and context disagree ranks lower).

A user's vectors are read from SQLite once and then kept in step with this
store's own writes (a write patches the cached matrix instead of dropping it, so
a chat that logs a round per turn never pays a reload); a commit by another
connection clears the cache. A 10,000 x 512 matrix-vector product takes one or
two milliseconds, so exact search beats maintaining an ANN structure.
"""

from __future__ import annotations

import sqlite3
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

UserKey = tuple[str, str]  # (tenant_id, user_id)


@dataclass(frozen=True, slots=True)
class UserVectors:
    ids: npt.NDArray[np.int64]  # docs.id, ascending
    matrix: npt.NDArray[np.float32]  # one row per id, as stored

    @property
    def nbytes(self) -> int:
        return int(self.ids.nbytes + self.matrix.nbytes)


def _rows(
    ids: npt.NDArray[np.int64], blobs: bytes, dimensions: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    matrix = np.frombuffer(blobs, dtype="<f4").reshape(len(ids), dimensions)
    keep = np.any(matrix != 0, axis=1)  # a zero vector has no direction: it is never a neighbour
    return ids[keep], np.ascontiguousarray(matrix[keep], dtype=np.float32)


def load_user_vectors(conn: sqlite3.Connection, key: UserKey, dimensions: int) -> UserVectors:
    rows = conn.execute(
        "SELECT d.id, v.vector FROM docs d JOIN vectors v ON v.id = d.id"
        " WHERE d.tenant_id = ? AND d.user_id = ? ORDER BY d.id",
        key,
    ).fetchall()
    ids = np.fromiter((row[0] for row in rows), dtype=np.int64, count=len(rows))
    return UserVectors(*_rows(ids, b"".join(row[1] for row in rows), dimensions))


def patch_user_vectors(
    entry: UserVectors, written: Mapping[int, bytes | None], deleted: Iterable[int], dimensions: int
) -> UserVectors:
    """`entry` after committed writes: docs.id -> new vector BLOB (None = no vector)."""
    removed = np.fromiter([*written, *deleted], dtype=np.int64)
    keep = ~np.isin(entry.ids, removed)
    added = [(row_id, blob) for row_id, blob in written.items() if blob is not None]
    new_ids, new_rows = _rows(
        np.fromiter((row_id for row_id, _ in added), dtype=np.int64, count=len(added)),
        b"".join(blob for _, blob in added),
        dimensions,
    )
    if keep.all():
        ids, matrix = np.concatenate([entry.ids, new_ids]), np.concatenate([entry.matrix, new_rows])
    else:
        ids = np.concatenate([entry.ids[keep], new_ids])
        matrix = np.concatenate([entry.matrix[keep], new_rows])
    if len(ids) > 1 and not bool(np.all(ids[1:] > ids[:-1])):  # appended ids are usually larger
        order = np.argsort(ids, kind="stable")
        ids, matrix = ids[order], matrix[order]
    return UserVectors(ids, matrix)


def normalise_query(vector: Sequence[float], dimensions: int) -> npt.NDArray[np.float32] | None:
    """Unit query vector, or None for a zero vector (nothing can be ranked)."""
    query = np.asarray(vector, dtype=np.float32)
    if query.shape != (dimensions,):
        raise ValueError(f"query vector has shape {query.shape}, expected ({dimensions},)")
    norm = float(np.linalg.norm(query))
    if not np.isfinite(norm) or norm == 0.0:
        return None
    return query / norm


def top_k(
    vectors: UserVectors, candidate_ids: Sequence[int], query: npt.NDArray[np.float32], k: int
) -> list[tuple[int, float]]:
    """(docs.id, inner product) best first among the filtered candidates."""
    if k <= 0 or not len(vectors.ids) or not candidate_ids:
        return []
    wanted = np.asarray(candidate_ids, dtype=np.int64)
    positions = np.minimum(np.searchsorted(vectors.ids, wanted), len(vectors.ids) - 1)
    positions = positions[vectors.ids[positions] == wanted]  # candidates without a vector drop out
    if not len(positions):
        return []
    # One product over the whole matrix is cheaper than copying out the candidate
    # rows; only candidates are ranked, so filtering still happens before top-k.
    # einsum runs single-threaded SIMD: a multi-threaded BLAS gemv is 10x slower
    # at the median as soon as another process competes for the cores.
    scores = np.einsum("ij,j->i", vectors.matrix, query)[positions]
    ids = vectors.ids[positions]
    best = np.argpartition(-scores, k - 1)[:k] if k < len(scores) else np.arange(len(scores))
    best = best[np.lexsort((ids[best], -scores[best]))]  # score desc, then id for stable ties
    return [(int(ids[i]), float(scores[i])) for i in best]


class VectorCache:
    """LRU of UserVectors bounded by bytes; callers hold the store's lock."""

    def __init__(self, max_bytes: int) -> None:
        self._max_bytes = max_bytes
        self._entries: OrderedDict[UserKey, UserVectors] = OrderedDict()
        self._bytes = 0

    def get(self, key: UserKey) -> UserVectors | None:
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
        return entry

    def put(self, key: UserKey, entry: UserVectors) -> None:
        self.invalidate(key)
        self._entries[key] = entry
        self._bytes += entry.nbytes
        while self._bytes > self._max_bytes and len(self._entries) > 1:
            _, evicted = self._entries.popitem(last=False)
            self._bytes -= evicted.nbytes

    def peek(self, key: UserKey) -> UserVectors | None:
        """Like get() without touching the LRU order (for write-path patching)."""
        return self._entries.get(key)

    def invalidate(self, key: UserKey) -> None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._bytes -= entry.nbytes

    def clear(self) -> None:
        self._entries.clear()
        self._bytes = 0
