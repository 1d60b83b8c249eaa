"""OpenSearch adapter without a cluster.

Pure request-body builders are asserted against the documented shapes; the
adapter itself runs through the real opensearch-py client against a tiny HTTP
server on 127.0.0.1 that records every request and answers with documented
response bodies, so serialisation, URL building and error mapping are real.
"""

from __future__ import annotations

import base64
import dataclasses
import importlib.util
import json
import re
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import pytest

from engram.adapters.opensearch_index import (
    OpenSearchIndex,
    build_client,
    build_knn_query,
    build_text_query,
    bulk_failures,
    document_source,
    filter_clauses,
    parse_document,
    parse_hits,
    parse_page,
    routing_key,
)
from engram.adapters.opensearch_template import (
    TEXT_ANALYZER,
    IndexLayout,
    alias_swap_actions,
    index_template,
    knn_score_to_similarity,
    vector_mapping,
)
from engram.kernel.errors import EngramError, NotFound, StoreUnavailable, ValidationFailed
from engram.memory.models import Hit, IndexDocument, SearchFilter
from engram.memory.ports import MemoryIndex
from engram.settings import Settings

pytestmark = pytest.mark.enable_socket  # loopback only: the fake cluster below

PREFIX = "engram-test"
LAYOUT = IndexLayout(PREFIX)
DIMS = 4


# --------------------------------------------------------------------------- fake cluster


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    def ndjson(self) -> list[Any]:
        return [json.loads(line) for line in self.body.decode().splitlines() if line.strip()]


Reply = tuple[int, Any]


@dataclass
class FakeCluster:
    """Routes are (method, path regex) -> replies consumed in order; the last one repeats."""

    url: str = ""
    requests: list[Recorded] = field(default_factory=list)
    routes: list[tuple[str, re.Pattern[str], list[Reply | Callable[[Recorded], Reply]]]] = field(default_factory=list)

    def on(self, method: str, path: str, *replies: Reply | Callable[[Recorded], Reply]) -> None:
        self.routes.append((method, re.compile(path), list(replies)))

    def reply(self, request: Recorded) -> Reply:
        for method, pattern, replies in self.routes:
            if method == request.method and pattern.fullmatch(request.path):
                chosen = replies.pop(0) if len(replies) > 1 else replies[0]
                return chosen(request) if callable(chosen) else chosen
        return 400, {"error": {"type": "test_no_route", "reason": f"{request.method} {request.path}"}}

    def data_requests(self) -> list[Recorded]:
        """Requests that touch documents (everything but index/alias/template management)."""
        return [r for r in self.requests if re.search(r"/_(search|count|doc|bulk|delete_by_query)$|/_doc/", r.path)]


def _handler(cluster: FakeCluster) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            parts = urlsplit(self.path)
            recorded = Recorded(
                method=self.command,
                path=unquote(parts.path),  # as the server decodes it
                query=dict(parse_qsl(parts.query)),
                headers={k.lower(): v for k, v in self.headers.items()},
                body=body,
            )
            cluster.requests.append(recorded)
            status, payload = cluster.reply(recorded)
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            self._serve()

        def do_POST(self) -> None:
            self._serve()

        def do_PUT(self) -> None:
            self._serve()

        def do_DELETE(self) -> None:
            self._serve()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


@pytest.fixture
def cluster() -> Iterator[FakeCluster]:
    fake = FakeCluster()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    fake.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def index(cluster: FakeCluster) -> OpenSearchIndex:
    client = build_client(cluster.url, "us-east-1", None, timeout_s=5, max_retries=0)
    return OpenSearchIndex(client, dimensions=DIMS, prefix=PREFIX, bulk_chunk_size=2, sleep=lambda _s: None)


def _doc(doc_id: str, *, tenant: str = "t1", user: str = "u1", vector: list[float] | None = None) -> IndexDocument:
    return IndexDocument(
        doc_id=doc_id,
        tenant_id=tenant,
        user_id=user,
        persona_id="p1",
        namespace="memory",
        type="fact",
        status="active",
        text=f"text of {doc_id}",
        vector=vector if vector is not None else [0.5, 0.5, 0.5, 0.5],
        importance=0.7,
        created_at=1_700_000_000.5,
        updated_at=1_700_000_100.0,
        expires_at=None,
        access_count=2,
        topics=["food"],
        source_ids=["turn-1"],
        pinned=True,
    )


def _hit(doc: IndexDocument, score: float) -> dict[str, Any]:
    """One entry of hits.hits as the _search API returns it."""
    return {
        "_index": f"{PREFIX}-v1",
        "_id": doc.doc_id,
        "_score": score,
        "_routing": routing_key(doc.tenant_id, doc.user_id),
        "_source": document_source(doc),
        "sort": [score, doc.doc_id],
    }


def _search_response(hits: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "took": 3,
        "timed_out": False,
        "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0},
        "hits": {"max_score": None, "hits": hits},
    }


FLT = SearchFilter(tenant_id="t1", user_id="u1")
ROUTE = "t1:u1"


