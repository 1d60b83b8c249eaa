"""P5 end to end: PII written through every path that stores long-term memory — facts and
rounds of the turn worker, session memories, manual memories (create and edit), memories
summarised from messages (and their raw fallback), knowledge-base chunks of a tenant that
opts in — is nowhere in the raw DynamoDB items nor in the index documents, and the
stored records carry `pii_flags`.

The models are stand-ins for an LLM that repeats every number it saw into every field it
returns (summary, topics, fact, subject key): the worst case the masking must survive.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from engram import runtime
from engram.adapters.embedders.local import LocalEmbedder
from engram.adapters.lambda_context import LocalContext
from engram.adapters.local_models.gate import LocalGateClassifier
from engram.adapters.local_models.responder import LocalResponder
from engram.conversation.models import SessionSummary, Turn
from engram.kernel.errors import LlmFailure
from engram.kernel.keys import SessionKey
from engram.local import tokens
from engram.local.gateway import GatewayResponse, LocalGateway
from engram.memory.models import KB_OWNER, ExistingMemory, Fact, MemoryRecord, MemoryType, Namespace
from engram.settings import Settings
from engram.wiring import Container, Models
from tests.conftest import EVENTS
from tests.support.indexing import sync_index
from tests.support.outbox import store_rounds
from tests.support.table_scan import table_strings

pytestmark = pytest.mark.integration

PII_TEXT = (
    "Mail dana.lee@example.com or call 0912-345-678, +886 912 345 678 or (415) 555-2671. "
    "Card 4111 1111 1111 1111. 我的身分證是A123456789，電話：02-2345-6789。"
    "携帯は090-1234-5678、マイナンバーは1234 5678 9018です。전화 010-1234-5678, 주민번호 850315-1234566."
)
RAW = [
    "dana.lee@example.com",
    "0912-345-678",
    "+886 912 345 678",
    "(415) 555-2671",
    "4111 1111 1111 1111",
    "A123456789",
    "02-2345-6789",
    "090-1234-5678",
    "1234 5678 9018",
    "010-1234-5678",
    "850315-1234566",
]
FLAGS = {"email", "phone", "card", "national_id_tw", "national_id_jp", "national_id_kr"}
TENANT = "default"
KEY = SessionKey(TENANT, "dana", "nurse", "s-pii")
_SEPARATORS = re.compile(r"[\s\-().+]")


# --------------------------------------------------------------------------- model stand-ins


class EchoSummarizer:
    """An LLM summary that keeps every detail: the user's words as the summary, the raw values as topics."""

    name = "echo"

    def summarize_rounds(self, previous_summary: str, turns: Sequence[Turn], max_tokens: int) -> str:
        return " ".join([previous_summary, *(t.user_text for t in turns)]).strip()

    def compress(self, summary: str, max_tokens: int) -> str:
        return summary

    def summarize_session(self, summary: str, turns: Sequence[Turn]) -> SessionSummary:
        return SessionSummary(" ".join(t.user_text for t in turns), tuple(RAW[:4]), "calm", 6, self.name)


class FailingSummarizer(EchoSummarizer):
    def summarize_session(self, summary: str, turns: Sequence[Turn]) -> SessionSummary:
        raise LlmFailure("model down")


class EchoExtractor:
    """An LLM extraction that copies the PII into the fact, its topics and its subject key."""

    name = "echo"

    def extract(self, user_text: str, assistant_text: str, existing: Sequence[ExistingMemory]) -> list[Fact]:
        return [
            Fact(
                content=user_text,
                type=MemoryType.PROFILE,
                importance=0.8,
                subject_key="contact:" + RAW[0],
                value_key=RAW[1],
                topics=["contact", *RAW[4:7]],
            )
        ]


# --------------------------------------------------------------------------- fixtures and probes


@pytest.fixture
def make(make_container: Callable[..., Container], settings: Settings) -> Iterator[Callable[..., Container]]:
    def build(summarizer: Any = None, **overrides: Any) -> Container:
        models = Models(
            responder=LocalResponder(),
            summarizer=summarizer or EchoSummarizer(),
            gate=LocalGateClassifier(),
            extractor=EchoExtractor(),
            embedder=LocalEmbedder(),
        )
        c = make_container(settings.model_copy(update=overrides), models=models)
        runtime.set_container(c)
        return c

    yield build
    runtime.set_container(None)


