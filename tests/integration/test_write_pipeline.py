"""L2 / L5 / L10 / P5 write pipeline against DynamoDB Local: merge, supersede, PII masking,
importance, pinning, round memories, idempotent replay, the OpenAI extractor and the free cap.

The index is fed by the stream indexer only; tests play it with `sync_index` between turns.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

from engram.adapters.embedders.local import DIMENSIONS, LocalEmbedder
from engram.conversation.models import GateDecision, Turn
from engram.conversation.post_turn import after_turn_job
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.memory.models import MemoryRecord, MemoryStatus, Namespace, SearchFilter, round_memory_id
from engram.memory.pipeline import WriteReport
from engram.memory.retrieval import SUPERSEDED_TAG
from engram.settings import Settings
from engram.wiring import Container, build_models
from tests.support.indexing import sync_index
from tests.support.openai_stub import OpenAIStub
from tests.support.table_scan import table_strings

pytestmark = pytest.mark.integration

KEY = SessionKey("t1", "alice", "coach", "s1")
GEN = 1
DAY = 86_400.0


def _turn(clock: ManualClock, seq: int, text: str, *, emergency: bool = False) -> Turn:
    return Turn(seq, text, "Thanks for telling me.", f"req-{seq}", clock.now(), emergency)


def _write(c: Container, seq: int, text: str, *, sync: bool = True, emergency: bool = False) -> WriteReport:
    """One turn through the worker's memory writer, then the indexer catches up."""
    assert isinstance(c.clock, ManualClock)
    c.clock.advance(60)
    report = c.writer.process_turn(KEY, GEN, _turn(c.clock, seq, text, emergency=emergency))
    if sync:
        sync_index(c, KEY.owner)
    return report


def _memories(c: Container, *, statuses: tuple[MemoryStatus, ...] | None = None) -> list[MemoryRecord]:
    return list(c.memories.list(KEY.tenant_id, KEY.user_id, persona_id=KEY.persona_id, statuses=statuses))


def _get(c: Container, memory_id: str) -> MemoryRecord:
    record = c.memories.get(KEY.tenant_id, KEY.user_id, memory_id)
    assert record is not None
    return record


def _round(c: Container, seq: int) -> MemoryRecord:
    return _get(c, round_memory_id(KEY, GEN, seq))


# --------------------------------------------------------------------------- merge / supersede


@pytest.mark.parametrize("text", ["I am allergic to penicillin.", "I love jazz music.", "猫を飼っています。"])
def test_the_same_fact_twice_is_one_memory_with_version_2(container: Container, text: str) -> None:
    first = _write(container, 1, text)
    second = _write(container, 2, text)
    assert len(first.inserted) == 1 and not first.merged
    assert second.merged == first.inserted and not second.inserted
    (memory,) = _memories(container)
    full = _get(container, memory.memory_id)
    assert full.version == 2
    assert full.source_turn_ids == ["s1:1:1", "s1:1:2"]


def test_duplicate_through_record_turn_and_the_inline_queue(container: Container, clock: ManualClock) -> None:
    container.conversation.record_turn(KEY, "I love jazz music.", "Nice!", "k1")
    sync_index(container, KEY.owner)
    clock.advance(60)  # same session, one minute later
    outcome = container.conversation.record_turn(KEY, "I love jazz music.", "You said so.", "k2")
    (memory,) = _memories(container)
    full = _get(container, memory.memory_id)
    gen = outcome.meta.generation
    assert full.version == 2
    assert full.source_turn_ids == [f"s1:{gen}:1", f"s1:{gen}:2"]
    # both rounds are logged as round memories (L5) of their own
    rounds = container.memories.list(KEY.tenant_id, KEY.user_id, namespaces=(Namespace.ROUND,))
    assert len(rounds) == 2


