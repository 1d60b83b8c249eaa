"""LocalIndex specifics beyond the shared contract (tests/contract): validation, the
vector cache, several instances on one directory, and the versioned alias."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engram.adapters.local_index import LocalIndex
from engram.adapters.local_index.alias import ALIAS_FILE
from engram.memory.models import IndexDocument, SearchFilter
from engram.memory.ports import MemoryIndex

DIMS = 4
FLT = SearchFilter(tenant_id="t", user_id="u")


def doc(doc_id: str, text: str = "garden", **kw: Any) -> IndexDocument:
    fields: dict[str, Any] = {
        "doc_id": doc_id,
        "tenant_id": "t",
        "user_id": "u",
        "persona_id": "p",
        "namespace": "memory",
        "type": "fact",
        "status": "active",
        "text": text,
        "vector": [1.0, 0.0, 0.0, 0.0],
        "importance": 0.5,
        "created_at": 1.0,
        "updated_at": 1.0,
    }
    fields.update(kw)
    return IndexDocument(**fields)


def test_satisfies_memory_index_protocol() -> None:
    index: MemoryIndex = LocalIndex.in_memory(DIMS)  # checked by mypy
    index.upsert([doc("a")])
    assert index.count(FLT) == 1


def test_in_memory_rebuild() -> None:
    index = LocalIndex.in_memory(DIMS)
    index.upsert([doc("old")])
    assert index.rebuild([doc("new")]) == "memory"
    assert [h.doc_id for h in index.search_text("garden", FLT, 5)] == ["new"]


def test_bad_vectors_are_rejected_before_anything_is_written() -> None:
    index = LocalIndex.in_memory(DIMS)
    with pytest.raises(ValueError, match="shape"):
        index.upsert([doc("ok"), doc("bad", vector=[1.0, 2.0])])
    with pytest.raises(ValueError, match="NaN"):
        index.upsert([doc("nan", vector=[float("nan"), 0.0, 0.0, 0.0])])
    assert index.count(FLT) == 0
    with pytest.raises(ValueError, match="shape"):
        index.search_vector([1.0], FLT, 3)


def test_ids_are_required() -> None:
    index = LocalIndex.in_memory(DIMS)
    with pytest.raises(ValueError):
        index.upsert([doc("a", tenant_id="")])
    with pytest.raises(ValueError):
        index.search_text("garden", SearchFilter(tenant_id="t", user_id=""), 3)
    with pytest.raises(ValueError):
        index.count(SearchFilter(tenant_id="", user_id="u"))


def test_zero_query_vector_and_non_positive_k_find_nothing() -> None:
    index = LocalIndex.in_memory(DIMS)
    index.upsert([doc("a")])
    assert index.search_vector([0.0] * DIMS, FLT, 3) == []
    assert index.search_vector([1.0, 0, 0, 0], FLT, 0) == []
    assert index.search_text("garden", FLT, 0) == []


def test_reopen_with_other_dimensions_fails(tmp_path: Path) -> None:
    LocalIndex(tmp_path, DIMS).close()
    with pytest.raises(ValueError, match="4-d"):
        LocalIndex(tmp_path, 8)


def test_warm_vector_cache_matches_brute_force_through_writes() -> None:
    """The cached matrix is patched on every write; it must always equal a fresh scan."""
    rng = random.Random(3)
    index = LocalIndex.in_memory(DIMS)
    truth: dict[str, list[float] | None] = {}
    for step in range(300):
        doc_id = f"d{rng.randrange(40)}"
        if rng.random() < 0.25:
            index.delete("t", "u", [doc_id])
            truth.pop(doc_id, None)
        else:
            vector = None if rng.random() < 0.1 else [rng.uniform(-1, 1) for _ in range(DIMS)]
            index.upsert([doc(doc_id, vector=vector)])
            if vector is not None:
                vector = [float(x) for x in np.asarray(vector, dtype=np.float32)]
            truth[doc_id] = vector
        query = [rng.uniform(-1, 1) for _ in range(DIMS)]
        got = index.search_vector(query, FLT, 5)
        q = np.asarray(query) / np.linalg.norm(query)
        expected = sorted(  # inner product with the unit query, as OpenSearch's `innerproduct` space
            ((float(q @ np.asarray(v)), i) for i, v in truth.items() if v is not None),
            key=lambda pair: (-pair[0], pair[1]),
        )[:5]
        assert [h.doc_id for h in got] == [i for _, i in expected], step
        assert [h.score for h in got] == pytest.approx([s for s, _ in expected], abs=1e-5)


def test_second_instance_sees_writes_and_alias_swaps(tmp_path: Path) -> None:
    """E.g. the local API process and a worker process sharing one index directory."""
    writer, reader = LocalIndex(tmp_path, DIMS), LocalIndex(tmp_path, DIMS)
    writer.upsert([doc("a", vector=[1.0, 0, 0, 0])])
    assert [h.doc_id for h in reader.search_vector([1.0, 0, 0, 0], FLT, 5)] == ["a"]  # warms reader's cache
    writer.upsert([doc("b", vector=[1.0, 0.1, 0, 0])])
    assert [h.doc_id for h in reader.search_vector([1.0, 0, 0, 0], FLT, 5)] == ["a", "b"]
    writer.rebuild([doc("c", text="tea")])
    assert reader.active_version == writer.active_version == "index-v0002.sqlite3"
    assert [h.doc_id for h in reader.search_text("tea", FLT, 5)] == ["c"]
    assert reader.count(FLT) == 1
    writer.close()
    reader.close()


def test_live_writes_during_reindex_reach_the_new_version(tmp_path: Path) -> None:
    index = LocalIndex(tmp_path, DIMS)
    index.upsert([doc("before")])
    builder = index.begin_reindex()
    builder.upsert([doc("before")])  # the rebuild's copy from the source of truth
    index.upsert([doc("during", text="garden during")])  # live write: goes to both versions
    index.delete("t", "u", ["before"])
    with pytest.raises(RuntimeError):
        index.begin_reindex()
    index.activate(builder)
    assert {h.doc_id for h in index.search_text("garden", FLT, 5)} == {"during"}
    assert (tmp_path / ALIAS_FILE).read_text().strip() == "index-v0002.sqlite3"
    index.close()


def test_abort_and_prune_versions(tmp_path: Path) -> None:
    index = LocalIndex(tmp_path, DIMS)
    index.upsert([doc("a")])
    index.begin_reindex()
    index.abort_reindex()
    assert not (tmp_path / "index-v0002.sqlite3").exists()
    index.rebuild([doc("b")])
    index.rebuild([doc("c")])
    assert index.active_version == "index-v0003.sqlite3"  # the aborted v2 was deleted and reused
    assert index.prune_versions(keep=2) == ["index-v0001.sqlite3"]
    assert sorted(p.name for p in tmp_path.glob("index-v*.sqlite3")) == [
        "index-v0002.sqlite3",
        "index-v0003.sqlite3",
    ]
    assert [h.doc_id for h in index.search_text("garden", FLT, 5)] == ["c"]
    index.close()


def test_concurrent_threads(tmp_path: Path) -> None:
    index = LocalIndex(tmp_path, DIMS)
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(30):
                index.upsert([doc(f"{n}-{i}", text=f"garden {n} {i}", vector=[1.0, n, i, 0.5])])
                index.search_text("garden", FLT, 5)
                index.search_vector([1.0, 0, 0, 0], FLT, 5)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert index.count(FLT) == 120
    index.close()


def test_vectors_rank_by_inner_product_like_the_opensearch_template() -> None:
    """A shorter stored vector (a round blended with its context) scores its length, not 1."""
    index = LocalIndex.in_memory(DIMS)
    index.upsert([doc("unit", vector=[1.0, 0, 0, 0]), doc("blend", vector=[0.6, 0, 0, 0])])
    hits = index.search_vector([2.0, 0, 0, 0], FLT, 5)  # the query is normalised
    assert [(h.doc_id, round(h.score, 5)) for h in hits] == [("unit", 1.0), ("blend", 0.6)]
