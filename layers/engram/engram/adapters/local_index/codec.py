"""IndexDocument <-> SQLite row values."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from engram.adapters import half_vectors
from engram.memory.models import IndexDocument


def encode_body(doc: IndexDocument) -> str:
    """Every field but the vector (stored as a float32 BLOB beside it)."""
    body: dict[str, Any] = {
        "doc_id": doc.doc_id,
        "tenant_id": doc.tenant_id,
        "user_id": doc.user_id,
        "persona_id": doc.persona_id,
        "namespace": doc.namespace,
        "type": doc.type,
        "status": doc.status,
        "text": doc.text,
        "importance": doc.importance,
        "created_at": doc.created_at,
        "updated_at": doc.updated_at,
        "expires_at": doc.expires_at,
        "access_count": doc.access_count,
        "topics": list(doc.topics),
        "source_ids": list(doc.source_ids),
        "pinned": doc.pinned,
        "version": doc.version,
        "links": list(doc.links),
    }
    if doc.own_vector is not None:
        body["own_vector"] = half_vectors.to_text(doc.own_vector)
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


def decode(body: str, vector: bytes | None) -> IndexDocument:
    fields: dict[str, Any] = json.loads(body)
    fields["vector"] = None if vector is None else np.frombuffer(vector, dtype="<f4").tolist()
    own = fields.pop("own_vector", None)
    fields["own_vector"] = None if own is None else half_vectors.from_text(own)
    return IndexDocument(**fields)


def encode_vector(vector: Sequence[float], dimensions: int) -> bytes:
    array = np.asarray(vector, dtype="<f4")
    if array.shape != (dimensions,):
        raise ValueError(f"vector has shape {array.shape}, expected ({dimensions},)")
    if not np.all(np.isfinite(array)):
        raise ValueError("vector contains NaN or infinity")
    return array.tobytes()