@pytest.mark.parametrize(
    ("before", "after", "place"),
    [
        ("I live in Tokyo.", "I moved to Osaka.", "Osaka"),
        ("我住在台北。", "我搬到高雄了。", "高雄"),
        ("東京に住んでいます。", "大阪に引っ越しました。", "大阪"),
    ],
    ids=["en", "zh", "ja"],
)
def test_a_contradiction_supersedes_the_old_fact(container: Container, before: str, after: str, place: str) -> None:
    old_id = _write(container, 1, before).inserted[0]
    report = _write(container, 2, after)
    assert len(report.inserted) == 1 and not report.merged
    new_id = report.inserted[0]
    assert report.superseded == [(old_id, new_id)]
    old, new = _get(container, old_id), _get(container, new_id)
    assert place in new.content
    assert new.supersedes == old_id
    assert old.superseded_by == new_id
    assert SUPERSEDED_TAG in old.topics and SUPERSEDED_TAG not in new.topics
    assert old.importance < new.importance  # not two equals
    assert old.version == 2 and old.status == MemoryStatus.ACTIVE  # still findable, demoted
    # and retrieval ranks the successor first
    ranked = container.retriever.search(KEY.owner, after, persona_id=KEY.persona_id)
    ids = [m.memory_id for m in ranked]
    assert ids.index(new_id) < (ids.index(old_id) if old_id in ids else len(ids))


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("I live in Tokyo.", "Just so you know, I'm currently living in Tokyo, near the river."),
        ("我住在台北。", "對了，我現在還是住在台北喔，離公司很近。"),
    ],
    ids=["en", "zh"],
)
def test_restating_the_same_value_merges_instead_of_superseding(container: Container, before: str, after: str) -> None:
    """Same subject, same value, other words: the old fact is confirmed (version + 1), not replaced."""
    old_id = _write(container, 1, before).inserted[0]
    report = _write(container, 2, after)
    assert report.superseded == []
    assert old_id in report.merged
    old = _get(container, old_id)
    assert old.version == 2 and SUPERSEDED_TAG not in old.topics and old.superseded_by is None
    # the value is compared by digest: the place itself never lands in the topics
    assert not any("tokyo" in t.lower() or "台北" in t for t in old.topics)


# --------------------------------------------------------------------------- PII (P5)

PII_TURNS = [
    ("I work as a nurse, my email is john.doe@example.com.", "john.doe@example.com", "[EMAIL]", "email"),
    ("My name is John and my phone number is 0912-345-678.", "0912-345-678", "[PHONE]", "phone"),
    ("My credit card is 4111 1111 1111 1111, I live in Tokyo.", "4111 1111 1111 1111", "[CARD]", "card"),
    ("我住在台北，我的身分證是A123456789。", "A123456789", "[ID]", "national_id_tw"),
]


def _all_table_strings(settings: Settings) -> list[str]:
    return table_strings(settings)


def test_pii_is_masked_before_storage_and_never_reaches_dynamodb_or_the_index(container: Container) -> None:
    facts: dict[str, str] = {}
    for seq, (text, raw, placeholder, flag) in enumerate(PII_TURNS, start=1):
        report = _write(container, seq, text)
        assert report.inserted, text
        record = _get(container, report.inserted[0])
        assert raw not in record.content and placeholder in record.content
        assert flag in record.pii_flags
        assert f"pii:{flag}" in record.topics
        rnd = _round(container, seq)
        assert raw not in rnd.content and placeholder in rnd.content
        assert raw not in (rnd.search_text or "")
        facts[raw] = report.inserted[0]

    # Nothing in the whole table (memories, rounds, profile) holds the raw value.
    stored = _all_table_strings(container.settings)
    for raw in facts:
        assert not any(raw in s or raw.replace(" ", "") in s.replace(" ", "") for s in stored), raw

    # Nor in the index: neither in any document, nor findable by its raw text.
    owner = KEY.owner
    ids = [r.memory_id for r in container.memories.list(owner.tenant_id, owner.user_id, namespaces=tuple(Namespace))]
    assert len(ids) == 2 * len(PII_TURNS)
    for doc_id in ids:
        doc = container.index.get(owner.tenant_id, owner.user_id, doc_id)
        assert doc is not None
        assert not any(raw in doc.text for raw in facts)
    flt = SearchFilter(owner.tenant_id, owner.user_id, namespaces=(Namespace.MEMORY.value, Namespace.ROUND.value))
    for raw in facts:
        assert not any(raw in h.doc.text for h in container.index.search_text(raw, flt, 20))