# --------------------------------------------------------------------------- pure: template


def test_template_is_a_knn_index_with_dimension_from_settings() -> None:
    dims = Settings().embedding_dimensions
    body = index_template(LAYOUT, dims)
    assert body["index_patterns"] == [f"{PREFIX}-v*"]
    settings = body["template"]["settings"]
    assert settings["index"]["knn"] is True
    vector = body["template"]["mappings"]["properties"]["vector"]
    assert vector["type"] == "knn_vector"
    assert vector["dimension"] == dims
    assert vector["method"]["name"] == "hnsw"
    assert vector["method"]["engine"] == "faiss"
    assert vector["method"]["space_type"] == "innerproduct"
    assert vector["method"]["parameters"] == {"ef_construction": 128, "m": 16}
    assert "nmslib" not in json.dumps(body)


def test_template_field_types() -> None:
    props = index_template(LAYOUT, DIMS)["template"]["mappings"]["properties"]
    for name in (
        "tenant_id",
        "user_id",
        "persona_id",
        "namespace",
        "type",
        "status",
        "topics",
        "source_ids",
        "doc_id",
    ):
        assert props[name] == {"type": "keyword"}, name
    for name in ("created_at", "updated_at", "expires_at"):
        assert props[name] == {"type": "double"}, name
    assert props["importance"] == {"type": "float"}
    assert props["pinned"] == {"type": "boolean"}
    assert props["text"] == {"type": "text", "analyzer": TEXT_ANALYZER}
    # every IndexDocument field is mapped (the mapping is strict)
    assert set(IndexDocument.__dataclass_fields__) <= set(props)
    assert index_template(LAYOUT, DIMS)["template"]["mappings"]["dynamic"] == "strict"


def test_analyzer_is_cjk_chain_plus_english_stemming() -> None:
    analysis = index_template(LAYOUT, DIMS)["template"]["settings"]["analysis"]
    analyzer = analysis["analyzer"][TEXT_ANALYZER]
    assert analyzer["type"] == "custom"
    assert analyzer["tokenizer"] == "standard"
    chain = analyzer["filter"]
    assert chain[:3] == ["cjk_width", "lowercase", "cjk_bigram"]
    assert chain[-1] == "porter_stem"  # engram.language.porter implements the same algorithm
    custom = analysis["filter"]
    assert {"type": "stop", "stopwords": "_english_"} in custom.values()
    assert {"type": "stemmer", "language": "possessive_english"} in custom.values()
    # every custom filter the chain names is defined
    builtin = {"cjk_width", "lowercase", "cjk_bigram", "porter_stem"}
    assert set(chain) - builtin == set(custom)


def test_engines_and_spaces() -> None:
    with pytest.raises(ValueError, match="nmslib"):
        vector_mapping(DIMS, engine="nmslib")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        OpenSearchIndex(object(), dimensions=DIMS, engine="nmslib")  # type: ignore[arg-type]
    lucene = index_template(LAYOUT, DIMS, engine="lucene", space_type="cosinesimil")
    assert lucene["template"]["mappings"]["properties"]["vector"]["method"]["engine"] == "lucene"
    # lucene derives ef_search from k; the faiss-only setting is left out
    assert "knn.algo_param.ef_search" not in lucene["template"]["settings"]["index"]
    faiss = index_template(LAYOUT, DIMS, shards=2, replicas=1)["template"]["settings"]["index"]
    assert faiss["knn.algo_param.ef_search"] == 100
    assert (faiss["number_of_shards"], faiss["number_of_replicas"]) == (2, 1)
    assert "number_of_shards" not in index_template(LAYOUT, DIMS)["template"]["settings"]["index"]


def test_layout_names() -> None:
    assert LAYOUT.read_alias == "engram-test-read"
    assert LAYOUT.write_alias == "engram-test-write"
    assert LAYOUT.physical(3) == "engram-test-v3"
    assert LAYOUT.version_of("engram-test-v12") == 12
    with pytest.raises(ValueError):
        LAYOUT.version_of("other-v1")
    with pytest.raises(ValueError):
        IndexLayout("Bad*Prefix")


def test_alias_swap_is_one_atomic_body() -> None:
    body = alias_swap_actions(LAYOUT, "engram-test-v1", "engram-test-v2")
    assert body["actions"] == [
        {"remove": {"index": "engram-test-v1", "alias": "engram-test-read"}},
        {"remove": {"index": "engram-test-v1", "alias": "engram-test-write"}},
        {"add": {"index": "engram-test-v2", "alias": "engram-test-read"}},
        {"add": {"index": "engram-test-v2", "alias": "engram-test-write", "is_write_index": True}},
    ]


@pytest.mark.parametrize("space", ["innerproduct", "cosinesimil"])
@pytest.mark.parametrize("cos", [-1.0, -0.5, 0.0, 0.3, 0.99, 1.0])
def test_knn_score_back_to_cosine(space: Any, cos: float) -> None:
    # the documented OpenSearch score transforms
    innerproduct = cos + 1 if cos > 0 else 1 / (1 - cos)
    score = (1 + cos) / 2 if space == "cosinesimil" else innerproduct
    assert knn_score_to_similarity(score, space) == pytest.approx(cos)


