"""Index layout and request bodies for the OpenSearch memory index.

Pure functions only (no client, no I/O) so every body can be asserted in unit
tests. Layout:

    <prefix>-v1, <prefix>-v2 ...   physical indices, one mapping version each
    <prefix>-read                  alias every read goes through
    <prefix>-write                 alias every write goes through
    <prefix>-template              index template matching <prefix>-v*

Re-indexing creates v(N+1), copies with _reindex and moves both aliases in
one atomic _aliases call, so callers never see a half-built index.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

Engine = Literal["faiss", "lucene"]
SpaceType = Literal["innerproduct", "cosinesimil"]

TEXT_ANALYZER = "engram_text"
VECTOR_FIELD = "vector"
OWN_VECTOR_FIELD = "own_vector"
TEXT_FIELD = "text"

# Every keyword field a filter may use; exact match, no analysis.
KEYWORD_FIELDS: tuple[str, ...] = (
    "doc_id",
    "tenant_id",
    "user_id",
    "persona_id",
    "namespace",
    "type",
    "status",
    "topics",
    "source_ids",
)
# Epoch seconds as double: sub-second precision and plain numeric ranges.
EPOCH_FIELDS: tuple[str, ...] = ("created_at", "updated_at", "expires_at")

_SUPPORTED_ENGINES: frozenset[str] = frozenset({"faiss", "lucene"})
_SUPPORTED_SPACES: frozenset[str] = frozenset({"innerproduct", "cosinesimil"})


@dataclass(frozen=True, slots=True)
class IndexLayout:
    """Names derived from one prefix; the prefix isolates deployments and test runs."""

    prefix: str

    def __post_init__(self) -> None:
        # OpenSearch index names: lowercase, no wildcard/separator characters.
        if not re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", self.prefix):
            raise ValueError(f"invalid index prefix {self.prefix!r}")

    @property
    def read_alias(self) -> str:
        return f"{self.prefix}-read"

    @property
    def write_alias(self) -> str:
        return f"{self.prefix}-write"

    @property
    def template_name(self) -> str:
        return f"{self.prefix}-template"

    @property
    def pattern(self) -> str:
        return f"{self.prefix}-v*"

    def physical(self, version: int) -> str:
        if version < 1:
            raise ValueError("index versions start at 1")
        return f"{self.prefix}-v{version}"

    def version_of(self, index_name: str) -> int:
        """The N of `<prefix>-vN`; ValueError for any other name."""
        match = re.fullmatch(re.escape(self.prefix) + r"-v(\d+)", index_name)
        if match is None:
            raise ValueError(f"{index_name!r} is not a version of {self.prefix!r}")
        return int(match.group(1))


def analysis_settings() -> dict[str, Any]:
    """The multilingual analyzer, built only from filters Amazon OpenSearch Service ships.

    It is the `cjk` analyzer's chain (cjk_width, lowercase, cjk_bigram) plus
    English possessive removal, stopwords and Porter stemming, in the order
    engram.language.analysis applies them, so BM25 sees the same tokens in the
    embedded index and here.
    """
    return {
        "filter": {
            "engram_possessive": {"type": "stemmer", "language": "possessive_english"},
            # The local analyzer drops inner apostrophes ("don't" -> "dont").
            "engram_apostrophe": {"type": "pattern_replace", "pattern": "['\u2019]", "replacement": ""},
            "engram_stop": {"type": "stop", "stopwords": "_english_"},
        },
        "analyzer": {
            TEXT_ANALYZER: {
                "type": "custom",
                "tokenizer": "standard",
                "filter": [
                    "cjk_width",
                    "lowercase",
                    "cjk_bigram",
                    "engram_possessive",
                    "engram_apostrophe",
                    "engram_stop",
                    "porter_stem",
                ],
            }
        },
    }


def vector_mapping(
    dimensions: int,
    *,
    engine: Engine = "faiss",
    space_type: SpaceType = "innerproduct",
    ef_construction: int = 128,
    m: int = 16,
) -> dict[str, Any]:
    """knn_vector with HNSW. nmslib is refused: OpenSearch 3 no longer creates it.

    Embeddings are L2-normalised, so inner product equals cosine and is the
    cheaper of the two (no per-vector norm at search time).
    """
    if engine not in _SUPPORTED_ENGINES:
        raise ValueError(f"unsupported k-NN engine {engine!r} (use faiss or lucene)")
    if space_type not in _SUPPORTED_SPACES:
        raise ValueError(f"unsupported space_type {space_type!r}")
    if dimensions < 1:
        raise ValueError("dimensions must be positive")
    if not 2 <= m <= 100:
        raise ValueError("m must be within [2, 100]")
    return {
        "type": "knn_vector",
        "dimension": dimensions,
        "method": {
            "name": "hnsw",
            "engine": engine,
            "space_type": space_type,
            "parameters": {"ef_construction": ef_construction, "m": m},
        },
    }


def mappings(
    dimensions: int,
    *,
    engine: Engine = "faiss",
    space_type: SpaceType = "innerproduct",
    ef_construction: int = 128,
    m: int = 16,
) -> dict[str, Any]:
    properties: dict[str, Any] = {name: {"type": "keyword"} for name in KEYWORD_FIELDS}
    properties.update({name: {"type": "double"} for name in EPOCH_FIELDS})
    properties[TEXT_FIELD] = {"type": "text", "analyzer": TEXT_ANALYZER}
    properties[VECTOR_FIELD] = vector_mapping(
        dimensions, engine=engine, space_type=space_type, ef_construction=ef_construction, m=m
    )
    properties["importance"] = {"type": "float"}
    properties["access_count"] = {"type": "integer"}
    properties["version"] = {"type": "integer"}
    properties["pinned"] = {"type": "boolean"}
    properties["links"] = {"type": "keyword", "index": False}  # L7: read back, never searched
    properties[OWN_VECTOR_FIELD] = {"type": "binary"}  # half_vectors' base64: read back to rerank, never searched
    # strict: a field the mapping does not know is a bug in the projection, not data to guess at.
    return {"dynamic": "strict", "properties": properties}


def index_settings(
    *,
    engine: Engine = "faiss",
    ef_search: int = 100,
    shards: int | None = None,
    replicas: int | None = None,
) -> dict[str, Any]:
    index: dict[str, Any] = {"knn": True}
    if engine == "faiss":
        # Lucene ignores ef_search (it uses k); faiss reads it from this setting.
        index["knn.algo_param.ef_search"] = ef_search
    # None = the cluster's default (Serverless rejects explicit shard settings).
    if shards is not None:
        index["number_of_shards"] = shards
    if replicas is not None:
        index["number_of_replicas"] = replicas
    return {"index": index, "analysis": analysis_settings()}


def index_body(
    dimensions: int,
    *,
    engine: Engine = "faiss",
    space_type: SpaceType = "innerproduct",
    ef_construction: int = 128,
    m: int = 16,
    ef_search: int = 100,
    shards: int | None = None,
    replicas: int | None = None,
) -> dict[str, Any]:
    """settings + mappings of one physical index version (create-index body)."""
    return {
        "settings": index_settings(engine=engine, ef_search=ef_search, shards=shards, replicas=replicas),
        "mappings": mappings(dimensions, engine=engine, space_type=space_type, ef_construction=ef_construction, m=m),
    }


def index_template(
    layout: IndexLayout,
    dimensions: int,
    *,
    engine: Engine = "faiss",
    space_type: SpaceType = "innerproduct",
    ef_construction: int = 128,
    m: int = 16,
    ef_search: int = 100,
    shards: int | None = None,
    replicas: int | None = None,
    priority: int = 200,
) -> dict[str, Any]:
    """Body of PUT _index_template/<prefix>-template (composable template)."""
    return {
        "index_patterns": [layout.pattern],
        "priority": priority,
        "template": index_body(
            dimensions,
            engine=engine,
            space_type=space_type,
            ef_construction=ef_construction,
            m=m,
            ef_search=ef_search,
            shards=shards,
            replicas=replicas,
        ),
        "_meta": {"managed_by": "engram", "dimensions": dimensions},
    }


def initial_aliases(layout: IndexLayout) -> dict[str, Any]:
    """The `aliases` part of the first version's create-index body."""
    return {layout.read_alias: {}, layout.write_alias: {"is_write_index": True}}


