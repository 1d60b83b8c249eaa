"""S5 threads and mid-term memory against DynamoDB Local: a thread is flushed on idle, on a
topic shift, on an explicit change of topic in each language, and when it outgrows the S3 cap;
the flush is a searchable mid-term memory (30 days), and only the top 70 % of the thread's
facts stay long-term."""

from __future__ import annotations

import numpy as np
import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.memory.models import MemoryRecord, Namespace
from engram.memory.scoring import DAY_S
from engram.wiring import Container
from tests.support.indexing import sync_index

KEY = SessionKey("default", "rin", "friend", "s1")


def _say(c: Container, clock: ManualClock, text: str, after_s: float = 30) -> None:
    clock.advance(after_s)
    c.conversation.record_turn(KEY, text, "I see.")


def _threads(c: Container) -> list[MemoryRecord]:
    found = c.memories.list("default", "rin", namespaces=(Namespace.THREAD,), statuses=None)
    return sorted(found, key=lambda r: r.created_at)


def test_a_thread_idle_for_ten_minutes_is_flushed_as_searchable_mid_term_memory(
    container: Container, clock: ManualClock
) -> None:
    c = container
    _say(c, clock, "I planted tomatoes in the garden today.")
    _say(c, clock, "The tomato seedlings need water every morning.")
    assert _threads(c) == []
    _say(c, clock, "What should I cook tonight?", after_s=11 * 60)  # 10 min idle: a new thread
    (thread,) = _threads(c)
    assert "tomatoes" in thread.content and "seedlings" in thread.content and "cook" not in thread.content
    assert thread.expires_at == pytest.approx(clock.now() + 30 * DAY_S)
    full = c.memories.get("default", "rin", thread.memory_id)
    assert full is not None and full.embedding is not None and len(thread.source_turn_ids) == 2
    assert any("tomato" in t for t in thread.topics)  # keywords
    assert c.metrics.total("threads_flushed", reason="idle") == 1  # type: ignore[attr-defined]
    sync_index(c, KEY.owner)
    found = c.retriever.search(KEY.owner, "tomato garden", persona_id="friend", namespaces=("thread",))
    assert [m.memory_id for m in found] == [thread.memory_id]
    # searchable like any memory for 30 days, then gone from reads
    clock.advance(31 * DAY_S)
    assert c.memories.list("default", "rin", namespaces=(Namespace.THREAD,), now=clock.now()) == []


@pytest.mark.parametrize(
    "change",
    [
        "By the way, my sister is visiting next week.",
        "對了，我姐姐下週要來。",
        "ところで、来週姉が来ます。",
        "그런데 다음 주에 언니가 와요.",
    ],
    ids=["en", "zh", "ja", "ko"],
)
def test_an_explicit_change_of_topic_flushes_the_thread(container: Container, clock: ManualClock, change: str) -> None:
    c = container
    _say(c, clock, "I planted tomatoes in the garden today.")
    _say(c, clock, "The tomato seedlings need water every morning.")
    _say(c, clock, change)
    (thread,) = _threads(c)
    assert "tomatoes" in thread.content and len(thread.source_turn_ids) == 2
    assert c.metrics.total("threads_flushed", reason="explicit") == 1  # type: ignore[attr-defined]


def test_a_topic_shift_flushes_the_thread(container: Container, clock: ManualClock) -> None:
    c = container
    _say(c, clock, "I walked my dog Biscuit in the park this morning.")
    _say(c, clock, "Biscuit loved chasing the ball on the grass.")
    _say(c, clock, "My tax return is due next week and I am worried.")
    (thread,) = _threads(c)
    assert "Biscuit" in thread.content and "tax" not in thread.content
    assert c.metrics.total("threads_flushed", reason="topic_shift") == 1  # type: ignore[attr-defined]


def test_a_word_of_how_often_is_no_common_topic(container: Container, clock: ManualClock) -> None:
    # "every Sunday" and "every evening" share "every", which kept unrelated rounds in one thread: a
    # mid-term memory of coffee, aspirin and a parrot that sits near any question
    c = container
    _say(c, clock, "My best friend Hannah and I have coffee every Sunday at the café on Elm Street.")
    _say(c, clock, "I take a low-dose aspirin every evening because of my heart.")
    (thread,) = _threads(c)
    assert "Hannah" in thread.content and "aspirin" not in thread.content
    assert c.metrics.total("threads_flushed", reason="topic_shift") == 1  # type: ignore[attr-defined]


def test_a_thread_past_the_hard_cap_flushes_its_oldest_rounds(container: Container, clock: ManualClock) -> None:
    c = container
    for i in range(1, 14):  # one topic, one round every 30 s: 13 rounds, cap 12
        _say(c, clock, f"Garden note {i}: the garden tomatoes grew again.")
    (thread,) = _threads(c)
    # the rounds that left the prompt window (13 - 8 = 5), oldest first
    assert len(thread.source_turn_ids) == 5 and "note 1:" in thread.content and "note 6:" not in thread.content
    assert c.metrics.total("threads_flushed", reason="overflow") == 1  # type: ignore[attr-defined]


