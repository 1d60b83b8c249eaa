"""M3 / L8: a KB upload stores its chunks and returns; the turn worker embeds them batch by batch."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from engram.adapters.embedders.local import LocalEmbedder
from engram.memory.kb import KnowledgeBase, kb_embed_job
from engram.memory.models import KB_OWNER, Namespace
from engram.settings import Settings
from engram.wiring import Container
from engram.wiring.memory import build_knowledge_base

TENANT = "default"
SECTIONS = [
    "Zebrafin inhalers must be primed before first use: shake and spray twice into the air.",
    "吸入器第一次使用前要先搖一搖，對空中噴兩下。用完記得漱口。",
    "吸入器は初めて使う前に二回空中に噴霧してください。使用後はうがいをしてください。",
    "흡입기는 처음 사용할 때 두 번 공중에 분사하세요. 사용 후에는 입을 헹구세요.",
]
TEXT = "\n\n".join(f"{n}. {s}" for n, s in enumerate(SECTIONS * 10))


@pytest.fixture
def jobs() -> list[dict[str, Any]]:
    return []


@pytest.fixture
def kb(container: Container, jobs: list[dict[str, Any]]) -> KnowledgeBase:
    settings = container.settings.model_copy(update={"kb_embed_batch": 4})
    return build_knowledge_base(
        settings,
        clock=container.clock,
        metrics=container.metrics,
        embedder=LocalEmbedder(),
        counter=container.counter,
        repo=container.memories,
        submit=jobs.append,
    )


def _chunks(container: Container) -> list[Any]:
    records = container.memories.list(TENANT, KB_OWNER, namespaces=(Namespace.KB,), statuses=None)
    full = container.memories.batch_get(TENANT, KB_OWNER, [r.memory_id for r in records])  # with vectors
    return sorted(full, key=lambda r: r.memory_id)


def test_upload_returns_before_any_vector_and_the_chain_embeds_every_chunk(
    kb: KnowledgeBase, container: Container, jobs: list[dict[str, Any]]
) -> None:
    doc = kb.ingest_document(TENANT, "Inhaler guide", TEXT)
    assert doc.chunks > 5 and doc.embedded == 0
    assert [r.embedding for r in _chunks(container)] == [None] * doc.chunks
    assert jobs == [kb_embed_job(TENANT, doc.doc_id, 0, doc.chunks)]

    ran = 0
    while jobs:
        done = kb.embed_pending(jobs.pop(0))
        assert done == min(4, doc.chunks - 4 * ran)
        ran += 1
        (listed,) = kb.list_documents(TENANT)
        assert listed.embedded == min(4 * ran, doc.chunks)
    assert ran == -(-doc.chunks // 4)
    chunks = _chunks(container)
    expected = LocalEmbedder().embed_documents([r.content for r in chunks])
    for record, vector in zip(chunks, expected, strict=True):
        assert record.version == 2 and np.allclose(record.embedding, vector, atol=1e-5)


def test_a_redelivered_batch_embeds_nothing_twice(
    kb: KnowledgeBase, container: Container, jobs: list[dict[str, Any]]
) -> None:
    doc = kb.ingest_document(TENANT, "Inhaler guide", TEXT)
    first = jobs.pop()
    assert kb.embed_pending(first) == 4
    assert kb.embed_pending(first) == 0  # SQS delivered it again
    assert [r.version for r in _chunks(container)][:4] == [2, 2, 2, 2]
    assert jobs == [kb_embed_job(TENANT, doc.doc_id, 4, doc.chunks)] * 2  # the next batch (deduplicated by SQS)


def test_deleting_the_document_ends_the_chain(kb: KnowledgeBase, jobs: list[dict[str, Any]]) -> None:
    doc = kb.ingest_document(TENANT, "Inhaler guide", TEXT)
    kb.embed_pending(jobs.pop())
    kb.delete_document(TENANT, doc.doc_id)
    assert kb.embed_pending(jobs.pop()) == 0 and jobs == []


def test_the_turn_worker_runs_kb_embed_jobs(container: Container) -> None:
    """The container's KB queues its jobs; the post-turn processor hands them back to it."""
    kb = container.knowledge_base
    doc = kb.ingest_document(TENANT, "Inhaler guide", TEXT)  # the inline queue runs the chain at once
    assert doc.embedded == 0
    (listed,) = kb.list_documents(TENANT)
    assert listed.embedded == doc.chunks
    assert all(r.embedding is not None for r in _chunks(container))


def test_document_limits_are_settings(container: Container) -> None:
    from engram.kernel.errors import PayloadTooLarge

    def kb_with(**limits: int) -> KnowledgeBase:
        settings: Settings = container.settings.model_copy(update=limits)
        return build_knowledge_base(settings, clock=container.clock, metrics=container.metrics, repo=container.memories)

    with pytest.raises(PayloadTooLarge) as too_big:
        kb_with(kb_max_document_bytes=2048).ingest_document(TENANT, "t", "x" * 2049)
    assert too_big.value.details == {"field": "text", "limit": 2048}
    with pytest.raises(PayloadTooLarge) as too_many:
        kb_with(kb_max_chunks=3).ingest_document(TENANT, "t", "\n\n".join(SECTIONS[:1] * 60))
    assert too_many.value.details == {"field": "text", "limit": 3}
    assert _chunks(container) == []


def test_an_upload_that_fails_midway_leaves_no_chunk(container: Container) -> None:
    from engram.kernel.errors import StoreUnavailable

    real = container.memories

    class FailsAfterHalf:
        def put_batch(self, records: list[Any]) -> None:
            real.put_batch(records[: len(records) // 2])  # DynamoDB took the first batches ...
            raise StoreUnavailable("the store is unavailable")  # ... then the request died

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

    kb = build_knowledge_base(
        container.settings,
        clock=container.clock,
        metrics=container.metrics,
        repo=FailsAfterHalf(),  # type: ignore[arg-type]
    )
    with pytest.raises(StoreUnavailable):
        kb.ingest_document(TENANT, "Inhaler guide", TEXT)
    assert _chunks(container) == []
