"""Behaviour every MemoryIndex must show, whatever the backend (see conftest.INDEX_FACTORIES).

Vectors are small hand-made or hashed ones; no embedding model is involved.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from engram.memory.models import Hit, IndexDocument, SearchFilter
from engram.memory.ports import MemoryIndex
from tests.contract.conftest import DIMENSIONS, IndexHarness

USER = "u-1"
OTHER_USER = "u-2"
BIG_K = 100


def vec(*weights: float) -> list[float]:
    """Unit vector from leading components, rounded to float32 (what indexes store)."""
    array = np.zeros(DIMENSIONS, dtype=np.float64)
    array[: len(weights)] = weights
    array /= np.linalg.norm(array)
    return [float(x) for x in array.astype(np.float32)]


def axis(i: int) -> list[float]:
    return vec(*([0.0] * i + [1.0]))


def hashed(text: str) -> list[float]:
    """A deterministic pseudo-embedding for documents whose vector does not matter."""
    raw = np.frombuffer(hashlib.sha256(text.encode()).digest()[: DIMENSIONS * 2], dtype=np.uint16)
    return vec(*(raw.astype(np.float64) - 32768.0))


def make_doc(tenant: str, doc_id: str, text: str, **overrides: Any) -> IndexDocument:
    fields: dict[str, Any] = {
        "doc_id": doc_id,
        "tenant_id": tenant,
        "user_id": USER,
        "persona_id": "p-1",
        "namespace": "memory",
        "type": "fact",
        "status": "active",
        "text": text,
        "vector": hashed(doc_id + text),
        "importance": 0.5,
        "created_at": 1_000.0,
        "updated_at": 1_000.0,
    }
    fields.update(overrides)
    return IndexDocument(**fields)


def put(h: IndexHarness, *docs: IndexDocument) -> None:
    h.index.upsert(list(docs))
    h.sync()


def ids(hits: Sequence[Hit]) -> list[str]:
    return [hit.doc_id for hit in hits]


def flt(tenant: str, user: str = USER, **kw: Any) -> SearchFilter:
    return SearchFilter(tenant_id=tenant, user_id=user, **kw)


def visible(index: MemoryIndex, f: SearchFilter, query: str = "garden", vector: list[float] | None = None) -> set[str]:
    """The doc ids a filter lets through, checked to agree across all three reads."""
    by_text = set(ids(index.search_text(query, f, BIG_K)))
    by_vector = set(ids(index.search_vector(vector or axis(0), f, BIG_K)))
    assert by_text == by_vector, "search_text and search_vector disagree on the filter"
    assert index.count(f) == len(by_text)
    return by_text


# --------------------------------------------------------------------------- CRUD


def test_upsert_then_get_round_trips_every_field(harness: IndexHarness, tenant: str) -> None:
    doc = make_doc(
        tenant,
        "d1",
        "The user's daughter Emily lives in Seattle.",
        vector=vec(1.0, 0.5, 0.25),
        importance=0.75,
        expires_at=9_999.5,
        access_count=3,
        topics=["family", "seattle"],
        source_ids=["turn-1", "turn-2"],
        pinned=True,
        type="profile",
        own_vector=vec(0.5, 1.0),
    )
    put(harness, doc)
    got = harness.index.get(tenant, USER, "d1")
    assert got is not None
    assert got.vector == pytest.approx(doc.vector, abs=1e-6)
    assert got.own_vector == pytest.approx(doc.own_vector, abs=1e-3)  # half precision: it only reranks
    assert dataclasses.replace(got, vector=doc.vector, own_vector=doc.own_vector) == doc


def test_get_is_scoped_to_tenant_and_user(harness: IndexHarness, tenant: str, other_tenant: str) -> None:
    put(harness, make_doc(tenant, "d1", "likes green tea"))
    assert harness.index.get(tenant, OTHER_USER, "d1") is None
    assert harness.index.get(other_tenant, USER, "d1") is None
    assert harness.index.get(tenant, USER, "missing") is None


def test_doc_without_vector_is_text_searchable_only(harness: IndexHarness, tenant: str) -> None:
    put(harness, make_doc(tenant, "d1", "garden tomatoes", vector=None))
    assert ids(harness.index.search_text("garden", flt(tenant), 10)) == ["d1"]
    assert harness.index.search_vector(axis(0), flt(tenant), 10) == []
    got = harness.index.get(tenant, USER, "d1")
    assert got is not None and got.vector is None


def test_upsert_same_id_replaces_text_vector_and_fields(harness: IndexHarness, tenant: str) -> None:
    put(harness, make_doc(tenant, "d1", "drinks coffee every morning", vector=axis(0)))
    put(harness, make_doc(tenant, "d1", "switched to green tea", vector=axis(1), importance=0.9))
    index = harness.index
    assert index.count(flt(tenant)) == 1
    assert index.search_text("coffee", flt(tenant), 10) == []
    assert ids(index.search_text("tea", flt(tenant), 10)) == ["d1"]
    assert index.search_vector(axis(1), flt(tenant), 1)[0].score == pytest.approx(1.0, abs=1e-5)
    assert index.search_vector(axis(0), flt(tenant), 1)[0].score == pytest.approx(0.0, abs=1e-5)
    got = index.get(tenant, USER, "d1")
    assert got is not None and got.text == "switched to green tea" and got.importance == 0.9


def test_upsert_is_idempotent(harness: IndexHarness, tenant: str) -> None:
    doc = make_doc(tenant, "d1", "garden tomatoes")
    put(harness, doc)
    put(harness, doc, doc)
    assert harness.index.count(flt(tenant)) == 1
    assert ids(harness.index.search_text("garden", flt(tenant), 10)) == ["d1"]


def test_delete_removes_from_get_count_and_both_searches(harness: IndexHarness, tenant: str) -> None:
    """TTL / forget propagation: a doc deleted by id vanishes from every read path."""
    put(
        harness,
        make_doc(tenant, "keep", "garden tomatoes", vector=axis(1)),
        make_doc(tenant, "gone", "garden basil", vector=axis(0)),
    )
    index = harness.index
    assert ids(index.search_vector(axis(0), flt(tenant), 1)) == ["gone"]  # also warms any vector cache
    index.delete(tenant, USER, ["gone", "never-existed"])
    harness.sync()
    assert index.get(tenant, USER, "gone") is None
    assert visible(index, flt(tenant)) == {"keep"}
    assert ids(index.search_vector(axis(0), flt(tenant), 1)) == ["keep"]
    assert index.search_text("basil", flt(tenant), 10) == []


def test_delete_never_touches_another_users_doc(harness: IndexHarness, tenant: str) -> None:
    put(harness, make_doc(tenant, "d1", "garden tomatoes"))
    harness.index.delete(tenant, OTHER_USER, ["d1"])
    harness.sync()
    assert harness.index.get(tenant, USER, "d1") is not None


def test_delete_user_removes_only_that_user(harness: IndexHarness, tenant: str, other_tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "a1", "garden tomatoes"),
        make_doc(tenant, "a2", "garden basil", namespace="round"),
        make_doc(tenant, "a3", "garden mint", status="archived"),
        make_doc(tenant, "b1", "garden tomatoes", user_id=OTHER_USER),
        make_doc(other_tenant, "c1", "garden tomatoes"),  # same user_id, other tenant
    )
    index = harness.index
    assert index.delete_user(tenant, USER) == 3
    harness.sync()
    everything: dict[str, Any] = {"namespaces": ("memory", "round"), "statuses": ("active", "archived")}
    assert index.count(flt(tenant, **everything)) == 0
    assert index.search_vector(axis(0), flt(tenant, **everything), 10) == []
    assert visible(index, flt(tenant, OTHER_USER)) == {"b1"}
    assert visible(index, flt(other_tenant)) == {"c1"}
    assert index.delete_user(tenant, USER) == 0


# --------------------------------------------------------------------------- filters


def test_filter_persona(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "p1", "garden one", persona_id="p-1"),
        make_doc(tenant, "p2", "garden two", persona_id="p-2"),
        make_doc(tenant, "p3", "garden three", persona_id="p-3"),
    )
    index = harness.index
    assert visible(index, flt(tenant)) == {"p1", "p2", "p3"}  # None = every persona
    assert visible(index, flt(tenant, persona_ids=("p-2",))) == {"p2"}
    assert visible(index, flt(tenant, persona_ids=("p-1", "p-3"))) == {"p1", "p3"}
    assert visible(index, flt(tenant, persona_ids=())) == set()


def test_filter_namespace_defaults_to_memory(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "m", "garden memory", namespace="memory"),
        make_doc(tenant, "r", "garden round", namespace="round"),
        make_doc(tenant, "k", "garden kb", namespace="kb"),
    )
    index = harness.index
    assert visible(index, flt(tenant)) == {"m"}
    assert visible(index, flt(tenant, namespaces=("round",))) == {"r"}
    assert visible(index, flt(tenant, namespaces=("memory", "kb"))) == {"m", "k"}
    assert visible(index, flt(tenant, namespaces=())) == set()


def test_filter_type(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "f", "garden fact", type="fact"),
        make_doc(tenant, "p", "garden preference", type="preference"),
        make_doc(tenant, "t", "garden todo", type="todo"),
    )
    index = harness.index
    assert visible(index, flt(tenant)) == {"f", "p", "t"}
    assert visible(index, flt(tenant, types=("preference", "todo"))) == {"p", "t"}
    assert visible(index, flt(tenant, types=())) == set()


def test_filter_status_defaults_to_active(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "a", "garden active", status="active"),
        make_doc(tenant, "x", "garden archived", status="archived"),
        make_doc(tenant, "c", "garden compressed", status="compressed"),
    )
    index = harness.index
    assert visible(index, flt(tenant)) == {"a"}
    assert visible(index, flt(tenant, statuses=("archived",))) == {"x"}
    assert visible(index, flt(tenant, statuses=("active", "compressed"))) == {"a", "c"}


def test_filter_created_range_is_inclusive(harness: IndexHarness, tenant: str) -> None:
    put(harness, *(make_doc(tenant, f"d{t}", f"garden {t}", created_at=float(t)) for t in (100, 200, 300)))
    index = harness.index
    assert visible(index, flt(tenant, created_from=200.0)) == {"d200", "d300"}
    assert visible(index, flt(tenant, created_to=200.0)) == {"d100", "d200"}
    assert visible(index, flt(tenant, created_from=150.0, created_to=250.0)) == {"d200"}
    assert visible(index, flt(tenant, created_from=200.0, created_to=200.0)) == {"d200"}
    assert visible(index, flt(tenant, created_from=301.0)) == set()


def test_filter_now_excludes_expired(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "forever", "garden forever", expires_at=None),
        make_doc(tenant, "past", "garden past", expires_at=500.0),
        make_doc(tenant, "boundary", "garden boundary", expires_at=1_000.0),
        make_doc(tenant, "future", "garden future", expires_at=1_000.5),
    )
    index = harness.index
    assert visible(index, flt(tenant, now=1_000.0)) == {"forever", "future"}  # expires_at <= now is gone
    assert visible(index, flt(tenant, now=10.0)) == {"forever", "past", "boundary", "future"}
    assert visible(index, flt(tenant)) == {
        "forever",
        "past",
        "boundary",
        "future",
    }  # now=None: no expiry check


def test_filters_combine_with_and(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "hit", "garden", persona_id="p-2", type="todo", created_at=50.0, expires_at=99.0),
        make_doc(tenant, "persona", "garden", persona_id="p-1", type="todo", created_at=50.0),
        make_doc(tenant, "type", "garden", persona_id="p-2", type="fact", created_at=50.0),
        make_doc(tenant, "old", "garden", persona_id="p-2", type="todo", created_at=5.0),
        make_doc(tenant, "expired", "garden", persona_id="p-2", type="todo", created_at=50.0, expires_at=60.0),
    )
    f = flt(tenant, persona_ids=("p-2",), types=("todo",), created_from=10.0, now=60.0)
    assert visible(harness.index, f) == {"hit"}


def test_filter_applies_before_top_k(harness: IndexHarness, tenant: str) -> None:
    """Archived near-duplicates must not crowd the one active doc out of a k=1 search."""
    docs = [make_doc(tenant, f"x{i}", "garden tomatoes", vector=axis(0), status="archived") for i in range(20)]
    docs.append(make_doc(tenant, "active", "garden", vector=vec(1.0, 1.0)))
    put(harness, *docs)
    index = harness.index
    assert ids(index.search_text("garden tomatoes", flt(tenant), 1)) == ["active"]
    assert ids(index.search_vector(axis(0), flt(tenant), 1)) == ["active"]


# --------------------------------------------------------------------------- isolation


def test_same_user_id_in_two_tenants_never_leaks(harness: IndexHarness, tenant: str, other_tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "mine", "allergic to penicillin", vector=axis(0)),
        make_doc(other_tenant, "theirs", "allergic to penicillin and peanuts", vector=axis(0)),
    )
    index = harness.index
    assert ids(index.search_text("penicillin peanuts", flt(tenant), BIG_K)) == ["mine"]
    assert ids(index.search_vector(axis(0), flt(tenant), BIG_K)) == ["mine"]
    assert ids(index.search_text("penicillin peanuts", flt(other_tenant), BIG_K)) == ["theirs"]
    assert index.count(flt(tenant)) == 1


def test_same_doc_id_in_two_tenants_are_distinct_documents(
    harness: IndexHarness, tenant: str, other_tenant: str
) -> None:
    """Documents are keyed by (tenant, user, doc_id): writing one never overwrites another's."""
    put(harness, make_doc(tenant, "d1", "likes jazz"), make_doc(other_tenant, "d1", "likes opera"))
    index = harness.index
    mine, theirs = index.get(tenant, USER, "d1"), index.get(other_tenant, USER, "d1")
    assert mine is not None and mine.text == "likes jazz"
    assert theirs is not None and theirs.text == "likes opera"
    index.delete(other_tenant, USER, ["d1"])
    harness.sync()
    assert index.get(tenant, USER, "d1") is not None


