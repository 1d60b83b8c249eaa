"""One version of the embedded index: a single SQLite database (MemoryIndex)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from engram.adapters.local_index import codec, schema
from engram.adapters.local_index.filters import compile_filter
from engram.adapters.local_index.vectors import (
    UserKey,
    VectorCache,
    load_user_vectors,
    normalise_query,
    patch_user_vectors,
    top_k,
)
from engram.language.analysis import analyze
from engram.memory.models import Hit, IndexDocument, IndexKey, SearchFilter

_CHUNK = 500  # ids per IN (...) list, well under SQLite's variable limit

_BM25 = "bm25(docs_fts, 0.0, 1.0)"  # the owner column carries no relevance

_UPSERT_SQL = """
INSERT INTO docs (tenant_id, user_id, doc_id, persona_id, namespace, type, status,
                  created_at, expires_at, importance, pinned, body)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (tenant_id, user_id, doc_id) DO UPDATE SET
    persona_id = excluded.persona_id, namespace = excluded.namespace, type = excluded.type,
    status = excluded.status, created_at = excluded.created_at, expires_at = excluded.expires_at,
    importance = excluded.importance, pinned = excluded.pinned, body = excluded.body
RETURNING id
"""


def _chunks(items: Sequence[int], size: int = _CHUNK) -> Iterator[Sequence[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _placeholders(n: int) -> str:
    return ",".join("?" * n)


def _match_expression(query: str, owner: str) -> str | None:
    """The user's rows AND any analysed query token (quoted: FTS5 syntax never leaks in)."""
    tokens = dict.fromkeys(analyze(query))  # dedupe, keep order
    if not tokens:
        return None
    terms = " OR ".join('"' + token.replace('"', '""') + '"' for token in tokens)
    return f'owner : "{owner}" AND tokens : ({terms})'