# --------------------------------------------------------------------------- pure: queries


def test_filter_clauses_always_carry_tenant_and_user() -> None:
    assert filter_clauses(FLT) == [
        {"term": {"tenant_id": "t1"}},
        {"term": {"user_id": "u1"}},
        {"terms": {"namespace": ["memory"]}},
        {"terms": {"status": ["active"]}},
    ]


def test_filter_clauses_full() -> None:
    flt = SearchFilter(
        tenant_id="t1",
        user_id="u1",
        persona_ids=("p1", "p2"),
        namespaces=("memory", "kb"),
        types=("fact",),
        statuses=("active", "archived"),
        created_from=10.0,
        created_to=20.0,
        now=15.0,
    )
    clauses = filter_clauses(flt)
    assert {"terms": {"persona_id": ["p1", "p2"]}} in clauses
    assert {"terms": {"namespace": ["memory", "kb"]}} in clauses
    assert {"terms": {"type": ["fact"]}} in clauses
    assert {"terms": {"status": ["active", "archived"]}} in clauses
    assert {"range": {"created_at": {"gte": 10.0, "lte": 20.0}}} in clauses
    assert {
        "bool": {
            "should": [
                {"bool": {"must_not": [{"exists": {"field": "expires_at"}}]}},
                {"range": {"expires_at": {"gt": 15.0}}},
            ],
            "minimum_should_match": 1,
        }
    } in clauses
    only_from = filter_clauses(SearchFilter(tenant_id="t", user_id="u", created_from=5.0))
    assert {"range": {"created_at": {"gte": 5.0}}} in only_from


def test_text_query_scores_text_and_filters_everything_else() -> None:
    body = build_text_query("allergic to peanuts", FLT, 7)
    assert body["size"] == 7
    boolean = body["query"]["bool"]
    assert boolean["must"] == [{"match": {"text": {"query": "allergic to peanuts"}}}]
    assert boolean["filter"] == filter_clauses(FLT)
    assert "post_filter" not in body


def test_knn_query_has_the_filter_inside_the_knn_clause() -> None:
    flt = SearchFilter(tenant_id="t1", user_id="u1", persona_ids=("p1",), now=100.0)
    body = build_knn_query([0.1, 0.2, 0.3, 0.4], flt, 5)
    assert body["size"] == 5
    assert list(body["query"]) == ["knn"]  # no outer bool: that would be a post-filter
    clause = body["query"]["knn"]["vector"]
    assert clause["vector"] == [0.1, 0.2, 0.3, 0.4]
    assert clause["k"] == 5
    assert clause["filter"] == {"bool": {"filter": filter_clauses(flt)}}
    assert "post_filter" not in body


def test_document_round_trip() -> None:
    doc = _doc("m1")
    assert parse_document(document_source(doc)) == doc
    with_own = dataclasses.replace(doc, own_vector=[0.5, -0.25, 0.125, 1.0])  # exact at half precision
    assert parse_document(document_source(with_own)) == with_own
    assert "own_vector" in index_template(LAYOUT, DIMS)["template"]["mappings"]["properties"]  # strict: admitted
    no_vector = _doc("m2")
    no_vector.vector = None
    assert "vector" not in document_source(no_vector)
    assert parse_document(document_source(no_vector)) == no_vector
    with pytest.raises(StoreUnavailable):
        parse_document({"doc_id": "x"})


def test_parse_hits_keeps_order_and_converts_knn_scores() -> None:
    a, b = _doc("a"), _doc("b")
    response = _search_response([_hit(a, 1.9), _hit(b, 1.25)])
    assert [(h.doc_id, h.score) for h in parse_hits(response)] == [("a", 1.9), ("b", 1.25)]
    vector_hits = parse_hits(response, "innerproduct")
    assert [h.doc_id for h in vector_hits] == ["a", "b"]
    assert vector_hits[0].score == pytest.approx(0.9)
    assert vector_hits[0].doc == a


# --------------------------------------------------------------------------- pure: bulk responses

# Shape of a documented _bulk response with one failed item.
BULK_PARTIAL = {
    "took": 11,
    "errors": True,
    "items": [
        {
            "index": {
                "_index": "engram-test-v1",
                "_id": "a",
                "_version": 1,
                "result": "created",
                "status": 201,
            }
        },
        {
            "index": {
                "_index": "engram-test-v1",
                "_id": "b",
                "status": 400,
                "error": {"type": "mapper_parsing_exception", "reason": "failed to parse field [vector]"},
            }
        },
        {
            "index": {
                "_index": "engram-test-v1",
                "_id": "c",
                "status": 429,
                "error": {"type": "es_rejected_execution_exception", "reason": "rejected execution"},
            }
        },
    ],
}