def test_search_never_returns_another_users_better_match(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "a", "walks the dog", vector=vec(1.0, 1.0)),
        make_doc(tenant, "b", "golden retriever named Max, walks the golden retriever", user_id=OTHER_USER,
                 vector=axis(0)),
    )  # fmt: skip
    index = harness.index
    text_hits = index.search_text("golden retriever named Max walks", flt(tenant), BIG_K)
    vector_hits = index.search_vector(axis(0), flt(tenant), BIG_K)
    assert ids(text_hits) == ["a"] and ids(vector_hits) == ["a"]
    assert all(hit.doc.user_id == USER and hit.doc.tenant_id == tenant for hit in text_hits + vector_hits)


# --------------------------------------------------------------------------- ranking


def test_text_hits_best_first_with_positive_scores(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "both", "green tea every morning"),
        make_doc(tenant, "one", "coffee every morning"),
        make_doc(tenant, "none", "walks the dog"),
        *(make_doc(tenant, f"filler{i}", f"filler document number {i}") for i in range(10)),
    )
    hits = harness.index.search_text("green tea", flt(tenant), 10)
    assert ids(hits) == ["both"]
    hits = harness.index.search_text("green tea morning", flt(tenant), 10)
    assert ids(hits) == ["both", "one"]
    assert hits[0].score > hits[1].score > 0
    assert all(hit.doc.doc_id == hit.doc_id for hit in hits)


