"""L8 knowledge base: a tenant's domain documents, chunked, embedded and stored as
memory records in the "kb" namespace under the KB_OWNER pseudo user.

Owning the chunks by a separate user id keeps them out of every personal list and
search by construction (the partition key differs); retrieval reaches them only
when asked to (include_kb). Chunks are stored like any record, so the change
stream indexes them with the same projection and they share the same retrieval.
"""

from __future__ import annotations

import math
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engram.kernel.clock import Clock
from engram.kernel.errors import Conflict, NotFound, PayloadTooLarge, ValidationFailed
from engram.kernel.ids import check_id, user_job_group
from engram.kernel.ports import MetricsSink, TokenCounter
from engram.language.blank import is_blank
from engram.language.masking import MaskedMemory, mask_for_storage
from engram.memory.models import KB_OWNER, MemoryRecord, MemoryType, Namespace
from engram.memory.ports import Embedder, MemoryRepository
from engram.settings import Settings

KB_PERSONA = "_all"  # KB chunks serve every persona
CHUNK_TOKENS = 200
OVERLAP_TOKENS = 40

_PARAGRAPHS = re.compile(r"\n\s*\n")
# English needs a space after the stop ("3.5 mg" stays whole); CJK stops end a sentence by themselves.
_SENTENCES = re.compile(r"(?<=[.!?])\s+|(?<=[。！？；])")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")

Count = Callable[[str], int]


def estimate_tokens(text: str) -> int:
    """Without a tokenizer: one token per CJK character, ~1.3 per other word."""
    cjk = len(_CJK.findall(text))
    words = len(_CJK.sub(" ", text).split())
    return cjk + math.ceil(words * 1.3)


def _hard_split(text: str, count: Count, target: int) -> list[str]:
    # A "sentence" longer than a chunk (a table row, CJK text without stops): cut by length.
    pieces = math.ceil(count(text) / target)
    size = math.ceil(len(text) / pieces)
    return [text[i : i + size] for i in range(0, len(text), size)]


def _units(text: str, count: Count, target: int) -> list[tuple[str, bool]]:
    """(piece, starts_a_paragraph) pieces, each at most about `target` tokens."""
    units: list[tuple[str, bool]] = []
    for paragraph in (p.strip() for p in _PARAGRAPHS.split(text)):
        if not paragraph:
            continue
        if count(paragraph) <= target:
            units.append((paragraph, True))
            continue
        first = True
        for sentence in (s.strip() for s in _SENTENCES.split(paragraph)):
            if not sentence:
                continue
            for piece in _hard_split(sentence, count, target) if count(sentence) > target else [sentence]:
                units.append((piece, first))
                first = False
    return units


def _join(parts: list[tuple[str, bool]]) -> str:
    out = ""
    for i, (piece, new_paragraph) in enumerate(parts):
        if i == 0:
            out = piece
        elif new_paragraph:
            out += "\n\n" + piece
        elif (_CJK.match(piece[:1]) and _CJK.match(out[-1:])) or out[-1:] in "。！？；":
            out += piece  # CJK sentences are not separated by spaces
        else:
            out += " " + piece
    return out


def chunk_text(
    text: str, count: Count = estimate_tokens, target: int = CHUNK_TOKENS, overlap: int = OVERLAP_TOKENS
) -> list[str]:
    """Paragraphs, then sentences, packed into ~`target`-token chunks; each chunk repeats the
    last sentence(s) of the previous one (up to `overlap` tokens) so no fact is cut off from its context."""
    chunks: list[str] = []
    current: list[tuple[str, bool]] = []
    size = 0
    fresh = 0  # units in `current` not already in the previous chunk
    for unit in _units(text, count, target):
        cost = count(unit[0])
        if current and size + cost > target:
            chunks.append(_join(current))
            carried: list[tuple[str, bool]] = []
            carried_size = 0
            for piece in reversed(current):
                piece_cost = count(piece[0])
                if carried_size + piece_cost > overlap or carried_size + piece_cost + cost > target:
                    break
                carried.insert(0, piece)
                carried_size += piece_cost
            current, size, fresh = carried, carried_size, 0
        current.append(unit)
        size += cost
        fresh += 1
    if current and fresh:
        chunks.append(_join(current))
    return chunks


