"""SQLite schema and connection settings for one version of the local index."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import time
from pathlib import Path

SCHEMA_VERSION = "1"  # bump (and rebuild) when the DDL below changes

# Filter columns are real columns so SearchFilter runs in SQL; `body` is the full
# IndexDocument (minus its vector) as JSON. Vectors live in their own table so the
# per-user filter scans stay on small rows. `docs_fts` holds the space-joined output
# of engram.language.analyze(): tokens are letters/digits only, so `unicode61` keeps
# each one (CJK bigrams included) intact; analysis already lowercased and
# normalised them, and remove_diacritics 0 keeps "résumé" distinct from "resume".
# The `owner` column lets FTS5 intersect with the user's rows before computing
# bm25(), so ranking cost follows the user's size, not the whole table's; it has
# weight 0 in bm25(), and the SQL filter on tenant_id/user_id still applies.
_DDL = """
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS docs (
    id         INTEGER PRIMARY KEY,
    tenant_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    doc_id     TEXT NOT NULL,
    persona_id TEXT NOT NULL,
    namespace  TEXT NOT NULL,
    type       TEXT NOT NULL,
    status     TEXT NOT NULL,
    created_at REAL NOT NULL,
    expires_at REAL,
    importance REAL NOT NULL,
    pinned     INTEGER NOT NULL,
    body       TEXT NOT NULL,
    UNIQUE (tenant_id, user_id, doc_id)
);
-- Covers the k-NN candidate query (ids matching a SearchFilter) without table lookups.
CREATE INDEX IF NOT EXISTS docs_filter ON docs (
    tenant_id, user_id, namespace, status, persona_id, type, created_at, expires_at
);
CREATE TABLE IF NOT EXISTS vectors (
    id     INTEGER PRIMARY KEY,  -- docs.id
    vector BLOB NOT NULL         -- float32, little-endian, `dimensions` long
);
CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts USING fts5(
    owner,   -- one opaque token per (tenant_id, user_id), see owner_token()
    tokens,
    tokenize = 'unicode61 remove_diacritics 0'
);
"""


def owner_token(tenant_id: str, user_id: str) -> str:
    """A single unicode61 token naming a (tenant, user); a hash so ids need no escaping."""
    digest = hashlib.blake2b(f"{tenant_id}\x00{user_id}".encode(), digest_size=12).hexdigest()
    return "u" + digest


def _switch_to_wal(conn: sqlite3.Connection, attempts: int = 100) -> None:
    """Processes opening one fresh database at once all switch it to WAL; SQLite answers the
    losers "database is locked" at once, without waiting on the busy timeout: try again."""
    for attempt in range(attempts):
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(random.uniform(0.001, 0.02))  # contention between processes, not a TTL


def connect(database: str | Path) -> sqlite3.Connection:
    """Open (creating if needed) one index database in autocommit mode.

    The connection is shared between threads behind the store's lock, hence
    check_same_thread=False; transactions are explicit (BEGIN IMMEDIATE).
    """
    conn = sqlite3.connect(str(database), isolation_level=None, check_same_thread=False, timeout=10.0)
    if str(database) != ":memory:":
        _switch_to_wal(conn)  # readers in other processes never block the writer
        conn.execute("PRAGMA synchronous=NORMAL")  # durable at checkpoints; the index is rebuildable
    conn.execute("PRAGMA temp_store=MEMORY")
    conn.execute("PRAGMA cache_size=-32768")  # 32 MiB page cache
    conn.executescript(_DDL)
    return conn


def check_dimensions(conn: sqlite3.Connection, dimensions: int) -> None:
    """Record the vector size on first use; refuse to open with another one."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', ?)", (SCHEMA_VERSION,))
        conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('dimensions', ?)", (str(dimensions),))
        row = conn.execute("SELECT value FROM meta WHERE key = 'dimensions'").fetchone()
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    if int(row[0]) != dimensions:
        raise ValueError(f"index was built with {row[0]}-d vectors, not {dimensions}-d")