class IndexStore:
    """BM25 (FTS5 bm25()) + exact inner-product k-NN over one SQLite database.

    Documents are keyed by (tenant_id, user_id, doc_id): upserting the same key
    replaces the document, and no call can reach another user's rows because every
    statement binds both ids. All access goes through one connection behind a lock.
    """

    def __init__(self, database: str | Path, dimensions: int, *, cache_bytes: int = 256 << 20) -> None:
        if dimensions <= 0:
            raise ValueError("dimensions must be positive")
        self.database = str(database)
        self.dimensions = dimensions
        self._lock = threading.RLock()
        self._conn = schema.connect(database)
        schema.check_dimensions(self._conn, dimensions)
        self._cache = VectorCache(cache_bytes)
        self._data_version = self._read_data_version()
        self._closed = False

    # -- lifecycle ---------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._cache.clear()
                self._conn.close()

    def _read_data_version(self) -> int:
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def _sync_cache(self) -> None:
        """Forget cached vectors if another connection (process) committed since."""
        version = self._read_data_version()
        if version != self._data_version:
            self._data_version = version
            self._cache.clear()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    # -- writes ------------------------------------------------------------

    def upsert(self, docs: Sequence[IndexDocument]) -> None:
        rows = [
            (doc, None if doc.vector is None else codec.encode_vector(doc.vector, self.dimensions)) for doc in docs
        ]  # validate everything before the transaction starts
        if any(not doc.tenant_id or not doc.user_id or not doc.doc_id for doc in docs):
            raise ValueError("tenant_id, user_id and doc_id are required")
        written: dict[UserKey, dict[int, bytes | None]] = {}
        with self._lock:
            with self._write() as conn:
                for doc, vector in rows:
                    written.setdefault((doc.tenant_id, doc.user_id), {})[self._put(conn, doc, vector)] = vector
            for key, changes in written.items():  # committed: bring cached matrices up to date
                self._patch_cache(key, changes, ())

    def _put(self, conn: sqlite3.Connection, doc: IndexDocument, vector: bytes | None) -> int:
        """Insert or replace one document; returns its docs.id (stable across updates)."""
        (row_id,) = conn.execute(
            _UPSERT_SQL,
            (
                doc.tenant_id, doc.user_id, doc.doc_id, doc.persona_id, doc.namespace, doc.type, doc.status,
                doc.created_at, doc.expires_at, doc.importance, int(doc.pinned), codec.encode_body(doc),
            ),
        ).fetchone()  # fmt: skip
        conn.execute("DELETE FROM docs_fts WHERE rowid = ?", (row_id,))
        conn.execute(
            "INSERT INTO docs_fts (rowid, owner, tokens) VALUES (?, ?, ?)",
            (row_id, schema.owner_token(doc.tenant_id, doc.user_id), " ".join(analyze(doc.text))),
        )
        if vector is None:
            conn.execute("DELETE FROM vectors WHERE id = ?", (row_id,))
        else:
            conn.execute("INSERT OR REPLACE INTO vectors (id, vector) VALUES (?, ?)", (row_id, vector))
        return int(row_id)

    def _patch_cache(self, key: UserKey, written: dict[int, bytes | None], deleted: Sequence[int]) -> None:
        entry = self._cache.peek(key)
        if entry is not None:
            self._cache.put(key, patch_user_vectors(entry, written, deleted, self.dimensions))

    def _delete_rows(self, conn: sqlite3.Connection, row_ids: Sequence[int]) -> None:
        for chunk in _chunks(row_ids):
            marks = _placeholders(len(chunk))
            conn.execute(f"DELETE FROM docs_fts WHERE rowid IN ({marks})", chunk)  # noqa: S608 - placeholders only
            conn.execute(f"DELETE FROM vectors WHERE id IN ({marks})", chunk)  # noqa: S608
            conn.execute(f"DELETE FROM docs WHERE id IN ({marks})", chunk)  # noqa: S608

    def delete(self, tenant_id: str, user_id: str, doc_ids: Sequence[str]) -> int:
        """How many of them were there."""
        wanted = list(dict.fromkeys(doc_ids))
        row_ids: list[int] = []
        with self._lock:
            with self._write() as conn:
                for start in range(0, len(wanted), _CHUNK):
                    chunk = wanted[start : start + _CHUNK]
                    row_ids += [
                        row[0]
                        for row in conn.execute(
                            f"SELECT id FROM docs WHERE tenant_id = ? AND user_id = ?"  # noqa: S608
                            f" AND doc_id IN ({_placeholders(len(chunk))})",
                            (tenant_id, user_id, *chunk),
                        )
                    ]
                self._delete_rows(conn, row_ids)
            self._patch_cache((tenant_id, user_id), {}, row_ids)
        return len(row_ids)

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        with self._lock:
            with self._write() as conn:
                row_ids = [
                    row[0]
                    for row in conn.execute(
                        "SELECT id FROM docs WHERE tenant_id = ? AND user_id = ?", (tenant_id, user_id)
                    )
                ]
                self._delete_rows(conn, row_ids)
            self._cache.invalidate((tenant_id, user_id))
        return len(row_ids)

    # -- reads -------------------------------------------------------------

    def get(self, tenant_id: str, user_id: str, doc_id: str) -> IndexDocument | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT d.body, v.vector FROM docs d LEFT JOIN vectors v ON v.id = d.id"
                " WHERE d.tenant_id = ? AND d.user_id = ? AND d.doc_id = ?",
                (tenant_id, user_id, doc_id),
            ).fetchone()
        return None if row is None else codec.decode(row[0], row[1])

    def page_keys(self, cursor: str | None, limit: int) -> tuple[list[IndexKey], str | None]:
        """Documents in row order after `cursor` (a row id), for the reconciliation pass."""
        after = int(cursor) if cursor else 0
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, tenant_id, user_id, doc_id, json_extract(body, '$.version') FROM docs"
                " WHERE id > ? ORDER BY id LIMIT ?",
                (after, limit),
            ).fetchall()
        keys = [IndexKey(tenant_id=t, user_id=u, doc_id=d, version=int(v or 0)) for _, t, u, d, v in rows]
        return keys, (str(rows[-1][0]) if len(rows) == limit else None)

    def count(self, flt: SearchFilter) -> int:
        compiled = compile_filter(flt)
        if compiled is None:
            return 0
        with self._lock:
            sql = f"SELECT count(*) FROM docs d WHERE {compiled.where}"  # noqa: S608 - clauses are constants
            return int(self._conn.execute(sql, compiled.params).fetchone()[0])

    def _hits(self, scored: Sequence[tuple[int, float]]) -> list[Hit]:
        """Load the documents of ranked (docs.id, score) pairs, keeping their order."""
        if not scored:
            return []
        ids = [row_id for row_id, _ in scored]
        rows = {
            row[0]: codec.decode(row[1], row[2])
            for row in self._conn.execute(
                f"SELECT d.id, d.body, v.vector FROM docs d LEFT JOIN vectors v ON v.id = d.id"  # noqa: S608
                f" WHERE d.id IN ({_placeholders(len(ids))})",
                ids,
            )
        }
        hits = [Hit(rows[i].doc_id, score, rows[i]) for i, score in scored if i in rows]
        hits.sort(key=lambda hit: (-hit.score, hit.doc_id))  # equal scores: doc_id order, as OpenSearch sorts
        return hits

    def search_text(self, query: str, flt: SearchFilter, k: int) -> list[Hit]:
        """BM25 over analysed tokens; score = -bm25() so that higher is better.

        CROSS JOIN makes FTS5 drive the join (match first, then filter the matched
        rows by the user's columns) instead of probing FTS once per user row.
        """
        compiled = compile_filter(flt)
        match = _match_expression(query, schema.owner_token(flt.tenant_id, flt.user_id))
        if compiled is None or match is None or k <= 0:
            return []
        sql = (
            f"SELECT d.id, -{_BM25} FROM docs_fts CROSS JOIN docs d ON d.id = docs_fts.rowid"  # noqa: S608
            f" WHERE docs_fts MATCH ? AND {compiled.where}"
            f" ORDER BY {_BM25}, d.doc_id LIMIT ?"
        )
        with self._lock:
            scored = self._conn.execute(sql, (match, *compiled.params, k)).fetchall()
            return self._hits(scored)

    def search_vector(self, vector: Sequence[float], flt: SearchFilter, k: int) -> list[Hit]:
        """Exact inner product with the unit query over the filtered candidates, best first."""
        compiled = compile_filter(flt)
        query = normalise_query(vector, self.dimensions)
        if compiled is None or query is None or k <= 0:
            return []
        key = (flt.tenant_id, flt.user_id)
        with self._lock:
            self._sync_cache()
            vectors = self._cache.get(key)
            if vectors is None:
                vectors = load_user_vectors(self._conn, key, self.dimensions)
                self._cache.put(key, vectors)
            candidates = [
                row[0]
                for row in self._conn.execute(
                    f"SELECT d.id FROM docs d WHERE {compiled.where}",  # noqa: S608
                    compiled.params,
                )
            ]
            return self._hits(top_k(vectors, candidates, query, k))