def test_vector_hits_best_first_by_cosine(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "same", "x", vector=axis(0)),
        make_doc(tenant, "near", "x", vector=vec(1.0, 0.5)),
        make_doc(tenant, "far", "x", vector=vec(0.2, 1.0)),
        make_doc(tenant, "orthogonal", "x", vector=axis(2)),
    )
    hits = harness.index.search_vector(vec(3.0), flt(tenant), 3)  # query need not be unit length
    assert ids(hits) == ["same", "near", "far"]
    assert hits[0].score == pytest.approx(1.0, abs=1e-5)
    assert hits[1].score == pytest.approx(1 / np.sqrt(1.25), abs=1e-5)
    assert hits[0].score > hits[1].score > hits[2].score


def test_k_limits_results(harness: IndexHarness, tenant: str) -> None:
    put(harness, *(make_doc(tenant, f"d{i}", f"garden plot {i}") for i in range(7)))
    assert len(harness.index.search_text("garden", flt(tenant), 3)) == 3
    assert len(harness.index.search_vector(axis(0), flt(tenant), 3)) == 3


def test_query_without_searchable_terms_finds_nothing(harness: IndexHarness, tenant: str) -> None:
    put(harness, make_doc(tenant, "d1", "the garden is in the back"))
    assert harness.index.search_text("", flt(tenant), 10) == []
    assert harness.index.search_text("the is in", flt(tenant), 10) == []  # stopwords only
    assert harness.index.search_text('"garden" AND OR NOT ( * : ^', flt(tenant), 10)[0].doc_id == "d1"