def test_round_memory_records_its_pii_flags(container: Container) -> None:
    _write(container, 1, "I work as a nurse, my email is john.doe@example.com.")
    assert _round(container, 1).pii_flags == ["email"]


# --------------------------------------------------------------------------- importance, pinning, language


def test_importance_orders_allergy_above_preference_above_passing_mood(container: Container) -> None:
    allergy = _write(container, 1, "I am allergic to penicillin.").inserted[0]
    preference = _write(container, 2, "I love jazz music.").inserted[0]
    mood = _write(container, 3, "I feel a bit tired today.").inserted[0]
    a, p, m = (_get(container, i).importance for i in (allergy, preference, mood))
    assert a > p > m
    assert a >= 0.9  # safety items rank highest


def test_safety_fact_is_pinned_and_in_the_next_prompt_even_on_skip(container: Container) -> None:
    memory_id = _write(container, 1, "I am allergic to penicillin.").inserted[0]
    record = _get(container, memory_id)
    assert record.pinned
    profile = container.profiles.get(KEY.tenant_id, KEY.user_id, KEY.persona_id)
    assert profile.pinned == {memory_id: record.content}

    ctx, _, slot = container.conversation.context(KEY, "Hi!")
    assert ctx.gate.decision == GateDecision.SKIP
    assert not slot.searched
    system = ctx.messages[0]["content"]
    assert record.content in system
    assert any(b.name == "pinned" and b.items == 1 for b in ctx.blocks)


def test_a_japanese_fact_is_stored_in_japanese(container: Container) -> None:
    memory_id = _write(container, 1, "私はピーナッツアレルギーです。").inserted[0]
    record = _get(container, memory_id)
    assert record.content == "私はピーナッツアレルギーです"
    assert record.language == "ja"
    assert _round(container, 1).language == "ja"


# --------------------------------------------------------------------------- round memories (L5)


def test_round_memory_expires_after_180_days_and_carries_the_facts_as_keys(
    container: Container, clock: ManualClock
) -> None:
    outcome = container.conversation.record_turn(KEY, "I live in Tokyo.", "Tokyo is lovely.", "k1")
    rnd = _get(container, round_memory_id(KEY, outcome.meta.generation, outcome.turn.seq))
    assert rnd.namespace == Namespace.ROUND
    assert rnd.content == "I live in Tokyo."
    assert rnd.created_at == outcome.turn.created_at
    assert rnd.expires_at == pytest.approx(rnd.created_at + 180 * DAY)
    # key expansion: the round is findable by the fact extracted from it
    (fact,) = _memories(container)
    assert fact.content in (rnd.search_text or "")

    sync_index(container, KEY.owner)
    flt = SearchFilter(KEY.tenant_id, KEY.user_id, namespaces=(Namespace.ROUND.value,), now=clock.now())
    assert [h.doc_id for h in container.index.search_text("lives", flt, 5)] == [rnd.memory_id]
    # past its 180 days the round is filtered out at query time (R6), no sleeping
    clock.advance(180 * DAY + 1)
    later = dataclasses.replace(flt, now=clock.now())
    assert container.index.search_text("Tokyo", later, 5) == []


def test_a_round_is_indexed_with_its_vector_blended_with_the_round_before_it(container: Container) -> None:
    """L5: (1 − w) · e(round) + w · e(previous round + round), w = 0.7, one embedding call."""
    embedder = container.models.embedder
    _write(container, 1, "Have you ever tried the coconut ice cream recipe I sent you?")
    _write(container, 2, "Super good! It was rich and creamy.")
    first, second = _round(container, 1), _round(container, 2)
    own1, own2, pair = embedder.embed_documents([first.content, second.content, f"{first.content}\n{second.content}"])
    assert first.embedding == pytest.approx(list(own1), abs=1e-5)  # nothing before it: its own vector
    assert second.embedding == pytest.approx(list(0.3 * own2 + 0.7 * pair), abs=1e-5)
    assert 0.9 < float(np.linalg.norm(second.embedding)) < 1.0  # kept unnormalised on purpose
    # the short reply is now found by what it answered
    query = embedder.embed(["What did I think of the coconut ice cream?"])[0]
    assert float(np.dot(query, second.embedding)) > float(np.dot(query, own2))
    # its own words' vector is kept beside it (half precision), for ranking; the first needs none
    assert first.own_embedding is None
    assert second.own_embedding == pytest.approx(list(own2), abs=2e-3)
    sync_index(container, KEY.owner)
    doc = container.index.get(KEY.tenant_id, KEY.user_id, second.memory_id)
    assert doc is not None and doc.own_vector == pytest.approx(list(own2), abs=2e-3)


