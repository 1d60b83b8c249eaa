"""MemoryIndex on OpenSearch (Amazon OpenSearch Service, Serverless, or self-hosted).

- Every request is routed by user (routing = "<tenant>:<user>"), so a user's
  documents live on one shard and a query touches only that shard.
- Tenant and user are filters inside the query (and inside the knn clause for
  vector search), never applied to results afterwards (P4).
- Reads go through the read alias, writes through the write alias; see
  opensearch_template for the layout and reindex_to_new_version for the swap.
- opensearchpy is imported lazily (about 0.4 s): importing this module for its
  pure body builders costs nothing; build_client pays once per process.
- Errors leave as engram.kernel.errors (StoreUnavailable, NotFound), never as
  opensearchpy exceptions.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import unquote, urlsplit, urlunsplit

from engram.adapters import half_vectors
from engram.adapters.opensearch_template import (
    OWN_VECTOR_FIELD,
    TEXT_FIELD,
    VECTOR_FIELD,
    Engine,
    IndexLayout,
    SpaceType,
    alias_swap_actions,
    attach_aliases_actions,
    index_body,
    index_template,
    initial_aliases,
    knn_score_to_similarity,
)
from engram.kernel.errors import EngramError, NotFound, StoreUnavailable, ValidationFailed
from engram.memory.models import Hit, IndexDocument, IndexKey, SearchFilter

if TYPE_CHECKING:
    from opensearchpy import OpenSearch

__all__ = [
    "OpenSearchIndex",
    "build_client",
    "build_count_query",
    "build_knn_query",
    "build_text_query",
    "bulk_delete_lines",
    "bulk_failures",
    "bulk_upsert_lines",
    "document_source",
    "filter_clauses",
    "parse_document",
    "parse_hits",
    "routing_key",
]

log = logging.getLogger(__name__)

Refresh = Literal["false", "true", "wait_for"]


# --------------------------------------------------------------------------- client


def build_client(
    url: str,
    region: str,
    service: Literal["es", "aoss"] | None,
    *,
    timeout_s: float = 10.0,
    max_retries: int = 2,
    verify_certs: bool = True,
) -> OpenSearch:
    """An OpenSearch client for a managed domain ("es"), a Serverless collection
    ("aoss") or, with service=None, a plain cluster (basic auth from the URL's
    user:password, or none).

    SigV4 credentials come from boto3's default chain (the Lambda role in AWS);
    the signer re-reads them per request, so rotated role credentials are used.
    """
    from opensearchpy import OpenSearch, RequestsAWSV4SignerAuth, RequestsHttpConnection

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"OpenSearch URL must be http(s)://host[:port]: {parts.scheme}://{parts.hostname}")
    # Credentials never stay in the host string (it ends up in logs and errors).
    netloc = parts.hostname + (f":{parts.port}" if parts.port else "")
    host = urlunsplit((parts.scheme, netloc, parts.path, "", ""))
    http_auth: Any = None
    if service is not None:
        import boto3

        credentials = boto3.Session().get_credentials()
        if credentials is None:
            raise StoreUnavailable("no AWS credentials for OpenSearch SigV4", details={"service": service})
        http_auth = RequestsAWSV4SignerAuth(credentials, region, service)
    elif parts.username is not None:
        http_auth = (unquote(parts.username), unquote(parts.password or ""))
    return OpenSearch(
        hosts=[host],
        http_auth=http_auth,
        use_ssl=parts.scheme == "https",
        verify_certs=verify_certs,
        ssl_show_warn=verify_certs,
        connection_class=RequestsHttpConnection,
        timeout=timeout_s,
        max_retries=max_retries,
        retry_on_timeout=True,
    )


# --------------------------------------------------------------------------- pure builders


def routing_key(tenant_id: str, user_id: str) -> str:
    """One shard per (tenant, user): every read and write of a user carries it."""
    return f"{tenant_id}:{user_id}"


def filter_clauses(flt: SearchFilter) -> list[dict[str, Any]]:
    """Every SearchFilter condition as a non-scoring filter clause.

    tenant_id and user_id are always present; an empty tuple (no persona, no
    namespace ...) matches nothing, as `terms` with no values does.
    """
    clauses: list[dict[str, Any]] = [
        {"term": {"tenant_id": flt.tenant_id}},
        {"term": {"user_id": flt.user_id}},
    ]
    if flt.persona_ids is not None:
        clauses.append({"terms": {"persona_id": list(flt.persona_ids)}})
    clauses.append({"terms": {"namespace": list(flt.namespaces)}})
    if flt.types is not None:
        clauses.append({"terms": {"type": list(flt.types)}})
    clauses.append({"terms": {"status": list(flt.statuses)}})
    if flt.created_from is not None or flt.created_to is not None:
        bounds: dict[str, float] = {}
        if flt.created_from is not None:
            bounds["gte"] = flt.created_from
        if flt.created_to is not None:
            bounds["lte"] = flt.created_to
        clauses.append({"range": {"created_at": bounds}})
    if flt.now is not None:
        # No expiry, or an expiry still in the future.
        clauses.append(
            {
                "bool": {
                    "should": [
                        {"bool": {"must_not": [{"exists": {"field": "expires_at"}}]}},
                        {"range": {"expires_at": {"gt": flt.now}}},
                    ],
                    "minimum_should_match": 1,
                }
            }
        )
    return clauses


# Score first, then doc_id: equal scores come back in a stable order.
_SORT: list[Any] = [{"_score": {"order": "desc"}}, {"doc_id": {"order": "asc"}}]


def build_text_query(query: str, flt: SearchFilter, k: int) -> dict[str, Any]:
    """BM25 on `text`; all filters in `filter` (no effect on the score)."""
    return {
        "size": k,
        "track_total_hits": False,
        "track_scores": True,
        "sort": _SORT,
        "query": {
            "bool": {
                "must": [{"match": {TEXT_FIELD: {"query": query}}}],
                "filter": filter_clauses(flt),
            }
        },
    }


def build_knn_query(vector: Sequence[float], flt: SearchFilter, k: int) -> dict[str, Any]:
    """k-NN with the filter INSIDE the knn clause (efficient filtering, faiss and
    lucene): the graph search only visits allowed documents and still returns
    k of them, where a post-filter could return fewer or none."""
    return {
        "size": k,
        "track_total_hits": False,
        "track_scores": True,
        "sort": _SORT,
        "query": {
            "knn": {
                VECTOR_FIELD: {
                    "vector": [float(x) for x in vector],
                    "k": k,
                    "filter": {"bool": {"filter": filter_clauses(flt)}},
                }
            }
        },
    }


def build_count_query(flt: SearchFilter) -> dict[str, Any]:
    return {"query": {"bool": {"filter": filter_clauses(flt)}}}


PAGE_FIELDS = ("tenant_id", "user_id", "doc_id")


def build_page_query(cursor: str | None, limit: int) -> dict[str, Any]:
    """R6 reconciliation: every owner's documents in (tenant, user, doc) order, `search_after`
    the cursor (the previous page's last sort values, as JSON); ids and versions only."""
    body: dict[str, Any] = {
        "size": limit,
        "query": {"match_all": {}},
        "_source": [*PAGE_FIELDS, "version"],
        "sort": [{name: "asc"} for name in PAGE_FIELDS],
        "track_total_hits": False,
    }
    if cursor:
        body["search_after"] = json.loads(cursor)
    return body


def parse_page(response: dict[str, Any], limit: int) -> tuple[list[IndexKey], str | None]:
    hits = response.get("hits", {}).get("hits", [])
    keys = [
        IndexKey(
            tenant_id=str(h["_source"]["tenant_id"]),
            user_id=str(h["_source"]["user_id"]),
            doc_id=str(h["_source"]["doc_id"]),
            version=int(h["_source"].get("version") or 0),
        )
        for h in hits
    ]
    cursor = json.dumps(hits[-1]["sort"]) if len(hits) == limit and hits else None
    return keys, cursor


def build_delete_user_query(tenant_id: str, user_id: str, doc_ids: Sequence[str] | None = None) -> dict[str, Any]:
    """The user's documents (`doc_ids`: only those of them)."""
    filters: list[dict[str, Any]] = [{"term": {"tenant_id": tenant_id}}, {"term": {"user_id": user_id}}]
    if doc_ids is not None:
        filters.append({"terms": {"doc_id": list(doc_ids)}})
    return {"query": {"bool": {"filter": filters}}}


def document_source(doc: IndexDocument) -> dict[str, Any]:
    """The _source stored for a document (a missing vector is left out, not null)."""
    source: dict[str, Any] = {
        "doc_id": doc.doc_id,
        "tenant_id": doc.tenant_id,
        "user_id": doc.user_id,
        "persona_id": doc.persona_id,
        "namespace": doc.namespace,
        "type": doc.type,
        "status": doc.status,
        "text": doc.text,
        "importance": float(doc.importance),
        "created_at": float(doc.created_at),
        "updated_at": float(doc.updated_at),
        "expires_at": None if doc.expires_at is None else float(doc.expires_at),
        "access_count": int(doc.access_count),
        "version": int(doc.version),
        "topics": list(doc.topics),
        "source_ids": list(doc.source_ids),
        "pinned": bool(doc.pinned),
        "links": list(doc.links),
    }
    if doc.vector is not None:
        source[VECTOR_FIELD] = [float(x) for x in doc.vector]
    if doc.own_vector is not None:
        source[OWN_VECTOR_FIELD] = half_vectors.to_text(doc.own_vector)
    return source


def parse_document(source: dict[str, Any]) -> IndexDocument:
    try:
        vector = source.get(VECTOR_FIELD)
        own = source.get(OWN_VECTOR_FIELD)
        expires_at = source.get("expires_at")
        return IndexDocument(
            doc_id=str(source["doc_id"]),
            tenant_id=str(source["tenant_id"]),
            user_id=str(source["user_id"]),
            persona_id=str(source["persona_id"]),
            namespace=str(source["namespace"]),
            type=str(source["type"]),
            status=str(source["status"]),
            text=str(source["text"]),
            vector=None if vector is None else [float(x) for x in vector],
            own_vector=None if own is None else half_vectors.from_text(str(own)),
            importance=float(source["importance"]),
            created_at=float(source["created_at"]),
            updated_at=float(source["updated_at"]),
            expires_at=None if expires_at is None else float(expires_at),
            access_count=int(source.get("access_count", 0)),
            version=int(source.get("version", 0)),
            topics=[str(t) for t in source.get("topics") or []],
            source_ids=[str(s) for s in source.get("source_ids") or []],
            links=[str(s) for s in source.get("links") or []],
            pinned=bool(source.get("pinned", False)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise StoreUnavailable("malformed document in the search index", details={"error": str(exc)}) from exc


def parse_hits(response: dict[str, Any], space_type: SpaceType | None = None) -> list[Hit]:
    """Hits in response order (best first). With space_type the k-NN score is
    turned back into cosine similarity; without it the score is BM25's."""
    hits: list[Hit] = []
    for raw in response.get("hits", {}).get("hits", []):
        score = raw.get("_score")
        if score is None:  # only when sorted without track_scores; first sort key is the score
            score = (raw.get("sort") or [0.0])[0]
        value = float(score)
        if space_type is not None:
            value = knn_score_to_similarity(value, space_type)
        doc = parse_document(raw["_source"])
        hits.append(Hit(doc_id=doc.doc_id, score=value, doc=doc))
    return hits


def document_id(tenant_id: str, user_id: str, doc_id: str) -> str:
    """The OpenSearch _id: unique across owners even if two owners ever used the same doc id
    ('|' never occurs in validated ids)."""
    return f"{tenant_id}|{user_id}|{doc_id}"


def bulk_upsert_lines(docs: Sequence[IndexDocument]) -> list[dict[str, Any]]:
    """Action/source pairs for POST <write-alias>/_bulk (index = create or replace)."""
    lines: list[dict[str, Any]] = []
    for doc in docs:
        routing = routing_key(doc.tenant_id, doc.user_id)
        lines.append({"index": {"_id": document_id(doc.tenant_id, doc.user_id, doc.doc_id), "routing": routing}})
        lines.append(document_source(doc))
    return lines


def bulk_delete_lines(tenant_id: str, user_id: str, doc_ids: Sequence[str]) -> list[dict[str, Any]]:
    routing = routing_key(tenant_id, user_id)
    return [{"delete": {"_id": document_id(tenant_id, user_id, doc_id), "routing": routing}} for doc_id in doc_ids]


def bulk_failures(response: dict[str, Any]) -> dict[str, str]:
    """doc id -> error type of every failed item. A delete of a missing document
    (status 404, result not_found, no error object) is not a failure."""
    failures: dict[str, str] = {}
    if not response.get("errors"):
        return failures
    for item in response.get("items", []):
        for _action, result in item.items():
            error = result.get("error")
            if error is None:
                continue
            reason = error.get("type", "error") if isinstance(error, dict) else str(error)
            failures[str(result.get("_id")).rsplit("|", 1)[-1]] = reason  # back to the caller's doc id
    return failures


# --------------------------------------------------------------------------- error translation


def _translate(operation: str, exc: BaseException) -> EngramError | None:
    """The domain error for an opensearchpy exception; None for anything else."""
    from opensearchpy.exceptions import (
        ImproperlyConfigured,
        NotFoundError,
        OpenSearchException,
        TransportError,
    )

    if isinstance(exc, NotFoundError):
        return NotFound(
            f"search index not found during {operation}",
            details={"operation": operation, "error": exc.error},
        )
    if isinstance(exc, TransportError):
        return StoreUnavailable(
            f"search index failed during {operation}",
            details={"operation": operation, "status": exc.status_code, "error": str(exc.error)},
        )
    if isinstance(exc, OpenSearchException | ImproperlyConfigured):
        return StoreUnavailable(
            f"search index failed during {operation}",
            details={"operation": operation, "error": type(exc).__name__},
        )
    return None


@contextmanager
def _translated(operation: str) -> Iterator[None]:
    try:
        yield
    except EngramError:
        raise
    except Exception as exc:
        domain = _translate(operation, exc)
        if domain is None:
            raise
        log.warning("opensearch %s failed: %s", operation, domain.details)
        raise domain from exc


def _is_missing_document(exc: BaseException) -> bool:
    """A 404 for a document (found: false), as opposed to a missing index."""
    from opensearchpy.exceptions import NotFoundError

    if not isinstance(exc, NotFoundError):
        return False
    info = exc.info
    if isinstance(info, str):
        try:
            info = json.loads(info)
        except ValueError:
            return False
    return isinstance(info, dict) and info.get("found") is False


def _error_type(exc: BaseException) -> str:
    """The OpenSearch error type (resource_already_exists_exception ...) of a TransportError."""
    info = getattr(exc, "info", None)
    if isinstance(info, dict):
        error = info.get("error")
        if isinstance(error, dict):
            return str(error.get("type", ""))
    return str(getattr(exc, "error", ""))


# --------------------------------------------------------------------------- the adapter


class OpenSearchIndex:
    """MemoryIndex (engram.memory.ports) on an OpenSearch cluster.

    client: from build_client. dimensions: the embedder's (settings.embedding_dimensions).
    prefix: names the indices, aliases and template (one per deployment / test run).
    engine/space_type/ef_*/m: the knn_vector method (faiss + innerproduct by default).
    shards/replicas: None = the cluster default (required for Serverless).
    refresh: refresh policy of writes; "false" in production (the index is
    eventually consistent anyway), "true" in tests that read their own writes.
    """

    def __init__(
        self,
        client: OpenSearch,
        *,
        dimensions: int,
        prefix: str = "engram-memory",
        engine: Engine = "faiss",
        space_type: SpaceType = "innerproduct",
        ef_construction: int = 128,
        m: int = 16,
        ef_search: int = 100,
        shards: int | None = None,
        replicas: int | None = None,
        refresh: Refresh = "false",
        bulk_chunk_size: int = 500,
        reindex_timeout_s: float = 3600.0,
        reindex_poll_s: float = 2.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if bulk_chunk_size < 1:
            raise ValueError("bulk_chunk_size must be positive")
        self._client = client
        self.layout = IndexLayout(prefix)
        self.dimensions = dimensions
        self.space_type: SpaceType = space_type
        self._template_args: dict[str, Any] = {
            "engine": engine,
            "space_type": space_type,
            "ef_construction": ef_construction,
            "m": m,
            "ef_search": ef_search,
            "shards": shards,
            "replicas": replicas,
        }
        # Fail at construction on a bad engine / dimension, not at first write.
        self._body = index_body(dimensions, **self._template_args)
        self._refresh = refresh
        self._chunk = bulk_chunk_size
        self._reindex_timeout_s = reindex_timeout_s
        self._reindex_poll_s = reindex_poll_s
        self._sleep = sleep  # injectable so tests never wait

    # ---- index lifecycle --------------------------------------------------

    def template(self) -> dict[str, Any]:
        return index_template(self.layout, self.dimensions, **self._template_args)

    def current_index(self) -> str | None:
        """The physical index behind the write alias, or None before ensure_index()."""
        from opensearchpy.exceptions import NotFoundError

        with _translated("get_alias"):
            try:
                response = self._client.indices.get_alias(name=self.layout.write_alias)
            except NotFoundError:
                return None
        names = sorted(response, key=self._version_or_zero)
        return names[-1] if names else None

    def ensure_index(self) -> str:
        """Template, first version and both aliases; safe to call on every cold start
        and from concurrent callers. Returns the physical index behind the aliases."""
        from opensearchpy.exceptions import RequestError

        with _translated("put_index_template"):
            self._client.indices.put_index_template(name=self.layout.template_name, body=self.template())
        current = self.current_index()
        if current is not None:
            # Fields added by a newer release reach the live index (the mapping is strict, so a
            # document carrying an unknown field would be refused). Additive only: a changed
            # field (e.g. the vector dimension) fails here and needs reindex_to_new_version().
            with _translated("put_mapping"):
                self._client.indices.put_mapping(index=current, body=self._body["mappings"])
            return current
        first = self.layout.physical(1)
        body = {**self._body, "aliases": initial_aliases(self.layout)}
        with _translated("create_index"):
            try:
                self._client.indices.create(index=first, body=body)
            except RequestError as exc:
                # Another cold start won the race: make sure the aliases exist, then share it.
                if _error_type(exc) != "resource_already_exists_exception":
                    raise
                self._client.indices.update_aliases(body=attach_aliases_actions(self.layout, first))
        return first

    def reindex_to_new_version(self, *, delete_old: bool = True) -> str:
        """Copy into v(N+1) built from the current template, then move both aliases at once.

        Pause the index writer (the Streams event source mapping) while this runs:
        writes that land on vN after the copy started would be missed; the stream
        replays them onto the new version once it is resumed. delete_old=True
        drops vN after the swap so an erased user cannot survive in an old copy
        (the index is rebuildable from DynamoDB, so there is nothing to roll back to).
        """
        current = self.current_index()
        if current is None:
            raise NotFound("no index to reindex; call ensure_index() first")
        new = self.layout.physical(self.layout.version_of(current) + 1)
        with _translated("put_index_template"):
            self._client.indices.put_index_template(name=self.layout.template_name, body=self.template())
        self._create_unaliased(new)
        try:
            with _translated("reindex"):
                # Routing is kept by default (dest.routing = "keep"), so users stay on one shard.
                # Run as a task and poll: a long copy would outlive any single HTTP request.
                started = self._client.reindex(
                    body={"source": {"index": current}, "dest": {"index": new}},
                    params={"wait_for_completion": "false", "refresh": "true"},
                )
                status = self._wait_for_task(str(started["task"]))
            result: dict[str, Any] = status.get("response") or {}
            failures = result.get("failures") or []
            if status.get("error") or failures:
                raise StoreUnavailable(
                    "reindex failed; aliases left on the old index",
                    details={
                        "from": current,
                        "to": new,
                        "failures": len(failures),
                        "error": status.get("error"),
                    },
                )
        except EngramError:
            # Leave nothing half-built behind: a retry starts from a clean v(N+1).
            with suppress(EngramError), _translated("delete_index"):
                self._client.indices.delete(index=new)
            raise
        with _translated("update_aliases"):
            self._client.indices.update_aliases(body=alias_swap_actions(self.layout, current, new))
        if delete_old:
            with _translated("delete_index"):
                self._client.indices.delete(index=current)
        return new

    def drop(self) -> None:
        """Delete every version and the template (tests, teardown of a deployment)."""
        from opensearchpy.exceptions import NotFoundError

        with _translated("drop"):
            try:
                indices = self._client.indices.get(index=self.layout.pattern)
            except NotFoundError:
                indices = {}
            # Named one by one: clusters may refuse wildcard deletes (destructive_requires_name).
            for name in indices:
                self._client.indices.delete(index=name)
            with suppress(NotFoundError):
                self._client.indices.delete_index_template(name=self.layout.template_name)

    def _create_unaliased(self, name: str) -> None:
        """Create a new version; a leftover of a crashed run (never aliased) is replaced."""
        from opensearchpy.exceptions import RequestError

        with _translated("create_index"):
            try:
                self._client.indices.create(index=name, body=self._body)
            except RequestError as exc:
                if _error_type(exc) != "resource_already_exists_exception":
                    raise
                log.warning("replacing leftover index %s from an interrupted reindex", name)
                self._client.indices.delete(index=name)
                self._client.indices.create(index=name, body=self._body)

    def _wait_for_task(self, task_id: str) -> dict[str, Any]:
        deadline = time.monotonic() + self._reindex_timeout_s
        while True:
            status: dict[str, Any] = self._client.tasks.get(task_id=task_id)
            if status.get("completed"):
                return status
            if time.monotonic() >= deadline:
                raise StoreUnavailable("reindex did not finish in time", details={"task": task_id})
            self._sleep(self._reindex_poll_s)

    def _version_or_zero(self, name: str) -> int:
        try:
            return self.layout.version_of(name)
        except ValueError:
            return 0

    # ---- MemoryIndex ------------------------------------------------------

    def upsert(self, docs: Sequence[IndexDocument]) -> None:
        for doc in docs:
            if doc.vector is not None and len(doc.vector) != self.dimensions:
                raise ValidationFailed(
                    "vector dimension does not match the index",
                    details={"doc_id": doc.doc_id, "expected": self.dimensions, "got": len(doc.vector)},
                )
        for start in range(0, len(docs), self._chunk):
            chunk = docs[start : start + self._chunk]
            self._bulk(bulk_upsert_lines(chunk), "bulk_upsert")

    def delete(self, tenant_id: str, user_id: str, doc_ids: Sequence[str]) -> None:
        ids = list(doc_ids)
        for start in range(0, len(ids), self._chunk):
            self._bulk(bulk_delete_lines(tenant_id, user_id, ids[start : start + self._chunk]), "bulk_delete")

    def delete_user(self, tenant_id: str, user_id: str, doc_ids: Sequence[str] | None = None) -> int:
        """Delete by query (the only delete the erasure's role may run): every document of the
        user, or with `doc_ids` only those of them."""
        params: dict[str, Any] = {
            "routing": routing_key(tenant_id, user_id),
            "conflicts": "proceed",  # a concurrent update must not stop an erasure
        }
        if self._refresh != "false":
            params["refresh"] = "true"  # _delete_by_query takes a boolean, not wait_for
        with _translated("delete_by_query"):
            response = self._client.delete_by_query(
                index=self.layout.write_alias,
                body=build_delete_user_query(tenant_id, user_id, doc_ids),
                params=params,
            )
        failures = response.get("failures") or []
        if failures:
            raise StoreUnavailable(
                "delete_by_query reported failures",
                details={"deleted": response.get("deleted", 0), "failures": len(failures)},
            )
        return int(response.get("deleted", 0))

    def get(self, tenant_id: str, user_id: str, doc_id: str) -> IndexDocument | None:
        with _translated("get"):
            try:
                response = self._client.get(
                    index=self.layout.read_alias,
                    id=document_id(tenant_id, user_id, doc_id),
                    params={"routing": routing_key(tenant_id, user_id)},
                )
            except Exception as exc:
                if _is_missing_document(exc):
                    return None
                raise
        if not response.get("found"):
            return None
        doc = parse_document(response["_source"])
        # Ids are only unique per owner in the caller's eyes: never hand out someone else's document.
        if doc.tenant_id != tenant_id or doc.user_id != user_id:
            return None
        return doc

    def search_text(self, query: str, flt: SearchFilter, k: int) -> list[Hit]:
        if k <= 0 or not query.strip():
            return []
        response = self._search(build_text_query(query, flt, k), flt, "search_text")
        return parse_hits(response)

    def search_vector(self, vector: Sequence[float], flt: SearchFilter, k: int) -> list[Hit]:
        if k <= 0:
            return []
        if len(vector) != self.dimensions:
            raise ValidationFailed(
                "query vector dimension does not match the index",
                details={"expected": self.dimensions, "got": len(vector)},
            )
        response = self._search(build_knn_query(vector, flt, k), flt, "search_vector")
        return parse_hits(response, self.space_type)

    def count(self, flt: SearchFilter) -> int:
        with _translated("count"):
            response = self._client.count(
                index=self.layout.read_alias,
                body=build_count_query(flt),
                params={"routing": routing_key(flt.tenant_id, flt.user_id)},
            )
        return int(response["count"])

    def page_keys(self, cursor: str | None, limit: int) -> tuple[list[IndexKey], str | None]:
        with _translated("page"):
            response: dict[str, Any] = self._client.search(
                index=self.layout.read_alias, body=build_page_query(cursor, limit)
            )
        return parse_page(response, limit)

    # ---- helpers ----------------------------------------------------------

    def _search(self, body: dict[str, Any], flt: SearchFilter, operation: str) -> dict[str, Any]:
        with _translated(operation):
            response: dict[str, Any] = self._client.search(
                index=self.layout.read_alias,
                body=body,
                params={"routing": routing_key(flt.tenant_id, flt.user_id)},
            )
        return response

    def _bulk(self, lines: list[dict[str, Any]], operation: str) -> None:
        if not lines:
            return
        # require_alias: if ensure_index() never ran, fail instead of auto-creating
        # a concrete "<prefix>-write" index with a guessed (dynamic) mapping.
        params: dict[str, Any] = {"require_alias": "true"}
        if self._refresh != "false":
            params["refresh"] = self._refresh
        with _translated(operation):
            response = self._client.bulk(body=lines, index=self.layout.write_alias, params=params)
        failures = bulk_failures(response)
        if failures:
            raise StoreUnavailable(
                f"{len(failures)} of the bulk items failed",
                details={"operation": operation, "failed_ids": sorted(failures), "errors": failures},
            )