def test_english_matches_across_inflections(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "hike", "I love hiking in the mountains"),
        make_doc(tenant, "other", "I cook noodles at home"),
    )
    assert ids(harness.index.search_text("mountain hikes", flt(tenant), 10)) == ["hike"]


@pytest.mark.parametrize(
    ("target", "query"),
    [
        ("zh", "珍珠奶茶哪一家比較好喝？"),  # shares 珍珠奶茶
        ("ja", "抹茶のおすすめを教えて"),  # shares 抹茶
        ("ko", "김치찌개 레시피 알려줘"),  # shares 김치찌개
    ],
)
def test_multilingual_bm25(harness: IndexHarness, tenant: str, target: str, query: str) -> None:
    put(
        harness,
        make_doc(tenant, "zh", "我最喜歡的飲料是珍珠奶茶"),
        make_doc(tenant, "zh-other", "明天要去台北開會"),
        make_doc(tenant, "ja", "週末は京都で抹茶を飲みました"),
        make_doc(tenant, "ja-other", "来週東京に出張します"),
        make_doc(tenant, "ko", "나는 매운 김치찌개를 좋아해요"),
        make_doc(tenant, "ko-other", "내일 회의가 있어요"),
        make_doc(tenant, "en", "The user drinks bubble tea"),
    )
    hits = harness.index.search_text(query, flt(tenant), 10)
    assert ids(hits)[:1] == [target]
    assert all(not hit_id.endswith("-other") for hit_id in ids(hits))