def test_round_vector_context_can_be_switched_off(make_container: Callable[..., Container], settings: Settings) -> None:
    c = make_container(settings.model_copy(update={"round_vector_context_weight": 0.0}))
    _write(c, 1, "Have you ever tried the coconut ice cream recipe I sent you?")
    _write(c, 2, "Super good! It was rich and creamy.")
    (own,) = c.models.embedder.embed_documents([_round(c, 2).content])
    assert _round(c, 2).embedding == pytest.approx(list(own), abs=1e-5)


def test_round_expiry_counts_from_the_round_not_from_when_the_worker_ran(
    container: Container, clock: ManualClock
) -> None:
    turn = _turn(clock, 1, "I live in Tokyo.")
    clock.advance(2 * 3600)  # the worker ran two hours later (queue backlog, redrive)
    container.writer.process_turn(KEY, GEN, turn)
    rnd = _round(container, 1)
    assert rnd.created_at == turn.created_at
    assert rnd.expires_at == pytest.approx(turn.created_at + 180 * DAY)


@pytest.mark.parametrize(
    ("text", "emergency"),
    [
        ("I was taken to the emergency room last night because I could not breathe.", False),
        ("昨天我被送去急診，呼吸很困難。", False),
        ("I can't stop shaking.", True),  # the session layer flagged the round as an emergency
    ],
)
def test_an_important_moment_is_kept_permanently(container: Container, text: str, emergency: bool) -> None:
    _write(container, 1, text, emergency=emergency)
    rnd = _round(container, 1)
    assert rnd.expires_at is None
    assert "important_moment" in rnd.topics


def test_the_profile_learns_topics_and_how_often_the_user_talks_with_the_persona(container: Container) -> None:
    """L6: every round counts one mention of its persona; facts add their topics."""
    _write(container, 1, "I have a dog named Rex.")
    _write(container, 2, "Hmm, okay.")  # no fact: the mention still counts (one atomic update)
    _write(container, 3, "I am allergic to penicillin.")
    other = SessionKey(KEY.tenant_id, KEY.user_id, "travel-buddy", "s9")
    container.writer.process_turn(other, GEN, _turn(container.clock, 1, "Nice weather today."))  # type: ignore[arg-type]
    profile = container.profiles.get(KEY.tenant_id, KEY.user_id, KEY.persona_id)
    assert profile.persona_mentions == 3
    assert profile.topic_counts.get("pet") == 1 and profile.topic_counts.get("allergy") == 1
    assert container.profiles.get(KEY.tenant_id, KEY.user_id, "travel-buddy").persona_mentions == 1


def test_counting_a_round_keeps_the_plan_and_the_time_the_profile_began(container: Container) -> None:
    """L10's plan survives a round whose facts add topics (that write replaces the whole item);
    the profile keeps the time it began through every kind of write (an erasure's cutoff, P1)."""
    args = (KEY.tenant_id, KEY.user_id, KEY.persona_id)
    began = container.clock.now()
    container.profiles.set_plan(*args, "pro")
    _write(container, 1, "I have a dog named Rex.")  # topics: the read-modify-write in the transaction
    _write(container, 2, "Hmm, okay.")  # no topics: the atomic counter
    container.profiles.update(*args, pin={"m1": "fact"})
    container.profiles.count_mention(*args)
    profile = container.profiles.get(*args)
    assert profile.plan == "pro" and profile.topic_counts.get("pet") == 1 and profile.persona_mentions == 3
    from engram.adapters.dynamodb import keys
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.wiring.crypto import bound_models

    item = bound_models(TableConfig.from_settings(container.settings)).profile.get(
        keys.memory_pk(KEY.tenant_id, KEY.user_id), keys.profile_sk(KEY.persona_id), consistent_read=True
    )
    assert item.created_at == began