def attach_aliases_actions(layout: IndexLayout, index: str) -> dict[str, Any]:
    """Body of POST _aliases pointing both aliases at `index` (adding an existing alias is a no-op)."""
    return {
        "actions": [
            {"add": {"index": index, "alias": layout.read_alias}},
            {"add": {"index": index, "alias": layout.write_alias, "is_write_index": True}},
        ]
    }


def alias_swap_actions(layout: IndexLayout, old_index: str, new_index: str) -> dict[str, Any]:
    """Body of POST _aliases moving both aliases at once (atomic in OpenSearch)."""
    return {
        "actions": [
            {"remove": {"index": old_index, "alias": layout.read_alias}},
            {"remove": {"index": old_index, "alias": layout.write_alias}},
            {"add": {"index": new_index, "alias": layout.read_alias}},
            {"add": {"index": new_index, "alias": layout.write_alias, "is_write_index": True}},
        ]
    }


def knn_score_to_similarity(score: float, space_type: SpaceType) -> float:
    """Undo OpenSearch's k-NN score transform to get the cosine similarity back.

    Vectors are unit length, so for both spaces the result is cos(theta), the
    same number the embedded index reports. Documented transforms:
    innerproduct: score = 1 + ip if ip > 0 else 1 / (1 - ip); cosinesimil:
    score = (1 + cos) / 2.
    """
    if space_type == "cosinesimil":
        return 2.0 * score - 1.0
    if score >= 1.0:
        return score - 1.0
    if score <= 0.0:
        return -1.0
    return 1.0 - 1.0 / score
