"""S1–S4 against DynamoDB Local: transactional appends, CAS summaries, TTL on read."""

from __future__ import annotations

import threading

import pytest

from engram.adapters.dynamodb.conversation_store import DynamoConversationStore
from engram.conversation.models import SessionStatus, Turn
from engram.conversation.summaries import RollingSummarizer
from engram.kernel.clock import ManualClock
from engram.kernel.errors import DuplicateRequest
from engram.kernel.keys import SessionKey
from engram.settings import Settings
from engram.wiring import Container
from engram.wiring.crypto import bound_models

KEY = SessionKey("t1", "alice", "nurse", "s1")


class CountingSummarizer:
    """Wraps the local summarizer and records which rounds each call saw."""

    name = "counting"

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.chunks: list[tuple[int, int]] = []
        self.lock = threading.Lock()

    def summarize_rounds(self, previous_summary: str, turns: list[Turn], max_tokens: int) -> str:
        with self.lock:
            self.chunks.append((turns[0].seq, turns[-1].seq))
        return f"{previous_summary} [{turns[0].seq}-{turns[-1].seq}]".strip()

    def compress(self, summary: str, max_tokens: int) -> str:
        return summary

    def summarize_session(self, summary: str, turns: list[Turn]) -> object:
        raise NotImplementedError


def test_twenty_concurrent_writers_store_every_round_once_in_order(container: Container, settings: Settings) -> None:
    counting = CountingSummarizer(container.models.summarizer)
    settings = settings.model_copy(update={"session_end_max_messages": 100})  # the run stays open at 20
    store = DynamoConversationStore(bind_for(settings), settings)
    rolling = RollingSummarizer(store, counting, container.counter, settings, container.clock, container.metrics)
    cursors: list[int] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            meta = store.get_meta(KEY, container.clock.now())
            if meta is not None:
                cursors.append(meta.summary_cursor)

    def writer(i: int) -> None:
        store.append_turn(KEY, f"message {i}", f"answer {i}", f"req-{i}", container.clock.now())
        rolling.run(KEY)

    watcher = threading.Thread(target=watch)
    watcher.start()
    threads = [threading.Thread(target=writer, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rolling.run(KEY)
    stop.set()
    watcher.join()

    meta = store.get_meta(KEY, container.clock.now())
    assert meta is not None and meta.turn_count == 20
    turns = store.turns_between(KEY, meta.generation, 1, 20, container.clock.now())
    assert [t.seq for t in turns] == list(range(1, 21))
    assert sorted(t.request_id for t in turns) == sorted(f"req-{i}" for i in range(20))
    # every 5-round chunk folded exactly once, in order, and the cursor never moved back
    assert sorted(counting.chunks) == [(1, 5), (6, 10), (11, 15), (16, 20)]
    assert meta.summary_cursor == 20
    assert meta.summary == "[1-5] [6-10] [11-15] [16-20]"
    assert cursors == sorted(cursors)


def bind_for(settings: Settings):  # type: ignore[no-untyped-def]
    from engram.adapters.dynamodb.connection import TableConfig

    return bound_models(TableConfig.from_settings(settings))


def test_summary_cursor_is_compare_and_swap(settings: Settings, clock: ManualClock) -> None:
    store = DynamoConversationStore(bind_for(settings), settings)
    for i in range(5):
        meta = store.append_turn(KEY, f"m{i}", f"a{i}", f"r{i}", clock.now()).meta
    assert store.commit_summary(KEY, meta.generation, 0, 5, "winner", clock.now())
    # a second worker that computed the same chunk loses and its work is discarded
    assert not store.commit_summary(KEY, meta.generation, 0, 5, "loser", clock.now())
    after = store.get_meta(KEY, clock.now())
    assert after is not None and after.summary == "winner" and after.summary_version == 1
    with pytest.raises(ValueError):
        store.commit_summary(KEY, meta.generation, 5, 4, "backwards", clock.now())
    # the cursor cannot pass the last stored round
    assert not store.commit_summary(KEY, meta.generation, 5, 9, "future", clock.now())


def test_same_request_id_is_stored_once(settings: Settings, clock: ManualClock) -> None:
    store = DynamoConversationStore(bind_for(settings), settings)
    store.append_turn(KEY, "hello", "hi", "req-1", clock.now())
    with pytest.raises(DuplicateRequest):
        store.append_turn(KEY, "hello", "hi", "req-1", clock.now())
    meta = store.get_meta(KEY, clock.now())
    assert meta is not None and meta.turn_count == 1


def test_idle_timeout_starts_a_new_run_and_ttl_is_touched(settings: Settings, clock: ManualClock) -> None:
    store = DynamoConversationStore(bind_for(settings), settings)
    meta = store.append_turn(KEY, "one", "1", "r1", clock.now()).meta
    first_expiry = meta.expires_at
    clock.advance(60)
    meta = store.append_turn(KEY, "two", "2", "r2", clock.now()).meta
    assert meta.turn_count == 2 and meta.expires_at == first_expiry + 60  # every message touches the TTL
    assert not meta.is_idle(clock.now(), settings.session_idle_timeout_s)
    clock.advance(settings.session_idle_timeout_s)
    loaded = store.get_meta(KEY, clock.now())
    assert loaded is not None and loaded.is_idle(clock.now(), settings.session_idle_timeout_s)
    appended = store.append_turn(KEY, "three", "3", "r3", clock.now())
    meta3, turn = appended.meta, appended.turn
    assert turn.seq == 1 and meta3.generation > meta.generation and meta3.status == SessionStatus.ACTIVE
    # the idle run is closed in the same transaction, so it gets its session memory (S6)
    assert appended.closed is not None and appended.closed.generation == meta.generation
    assert appended.closed.turn_count == 2 and appended.closed.reason == "idle"
    snap = store.load(KEY, 8, clock.now())
    assert [t.user_text for t in snap.recent] == ["three"]  # the idle run's rounds are not in the new window


def test_expired_items_are_ignored_although_still_stored(settings: Settings, clock: ManualClock) -> None:
    store = DynamoConversationStore(bind_for(settings), settings)
    store.append_turn(KEY, "remember me", "ok", "r1", clock.now())
    clock.advance(settings.history_ttl_s + 1)
    # DynamoDB Local never deletes expired items; the raw item is still there ...
    raw = list(bind_for(settings).session.query("T#t1#U#alice#P#nurse#S#s1"))
    assert any(i.sk == "~META" for i in raw)
    # ... but every read ignores it
    assert store.load(KEY, 8, clock.now()).meta is None
    assert store.get_meta(KEY, clock.now()) is None
    # and a new message overwrites the expired items instead of failing on them
    appended = store.append_turn(KEY, "new start", "ok", "r1", clock.now())
    assert appended.turn.seq == 1 and appended.meta.turn_count == 1