def test_concurrent_mentions_and_profile_updates_lose_nothing(container: Container) -> None:
    """The atomic counter bumps the version, so a racing read-modify-write retries instead of
    overwriting the count (and the count never erases a pin)."""
    profiles = container.profiles
    args = (KEY.tenant_id, KEY.user_id, KEY.persona_id)

    def mention(_: int) -> None:
        profiles.count_mention(*args)

    def pin(i: int) -> None:
        profiles.update(*args, pin={f"m{i}": f"fact {i}"}, topics=["pet"], attempts=50)

    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda i: mention(i) if i % 2 else pin(i), range(20)))
    profile = profiles.get(*args)
    assert profile.persona_mentions == 10
    assert profile.topic_counts == {"pet": 10}
    assert set(profile.pinned) == {f"m{i}" for i in range(0, 20, 2)}


# --------------------------------------------------------------------------- idempotency


def test_replaying_the_same_turn_writes_nothing_new(container: Container) -> None:
    text = "I have a dog named Rex. I am allergic to penicillin."
    first = _write(container, 1, text, sync=False)
    assert len(first.inserted) == 2
    before = {
        r.memory_id: r.version for r in container.memories.list(KEY.tenant_id, KEY.user_id, namespaces=tuple(Namespace))
    }
    # even before the indexer caught up (the worst case: no neighbour to merge into)
    again = container.writer.process_turn(KEY, GEN, Turn(1, text, "Thanks for telling me.", "req-1", 0.0))
    assert again.skipped and not (again.inserted or again.merged or again.superseded)
    sync_index(container, KEY.owner)
    third = container.writer.process_turn(KEY, GEN, Turn(1, text, "Thanks for telling me.", "req-1", 0.0))
    assert third.skipped
    after = {
        r.memory_id: r.version for r in container.memories.list(KEY.tenant_id, KEY.user_id, namespaces=tuple(Namespace))
    }
    assert after == before
    profile = container.profiles.get(KEY.tenant_id, KEY.user_id, KEY.persona_id)
    assert profile.topic_counts == {"pet": 1, "health": 1, "allergy": 1}  # the profile was not counted twice
    assert profile.persona_mentions == 1


def test_a_delivery_that_loses_to_a_concurrent_one_reports_no_write(container: Container, metrics: Any) -> None:
    """Two deliveries of one job at once: both read the round as not stored, the other one's
    transaction lands first, and this one's finds the round memory there and writes nothing. Its
    report (and the memories_written metric) used to count the facts it never wrote."""
    text = "I have a dog named Rex. I am allergic to penicillin."
    container.clock.advance(60)  # type: ignore[attr-defined]
    turn = _turn(container.clock, 1, text)  # type: ignore[arg-type]
    batch = container.writer._batch  # type: ignore[attr-defined]
    read = batch.read
    other: list[WriteReport] = []

    def the_other_delivery_wins(*args: Any, **kwargs: Any) -> Any:
        reads = read(*args, **kwargs)
        if batch.read is the_other_delivery_wins:
            batch.read = read  # the other delivery reads plainly and runs to its end meanwhile
            other.append(container.writer.process_turn(KEY, GEN, turn))
        return reads

    batch.read = the_other_delivery_wins
    before = metrics.total("memories_written")
    lost = container.writer.process_turn(KEY, GEN, turn)
    (won,) = other
    assert len(won.inserted) == 2
    assert lost.skipped and lost.inserted == [] and sorted(lost.stored_before) == sorted(won.inserted)
    assert metrics.total("memories_written") - before == 2  # the winner's two facts, once
    assert {r.memory_id for r in _memories(container)} >= set(won.inserted)