def _long_term_strings(c: Container) -> list[str]:
    """Every string of every long-term item: memories and profiles (…#MEM) and closed runs (RUN#).

    The conversation log (TURN#, 30 days), its meta and request markers are short-term by
    design (S2, P1 erasure) and hold the user's words as sent; they are not scanned."""
    return table_strings(
        c.settings, lambda item: item["PK"]["S"].endswith("#MEM") or item["SK"]["S"].startswith("RUN#")
    )


def _index_strings(c: Container, owners: Sequence[tuple[str, str]]) -> list[str]:
    sync_index(c)  # what the stream indexer would have written by now
    out: list[str] = []
    for tenant, user in owners:
        for r in c.memories.list(tenant, user, namespaces=tuple(Namespace), statuses=None):
            doc = c.index.get(tenant, user, r.memory_id)
            assert doc is not None, r.memory_id
            out += [doc.text, *doc.topics, *doc.source_ids]
    return out


def _leaks(strings: Sequence[str]) -> list[str]:
    """Raw values found in `strings`, also when written with other (or no) separators."""
    found = []
    for raw in RAW:
        bare = _SEPARATORS.sub("", raw)
        if any(raw in s or bare in _SEPARATORS.sub("", s) for s in strings):
            found.append(raw)
    return found


def _assert_nothing_stored(c: Container, *owners: tuple[str, str]) -> None:
    stored = _long_term_strings(c)
    assert stored, "nothing was stored: the test proves nothing"
    assert _leaks(stored) == []
    assert _leaks(_index_strings(c, owners or [(KEY.tenant_id, KEY.user_id)])) == []


def _records(c: Container, tenant: str = TENANT, user: str = KEY.user_id) -> list[MemoryRecord]:
    listed: list[MemoryRecord] = c.memories.list(tenant, user, namespaces=tuple(Namespace), statuses=None)
    assert listed
    return listed


def _headers(settings: Settings, user: str | None = KEY.user_id) -> dict[str, str]:
    if user is None:  # a trusted backend (the local stand-in for IAM)
        return {"x-api-key": settings.local_api_key.get_secret_value(), "content-type": "application/json"}
    return {"authorization": f"Bearer {tokens.mint(settings, user)}", "content-type": "application/json"}


def _call(c: Container, method: str, path: str, body: Any, user: str | None = KEY.user_id) -> dict[str, Any]:
    r: GatewayResponse = LocalGateway(c.settings).handle(
        method, path, _headers(c.settings, user), json.dumps(body, ensure_ascii=False).encode()
    )
    assert r.status < 300, r.body
    out: dict[str, Any] = r.json()
    return out


# --------------------------------------------------------------------------- the paths


def _turn_event(seq: int, text: str) -> dict[str, Any]:
    """The sample SQS event of a stored round, for KEY and this text."""
    event: dict[str, Any] = json.loads((EVENTS / "sqs" / "turn_job.json").read_text(encoding="utf-8"))
    record = json.loads(event["Records"][0]["body"])
    image = record["dynamodb"]["NewImage"]
    pk = f"T#{KEY.tenant_id}#U#{KEY.user_id}#P#{KEY.persona_id}#S#{KEY.session_id}"
    sk = image["SK"]["S"].rsplit("#", 1)[0] + f"#{seq:08d}"
    for where in (record["dynamodb"]["Keys"], image):
        where["PK"]["S"], where["SK"]["S"] = pk, sk
    image["user_key"]["S"] = f"T#{KEY.tenant_id}#U#{KEY.user_id}"
    image["seq"]["N"], image["user_text"]["S"] = str(seq), text
    image["job_dedup"]["S"] = f"t-pii-{seq}"
    event["Records"][0]["body"] = json.dumps(record, ensure_ascii=False)
    event["Records"][0]["messageId"] = f"m-{seq}"
    return event


