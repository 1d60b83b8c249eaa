"""Sessions and turns never lose, double, mix or leak a round (DynamoDB Local, injected clock).

One test (or a few) per guarantee: ending races, S6 triggers, no leak into the next run,
conversation-scoped dedup, duplicates while the first copy runs, fresh idle checks, TTL
boundaries, D2 partial transcripts and the S3 hard cap.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from pydantic import ValidationError

from engram.conversation.models import SessionStatus, SessionSummary, Turn
from engram.kernel.clock import ManualClock
from engram.kernel.errors import Conflict, StoreUnavailable
from engram.kernel.keys import SessionKey
from engram.memory.models import MemoryStatus
from engram.settings import Settings
from engram.wiring import Container, Models, build_models
from tests.support.indexing import sync_index
from tests.support.openai_stub import OpenAIStub

KEY = SessionKey("t1", "dana", "nurse", "s1")


@dataclass
class Counting:
    """Wraps a model port: counts calls, optionally blocks until released."""

    inner: Any
    calls: list[str] = field(default_factory=list)
    gate: threading.Event | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def name(self) -> str:
        return str(self.inner.name)

    def _count(self, what: str) -> None:
        with self.lock:
            self.calls.append(what)
        if self.gate is not None:
            assert self.gate.wait(20)

    def reply(self, messages: Sequence[dict[str, str]]) -> Any:
        self._count("reply")
        return self.inner.reply(messages)

    def summarize_rounds(self, previous_summary: str, turns: Sequence[Turn], max_tokens: int) -> str:
        return str(self.inner.summarize_rounds(previous_summary, turns, max_tokens))

    def compress(self, summary: str, max_tokens: int) -> str:
        return str(self.inner.compress(summary, max_tokens))

    def summarize_session(self, summary: str, turns: Sequence[Turn]) -> SessionSummary:
        self._count("session")
        result: SessionSummary = self.inner.summarize_session(summary, turns)
        return result


@dataclass
class Harness:
    c: Container
    replies: Counting
    summaries: Counting

    @property
    def clock(self) -> ManualClock:
        assert isinstance(self.c.clock, ManualClock)
        return self.c.clock

    def session_memories(self, key: SessionKey = KEY) -> list[Any]:
        records = self.c.memories.list(key.tenant_id, key.user_id, statuses=None)
        return [r for r in records if r.memory_id.startswith("ses-")]


@pytest.fixture
def make_harness(settings: Settings, make_container: Callable[..., Container]) -> Callable[..., Harness]:
    def make(long_term: bool = False, **updates: Any) -> Harness:
        s = settings.model_copy(update=updates)
        from engram.adapters.token_counter import QuicktokCounter

        base = build_models(s, QuicktokCounter.for_model(s.chat_model, s.token_encoding))
        replies, summaries = Counting(base.responder), Counting(base.summarizer)
        models = Models(replies, summaries, base.gate, base.extractor, base.embedder)  # type: ignore[arg-type]
        return Harness(make_container(s, models=models, long_term=long_term), replies, summaries)

    return make


def _turns(h: Harness, n: int, key: SessionKey = KEY, prefix: str = "message") -> None:
    for i in range(n):
        h.clock.advance(1)
        h.c.conversation.record_turn(key, f"{prefix} {i}: my knee hurts a bit", f"answer {i}")


# --------------------------------------------------------------------------- 1. ending races appending


def test_end_racing_appends_loses_no_round(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(session_end_max_messages=100)
    _turns(h, 3)
    stored: list[tuple[int, int]] = []  # (generation, seq) of every round the API acknowledged
    lock = threading.Lock()
    start = threading.Barrier(5)

    def writer(w: int) -> None:
        start.wait()
        for i in range(8):
            out = h.c.conversation.record_turn(KEY, f"writer {w} line {i}", "ok", f"w{w}-{i}")
            with lock:
                stored.append((out.meta.generation, out.turn.seq))

    ended: list[Any] = []

    def ender() -> None:
        start.wait()
        while len(stored) < 8:  # end in the middle of the writers' work
            threading.Event().wait(0.005)
        ended.append(h.c.conversation.end_session(KEY))

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(4)] + [threading.Thread(target=ender)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    run = ended[0].run
    assert len(stored) == 32
    in_ended = sorted(seq for gen, seq in stored if gen == run.generation)
    later = [seq for gen, seq in stored if gen > run.generation]
    # every acknowledged round is in the ended run (and its memory) or starts the next run
    assert all(seq <= run.turn_count for seq in in_ended)
    assert len(in_ended) + len(later) == 32 and sorted(later) == list(range(1, len(later) + 1))
    assert len(in_ended) >= 8 and later  # the end really raced the writers
    memory = h.c.memories.get(KEY.tenant_id, KEY.user_id, str(ended[0].memory_id))
    assert memory is not None
    assert memory.source_turn_ids == [f"s1:{run.generation}:{s}" for s in range(1, run.turn_count + 1)]


def test_a_chat_that_loaded_before_end_starts_a_new_run(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    _turns(h, 2)
    stale = h.c.conversation.store.load(KEY, 8, h.clock.now()).meta  # loaded before the end
    ended = h.c.conversation.end_session(KEY)
    appended = h.c.conversation.store.append_turn(KEY, "late", "reply", "late-1", h.clock.now(), meta_hint=stale)
    assert appended.meta.generation > ended.run.generation and appended.turn.seq == 1
    assert appended.closed is None  # the ended run has its memory already: nothing to close again
    assert len(h.session_memories()) == 1


def test_end_twice_after_the_user_deleted_the_memory(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    _turns(h, 3)
    first = h.c.conversation.end_session(KEY)
    assert first.memory_id is not None and not first.already_ended
    assert h.c.memories.delete(KEY.tenant_id, KEY.user_id, first.memory_id)
    again = h.c.conversation.end_session(KEY)
    assert again.already_ended and again.memory_id == first.memory_id and again.summary == first.summary
    assert h.summaries.calls == ["session"]  # one model call for the session memory, ever
    assert h.session_memories() == []  # the deleted memory is not recreated


def test_two_concurrent_ends_make_one_memory(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    _turns(h, 3)
    h.summaries.gate = threading.Event()
    outcomes: list[Any] = []

    def end() -> None:
        try:
            outcomes.append(h.c.conversation.end_session(KEY))
        except Conflict as exc:
            outcomes.append(exc)

    first = threading.Thread(target=end)
    first.start()
    while not h.summaries.calls:
        threading.Event().wait(0.01)
    end()  # the second end arrives while the first is summarising
    h.summaries.gate.set()
    first.join()
    assert sum(isinstance(o, Conflict) for o in outcomes) == 1  # documented: 409 while it is being made
    assert h.summaries.calls == ["session"] and len(h.session_memories()) == 1
    assert h.c.conversation.end_session(KEY).already_ended  # afterwards: the first result


# --------------------------------------------------------------------------- 2. every session gets its memory


def test_idle_sweep_run_twice_concurrently_summarises_each_session_once(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    idle = [SessionKey("t1", f"user{i}", "nurse", "s1") for i in range(5)]
    for key in idle:
        _turns(h, 2, key)
    h.clock.advance(h.c.settings.session_idle_timeout_s + 1)
    busy = SessionKey("t1", "erin", "nurse", "s1")
    _turns(h, 1, busy)  # active just now: not due
    results: list[dict[str, int]] = []
    start = threading.Barrier(2)

    def sweep() -> None:
        start.wait()
        results.append(h.c.closer.sweep_idle())

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(r["closed"] for r in results) == 5
    assert all(r["due"] <= 5 for r in results)  # reads only what is due (busy is never read)
    assert len(h.summaries.calls) == 5
    for key in idle:
        assert len(h.session_memories(key)) == 1
        meta = h.c.conversation.store.get_meta(key, h.clock.now())
        assert meta is not None and meta.status == SessionStatus.ENDED
    assert h.session_memories(busy) == []
    assert h.c.closer.sweep_idle() == {"due": 0, "closed": 0, "recovered": 0, "failed": 0}  # nothing left: idempotent


def test_idle_sweep_recovers_a_run_whose_maker_died(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    _turns(h, 2)
    meta = h.c.conversation.store.get_meta(KEY, h.clock.now())
    assert meta is not None
    runs = h.c.closer.runs
    run = runs.close(KEY, meta, "end", "dead-holder", h.clock.now())  # closed, then the process died
    assert run is not None and h.session_memories() == []
    h.clock.advance(h.c.settings.session_idle_timeout_s + 1)
    assert h.c.closer.sweep_idle()["recovered"] == 1
    assert len(h.session_memories()) == 1


def test_user_returning_after_31_minutes_gets_the_old_runs_memory(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(long_term=True)
    for text in ("My dog Biscuit has a limp since Monday.", "The vet said rest for two weeks."):
        h.clock.advance(5)
        h.c.conversation.chat(KEY, text)
    old = h.c.conversation.store.get_meta(KEY, h.clock.now())
    assert old is not None
    h.clock.advance(31 * 60)
    back = h.c.conversation.chat(KEY, "Hello again!")
    assert back["turn"] == 1  # a new run
    memories = h.session_memories()
    assert len(memories) == 1 and "Biscuit" in memories[0].content  # the idle run's session memory
    sync_index(h.c, KEY.owner)
    h.clock.advance(5)
    ctx, snapshot, _ = h.c.conversation.context(KEY, "What did I tell you about my dog last time?")
    # the old run reaches the prompt through retrieval, not the old window: its session memory or,
    # when that only repeats a better-ranked round of it, the round (one statement enters once)
    block = ctx.messages[0]["content"].split("Relevant memories:", 1)[-1]
    assert ctx.memory_ids and "Biscuit" in block
    assert all("Biscuit" not in t.user_text for t in snapshot.recent)


def test_message_limit_ends_the_run(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(session_end_max_messages=4)
    outcomes = []
    for i in range(5):
        h.clock.advance(1)
        outcomes.append(h.c.conversation.record_turn(KEY, f"line {i} about my inhaler", "ok"))
    assert [o.session_ended for o in outcomes] == [False, False, False, True, False]
    assert outcomes[4].turn.seq == 1 and outcomes[4].meta.generation > outcomes[3].meta.generation
    assert len(h.session_memories()) == 1 and h.summaries.calls == ["session"]


def test_save_conversation_ends_the_run_with_reason_save(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    _turns(h, 2)
    saved = h.c.conversation.end_session(KEY, "save")
    assert saved.run.reason == "save" and saved.memory_id is not None


# --------------------------------------------------------------------------- 3. no leak into the next run


def test_after_end_the_next_prompt_holds_nothing_of_the_old_run(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(summary_every_rounds=3)
    _turns(h, 4, prefix="OLDRUN")
    before = h.c.conversation.store.get_meta(KEY, h.clock.now())
    assert before is not None and before.summary  # a rolling summary exists
    h.c.conversation.end_session(KEY)
    for ask in (h.c.conversation.context, lambda k, t: h.c.conversation.chat(k, t)):
        h.clock.advance(5)
        out = ask(KEY, "How are you today?")
        messages = out[0].messages if isinstance(out, tuple) else None
        text = str(messages if messages is not None else h.replies.calls)
        assert "OLDRUN" not in text
    ctx, _, _ = h.c.conversation.context(KEY, "How are you?")
    assert "OLDRUN" not in str(ctx.messages) and [b for b in ctx.blocks if b.name == "summary" and b.tokens] == []


def test_context_and_chat_agree_on_an_idle_run(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(summary_every_rounds=2)
    _turns(h, 3, prefix="IDLERUN")
    h.clock.advance(h.c.settings.session_idle_timeout_s + 1)
    ctx, snapshot, _ = h.c.conversation.context(KEY, "Anything new?")
    assert snapshot.meta is None and "IDLERUN" not in str(ctx.messages)
    seen: list[str] = []
    inner = h.replies.inner

    class Spy:
        name = inner.name

        def reply(self, messages: Sequence[dict[str, str]]) -> Any:
            seen.append(str(messages))
            return inner.reply(messages)

    h.c.conversation.responder = Spy()
    h.c.conversation.chat(KEY, "Anything new?")
    assert seen and "IDLERUN" not in seen[0]


# --------------------------------------------------------------------------- 4. dedup scoped to the conversation


def test_same_text_to_two_personas_and_two_sessions_is_three_requests(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    keys = [KEY, replace(KEY, persona_id="coach"), replace(KEY, session_id="s2")]
    answers = [h.c.conversation.chat(k, "I slept badly last night") for k in keys]
    assert [a["deduplicated"] for a in answers] == [False, False, False]
    assert len(h.replies.calls) == 3
    keyed = [h.c.conversation.record_turn(k, "same words", "ok", idempotency_key="client-7") for k in keys]
    assert [o.duplicate for o in keyed] == [False, False, False]
    assert h.c.conversation.record_turn(KEY, "same words", "ok", idempotency_key="client-7").duplicate


# --------------------------------------------------------------------------- 5. duplicates while the first runs


def _reply_calls(stub: OpenAIStub) -> list[dict[str, Any]]:
    return [c for c in stub.state.calls() if c.get("max_tokens") != 5 and "response_format" not in c]


def _slow_first_copy(
    stub: OpenAIStub, c: Container, text: str, answer: str
) -> tuple[threading.Thread, threading.Event]:
    """Start a chat whose model call blocks until the returned event is set; returns once it is inside."""
    entered, release = threading.Event(), threading.Event()

    def slow(request: dict[str, Any]) -> str:
        entered.set()
        assert release.wait(20)
        return answer

    stub.state.reply = slow
    holder = threading.Thread(target=lambda: c.conversation.chat(KEY, text))
    holder.start()
    assert entered.wait(20)
    return holder, release


def test_duplicate_during_a_slow_first_request_gets_the_first_answer(
    openai_settings: Settings, openai_stub: OpenAIStub, make_container: Callable[..., Container]
) -> None:
    c = make_container(openai_settings, long_term=False)
    holder, release = _slow_first_copy(openai_stub, c, "my chest feels tight", "the only answer")
    threading.Timer(0.3, release.set).start()  # the first copy finishes while the duplicate waits
    duplicate = c.conversation.chat(KEY, "my chest feels tight")
    holder.join()
    assert duplicate["status"] == "completed" and duplicate["deduplicated"]
    assert duplicate["reply"] == "the only answer" and duplicate["turn"] == 1
    assert len(_reply_calls(openai_stub)) == 1


def test_duplicate_past_the_wait_gets_202_then_the_answer_by_request_id(
    openai_settings: Settings, openai_stub: OpenAIStub, make_container: Callable[..., Container]
) -> None:
    c = make_container(openai_settings.model_copy(update={"duplicate_wait_s": 0.1}), long_term=False)
    holder, release = _slow_first_copy(openai_stub, c, "dizzy since noon", "late answer")
    pending = c.conversation.chat(KEY, "dizzy since noon")
    assert pending["status"] == "processing" and pending["retry_after"] >= 1
    assert c.conversation.request_status(KEY, pending["request_id"])["status"] == "processing"
    release.set()
    holder.join()
    done = c.conversation.request_status(KEY, pending["request_id"])
    assert done["status"] == "completed" and done["reply"] == "late answer"
    assert len(_reply_calls(openai_stub)) == 1


@pytest.mark.parametrize("later", [0.2, 1.0, 2.5])
def test_the_same_text_within_3_s_is_one_request_whatever_the_clock_bucket(
    make_harness: Callable[..., Harness], later: float
) -> None:
    """D1 is a sliding window: copies sent `later` s after the first (across a 3 s bucket edge:
    the first lands 0.1 s before one) while it runs are one request with one model call; the
    same text 3 s after the first is a new request."""
    h = make_harness()
    h.clock.set(1_767_225_600 + 2.9)  # 0.1 s before a multiple of 3 s
    first_at = h.clock.now()
    h.replies.gate = threading.Event()
    answers: list[dict[str, Any]] = []
    lock = threading.Lock()

    def send() -> None:
        answer = h.c.conversation.chat(KEY, "my hands are shaking")
        with lock:
            answers.append(answer)

    first = threading.Thread(target=send)
    first.start()
    while not h.replies.calls:  # the first copy is inside its model call
        threading.Event().wait(0.01)
    h.clock.set(first_at + later)
    copies = [threading.Thread(target=send) for _ in range(3)]
    for t in copies:
        t.start()
    threading.Timer(0.3, h.replies.gate.set).start()  # the first finishes while the copies wait
    for t in [first, *copies]:
        t.join(30)
    assert len(answers) == 4 and len(h.replies.calls) == 1
    assert len({a["request_id"] for a in answers}) == 1 and sum(not a["deduplicated"] for a in answers) == 1
    h.clock.set(first_at + 3.0)
    again = h.c.conversation.chat(KEY, "my hands are shaking")
    assert not again["deduplicated"] and len(h.replies.calls) == 2 and again["turn"] == 2
    # record_turn shares the window: a repeat of a recorded round 1 s later is that round
    h.c.conversation.record_turn(KEY, "I took the pill", "Good.")
    h.clock.advance(1.0)
    assert h.c.conversation.record_turn(KEY, "I took the pill", "Good.").duplicate


def test_a_stored_round_is_answered_from_its_marker_without_a_model_call(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    # a previous attempt stored the round (here: recorded with the same client key) but no answer
    h.c.conversation.record_turn(KEY, "what is my dose?", "Two puffs at 8.", idempotency_key="m-1")
    again = h.c.conversation.chat(KEY, "what is my dose?", idempotency_key="m-1")
    assert again["deduplicated"] and again["reply"] == "Two puffs at 8." and again["turn"] == 1
    assert h.replies.calls == []


def test_retry_with_a_key_after_13_later_rounds_finds_its_round(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    first = h.c.conversation.record_turn(KEY, "first words", "first answer", idempotency_key="early")
    _turns(h, 13)
    retry = h.c.conversation.record_turn(KEY, "first words", "first answer", idempotency_key="early")
    assert retry.duplicate and retry.turn.seq == first.turn.seq == 1 and retry.turn.user_text == "first words"


# --------------------------------------------------------------------------- 6. the idle check uses fresh state


def test_a_round_stored_just_before_the_idle_threshold_stays_in_the_window(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    store = h.c.conversation.store
    _turns(h, 1, prefix="EARLY")
    stale = store.get_meta(KEY, h.clock.now())  # caller A reads ...
    h.clock.advance(h.c.settings.session_idle_timeout_s - 1)
    store.append_turn(KEY, "JUST-IN-TIME", "ok", "b-1", h.clock.now())  # ... caller B appends in time ...
    h.clock.advance(1)  # ... and A, with the META it read, now believes the run idle
    appended = store.append_turn(KEY, "A's round", "ok", "a-1", h.clock.now(), meta_hint=stale)
    assert appended.turn.seq == 3 and appended.closed is None  # same run: B's round was not dropped
    window = [t.user_text for t in store.load(KEY, 8, h.clock.now()).recent]
    assert "JUST-IN-TIME" in window and window[-1] == "A's round"


# --------------------------------------------------------------------------- 8. TTL boundaries agree


def test_append_at_exactly_the_expiry_instant_starts_a_new_run(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(session_idle_timeout_s=10 * 24 * 3600)  # idle never decides here: only the TTL
    store = h.c.conversation.store
    first = store.append_turn(KEY, "before", "ok", "r-1", h.clock.now())
    h.clock.set(first.meta.expires_at)  # exactly the expiry instant: expired for reads ...
    assert store.get_meta(KEY, h.clock.now()) is None
    appended = store.append_turn(KEY, "at expiry", "ok", "r-2", h.clock.now())  # ... and for overwrites
    assert appended.turn.seq == 1 and appended.meta.generation > first.meta.generation


# --------------------------------------------------------------------------- 9. D2 completed


def test_partial_transcripts_are_buffered_then_one_turn_runs_on_the_joined_text(
    make_harness: Callable[..., Harness],
) -> None:
    h = make_harness()
    chat = h.c.conversation.chat
    assert chat(KEY, "my chest", audio_id="voice-1", is_final=False, part=0)["status"] == "buffered"
    assert chat(KEY, "feels tight", audio_id="voice-1", is_final=False, part=1)["parts"] == 2
    assert chat(KEY, "feels tight", audio_id="voice-1", is_final=False, part=1)["parts"] == 2  # redelivered
    assert h.replies.calls == []
    done = chat(KEY, "this morning", audio_id="voice-1")
    assert done["status"] == "completed" and not done["deduplicated"]
    window = h.c.conversation.store.load(KEY, 8, h.clock.now()).recent
    assert [t.user_text for t in window] == ["my chest feels tight this morning"]
    again = chat(KEY, "this morning", audio_id="voice-1")
    assert again["deduplicated"] and again["reply"] == done["reply"] and h.replies.calls == ["reply"]
    h.clock.advance(h.c.settings.audio_transcript_buffer_ttl_s + 1)
    assert h.c.conversation.transcripts.parts(KEY.owner, "voice-1", h.clock.now()) == []


def test_partials_expire_after_an_hour(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    h.c.conversation.chat(KEY, "stale words", audio_id="voice-2", is_final=False)
    h.clock.advance(h.c.settings.audio_transcript_buffer_ttl_s)  # the buffer's TTL has passed
    h.c.conversation.chat(KEY, "fresh words", audio_id="voice-2")
    assert [t.user_text for t in h.c.conversation.store.load(KEY, 8, h.clock.now()).recent] == ["fresh words"]


def test_audio_lock_store_error_counts_as_not_acquired(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("throttled")

    h.c.conversation.idempotency.claim = broken  # type: ignore[method-assign]
    answer = h.c.conversation.chat(KEY, "voice: hello", audio_id="voice-3")
    assert answer["status"] == "processing" and h.replies.calls == []


# --------------------------------------------------------------------------- 10. S3 hard cap


def test_the_window_never_exceeds_the_hard_cap(make_harness: Callable[..., Harness]) -> None:
    h = make_harness(recent_window_rounds=12, recent_hard_cap=12)
    _turns(h, 15)
    assert len(h.c.conversation.store.load(KEY, 50, h.clock.now()).recent) == 12
    _, snapshot, _ = h.c.conversation.context(KEY, "and now?")
    assert len(snapshot.recent) <= 12
    with pytest.raises(ValidationError):
        Settings(recent_window_rounds=13, recent_hard_cap=12)


def test_archived_session_memory_status_is_kept(make_harness: Callable[..., Harness]) -> None:
    """A session memory is an ordinary active memory (M2 lists it, L10 counts it)."""
    h = make_harness()
    _turns(h, 2)
    ended = h.c.conversation.end_session(KEY)
    record = h.c.memories.get(KEY.tenant_id, KEY.user_id, str(ended.memory_id))
    assert (
        record is not None
        and record.status == MemoryStatus.ACTIVE
        and record.importance == ended.summary.importance / 10
    )


def test_a_duplicate_whose_first_copy_failed_runs_the_request_itself(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    from engram.kernel.ids import request_id

    rid = request_id(KEY, "my ankle is swollen", 0, "m-9")
    assert h.c.conversation.store.claim_request(KEY, rid, "first-copy", 120, h.clock.now()).owner == "first-copy"
    threading.Timer(0.2, lambda: h.c.conversation.store.release_request(KEY, rid, "first-copy")).start()
    answer = h.c.conversation.chat(KEY, "my ankle is swollen", idempotency_key="m-9")
    assert answer["status"] == "completed" and not answer["deduplicated"] and h.replies.calls == ["reply"]


def test_one_failing_run_never_stops_the_idle_sweep(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    keys = [SessionKey("t1", f"sweep{i}", "nurse", "s1") for i in range(3)]
    for key in keys:
        _turns(h, 1, key)
    h.clock.advance(h.c.settings.session_idle_timeout_s + 1)
    real = h.summaries.inner.summarize_session
    failures = {"left": 1}

    def flaky(summary: str, turns: Sequence[Turn]) -> SessionSummary:
        if failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("the model endpoint broke")
        result: SessionSummary = real(summary, turns)
        return result

    h.summaries.inner = type("Flaky", (), {"name": "flaky", "summarize_session": staticmethod(flaky)})()
    result = h.c.closer.sweep_idle()
    # the failing one is counted and logged; the other two are closed and summarised
    assert result["due"] == 3 and result["closed"] == 2 and result["failed"] == 1
    assert sum(len(h.session_memories(k)) for k in keys) == 2
    h.clock.advance(h.c.settings.session_idle_timeout_s + 1)  # its closed run is due again: recovered
    assert h.c.closer.sweep_idle()["recovered"] == 1
    assert sum(len(h.session_memories(k)) for k in keys) == 3


def test_session_memories_store_no_pii(make_harness: Callable[..., Harness]) -> None:
    h = make_harness()
    h.c.conversation.record_turn(KEY, "Email me at dana.lee@example.com or call 0912-345-678.", "Will do.")
    ended = h.c.conversation.end_session(KEY)
    record = h.c.memories.get(KEY.tenant_id, KEY.user_id, str(ended.memory_id))
    assert record is not None
    stored = record.content + " ".join(record.topics)
    assert "dana.lee@example.com" not in stored and "345-678" not in stored
    assert record.pii_flags and "dana.lee" not in ended.summary.summary