def test_only_the_top_70_percent_of_a_threads_facts_stay_long_term(container: Container, clock: ManualClock) -> None:
    c = container
    said = [
        "I love jazz music.",
        "My favourite jazz musician is Miles Davis.",
        "My favourite jazz album is Kind of Blue.",
        "My favourite jazz club is the Blue Note.",
    ]
    for text in said:  # one topic: one thread
        _say(c, clock, text)
    facts = c.memories.list("default", "rin", namespaces=(Namespace.MEMORY,), statuses=None)
    assert len(facts) == 4 and all(f.expires_at is None for f in facts)
    _say(c, clock, "What's the weather tomorrow?", after_s=11 * 60)
    facts = c.memories.list("default", "rin", namespaces=(Namespace.MEMORY,), statuses=None)
    mid_term = [f for f in facts if f.expires_at is not None]
    assert len(mid_term) == 1  # ceil(0.7 × 4) = 3 promoted, 1 left mid-term
    lowest = min(facts, key=lambda f: (f.importance, f.memory_id))
    assert mid_term[0].importance == lowest.importance
    assert mid_term[0].expires_at == pytest.approx(clock.now() + 30 * DAY_S)
    # mentioned again, it merges and becomes long-term
    sync_index(c, KEY.owner)
    by_word = {"musician": said[1], "album": said[2], "club": said[3], "music": said[0]}
    again = next(text for word, text in by_word.items() if word in mid_term[0].content)
    _say(c, clock, again)
    stored = c.memories.get("default", "rin", mid_term[0].memory_id)
    assert stored is not None and stored.expires_at is None and stored.version > mid_term[0].version


def test_a_redelivered_round_changes_nothing(container: Container, clock: ManualClock) -> None:
    c = container
    _say(c, clock, "I planted tomatoes in the garden today.")
    _say(c, clock, "The tomato seedlings need water every morning.")
    _say(c, clock, "What should I cook tonight?", after_s=11 * 60)
    before = _threads(c)
    meta = c.conversation.store.get_meta(KEY, clock.now())
    assert meta is not None
    last = c.conversation.store.get_turn(KEY, meta.generation, meta.turn_count, clock.now())
    assert last is not None
    c.writer.process_turn(KEY, meta.generation, last)  # the stream delivers it again
    assert [t.memory_id for t in _threads(c)] == [t.memory_id for t in before]


def test_the_open_thread_is_flushed_when_its_run_ends(container: Container, clock: ManualClock) -> None:
    c = container
    _say(c, clock, "I planted tomatoes in the garden today.")
    _say(c, clock, "The tomato seedlings need water every morning.")
    clock.advance(c.settings.session_idle_timeout_s + 60)
    assert c.closer.sweep_idle()["closed"] == 1  # the run's closing reaches the worker as its job
    (thread,) = _threads(c)
    assert "tomatoes" in thread.content and len(thread.source_turn_ids) == 2
    assert c.metrics.total("threads_flushed", reason="session_end") == 1  # type: ignore[attr-defined]
    _say(c, clock, "Hello again, what's new?", after_s=3600)  # a new run: nothing flushed twice
    assert len(_threads(c)) == 1


def test_a_thread_of_unrelated_rounds_is_no_nearer_a_question_than_its_rounds(
    container: Container, clock: ManualClock
) -> None:
    # A thread's vector was the normalised centroid of its rounds: for rounds on four topics that sits
    # nearer every question than any one round ("what's my line of work?" found the thread of a
    # cashew allergy, a sister and a pill first). The mean of the rounds' unit vectors, unnormalised,
    # scores a question by the rounds' mean cosine: never above the best of them.
    c = container
    said = [
        "On Saturday my brother Tomas flies in from Lisbon.",
        "Saturday I also have to pick up my Ventolin refill at the pharmacy.",
        "My cat Mochi has a vet check on Saturday morning.",
        "I work the Saturday shift at the bakery on Elm Street.",
    ]
    for text in said:
        _say(c, clock, text)
    _say(c, clock, "What should I cook tonight?", after_s=11 * 60)  # idle: the four rounds' thread is flushed
    (thread,) = _threads(c)
    assert all(text in thread.content for text in said)
    full = c.memories.get("default", "rin", thread.memory_id)
    assert full is not None and full.embedding is not None
    rounds = [c.memories.get("default", "rin", m) for m in _round_ids(c, thread)]
    own = [np.asarray(r.own_embedding or r.embedding, dtype=np.float32) for r in rounds if r is not None]
    assert len(own) == 4
    questions = ["What's my brother called?", "Which inhaler do I use?", "Where do I work?", "What is my cat's name?"]
    for q in [*questions, "What am I afraid of?", "What's my line of work?"]:
        qv = np.asarray(c.models.embedder.embed([q])[0], dtype=np.float32)
        at_thread = float(np.dot(qv, np.asarray(full.embedding, dtype=np.float32)))
        assert at_thread <= max(float(np.dot(qv, v / np.linalg.norm(v))) for v in own) + 1e-6, q
    sync_index(c, KEY.owner)
    for q, answer in zip(questions, ["Tomas", "Ventolin", "bakery", "Mochi"], strict=True):
        (best, *_) = c.retriever.search(KEY.owner, q, persona_id="friend", namespaces=("round", "thread"))
        assert best.doc.namespace == "round" and answer in best.doc.text, q


def _round_ids(c: Container, thread: MemoryRecord) -> list[str]:
    rounds = c.memories.list("default", "rin", namespaces=(Namespace.ROUND,), statuses=None)
    refs = set(thread.source_turn_ids)
    return [r.memory_id for r in rounds if set(r.source_turn_ids) & refs]