def test_turn_worker_facts_rounds_and_merges_store_no_pii(make: Callable[..., Container]) -> None:
    from functions.turn_worker.handler import lambda_handler

    c = make()
    first = store_rounds(c.settings, _turn_event(1, PII_TEXT))
    assert lambda_handler(first, LocalContext())["batchItemFailures"] == []
    sync_index(c)  # the second turn finds the first fact in the index and merges into it
    second = store_rounds(c.settings, _turn_event(2, PII_TEXT))
    assert lambda_handler(second, LocalContext())["batchItemFailures"] == []

    records = _records(c)
    rounds = [r for r in records if r.namespace == Namespace.ROUND]
    facts = [r for r in records if r.namespace == Namespace.MEMORY]
    assert len(rounds) == 2 and len(facts) == 1
    assert all(set(r.pii_flags) >= FLAGS for r in rounds + facts)
    (fact,) = facts
    assert fact.version == 2 and len(fact.source_turn_ids) == 2  # merged, still masked
    assert "subject:contact:[EMAIL]" in fact.topics and "[CARD]" in fact.topics
    profile = c.profiles.get(KEY.tenant_id, KEY.user_id, KEY.persona_id)  # L6 topic counts, L4 pinned text
    assert _leaks([*profile.topic_counts, *profile.pinned.values()]) == []
    _assert_nothing_stored(c)


@pytest.mark.parametrize("summarizer", [EchoSummarizer(), FailingSummarizer()], ids=["llm", "raw-fallback"])
def test_session_memories_store_no_pii(make: Callable[..., Container], summarizer: Any) -> None:
    c = make(summarizer)
    c.conversation.record_turn(KEY, PII_TEXT, "Noted.")
    ended = c.conversation.end_session(KEY)
    assert ended.memory_id is not None
    record = c.memories.get(KEY.tenant_id, KEY.user_id, ended.memory_id)
    assert record is not None and set(record.pii_flags) >= FLAGS
    assert _leaks([ended.summary.summary, *ended.summary.topics]) == []  # what the caller is told, too
    _assert_nothing_stored(c)


def test_manual_memories_created_and_edited_store_no_pii(make: Callable[..., Container]) -> None:
    c = make()
    created = _call(
        c, "POST", "/v1/memories", {"persona_id": "nurse", "summary": "Contact details", "topics": RAW[:3]}
    )["memory"]
    assert {"email", "phone"} <= set(created["pii_flags"])  # from the topics alone
    edited = _call(
        c, "PATCH", f"/v1/memories/{created['memory_id']}", {"version": created["version"], "summary": PII_TEXT}
    )["memory"]
    assert set(edited["pii_flags"]) >= FLAGS
    backend = _call(c, "POST", f"/v1/users/{KEY.user_id}/memories", {"persona_id": "nurse", "summary": PII_TEXT}, None)
    assert set(backend["memory"]["pii_flags"]) >= FLAGS
    _assert_nothing_stored(c)


@pytest.mark.parametrize("summarizer", [EchoSummarizer(), FailingSummarizer()], ids=["llm", "raw-fallback"])
def test_memories_summarised_from_messages_store_no_pii(make: Callable[..., Container], summarizer: Any) -> None:
    c = make(summarizer)
    messages = [{"role": "user", "content": PII_TEXT}, {"role": "assistant", "content": "I'll remember."}]
    created = _call(c, "POST", "/v1/memories", {"persona_id": "nurse", "messages": messages})
    assert set(created["memory"]["pii_flags"]) >= FLAGS
    if isinstance(summarizer, FailingSummarizer):
        assert created["warning"]["code"] == "LLM_SUMMARY_FAILED"
    _assert_nothing_stored(c)


def test_kb_chunks_of_a_tenant_that_opts_in_store_no_pii(make: Callable[..., Container]) -> None:
    c = make(kb_mask_pii_tenants=(TENANT,))
    # Long enough for several chunks, so numbers sit at chunk boundaries too.
    text = "\n\n".join(f"Section {n}. {PII_TEXT}" for n in range(12))
    doc = _call(c, "POST", "/v1/kb/documents", {"title": f"Staff list {RAW[0]}", "text": text}, None)
    assert doc["chunks"] > 1 and RAW[0] not in doc["title"]
    chunks = _records(c, TENANT, KB_OWNER)
    assert len(chunks) == doc["chunks"] and all(set(r.pii_flags) >= FLAGS for r in chunks)
    _assert_nothing_stored(c, (TENANT, KB_OWNER))


def test_kb_chunks_are_stored_as_uploaded_by_default(make: Callable[..., Container]) -> None:
    # A KB is the tenant's own documents (a clinic's phone number is the answer it exists to give).
    c = make()
    _call(c, "POST", "/v1/kb/documents", {"title": "Front desk", "text": "Call the clinic at 02-2345-6789."}, None)
    (chunk,) = _records(c, TENANT, KB_OWNER)
    assert "02-2345-6789" in chunk.content and chunk.pii_flags == []