def test_the_same_job_delivered_twice_writes_nothing_new(container: Container) -> None:
    outcome = container.conversation.record_turn(KEY, "I love jazz music.", "Nice!", "k1")
    job = after_turn_job(KEY, outcome.meta.progress, outcome.turn)
    before = {
        r.memory_id: r.version for r in container.memories.list(KEY.tenant_id, KEY.user_id, namespaces=tuple(Namespace))
    }
    container.post_turn.handle(job)  # at-least-once delivery: the queue hands it over again
    container.post_turn.handle(json.loads(json.dumps(job)))  # as an SQS body
    after = {
        r.memory_id: r.version for r in container.memories.list(KEY.tenant_id, KEY.user_id, namespaces=tuple(Namespace))
    }
    assert after == before and len(after) == 2  # one fact + one round


# --------------------------------------------------------------------------- OpenAI extraction


def _openai_container(make_container: Callable[..., Container], settings: Settings) -> Container:
    """OpenAI chat models on the stub; the local embedder, so the stub only answers chat calls."""
    settings = settings.model_copy(update={"embedding_dimensions": DIMENSIONS})
    from engram.adapters.token_counter import QuicktokCounter

    models = build_models(settings, QuicktokCounter.for_model(settings.chat_model))
    return make_container(settings, models=dataclasses.replace(models, embedder=LocalEmbedder()))


def _extraction_calls(stub: OpenAIStub) -> list[dict[str, Any]]:
    return [c for c in stub.state.calls() if c.get("response_format")]


ZH_FACTS = {
    "facts": [
        {
            "content": "使用者對盤尼西林過敏",
            "type": "constraint",
            "importance": 0.95,
            "safety": True,
            "subject_key": "allergy:penicillin",
            "topics": ["health"],
            "action": "add",
            "target_id": None,
        },
        {
            "content": "使用者住在台北",
            "type": "profile",
            "importance": 0.7,
            "subject_key": "lives_in",
            "topics": ["location"],
            "action": "add",
        },
        {
            "content": "使用者養了一隻叫小白的狗",
            "type": "fact",
            "importance": 0.6,
            "subject_key": "pet:name",
            "topics": ["pet"],
            "action": "add",
        },
    ]
}


def test_openai_extraction_is_one_call_per_turn_and_keeps_the_language(
    make_container: Callable[..., Container], openai_settings: Settings, openai_stub: OpenAIStub
) -> None:
    openai_stub.state.reply = lambda body: (
        json.dumps(ZH_FACTS, ensure_ascii=False) if body.get("response_format") else "好"
    )
    c = _openai_container(make_container, openai_settings)
    report = _write(c, 1, "我對盤尼西林過敏，住在台北，還養了一隻叫小白的狗。")
    assert len(_extraction_calls(openai_stub)) == 1  # three facts, one model call
    assert len(report.inserted) == 3
    stored = {r.content: r for r in _memories(c)}
    assert set(stored) == {f["content"] for f in ZH_FACTS["facts"]}
    assert all(r.language == "zh" for r in stored.values())
    assert stored["使用者對盤尼西林過敏"].pinned and stored["使用者對盤尼西林過敏"].importance >= 0.9
    # the prompt shows the model the stored memory on the next turn, and it is still one call
    report2 = _write(c, 2, "我今天很開心。")
    assert len(_extraction_calls(openai_stub)) == 2
    prompt = _extraction_calls(openai_stub)[-1]["messages"][0]["content"]
    assert "使用者住在台北" in prompt
    assert report2.inserted == [] or all(i not in report.inserted for i in report2.inserted)


def test_openai_merge_decision_is_applied(
    make_container: Callable[..., Container], openai_settings: Settings, openai_stub: OpenAIStub
) -> None:
    state: dict[str, Any] = {"answer": ZH_FACTS}
    openai_stub.state.reply = lambda body: (
        json.dumps(state["answer"], ensure_ascii=False) if body.get("response_format") else "好"
    )
    c = _openai_container(make_container, openai_settings)
    first = _write(c, 1, "我住在台北。")
    home = next(i for i in first.inserted if _get(c, i).content == "使用者住在台北")
    state["answer"] = {
        "facts": [
            {
                "content": "使用者仍住在台北",
                "type": "profile",
                "importance": 0.7,
                "subject_key": "lives_in",
                "action": "merge",
                "target_id": home,
            }
        ]
    }
    second = _write(c, 2, "我還是住在台北。")
    assert second.merged == [home] and not second.inserted
    assert _get(c, home).version == 2