# --------------------------------------------------------------------------- lifecycle


def test_persists_across_reopen(harness: IndexHarness, tenant: str) -> None:
    put(
        harness,
        make_doc(tenant, "d1", "garden tomatoes", vector=axis(0)),
        make_doc(tenant, "d2", "garden basil", vector=axis(1)),
    )
    harness.index.delete(tenant, USER, ["d2"])
    index = harness.reopen()
    assert index.get(tenant, USER, "d1") is not None
    assert index.get(tenant, USER, "d2") is None
    assert ids(index.search_text("tomatoes", flt(tenant), 10)) == ["d1"]
    assert ids(index.search_vector(axis(0), flt(tenant), 10)) == ["d1"]


def test_rebuild_through_alias_swaps_to_the_new_version(harness: IndexHarness, tenant: str) -> None:
    put(harness, make_doc(tenant, "old", "drinks coffee", vector=axis(0)))
    harness.rebuild([make_doc(tenant, "new", "drinks green tea", vector=axis(1))])
    harness.sync()
    index = harness.index
    assert index.get(tenant, USER, "old") is None
    assert index.search_text("coffee", flt(tenant), 10) == []
    assert ids(index.search_text("tea", flt(tenant), 10)) == ["new"]
    assert ids(index.search_vector(axis(1), flt(tenant), 10)) == ["new"]
    put(harness, make_doc(tenant, "later", "drinks water"))  # writes land in the new version
    assert visible(index, flt(tenant), query="drinks", vector=axis(1)) == {"new", "later"}
    assert ids(harness.reopen().search_text("tea", flt(tenant), 10)) == ["new"]  # the swap is durable