BULK_DELETE_MISSING = {
    "took": 2,
    "errors": False,
    "items": [
        {
            "delete": {
                "_index": "engram-test-v1",
                "_id": "a",
                "_version": 2,
                "result": "deleted",
                "status": 200,
            }
        },
        {
            "delete": {
                "_index": "engram-test-v1",
                "_id": "gone",
                "_version": 1,
                "result": "not_found",
                "status": 404,
            }
        },
    ],
}


def test_bulk_failures() -> None:
    assert bulk_failures(BULK_PARTIAL) == {
        "b": "mapper_parsing_exception",
        "c": "es_rejected_execution_exception",
    }
    assert bulk_failures(BULK_DELETE_MISSING) == {}


# --------------------------------------------------------------------------- adapter over HTTP


def test_adapter_satisfies_the_port(index: OpenSearchIndex) -> None:
    port: MemoryIndex = index  # checked by mypy
    assert port is index


def test_ensure_index_creates_template_first_version_and_aliases(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    cluster.on("PUT", "/_index_template/engram-test-template", (200, {"acknowledged": True}))
    cluster.on(
        "GET",
        "/_alias/engram-test-write",
        (404, {"error": "alias [engram-test-write] missing", "status": 404}),
    )
    cluster.on(
        "PUT",
        "/engram-test-v1",
        (200, {"acknowledged": True, "shards_acknowledged": True, "index": "engram-test-v1"}),
    )
    assert index.ensure_index() == "engram-test-v1"
    template, _alias, create = cluster.requests
    assert template.json() == index.template()
    body = create.json()
    assert body["aliases"] == {"engram-test-read": {}, "engram-test-write": {"is_write_index": True}}
    assert body["settings"]["index"]["knn"] is True
    assert body["mappings"]["properties"]["vector"]["dimension"] == DIMS


def _error_body(status: int, error_type: str, reason: str) -> dict[str, Any]:
    """An OpenSearch error response as the REST API documents it."""
    cause = {"type": error_type, "reason": reason}
    return {"error": {"root_cause": [cause], **cause}, "status": status}


def _live_index(cluster: FakeCluster, physical: str) -> None:
    """A cluster where ensure_index() ran before: the template takes, the write alias exists."""
    cluster.on("PUT", "/_index_template/engram-test-template", (200, {"acknowledged": True}))
    cluster.on(
        "GET",
        "/_alias/engram-test-write",
        (200, {physical: {"aliases": {"engram-test-write": {"is_write_index": True}}}}),
    )


def test_ensure_index_is_idempotent(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    _live_index(cluster, "engram-test-v2")
    cluster.on("PUT", "/engram-test-v2/_mapping", (200, {"acknowledged": True}))
    assert index.ensure_index() == "engram-test-v2"
    assert [(r.method, r.path) for r in cluster.requests] == [  # nothing created ...
        ("PUT", "/_index_template/engram-test-template"),
        ("GET", "/_alias/engram-test-write"),
        ("PUT", "/engram-test-v2/_mapping"),  # ... but fields added since reach the live index
    ]
    assert cluster.requests[-1].json() == index.template()["template"]["mappings"]


def test_ensure_index_reports_a_mapping_it_cannot_change(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    _live_index(cluster, "engram-test-v1")
    conflict = _error_body(400, "illegal_argument_exception", "Cannot update parameter [dimension] from [384] to [4]")
    cluster.on("PUT", "/engram-test-v1/_mapping", (400, conflict))
    with pytest.raises(StoreUnavailable) as raised:
        index.ensure_index()
    assert raised.value.details["operation"] == "put_mapping" and raised.value.details["status"] == 400


def test_ensure_index_lost_race_attaches_aliases(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    cluster.on("PUT", "/_index_template/engram-test-template", (200, {"acknowledged": True}))
    cluster.on("GET", "/_alias/engram-test-write", (404, {"error": "missing", "status": 404}))
    exists = _error_body(400, "resource_already_exists_exception", "index [engram-test-v1/abc] already exists")
    cluster.on("PUT", "/engram-test-v1", (400, exists))
    cluster.on("POST", "/_aliases", (200, {"acknowledged": True}))
    assert index.ensure_index() == "engram-test-v1"
    assert cluster.requests[-1].json()["actions"] == [
        {"add": {"index": "engram-test-v1", "alias": "engram-test-read"}},
        {"add": {"index": "engram-test-v1", "alias": "engram-test-write", "is_write_index": True}},
    ]


def _reindex_routes(cluster: FakeCluster, task_response: dict[str, Any]) -> None:
    cluster.on(
        "GET",
        "/_alias/engram-test-write",
        (200, {"engram-test-v1": {"aliases": {"engram-test-write": {"is_write_index": True}}}}),
    )
    cluster.on("PUT", "/_index_template/engram-test-template", (200, {"acknowledged": True}))
    cluster.on("PUT", "/engram-test-v2", (200, {"acknowledged": True, "index": "engram-test-v2"}))
    # wait_for_completion=false answers with a task id; GET _tasks/<id> reports progress.
    cluster.on("POST", "/_reindex", (200, {"task": "node1:42"}))
    task = {"action": "indices:data/write/reindex", "description": "reindex from [engram-test-v1]"}
    cluster.on(
        "GET",
        "/_tasks/node1:42",
        (200, {"completed": False, "task": task}),
        (200, {"completed": True, "task": task, "response": task_response}),
    )
    cluster.on("POST", "/_aliases", (200, {"acknowledged": True}))
    cluster.on("DELETE", "/engram-test-v[12]", (200, {"acknowledged": True}))


def test_reindex_to_new_version_swaps_both_aliases_in_one_call(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    reindexed = {
        "took": 40,
        "timed_out": False,
        "total": 3,
        "created": 3,
        "updated": 0,
        "deleted": 0,
        "failures": [],
    }
    _reindex_routes(cluster, reindexed)

    assert index.reindex_to_new_version() == "engram-test-v2"

    paths = [(r.method, r.path) for r in cluster.requests]
    assert paths == [
        ("GET", "/_alias/engram-test-write"),
        ("PUT", "/_index_template/engram-test-template"),
        ("PUT", "/engram-test-v2"),
        ("POST", "/_reindex"),
        ("GET", "/_tasks/node1:42"),
        ("GET", "/_tasks/node1:42"),
        ("POST", "/_aliases"),  # one call: both aliases move together
        ("DELETE", "/engram-test-v1"),
    ]
    reindex = cluster.requests[3]
    assert reindex.json() == {"source": {"index": "engram-test-v1"}, "dest": {"index": "engram-test-v2"}}
    assert reindex.query["wait_for_completion"] == "false"
    assert cluster.requests[6].json() == alias_swap_actions(LAYOUT, "engram-test-v1", "engram-test-v2")
    assert cluster.requests[2].json() == _template_body()


def _template_body() -> dict[str, Any]:
    return index_template(LAYOUT, DIMS)["template"]  # type: ignore[no-any-return]


def test_reindex_failures_leave_aliases_alone(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    failure = {
        "index": "engram-test-v2",
        "id": "x",
        "cause": {"type": "mapper_parsing_exception"},
        "status": 400,
    }
    _reindex_routes(cluster, {"took": 1, "total": 1, "created": 0, "failures": [failure]})
    with pytest.raises(StoreUnavailable):
        index.reindex_to_new_version()
    assert all(r.path != "/_aliases" for r in cluster.requests)
    # the half-built version is removed so a retry starts clean; v1 is untouched
    assert [r.path for r in cluster.requests if r.method == "DELETE"] == ["/engram-test-v2"]


def test_reindex_replaces_a_leftover_version(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    exists = {"error": {"type": "resource_already_exists_exception", "reason": "exists"}, "status": 400}
    _reindex_routes(cluster, {"total": 0, "failures": []})
    cluster.routes.insert(0, ("PUT", re.compile("/engram-test-v2"), [(400, exists), (200, {"acknowledged": True})]))
    assert index.reindex_to_new_version(delete_old=False) == "engram-test-v2"
    calls = [(r.method, r.path) for r in cluster.requests]
    assert calls[2:5] == [
        ("PUT", "/engram-test-v2"),
        ("DELETE", "/engram-test-v2"),
        ("PUT", "/engram-test-v2"),
    ]
    assert ("DELETE", "/engram-test-v1") not in calls


def test_upsert_bulk_chunks_with_routing_per_item(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    ok = {"took": 1, "errors": False, "items": []}
    cluster.on("POST", "/engram-test-write/_bulk", (200, ok))
    docs = [_doc("a"), _doc("b"), _doc("c", user="u2"), _doc("d"), _doc("e", tenant="t2")]
    index.upsert(docs)
    bulks = cluster.requests
    assert len(bulks) == 3  # chunk size 2
    lines = [line for r in bulks for line in r.ndjson()]
    actions, sources = lines[0::2], lines[1::2]
    # _id = tenant|user|doc id: two owners can never overwrite each other's documents
    assert [a["index"]["_id"] for a in actions] == ["t1|u1|a", "t1|u1|b", "t1|u2|c", "t1|u1|d", "t2|u1|e"]
    assert [a["index"]["routing"] for a in actions] == ["t1:u1", "t1:u1", "t1:u2", "t1:u1", "t2:u1"]
    assert sources[0] == document_source(docs[0])
    assert all(r.query.get("require_alias") == "true" for r in bulks)
    assert all("refresh" not in r.query for r in bulks)


def test_upsert_partial_failure_raises_with_failed_ids(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    cluster.on("POST", "/engram-test-write/_bulk", (200, BULK_PARTIAL))
    with pytest.raises(StoreUnavailable) as raised:
        index.upsert([_doc("a"), _doc("b")])
    assert raised.value.details["failed_ids"] == ["b", "c"]
    assert raised.value.details["errors"]["b"] == "mapper_parsing_exception"


def test_upsert_refuses_wrong_dimension_before_sending(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    with pytest.raises(ValidationFailed):
        index.upsert([_doc("a", vector=[1.0, 0.0])])
    assert cluster.requests == []


def test_refresh_policy_is_forwarded(cluster: FakeCluster) -> None:
    client = build_client(cluster.url, "us-east-1", None, max_retries=0)
    idx = OpenSearchIndex(client, dimensions=DIMS, prefix=PREFIX, refresh="wait_for")
    cluster.on("POST", "/engram-test-write/_bulk", (200, {"took": 1, "errors": False, "items": []}))
    idx.upsert([_doc("a")])
    assert cluster.requests[0].query["refresh"] == "wait_for"


def test_delete_ignores_missing_documents(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    cluster.on("POST", "/engram-test-write/_bulk", (200, BULK_DELETE_MISSING))
    index.delete("t1", "u1", ["a", "gone"])
    assert cluster.requests[0].ndjson() == [
        {"delete": {"_id": "t1|u1|a", "routing": ROUTE}},
        {"delete": {"_id": "t1|u1|gone", "routing": ROUTE}},
    ]
    index.delete("t1", "u1", [])
    assert len(cluster.requests) == 1


def test_delete_failure_raises(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    failed = {
        "took": 1,
        "errors": True,
        "items": [
            {
                "delete": {
                    "_index": "engram-test-write",
                    "_id": "a",
                    "status": 404,
                    "error": {"type": "index_not_found_exception", "reason": "no such index"},
                }
            }
        ],
    }
    cluster.on("POST", "/engram-test-write/_bulk", (200, failed))
    with pytest.raises(StoreUnavailable) as raised:
        index.delete("t1", "u1", ["a"])
    assert raised.value.details["failed_ids"] == ["a"]


def test_delete_user_returns_deleted_count(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    response = {
        "took": 147,
        "timed_out": False,
        "total": 12,
        "deleted": 12,
        "batches": 1,
        "version_conflicts": 0,
        "noops": 0,
        "retries": {"bulk": 0, "search": 0},
        "throttled_millis": 0,
        "requests_per_second": -1.0,
        "throttled_until_millis": 0,
        "failures": [],
    }
    cluster.on("POST", "/engram-test-write/_delete_by_query", (200, response))
    assert index.delete_user("t1", "u1") == 12
    request = cluster.requests[0]
    assert request.query["routing"] == ROUTE
    assert request.query["conflicts"] == "proceed"
    assert request.json() == {
        "query": {"bool": {"filter": [{"term": {"tenant_id": "t1"}}, {"term": {"user_id": "u1"}}]}}
    }


def test_get_found_missing_and_foreign(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    mine, foreign = _doc("a"), _doc("b", user="someone-else")

    def found(doc: IndexDocument) -> dict[str, Any]:
        return {
            "_index": "engram-test-v1",
            "_id": doc.doc_id,
            "_version": 1,
            "_seq_no": 0,
            "_primary_term": 1,
            "_routing": ROUTE,
            "found": True,
            "_source": document_source(doc),
        }

    cluster.on("GET", r"/engram-test-read/_doc/t1\|u1\|a", (200, found(mine)))
    cluster.on("GET", r"/engram-test-read/_doc/t1\|u1\|b", (200, found(foreign)))
    not_found = {"_index": "engram-test-v1", "_id": "t1|u1|zz", "found": False}
    cluster.on("GET", r"/engram-test-read/_doc/t1\|u1\|zz", (404, not_found))
    assert index.get("t1", "u1", "a") == mine
    assert index.get("t1", "u1", "b") is None  # tenant/user mismatch
    assert index.get("t1", "u1", "zz") is None
    assert [r.query["routing"] for r in cluster.requests] == [ROUTE, ROUTE, ROUTE]


def test_get_on_a_missing_index_is_not_found(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    missing = _error_body(404, "index_not_found_exception", "no such index [engram-test-read]")
    cluster.on("GET", r"/engram-test-read/_doc/t1\|u1\|a", (404, missing))
    with pytest.raises(NotFound):
        index.get("t1", "u1", "a")


def test_search_text_sends_filters_and_routing_and_parses_hits(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    a, b = _doc("a"), _doc("b")
    cluster.on("POST", "/engram-test-read/_search", (200, _search_response([_hit(a, 3.2), _hit(b, 1.1)])))
    hits = index.search_text("peanut allergy", FLT, 5)
    assert hits == [Hit("a", 3.2, a), Hit("b", 1.1, b)]
    request = cluster.requests[0]
    assert request.query["routing"] == ROUTE
    assert request.json() == build_text_query("peanut allergy", FLT, 5)
    assert index.search_text("   ", FLT, 5) == []
    assert index.search_text("x", FLT, 0) == []
    assert len(cluster.requests) == 1


def test_search_vector_sends_knn_with_inner_filter(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    a = _doc("a")
    cluster.on("POST", "/engram-test-read/_search", (200, _search_response([_hit(a, 1.8)])))
    hits = index.search_vector([0.5, 0.5, 0.5, 0.5], FLT, 3)
    assert [h.doc_id for h in hits] == ["a"]
    assert hits[0].score == pytest.approx(0.8)  # cosine, not OpenSearch's 1 + ip
    request = cluster.requests[0]
    assert request.query["routing"] == ROUTE
    body = request.json()
    assert body["size"] == 3
    assert body["query"]["knn"]["vector"]["k"] == 3
    assert body["query"]["knn"]["vector"]["filter"]["bool"]["filter"][:2] == [
        {"term": {"tenant_id": "t1"}},
        {"term": {"user_id": "u1"}},
    ]
    with pytest.raises(ValidationFailed):
        index.search_vector([1.0], FLT, 3)


def test_count(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    shards = {"total": 1, "successful": 1, "skipped": 0, "failed": 0}
    cluster.on("POST", "/engram-test-read/_count", (200, {"count": 42, "_shards": shards}))
    assert index.count(FLT) == 42
    request = cluster.requests[0]
    assert request.query["routing"] == ROUTE
    assert request.json() == {"query": {"bool": {"filter": filter_clauses(FLT)}}}


def test_every_data_call_is_routed(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    cluster.on("POST", "/engram-test-write/_bulk", (200, {"took": 1, "errors": False, "items": []}))
    cluster.on("POST", "/engram-test-write/_delete_by_query", (200, {"deleted": 0, "failures": []}))
    cluster.on(
        "GET",
        r"/engram-test-read/_doc/t1\|u1\|a",
        (200, {"_id": "a", "found": True, "_source": document_source(_doc("a"))}),
    )
    cluster.on("POST", "/engram-test-read/_search", (200, _search_response([])))
    cluster.on("POST", "/engram-test-read/_count", (200, {"count": 0}))
    index.upsert([_doc("a")])
    index.delete("t1", "u1", ["a"])
    index.delete_user("t1", "u1")
    index.get("t1", "u1", "a")
    index.search_text("q", FLT, 2)
    index.search_vector([0.0, 0.0, 0.0, 1.0], FLT, 2)
    index.count(FLT)
    requests = cluster.data_requests()
    assert len(requests) == 7
    for request in requests:
        if request.path.endswith("/_bulk"):
            actions = request.ndjson()[::2] if "index" in request.ndjson()[0] else request.ndjson()
            assert all(next(iter(a.values()))["routing"] == ROUTE for a in actions)
        else:
            assert request.query["routing"] == ROUTE, request.path


# --------------------------------------------------------------------------- error translation


def _assert_domain_only(exc: BaseException) -> None:
    from opensearchpy.exceptions import OpenSearchException

    assert isinstance(exc, EngramError)
    assert not isinstance(exc, OpenSearchException)


@pytest.mark.parametrize("status", [500, 503, 429, 403, 400])
def test_http_errors_become_store_unavailable(cluster: FakeCluster, index: OpenSearchIndex, status: int) -> None:
    error = {"error": {"type": "some_exception", "reason": "boom"}, "status": status}
    cluster.on("POST", "/engram-test-read/_search", (status, error))
    with pytest.raises(StoreUnavailable) as raised:
        index.search_text("q", FLT, 3)
    _assert_domain_only(raised.value)
    assert raised.value.details["status"] == status


def test_missing_index_on_search_is_not_found(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    missing = {"error": {"type": "index_not_found_exception", "reason": "no such index"}, "status": 404}
    cluster.on("POST", "/engram-test-read/_search", (404, missing))
    with pytest.raises(NotFound) as raised:
        index.search_vector([0.0, 0.0, 0.0, 1.0], FLT, 3)
    _assert_domain_only(raised.value)


def test_connection_refused_is_store_unavailable() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = build_client(f"http://127.0.0.1:{port}", "us-east-1", None, timeout_s=2, max_retries=0)
    idx = OpenSearchIndex(client, dimensions=DIMS, prefix=PREFIX)
    with pytest.raises(StoreUnavailable) as raised:
        idx.count(FLT)
    _assert_domain_only(raised.value)
    with pytest.raises(StoreUnavailable):
        idx.upsert([_doc("a")])


def test_non_opensearch_errors_are_not_swallowed(index: OpenSearchIndex) -> None:
    with pytest.raises(ValidationFailed):
        index.search_vector([1.0, 2.0], FLT, 1)


# --------------------------------------------------------------------------- client factory


def test_sigv4_signing_for_managed_domain_and_serverless(cluster: FakeCluster, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "AKIDEXAMPLE")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "secret")
    monkeypatch.setenv("AWS_SESSION_TOKEN", "token")
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    cluster.on("POST", "/engram-test-read/_count", (200, {"count": 1}))
    for service in ("es", "aoss"):
        client = build_client(cluster.url, "eu-west-1", service, max_retries=0)
        OpenSearchIndex(client, dimensions=DIMS, prefix=PREFIX).count(FLT)
        headers = cluster.requests[-1].headers
        assert headers["authorization"].startswith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/")
        assert f"/eu-west-1/{service}/aws4_request" in headers["authorization"]
        assert "x-amz-content-sha256" in headers
        assert headers["x-amz-security-token"] == "token"


def test_basic_auth_from_url_and_none_without(cluster: FakeCluster) -> None:
    cluster.on("POST", "/engram-test-read/_count", (200, {"count": 1}))
    host = cluster.url.removeprefix("http://")
    client = build_client(f"http://admin:p%40ss@{host}", "us-east-1", None, max_retries=0)
    OpenSearchIndex(client, dimensions=DIMS, prefix=PREFIX).count(FLT)
    expected = base64.b64encode(b"admin:p@ss").decode()
    assert cluster.requests[-1].headers["authorization"] == f"Basic {expected}"
    plain = build_client(cluster.url, "us-east-1", None, max_retries=0)
    OpenSearchIndex(plain, dimensions=DIMS, prefix=PREFIX).count(FLT)
    assert "authorization" not in cluster.requests[-1].headers


def test_build_client_rejects_non_http_urls() -> None:
    with pytest.raises(ValueError):
        build_client("ftp://example.com", "us-east-1", None)


# --------------------------------------------------------------------------- contract factory


def _load_factory() -> Any:
    path = Path(__file__).resolve().parents[1] / "contract" / "opensearch_factory.py"
    spec = importlib.util.spec_from_file_location("opensearch_factory_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_contract_factory(cluster: FakeCluster, monkeypatch: pytest.MonkeyPatch) -> None:
    factory = _load_factory()
    monkeypatch.delenv("OPENSEARCH_URL", raising=False)
    assert factory.make_opensearch_index(8) is None

    monkeypatch.setenv("OPENSEARCH_URL", cluster.url)
    monkeypatch.delenv("OPENSEARCH_SERVICE", raising=False)
    cluster.on("PUT", r"/_index_template/engram-contract-[0-9a-f]{12}-template", (200, {"acknowledged": True}))
    cluster.on("GET", r"/_alias/engram-contract-[0-9a-f]{12}-write", (404, {"error": "missing", "status": 404}))
    cluster.on("PUT", r"/engram-contract-[0-9a-f]{12}-v1", (200, {"acknowledged": True}))
    made = factory.make_opensearch_index(8)
    assert isinstance(made, OpenSearchIndex)
    assert made.dimensions == 8
    create = cluster.requests[-1].json()
    assert create["settings"]["index"]["number_of_replicas"] == 0
    factory._created.clear()  # nothing to drop on the fake cluster at exit


def test_page_keys_pages_every_owner_with_search_after(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    """R6 reconciliation: ids and versions only, sorted by (tenant, user, doc), resumed from a cursor."""
    hits = [
        {
            "_id": "x",
            "_source": {"tenant_id": "t1", "user_id": "u1", "doc_id": "m1", "version": 3},
            "sort": ["t1", "u1", "m1"],
        },
        {"_id": "y", "_source": {"tenant_id": "t1", "user_id": "u2", "doc_id": "m9"}, "sort": ["t1", "u2", "m9"]},
    ]
    cluster.on("POST", "/engram-test-read/_search", (200, {"hits": {"hits": hits}}))
    keys, cursor = index.page_keys(None, 2)
    assert [(k.tenant_id, k.user_id, k.doc_id, k.version) for k in keys] == [
        ("t1", "u1", "m1", 3),
        ("t1", "u2", "m9", 0),
    ]
    assert cursor == json.dumps(["t1", "u2", "m9"])
    body = cluster.requests[0].json()
    assert body["size"] == 2 and body["_source"] == ["tenant_id", "user_id", "doc_id", "version"]
    assert body["sort"] == [{"tenant_id": "asc"}, {"user_id": "asc"}, {"doc_id": "asc"}] and "search_after" not in body
    assert "routing" not in cluster.requests[0].query  # every owner: no routing
    index.page_keys(cursor, 2)
    assert cluster.requests[1].json()["search_after"] == ["t1", "u2", "m9"]
    # a short page is the last one
    assert parse_page({"hits": {"hits": hits[:1]}}, 2)[1] is None


def test_an_erasures_documents_go_by_query_never_bulk(cluster: FakeCluster, index: OpenSearchIndex) -> None:
    """P1: the jobs role may only `_delete_by_query` (infra test): the erasure's per-batch
    deletes of named documents use it too, scoped to the user."""
    cluster.on("POST", "/engram-test-write/_delete_by_query", (200, {"deleted": 2, "failures": []}))
    assert index.delete_user("t1", "u1", ["m-1", "m-2"]) == 2
    (request,) = cluster.data_requests()
    assert request.path.endswith("/_delete_by_query") and request.query["routing"] == ROUTE
    assert request.json()["query"]["bool"]["filter"] == [
        {"term": {"tenant_id": "t1"}},
        {"term": {"user_id": "u1"}},
        {"terms": {"doc_id": ["m-1", "m-2"]}},
    ]