def test_openai_supersede_decision_links_and_demotes_the_old_fact(
    make_container: Callable[..., Container], openai_settings: Settings, openai_stub: OpenAIStub
) -> None:
    """The supersede mechanics (L2, L9): successor link, demotion, tag, unpinning — driven by the
    extractor's decision; the stub's embeddings keep the two facts apart (no similarity merge)."""
    state: dict[str, Any] = {
        "answer": {
            "facts": [
                {
                    "content": "使用者服用華法林",
                    "type": "constraint",
                    "importance": 0.9,
                    "safety": True,
                    "subject_key": "medication:anticoagulant",
                    "action": "add",
                }
            ]
        }
    }
    openai_stub.state.reply = lambda body: (
        json.dumps(state["answer"], ensure_ascii=False) if body.get("response_format") else "好"
    )
    c = make_container(openai_settings)  # OpenAI embedder on the stub: hash vectors, unrelated texts stay apart
    old_id = _write(c, 1, "我在吃華法林。").inserted[0]
    first = _get(c, old_id)
    assert first.pinned
    state["answer"] = {
        "facts": [
            {
                "content": "使用者已改服用艾必克凝",
                "type": "constraint",
                "importance": 0.9,
                "safety": True,
                "subject_key": "medication:anticoagulant",
                "action": "supersede",
                "target_id": old_id,
            }
        ]
    }
    report = _write(c, 2, "醫生把華法林換成艾必克凝了。")
    assert len(report.inserted) == 1 and not report.merged
    new_id = report.inserted[0]
    assert report.superseded == [(old_id, new_id)]
    old, new = _get(c, old_id), _get(c, new_id)
    assert new.supersedes == old_id and old.superseded_by == new_id
    assert SUPERSEDED_TAG in old.topics and SUPERSEDED_TAG not in new.topics
    assert old.importance == pytest.approx(0.3 * first.importance, abs=1e-4)
    assert old.importance < new.importance  # not two equals
    assert old.version == 2 and old.status == MemoryStatus.ACTIVE and not old.pinned
    pinned = c.profiles.get(KEY.tenant_id, KEY.user_id, KEY.persona_id).pinned
    assert old_id not in pinned and pinned[new_id] == "使用者已改服用艾必克凝"
    ranked = [m.memory_id for m in c.retriever.search(KEY.owner, "華法林 艾必克凝", persona_id=KEY.persona_id)]
    assert ranked.index(new_id) < ranked.index(old_id)


@pytest.mark.parametrize("failure", ["invalid_json", "three_failures"])
def test_openai_extraction_failure_falls_back_to_heuristics(
    make_container: Callable[..., Container], openai_settings: Settings, openai_stub: OpenAIStub, failure: str
) -> None:
    if failure == "invalid_json":
        openai_stub.state.reply = lambda body: (
            "Sure! Here are the facts: penicillin allergy" if body.get("response_format") else "ok"
        )
        c = _openai_container(make_container, openai_settings)
    else:
        c = _openai_container(make_container, openai_settings.model_copy(update={"openai_max_retries": 2}))
        openai_stub.state.fail_next = 3
    report = _write(c, 1, "I am allergic to penicillin.")
    expected_calls = 1 if failure == "invalid_json" else 3
    assert len(_extraction_calls(openai_stub)) == expected_calls
    assert len(report.inserted) == 1
    record = _get(c, report.inserted[0])
    assert record.content == "User is allergic to penicillin"
    assert record.pinned and record.importance >= 0.9


# --------------------------------------------------------------------------- free plan cap (L10)


