"""L7 associative links: a fact links to the round that stated it and to its nearest memories
sharing a topic; the round links to its facts; with link expansion on, a result pulls in what
it links to (bounded, filtered like the search, ranked below the one that linked it)."""

from __future__ import annotations

import threading
from typing import Any

from engram.adapters.dynamodb import keys
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.memory.models import IndexDocument, Namespace, round_memory_id
from engram.memory.retrieval import HybridRetriever
from engram.settings import Settings
from engram.wiring import Container
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


# --- L7 co-retrieval counts --------------------------------------------------------------


def _facts(c: Container, clock: ManualClock, texts: list[str]) -> list[str]:
    from engram.memory.models import MemoryRecord, MemoryType

    ids = []
    for n, text in enumerate(texts):
        vector = [float(x) for x in c.models.embedder.embed_documents([text])[0]]
        record = MemoryRecord(
            memory_id=f"co-{n}",
            tenant_id="default",
            user_id="kai",
            persona_id="friend",
            type=MemoryType.FACT,
            content=text,
            importance=0.6,
            created_at=clock.now(),
            updated_at=clock.now(),
            embedding=vector,
        )
        assert c.memories.put_new(record)
        ids.append(record.memory_id)
    return ids


MINA = [
    "User's daughter Mina plays the violin",
    "Mina's recital is on the first Sunday of May",
    "Mina practises every evening after dinner",
    "The user's car is a blue Honda",
]


def test_memories_retrieved_together_count_each_other_and_become_neighbours(
    container: Container, clock: ManualClock, settings: Settings
) -> None:
    c = container
    a, b, d, car = _facts(c, clock, MINA)
    c.memories.touch_access("default", "kai", [a, b], clock.now())
    once = c.memories.get("default", "kai", a)
    assert once is not None and once.co_retrieved == {b: 1} and once.access_count == 1
    sync_index(c, KEY.owner)
    doc = c.index.get("default", "kai", a)
    assert doc is not None and b not in doc.links  # once can be chance
    clock.advance(3600)
    c.memories.touch_access("default", "kai", [a, b, d], clock.now())
    twice = c.memories.get("default", "kai", a)
    assert twice is not None and twice.co_retrieved == {b: 2, d: 1}
    other = c.memories.get("default", "kai", b)
    assert other is not None and other.co_retrieved == {a: 2, d: 1}
    untouched = c.memories.get("default", "kai", car)
    assert untouched is not None and untouched.co_retrieved == {}
    sync_index(c, KEY.owner)
    doc = c.index.get("default", "kai", a)
    assert doc is not None and doc.links == [b]
    # an edit (a read-modify-write of the record) never writes back an old count
    from dataclasses import replace

    c.memories.replace(replace(twice, content=twice.content + ".", co_retrieved={}, version=twice.version + 1), 1)
    edited = c.memories.get("default", "kai", a)
    assert edited is not None and edited.co_retrieved == {b: 2, d: 1}
    # with link expansion on, the neighbour comes along with the memory that is found
    on = HybridRetriever(
        c.index, c.models.embedder, c.profiles, settings.model_copy(update={"link_expansion": True}), clock, c.metrics
    )
    ids = [m.memory_id for m in on.search(KEY.owner, "Who plays the violin?", persona_id="friend", k=2)]
    assert ids[0] == a and b in ids


def test_a_redelivered_access_job_counts_nothing_twice(container: Container, clock: ManualClock) -> None:
    c = container
    a, b, _, _ = _facts(c, clock, MINA)
    now = clock.now()
    c.memories.touch_access("default", "kai", [a, b], now)
    c.memories.touch_access("default", "kai", [a, b], now)
    record = c.memories.get("default", "kai", a)
    assert record is not None and record.co_retrieved == {b: 1} and record.access_count == 1


def test_co_retrieval_partners_are_bounded_and_the_rarest_go(
    make_container: Any, settings: Settings, clock: ManualClock
) -> None:
    c = make_container(settings.model_copy(update={"max_links": 2}))
    a, b, d, car = _facts(c, clock, MINA)
    for partners in ([b], [b], [d], [car]):
        clock.advance(60)
        c.memories.touch_access("default", "kai", [a, *partners], clock.now())
    record = c.memories.get("default", "kai", a)
    assert record is not None
    assert record.co_retrieved == {b: 2, car: 1}  # d (1, older) went; car was just counted


def test_a_record_written_before_the_counts_existed_gets_them(container: Container, clock: ManualClock) -> None:
    c = container
    a, b, _, _ = _facts(c, clock, MINA)
    m = c.memories._m  # an item as written before the co-retrieval map existed
    m(keys.memory_pk("default", "kai"), keys.memory_sk(a)).update(actions=[m.co_retrieved.remove()])
    c.memories.touch_access("default", "kai", [a, b], clock.now())
    record = c.memories.get("default", "kai", a)
    assert record is not None and record.co_retrieved == {b: 1} and record.access_count == 1


def test_concurrent_accesses_add_up(container: Container, clock: ManualClock) -> None:
    c = container
    a, b, _, _ = _facts(c, clock, MINA)
    base = clock.now()
    threads = [
        threading.Thread(target=c.memories.touch_access, args=("default", "kai", [a, b], base + n)) for n in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    record = c.memories.get("default", "kai", a)
    assert record is not None and record.co_retrieved == {b: 8} and record.access_count == 8
