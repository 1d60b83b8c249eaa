"""The index holds a projection of each memory record; this is the only place it is defined."""

from __future__ import annotations

from engram.memory.models import IndexDocument, MemoryRecord

# Key expansion (L5): a round's search text is its content, this marker, then the facts
# extracted from it. Prompts show only the part before the marker.
EXPANSION_MARKER = "\n⟨keys⟩ "


def expanded_text(content: str, keys: list[str]) -> str:
    return content + EXPANSION_MARKER + " ".join(keys) if keys else content


def display_text(doc: IndexDocument) -> str:
    return doc.text.split(EXPANSION_MARKER, 1)[0]


def to_index_document(r: MemoryRecord) -> IndexDocument:
    return IndexDocument(
        doc_id=r.memory_id,
        tenant_id=r.tenant_id,
        user_id=r.user_id,
        persona_id=r.persona_id,
        namespace=r.namespace.value,
        type=r.type.value,
        status=r.status.value,
        text=r.search_text or r.content,
        vector=r.embedding,
        importance=r.importance,
        created_at=r.created_at,
        updated_at=r.updated_at,
        expires_at=r.expires_at,
        access_count=r.access_count,
        topics=list(r.topics),
        source_ids=list(r.source_turn_ids),
        pinned=r.pinned,
        version=r.version,
        links=r.associates(),
        own_vector=r.own_embedding,
    )