def test_free_plan_never_archives_extracted_facts(settings: Settings, make_container: Any) -> None:
    """L10: what counts against the free plan is what seed 002 calls a memory (session
    memories, memories created through the API); facts the worker extracts never do."""
    container = make_container(settings.model_copy(update={"plan": "free"}))
    assert container.settings.free_plan_active_limit == 5
    texts = [
        "I am allergic to penicillin.",
        "I feel a bit tired today.",
        "I live in Tokyo.",
        "I work as a nurse.",
        "I have a dog named Rex.",
        "I love jazz music.",
        "My daughter visits on Sundays.",
    ]
    ids: list[str] = []
    for seq, text in enumerate(texts, start=1):
        report = _write(container, seq, text)
        assert report.archived == [] and len(report.inserted) == 1, text
        ids += report.inserted
    active = _memories(container, statuses=(MemoryStatus.ACTIVE,))
    assert set(ids) <= {r.memory_id for r in active}


def test_two_different_preferences_stay_two_memories(container: Container) -> None:
    _write(container, 1, "I love jazz music.")
    report = _write(container, 2, "I love rock music.")
    assert len(report.inserted) == 1 and not report.merged
    assert {r.content for r in _memories(container)} == {"User loves jazz music", "User loves rock music"}


def test_a_run_the_message_limit_closed_gives_its_last_rounds_as_context_to_the_next(
    make_container: Callable[..., Container], settings: Settings
) -> None:
    """S6 closes a run at the message limit and the talk goes on in a new run: its first rounds
    take the closed run's last rounds as context, and those are expanded with what followed (L5).
    Before, the last rounds of every 20 were never expanded and the next run's first had no context
    (LoCoMo R@10 0.763 -> 0.730)."""
    c = make_container(settings.model_copy(update={"session_end_max_messages": 3, "round_context_rounds": 2}))
    assert isinstance(c.clock, ManualClock)
    outcomes = []
    for i in range(5):
        c.clock.advance(30)
        outcomes.append(c.conversation.record_turn(KEY, f"line {i} about the garden tulips", "ok", f"r-{i}"))
    first, second = outcomes[0].meta.generation, outcomes[4].meta.generation
    assert second > first and outcomes[3].turn.seq == 1
    assert outcomes[3].meta.continues == (first, 3)
    last_of_first = _get(c, round_memory_id(KEY, first, 3))
    assert "line 3" in (last_of_first.search_text or "") and "line 4" in (last_of_first.search_text or "")
    assert "line 3" in (_get(c, round_memory_id(KEY, first, 2)).search_text or "")


def test_a_run_after_a_pause_or_an_end_continues_nothing(
    make_container: Callable[..., Container], settings: Settings
) -> None:
    c = make_container(settings.model_copy(update={"session_end_max_messages": 3}))
    assert isinstance(c.clock, ManualClock)
    for i in range(3):
        c.clock.advance(30)
        c.conversation.record_turn(KEY, f"line {i} about the garden", "ok", f"p-{i}")
    c.clock.advance(settings.session_idle_timeout_s + 1)
    after_pause = c.conversation.record_turn(KEY, "back again", "ok", "p-3")
    assert after_pause.meta.continues is None
    c.conversation.end_session(KEY)
    assert c.conversation.record_turn(KEY, "new talk", "ok", "p-4").meta.continues is None


def test_the_stream_job_of_a_continued_runs_first_round_names_the_run_before() -> None:
    from engram.adapters.dynamodb.outbox_records import job_from_stream_record

    class _Plain:
        def read(self, pk: str, field: str, value: str) -> str:
            return value

    from engram.adapters.dynamodb import keys

    image = {
        "PK": {"S": keys.session_pk(KEY)},
        "SK": {"S": keys.turn_sk(2, 1)},
        "user_text": {"S": "hello"},
        "assistant_text": {"S": "ok"},
        "cont_generation": {"N": "1"},
        "cont_seq": {"N": "20"},
    }
    record = {"eventName": "INSERT", "dynamodb": {"Keys": {"SK": image["SK"]}, "NewImage": image}}
    job = job_from_stream_record(record, _Plain())  # type: ignore[arg-type]
    assert job is not None and job["continues"] == [1, 20]
