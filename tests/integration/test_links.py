"""L7 associative links: a fact links to the round that stated it and to its nearest memories
sharing a topic; the round links to its facts; with link expansion on, a result pulls in what
it links to (bounded, filtered like the search, ranked below the one that linked it)."""

from __future__ import annotations

from typing import Any

from engram.bootstrap import Container
from engram.clock import ManualClock
from engram.domain.models import SessionKey
from engram.memory.models import IndexDocument, Namespace
from engram.memory.pipeline import round_memory_id
from engram.memory.retrieval import HybridRetriever
from engram.settings import Settings
from tests.support.indexing import sync_index

KEY = SessionKey("default", "kai", "friend", "s1")


def test_facts_and_rounds_link_each_other(container: Container, clock: ManualClock) -> None:
    c = container
    c.conversation.record_turn(KEY, "My favourite jazz musician is Miles Davis.", "Great choice.")
    sync_index(c, KEY.owner)
    clock.advance(60)
    c.conversation.record_turn(KEY, "My favourite jazz album is Kind of Blue.", "A classic.")
    facts = {r.content: r for r in c.memories.list("default", "kai", namespaces=(Namespace.MEMORY,))}
    musician = next(r for t, r in facts.items() if "Miles" in t)
    album = next(r for t, r in facts.items() if "Kind of Blue" in t)
    meta = c.conversation.store.get_meta(KEY, clock.now())
    assert meta is not None
    round_two = round_memory_id(KEY, meta.generation, 2)
    assert album.links[0] == round_two  # the round that stated it
    assert musician.memory_id in album.links  # its neighbour on the same topic
    stored_round = c.memories.get("default", "kai", round_two)
    assert stored_round is not None and album.memory_id in stored_round.links


def _doc(doc_id: str, text: str, links: list[str], namespace: str = "memory", **kw: Any) -> IndexDocument:
    return IndexDocument(
        doc_id=doc_id,
        tenant_id="default",
        user_id="kai",
        persona_id=kw.get("persona", "friend"),
        namespace=namespace,
        type="fact",
        status=kw.get("status", "active"),
        text=text,
        vector=[1.0] + [0.0] * 383,
        importance=0.5,
        created_at=1_767_225_600.0,
        updated_at=1_767_225_600.0,
        links=links,
    )


def test_link_expansion_pulls_in_linked_memories_within_the_filter(
    container: Container, settings: Settings, clock: ManualClock
) -> None:
    c = container
    c.index.upsert(
        [
            _doc("a", "User's daughter Mina plays the violin", ["b", "gone", "other-persona", "archived"]),
            _doc("b", "The recital is on the first Sunday of May", []),
            _doc("other-persona", "Mina's violin teacher is strict", [], persona="coach"),
            _doc("archived", "Mina's first violin was a gift", [], status="archived"),
        ]
    )
    on = HybridRetriever(
        c.index,
        c.models.embedder,
        c.profiles,
        settings.model_copy(update={"link_expansion": True}),
        clock,
        c.metrics,
    )
    off = HybridRetriever(c.index, c.models.embedder, c.profiles, settings, clock, c.metrics)
    query = "Who plays the violin?"
    plain = [m.memory_id for m in off.search(KEY.owner, query, persona_id="friend", k=5)]
    assert plain[0] == "a"
    pulled = on.search(KEY.owner, query, persona_id="friend", k=5)
    ids = [m.memory_id for m in pulled]
    assert ids[0] == "a" and "b" in ids
    assert "other-persona" not in ids and "archived" not in ids and "gone" not in ids
    by_id = {m.memory_id: m for m in pulled}
    if "b" not in plain:  # found only through the link: ranked below what linked it
        assert by_id["b"].score == by_id["a"].score * settings.link_weight