@dataclass(frozen=True, slots=True)
class KbDocument:
    doc_id: str
    title: str
    source: str | None
    chunks: int
    created_at: float
    embedded: int  # chunks with a vector (the rest are found by their words until embedded)


def kb_embed_job(tenant: str, doc_id: str, start: int, chunks: int) -> dict[str, Any]:
    """Embed chunks [start, start + batch) of a document (one FIFO group per tenant's KB)."""
    return {
        "kind": "kb_embed",
        "key": {"tenant_id": tenant, "user_id": KB_OWNER, "persona_id": "-", "session_id": "-"},
        "group": user_job_group(tenant, KB_OWNER),
        "dedup": f"k-{doc_id}-{start}",
        "doc_id": doc_id,
        "start": start,
        "chunks": chunks,
        "request_id": f"kb-{doc_id}-{start}",
    }


def _doc_of(memory_id: str) -> str:
    # chunk ids are "kb-{doc_id}-{nnnn}"
    return memory_id[3:].rsplit("-", 1)[0]


def _chunk_id(doc_id: str, n: int) -> str:
    return f"kb-{doc_id}-{n:04d}"


@dataclass(slots=True)
class KnowledgeBase:
    repo: MemoryRepository
    embedder: Embedder
    settings: Settings
    clock: Clock
    metrics: MetricsSink
    counter: TokenCounter | None = None
    submit: Callable[[dict[str, Any]], None] | None = None  # None: embed during the upload

    def _count(self, text: str) -> int:
        return self.counter.count(text) if self.counter is not None else estimate_tokens(text)

    def ingest_document(self, tenant: str, title: str, text: str, source: str | None = None) -> KbDocument:
        check_id("tenant", tenant)
        if is_blank(title) or is_blank(text):
            raise ValidationFailed("title and text must not be empty", details={"field": "text"})
        limit = self.settings.kb_max_document_bytes
        size = len(text.encode("utf-8"))
        if size > limit:
            raise PayloadTooLarge(
                f"the document is {size} bytes; the limit is {limit}", details={"field": "text", "limit": limit}
            )
        doc = self._masked(tenant, text, title.strip())
        title = doc.topics[0]
        chunks = chunk_text(doc.content, self._count)
        if len(chunks) > self.settings.kb_max_chunks:
            raise PayloadTooLarge(
                f"the document makes {len(chunks)} chunks; the limit is {self.settings.kb_max_chunks}",
                details={"field": "text", "limit": self.settings.kb_max_chunks},
            )
        doc_id = "doc-" + uuid.uuid4().hex[:20]
        now = self.clock.now()
        records = [
            MemoryRecord(
                memory_id=_chunk_id(doc_id, n),
                tenant_id=tenant,
                user_id=KB_OWNER,
                persona_id=KB_PERSONA,
                type=MemoryType.NOTE,
                content=chunk,
                importance=self.settings.importance_at_birth,
                created_at=now,
                updated_at=now,
                namespace=Namespace.KB,
                embedding=None,  # kb_embed_job fills it in
                source_turn_ids=[source] if source else [],  # for KB chunks: where the document came from
                topics=[title],
                pii_flags=doc.pii_flags,  # the document's: a chunk boundary may split what was found
            )
            for n, chunk in enumerate(chunks)
        ]
        try:
            self.repo.put_batch(records)  # the doc id is fresh: nothing to overwrite
        except Exception:
            self.repo.delete_batch(tenant, KB_OWNER, [r.memory_id for r in records])  # no half documents
            raise
        self.metrics.put("kb_chunks_ingested", float(len(chunks)))
        first = kb_embed_job(tenant, doc_id, 0, len(chunks))
        if self.submit is not None:
            self.submit(first)
            return KbDocument(doc_id, title, source, len(chunks), now, 0)
        return KbDocument(doc_id, title, source, len(chunks), now, self.embed_pending(first))

    def embed_pending(self, job: dict[str, Any]) -> int:
        """The `kb_embed` job: one batch of a document's chunks gets its vectors, and the next
        batch is queued (without a queue: run here, in a loop). Returns how many it embedded."""
        done, next_job = self._embed_batch(job)
        while next_job is not None and self.submit is None:
            more, next_job = self._embed_batch(next_job)
            done += more
        if next_job is not None and self.submit is not None:
            self.submit(next_job)
        return done

    def _embed_batch(self, job: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
        """Redelivered, a batch embeds only what still has no vector; a chunk deleted or
        changed meanwhile is left alone, and a deleted document ends the chain."""
        tenant, doc_id = str(job["key"]["tenant_id"]), str(job["doc_id"])
        start, total = int(job["start"]), int(job["chunks"])
        check_id("tenant", tenant)
        check_id("doc_id", doc_id)
        stop = min(total, start + self.settings.kb_embed_batch)
        ids = [_chunk_id(doc_id, n) for n in range(start, stop)]
        found = {r.memory_id: r for r in self.repo.batch_get(tenant, KB_OWNER, ids)}
        todo = [found[i] for i in ids if i in found and found[i].embedding is None]
        done = 0
        if todo:
            vectors = self.embedder.embed_documents([r.content for r in todo])
            for record, vector in zip(todo, vectors, strict=True):
                embedded = replace(record, embedding=[float(x) for x in vector], version=record.version + 1)
                try:
                    self.repo.replace(embedded, expected_version=record.version)
                    done += 1
                except (Conflict, NotFound):
                    continue
            self.metrics.put("kb_chunks_embedded", float(done))
        if stop < total and found:
            return done, kb_embed_job(tenant, doc_id, stop, total)
        return done, None

    def _masked(self, tenant: str, text: str, title: str) -> MaskedMemory:
        """P5 for tenants that opt in (ENGRAM_KB_MASK_PII_TENANTS): the whole document is masked
        before it is chunked, so no chunk boundary can cut a number in two and hide it."""
        if tenant in self.settings.kb_mask_pii_tenants:
            return mask_for_storage(text, [title])
        return MaskedMemory(text, [title])

    def _chunks(self, tenant: str) -> list[MemoryRecord]:
        check_id("tenant", tenant)
        return self.repo.list(tenant, KB_OWNER, namespaces=(Namespace.KB,), statuses=None)

    def list_documents(self, tenant: str) -> list[KbDocument]:
        docs: dict[str, list[MemoryRecord]] = {}
        for r in self._chunks(tenant):
            docs.setdefault(_doc_of(r.memory_id), []).append(r)
        out = [
            KbDocument(
                doc_id,
                chunks[0].topics[0] if chunks[0].topics else "",
                chunks[0].source_turn_ids[0] if chunks[0].source_turn_ids else None,
                len(chunks),
                min(c.created_at for c in chunks),
                # Listings carry no vectors; a chunk is written twice, stored (version 1), then embedded.
                sum(1 for c in chunks if c.version > 1),
            )
            for doc_id, chunks in docs.items()
        ]
        out.sort(key=lambda d: (-d.created_at, d.doc_id))
        return out

    def delete_document(self, tenant: str, doc_id: str) -> int:
        check_id("doc_id", doc_id)
        chunks = [r for r in self._chunks(tenant) if _doc_of(r.memory_id) == doc_id]
        if not chunks:
            raise NotFound("document not found", details={"doc_id": doc_id})
        self.repo.delete_batch(tenant, KB_OWNER, [r.memory_id for r in chunks])
        self.metrics.put("kb_document_deleted")
        return len(chunks)
