"""P1 / X7 erasure against DynamoDB Local through the API: a user with every kind of item is
erased to zero in every store (enumerated through by_user and queried in the index), a
neighbour whose id shares a prefix is untouched, the receipt is signed and verifiable;
confirmation tokens wrong, expired, reused; scope "recent"; anonymization on and off; a run
killed midway and rerun; concurrent runs."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram import runtime
from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.user_data import ANON_PK, DynamoUserData
from engram.kernel.clock import ManualClock
from engram.kernel.keys import OwnerKey, SessionKey
from engram.local import tokens
from engram.local.gateway import GatewayResponse, LocalGateway
from engram.memory.models import MemoryStatus, Namespace, SearchFilter
from engram.memory.scoring import DAY_S
from engram.privacy.models import ErasureScope
from engram.settings import Settings
from engram.wiring import Container
from tests.support.indexing import sync_index

USER, NEIGHBOURS = "kim", ("kim2", "ki")


@pytest.fixture
def stack(container: Container, tmp_path: Path) -> Iterator[tuple[Container, LocalGateway]]:
    c = container
    c.erasure_trigger = lambda: None  # tests run the job themselves, deterministically
    runtime.set_container(c)
    yield c, LocalGateway(c.settings)
    runtime.set_container(None)


@pytest.fixture(autouse=True)
def _signing_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the local receipt key is made under .local/ of the working dir


def _auth(settings: Settings, user: str = USER) -> dict[str, str]:
    return {"authorization": f"Bearer {tokens.mint(settings, user)}", "content-type": "application/json"}


def call(gw: LocalGateway, method: str, path: str, headers: dict[str, str], body: Any = None) -> GatewayResponse:
    return gw.handle(method, path, headers, json.dumps(body).encode() if body is not None else None)


def _populate(c: Container, clock: ManualClock, user: str) -> None:
    """Sessions, rounds, dedup markers, an audio result, memories, a mid-term thread memory,
    an archive entry with its lifecycle log, a profile and index documents."""
    key = SessionKey("default", user, "nurse", "s1")
    c.conversation.chat(key, "My name is Kim and I live in Busan. I love hiking on Sundays.")
    clock.advance(30)
    c.conversation.chat(key, "voice: my breathing is worse today", audio_id=f"audio-{user}")
    clock.advance(30)
    c.conversation.record_turn(key, "I was taken to the emergency room last night.", "I'm sorry.")
    clock.advance(11 * 60)  # a thread idle for 10 minutes is flushed on the next round (S5)
    c.conversation.record_turn(key, "By the way, my dog Coco is a shiba inu.", "Cute!")
    other = SessionKey("default", user, "coach", "s9")
    c.conversation.record_turn(other, "I ran 5 km this morning.", "Great pace.")
    svc = c.memory_service
    owner = OwnerKey("default", user)
    made = svc.create(owner, "nurse", summary="Kim prefers tea over coffee.")
    svc.archive(owner, made.record.memory_id)
    sync_index(c, owner)


def _stores(c: Container, user: str) -> dict[str, int]:
    data = DynamoUserData(c.bound)
    counts: dict[str, int] = {}
    for item in data.inventory("default", user, None, 100_000):
        counts[item.store] = counts.get(item.store, 0) + 1
    counts["by_user"] = data.by_user_count("default", user)
    counts["index"] = c.index.count(_everything(user))
    return counts


def _everything(user: str) -> SearchFilter:
    return SearchFilter(
        "default",
        user,
        namespaces=tuple(n.value for n in Namespace),
        statuses=tuple(s.value for s in MemoryStatus),
    )


def _request_and_confirm(gw: LocalGateway, settings: Settings, scope: str = "all") -> str:
    r = call(gw, "POST", "/v1/me/erasure", _auth(settings), {"scope": scope})
    assert r.status == 201, r.body
    created = r.json()
    assert created["state"] == "pending_confirmation" and created["token_expires_at"] > created["requested_at"]
    confirm = f"/v1/me/erasure/{created['request_id']}/confirm"
    r = call(gw, "POST", confirm, _auth(settings), {"token": created["confirmation_token"]})
    assert r.status == 200 and r.json()["state"] == "confirmed", r.body
    return str(created["request_id"])


def test_x7_a_user_is_erased_to_zero_and_the_neighbours_keep_everything(
    stack: tuple[Container, LocalGateway], clock: ManualClock, tmp_path: Path
) -> None:
    c, gw = stack
    for user in (USER, *NEIGHBOURS):
        _populate(c, clock, user)
    before = _stores(c, USER)
    for store in (
        "sessions",
        "rounds",
        "request_markers",
        "memories",
        "midterm",
        "archive",
        "lifecycle_log",
        "profile",
    ):
        assert before.get(store, 0) > 0, (store, before)
    assert before["index"] > 0
    neighbours = {u: _stores(c, u) for u in NEIGHBOURS}

    request_id = _request_and_confirm(gw, c.settings)
    assert c.erasure_job.run()["requests_completed"] == 1
    r = call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings))
    view = r.json()
    assert r.status == 200 and view["state"] == "completed", view
    after = _stores(c, USER)
    assert after == {"by_user": 0, "index": 0}  # zero items of the user in every store
    assert {u: _stores(c, u) for u in NEIGHBOURS} == neighbours  # untouched

    receipt = view["receipt"]
    assert receipt["fenced"] is True  # writes for the user were refused while it ran
    text = json.dumps(receipt, ensure_ascii=False)
    assert USER not in text.replace("user_hash", "") and "Busan" not in text and "Coco" not in text  # no content
    for store, found in before.items():
        if store in receipt["stores"]:
            tally = receipt["stores"][store]
            assert tally["deleted"] + tally["anonymized"] >= found and tally["remaining"] == 0, store
    assert receipt["stores"]["rounds"]["anonymized"] >= 1  # the emergency room visit: kept without its person
    # the signature holds, and breaks on any edit
    path = tmp_path / "receipt.json"
    path.write_text(json.dumps(view))
    from engram.local.cli import main

    assert main(["erasure", "verify", str(path)]) == 0
    edited = dict(receipt, scope="recent")
    path.write_text(json.dumps(edited))
    assert main(["erasure", "verify", str(path)]) == 1
    # the anonymized moments name nobody
    client: Any = dynamodb_client(TableConfig.from_settings(c.settings))
    anon = client.query(
        TableName=c.settings.table_name,
        KeyConditionExpression="PK = :p",
        ExpressionAttributeValues={":p": {"S": f"{ANON_PK}default"}},
    )["Items"]
    assert anon and all("user_key" not in i and USER not in json.dumps(i) for i in anon)
    # a chat after the erasure starts from nothing
    snapshot = c.conversation.chat(SessionKey("default", USER, "nurse", "s1"), "Hello, do you know me?")
    assert snapshot["turn_count"] == 1 if "turn_count" in snapshot else True
    assert c.memories.list("default", USER, namespaces=(Namespace.MEMORY,)) == []


def test_verify_rechecks_the_stack_for_the_user(
    stack: tuple[Container, LocalGateway], clock: ManualClock, tmp_path: Path, ddb_endpoint: str
) -> None:
    c, gw = stack
    _populate(c, clock, USER)
    request_id = _request_and_confirm(gw, c.settings)
    c.erasure_job.run()
    view = call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings)).json()
    assert _recheck(c, view, tmp_path, ddb_endpoint) == {
        "signature_valid": True,
        "request_id": request_id,
        "user_matches": True,
        "remaining": 0,
        "ok": True,
    }


def _recheck(c: Container, view: dict[str, Any], tmp_path: Path, ddb_endpoint: str) -> dict[str, Any]:
    """`engram erasure verify --user-id`: the receipt's signature, then the stack counted again."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(view))
    from engram.local.erasure_verify import verify

    class Args:
        receipt = str(path)
        public_key = None
        user_id = USER
        ddb_endpoint = None

    import os

    os.environ["ENGRAM_TABLE_NAME"] = c.settings.table_name
    os.environ["ENGRAM_DYNAMODB_ENDPOINT"] = ddb_endpoint
    try:
        return verify(Args())  # type: ignore[arg-type]
    finally:
        del os.environ["ENGRAM_TABLE_NAME"], os.environ["ENGRAM_DYNAMODB_ENDPOINT"]


def test_confirmation_tokens_wrong_expired_reused_and_foreign(
    stack: tuple[Container, LocalGateway], clock: ManualClock
) -> None:
    c, gw = stack
    s = c.settings
    created = call(gw, "POST", "/v1/me/erasure", _auth(s), {"scope": "all"}).json()
    confirm = f"/v1/me/erasure/{created['request_id']}/confirm"
    r = call(gw, "POST", confirm, _auth(s), {"token": "not-the-token"})
    assert r.status == 403 and r.json()["error"]["code"] == "CONFIRMATION_INVALID"
    r = call(gw, "POST", confirm, _auth(s, "someone-else"), {"token": created["confirmation_token"]})
    assert r.status == 404  # another user's request does not exist for them
    assert call(gw, "GET", f"/v1/me/erasure/{created['request_id']}", _auth(s, "someone-else")).status == 404
    assert call(gw, "POST", confirm, _auth(s), {"token": created["confirmation_token"]}).status == 200
    r = call(gw, "POST", confirm, _auth(s), {"token": created["confirmation_token"]})
    assert r.status == 409 and r.json()["error"]["code"] == "CONFLICT"  # a token works once
    late = call(gw, "POST", "/v1/me/erasure", _auth(s), {"scope": "recent"}).json()
    clock.advance(s.erasure_token_ttl_s)
    r = call(
        gw, "POST", f"/v1/me/erasure/{late['request_id']}/confirm", _auth(s), {"token": late["confirmation_token"]}
    )
    assert r.status == 410 and r.json()["error"]["code"] == "CONFIRMATION_EXPIRED"
    for bad in ({"scope": "everything"}, {"scope": "all", "extra": 1}, {}):
        r = call(gw, "POST", "/v1/me/erasure", _auth(s), bad)
        assert r.status in (201, 400) and (r.status == 201) == (bad == {}), (bad, r.body)
    assert call(gw, "GET", "/v1/me/erasure/er-notanid", _auth(s)).status == 404


def test_scope_recent_erases_exactly_the_last_7_days(stack: tuple[Container, LocalGateway], clock: ManualClock) -> None:
    c, gw = stack
    key = SessionKey("default", USER, "nurse", "old")
    c.conversation.record_turn(key, "I adopted a cat called Mochi last spring.", "Lovely.")
    old_memories = {r.memory_id for r in c.memories.list("default", USER, namespaces=tuple(Namespace), statuses=None)}
    assert old_memories
    clock.advance(8 * DAY_S)
    new_key = SessionKey("default", USER, "nurse", "new")
    c.conversation.record_turn(new_key, "I started a new job at a bakery.", "Congratulations!")
    sync_index(c, OwnerKey("default", USER))
    _request_and_confirm(gw, c.settings, "recent")
    assert c.erasure_job.run()["requests_completed"] == 1
    left = {r.memory_id for r in c.memories.list("default", USER, namespaces=tuple(Namespace), statuses=None)}
    assert left == old_memories  # what is older than 7 days stays, everything newer is gone
    now = clock.now()
    assert c.conversation.store.log_page(new_key, now, 10)[0] == []
    assert [r.turn.user_text for r in c.conversation.store.log_page(key, now, 10)[0]] == [
        "I adopted a cat called Mochi last spring."
    ]


def test_anonymization_off_deletes_important_moments(
    make_container: Any, settings: Settings, clock: ManualClock
) -> None:
    c = make_container(settings.model_copy(update={"erasure_anonymize_important": False}))
    c.erasure_trigger = lambda: None
    runtime.set_container(c)
    try:
        gw = LocalGateway(c.settings)
        c.conversation.record_turn(
            SessionKey("default", USER, "nurse", "s1"), "I was taken to the ER by ambulance.", "Oh no."
        )
        request_id = _request_and_confirm(gw, c.settings)
        c.erasure_job.run()
        receipt = call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings)).json()["receipt"]
    finally:
        runtime.set_container(None)
    assert all(t["anonymized"] == 0 for t in receipt["stores"].values())
    assert receipt["anonymize_important_moments"] is False
    client: Any = dynamodb_client(TableConfig.from_settings(c.settings))
    anon = client.query(
        TableName=c.settings.table_name,
        KeyConditionExpression="PK = :p",
        ExpressionAttributeValues={":p": {"S": f"{ANON_PK}default"}},
    )["Items"]
    assert anon == []


def test_a_run_killed_midway_is_finished_by_the_next_and_concurrent_runs_do_not_collide(
    make_container: Any, settings: Settings, clock: ManualClock
) -> None:
    c = make_container(settings.model_copy(update={"erasure_batch_items": 3, "erasure_passes_per_run": 1}))
    c.erasure_trigger = lambda: None
    runtime.set_container(c)
    try:
        gw = LocalGateway(c.settings)
        _populate(c, clock, USER)
        total = sum(v for k, v in _stores(c, USER).items() if k not in ("by_user", "index"))
        request_id = _request_and_confirm(gw, c.settings)
        first = c.erasure_job.run()  # "killed" after one bounded batch: the request stays due
        assert first == {"requests_completed": 0, "requests_pending": 1, "items_erased": 3, "survivors_erased": 0}
        state = call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings)).json()
        assert state["state"] == "processing" and state["receipt"] is None
        # two runs at once, repeatedly: each batch is erased by one of them
        from engram.privacy.erasure import ErasureJob

        results: list[dict[str, int]] = []
        for _ in range(total):
            jobs = [ErasureJob(**{**vars(c.erasure_job), "holder": f"h{n}"}) for n in range(2)]
            threads = [threading.Thread(target=lambda j=j: results.append(j.run())) for j in jobs]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            if call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings)).json()["state"] == "completed":
                break
        view = call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings)).json()
    finally:
        runtime.set_container(None)
    assert view["state"] == "completed"
    assert _stores(c, USER) == {"by_user": 0, "index": 0}
    assert sum(r["requests_completed"] for r in results) == 1  # completed once
    stores = view["receipt"]["stores"]
    found = sum(t["found"] for name, t in stores.items() if name not in ("index", "data_key"))
    assert found == total  # every item counted once, over all the runs
    assert stores["data_key"]["found"] == stores["data_key"]["deleted"] == 1  # P3: and the key, once


# --- P2 export ---------------------------------------------------------------------------------


def test_export_holds_every_item_of_the_user_and_nothing_of_another(
    stack: tuple[Container, LocalGateway], clock: ManualClock
) -> None:
    c, gw = stack
    for user in (USER, *NEIGHBOURS):
        _populate(c, clock, user)
    c.conversation.record_turn(SessionKey("default", "kim2", "nurse", "s1"), "My secret word is zanzibar.", "Ok.")
    key = SessionKey("default", USER, "nurse", "s1")
    c.conversation.record_turn(key, "I work at Google.", "Nice.")
    sync_index(c, OwnerKey("default", USER))  # the next fact finds it in the index and replaces it
    clock.advance(60)
    c.conversation.record_turn(key, "I now work at Stripe.", "Congrats!")
    r = call(gw, "GET", "/v1/me/export", _auth(c.settings))
    assert r.status == 200, r.body
    export = r.json()
    held = _stores(c, USER)
    assert {k: v for k, v in export["counts"].items() if v} == {
        k: v for k, v in held.items() if k not in ("by_user", "index") and v
    }  # every item the user has, store by store
    text = json.dumps(export, ensure_ascii=False)
    assert "zanzibar" not in text and "kim2" not in text  # nothing of the neighbour
    assert "Busan" in text and "Coco" in text and "emergency room" in text
    memories = export["stores"]["memories"]
    replaced = [m for m in memories if m.get("superseded_by")]
    assert replaced and all(m.get("version") for m in memories if m["key"].startswith("M#"))  # versions, links
    (archived,) = [m for m in export["stores"]["archive"] if "tea" in json.dumps(m)]
    assert archived["status"] == "archived"
    assert not any("embedding" in m or "user_key" in m for items in export["stores"].values() for m in items)
    backend = call(gw, "GET", f"/v1/users/{USER}/export", {"x-api-key": c.settings.local_api_key.get_secret_value()})
    assert backend.status == 200 and backend.json()["counts"] == export["counts"]


def test_an_export_too_large_to_answer_inline_is_a_clear_error(
    make_container: Any, settings: Settings, clock: ManualClock
) -> None:
    c = make_container(settings.model_copy(update={"export_max_items": 3}))
    runtime.set_container(c)
    try:
        _populate(c, clock, USER)
        r = call(LocalGateway(c.settings), "GET", "/v1/me/export", _auth(c.settings))
    finally:
        runtime.set_container(None)
    assert r.status == 413 and r.json()["error"]["code"] == "EXPORT_TOO_LARGE"


def _erasing_container(make_container: Any, settings: Settings, **update: Any) -> Container:
    """A stack whose erasure jobs the test runs itself (no kick on confirmation), made current."""
    c: Container = make_container(settings.model_copy(update=update))
    c.erasure_trigger = lambda: None
    runtime.set_container(c)
    return c


def _say_before_the_erasure(c: Container, key: SessionKey) -> None:
    for n in range(3):
        c.conversation.record_turn(key, f"Before the erasure {n}: my dog is called Coco.", "Cute.")


BASE = "/v1/personas/nurse/sessions/s1/turns"


def _turn(gw: LocalGateway, settings: Settings, text: str) -> GatewayResponse:
    return call(gw, "POST", BASE, _auth(settings), {"user": text, "assistant": "Well done."})


@pytest.mark.parametrize(
    ("said", "stored_first"),
    [
        ("I enjoy hiking in the mountains with my sister.", False),  # facts written with the round
        ("I'm allergic to penicillin.", True),  # pinned: stored before the round, then pinned
    ],
)
def test_an_erasure_completed_while_the_post_turn_job_works_leaves_nothing_written_back(
    make_container: Any, settings: Settings, clock: ManualClock, metrics: Any, said: str, stored_first: bool
) -> None:
    """The job read its round (still held), and while it extracted, an erasure of the user started
    and completed (fence raised, everything deleted, fence lowered). The job's writes used to pass
    the fence check and write the round memory, its facts, the thread, a pinned fact and its
    profile pin, and the consolidation mark back; each write that can create an item of the user
    now checks in its own transaction that the conversation round still exists (the mark comes
    after the round's transaction), and nothing is written."""
    jobs: list[dict[str, Any]] = []
    api = make_container(settings, job_handler=jobs.append)  # the round stored; its job waits
    key = SessionKey("default", USER, "nurse", "s1")
    api.conversation.record_turn(key, said, "Lovely!")
    (job,) = [j for j in jobs if j["kind"] == "after_turn"]
    worker = make_container(settings)
    worker.erasure_trigger = lambda: None  # the erasure job runs where the test says
    repo = worker.writer._repo  # type: ignore[attr-defined]
    put_new, early_writes = repo.put_new, list[str]()

    def seen_put_new(record: Any, *args: Any) -> bool:
        early_writes.append(record.memory_id)
        return bool(put_new(record, *args))

    repo.put_new = seen_put_new
    batch = worker.writer._batch  # type: ignore[attr-defined]
    read = batch.read

    def erased_while_extracting(*args: Any, **kwargs: Any) -> Any:
        reads = read(*args, **kwargs)
        assert reads.round_held
        request, token = worker.erasure_service.request("default", USER, ErasureScope.ALL, "user")
        worker.erasure_service.confirm("default", USER, request.request_id, token)
        assert worker.erasure_job.run()["requests_completed"] == 1  # the fence is down again
        assert _everything_of(worker) == 0
        return reads

    batch.read = erased_while_extracting
    worker.post_turn.handle(job)
    left = DynamoUserData(worker.bound).inventory("default", USER, None, 100)
    # no round memory, fact, pinned fact, profile pin or count, thread, consolidation mark or index
    # document (not this check's: a new data key made by sealing the items then refused, it opens nothing)
    assert bool(early_writes) == stored_first  # the erasure ran before the first write of the job
    assert left == [], left
    assert worker.index.count(_everything(USER)) == 0
    assert worker.memories.list("default", USER, namespaces=tuple(Namespace), statuses=None) == []
    assert metrics.total("post_turn_round_gone") == 1


def test_an_erasure_completed_between_a_pinned_facts_put_and_its_pin_leaves_no_profile(
    make_container: Any, settings: Settings, metrics: Any
) -> None:
    """The pinned fact went in while the round was held; the erasure then ran to the end and took
    it; the profile pin that follows must not bring a profile item of the erased user back."""
    jobs: list[dict[str, Any]] = []
    api = make_container(settings, job_handler=jobs.append)
    key = SessionKey("default", USER, "nurse", "s1")
    api.conversation.record_turn(key, "I'm allergic to penicillin.", "Noted.")
    (job,) = [j for j in jobs if j["kind"] == "after_turn"]
    worker = make_container(settings)
    worker.erasure_trigger = lambda: None
    repo = worker.writer._repo  # type: ignore[attr-defined]
    put_new = repo.put_new

    def erased_after_the_put(record: Any, *args: Any) -> bool:
        stored = bool(put_new(record, *args))
        request, token = worker.erasure_service.request("default", USER, ErasureScope.ALL, "user")
        worker.erasure_service.confirm("default", USER, request.request_id, token)
        assert worker.erasure_job.run()["requests_completed"] == 1
        return stored

    repo.put_new = erased_after_the_put
    worker.post_turn.handle(job)
    assert DynamoUserData(worker.bound).inventory("default", USER, None, 100) == []
    assert metrics.total("post_turn_round_gone") == 1


def _everything_of(c: Container, user: str = USER) -> int:
    """Every item of the user the table holds (consistent partitions, by_user, the data key)."""
    data = DynamoUserData(c.bound)
    held = len(data.inventory("default", user, None, 100_000))
    return held + data.by_user_count("default", user) + int(data.has_data_key("default", user))


def test_a_chat_writing_before_every_pass_cannot_hold_an_erasure_open_and_nothing_it_wrote_survives(
    make_container: Any, settings: Settings, clock: ManualClock
) -> None:
    """Issue 1: a writer thread, released before every pass of the job (each inventory: the
    batches and the verification's look), records a turn through the API for the user and waits
    for its answer. Before the fence a chat that always wins kept every verification failing;
    with it the erasure completes in one run, every write after the fence is refused with 409
    ERASURE_IN_PROGRESS and Retry-After, and nothing written before completion survives."""
    c = _erasing_container(make_container, settings, erasure_batch_items=5, erasure_passes_per_run=30)
    gw = LocalGateway(c.settings)
    go, done, stop = threading.Semaphore(0), threading.Semaphore(0), threading.Event()
    answers: list[GatewayResponse] = []

    def writer() -> None:
        while True:
            go.acquire()
            if stop.is_set():
                return
            answers.append(_turn(gw, c.settings, f"Meanwhile {len(answers)}: my dog Coco ran."))
            done.release()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        key = SessionKey("default", USER, "nurse", "s1")
        _say_before_the_erasure(c, key)
        request_id = _request_and_confirm(gw, c.settings)
        job = c.erasure_job
        inventory, complete = job.data.inventory, job._complete
        completed: list[bool] = []

        def a_write_lands_before_every_pass(*args: Any) -> Any:
            if not completed:
                go.release()  # the chat writes, and its answer is back, before the pass looks
                assert done.acquire(timeout=30)
            return inventory(*args)

        def completing(*args: Any) -> None:
            complete(*args)
            completed.append(True)

        job.data.inventory = a_write_lands_before_every_pass  # type: ignore[method-assign]
        job._complete = completing  # type: ignore[method-assign]
        outcome = job.run()
        passes = len(answers)
    finally:
        stop.set()
        go.release()
        thread.join()
        runtime.set_container(None)
    assert outcome["requests_completed"] == 1, (outcome, passes)  # one run, whatever the write rate
    refused = [r for r in answers if r.status == 409]
    assert passes >= 3 and len(refused) == passes  # the fence is up before the first look
    body = refused[0].json()["error"]
    assert body["code"] == "ERASURE_IN_PROGRESS" and refused[0].headers.get("retry-after") == str(
        c.settings.erasure_fence_retry_after_s
    )
    runtime.set_container(c)
    try:
        view = call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings)).json()
        assert view["state"] == "completed"
        assert _everything_of(c) == 0  # nothing written before completion survives
        # a write after completion starts an empty life
        assert _turn(gw, c.settings, "Hello again.").status == 200
        rounds = [r.turn.user_text for r in c.conversation.store.log_page(key, clock.now(), 100)[0]]
        assert rounds == ["Hello again."]
    finally:
        runtime.set_container(None)


def test_a_turn_between_the_passing_verification_and_completion_is_refused(
    make_container: Any, settings: Settings, clock: ManualClock, metrics: Any
) -> None:
    """Issue 2: before the fence, a turn landing after the verification passed and before the
    request completed survived the erasure (readable: the chat made a new data key) while the
    receipt said 0 remaining. Now it is refused, and a post-turn job of the user in that window
    is dropped rather than retried."""
    from engram.conversation.models import SummaryProgress
    from engram.conversation.post_turn import after_turn_job

    c = _erasing_container(make_container, settings)
    gw = LocalGateway(c.settings)
    key = SessionKey("default", USER, "nurse", "s1")
    try:
        _say_before_the_erasure(c, key)
        # a round whose post-turn job is still queued (stored without running it)
        appended = c.conversation.store.append_turn(
            key, "My sister Yuna lives in Osaka and loves tennis.", "Nice.", "req-queued", clock.now()
        )
        snapshot = c.conversation.store.load(key, 10, clock.now())
        assert snapshot.meta is not None
        turn = appended.turn
        pending_job = after_turn_job(key, SummaryProgress(snapshot.meta.generation, turn.seq, 0, 0), turn)
        request_id = _request_and_confirm(gw, c.settings)
        job = c.erasure_job
        complete, inventory = job._complete, job.data.inventory
        in_window: list[GatewayResponse] = []

        def the_job_the_queue_held_runs_first(*args: Any) -> Any:
            if not metrics.total("post_turn_erasure_dropped"):  # the fence is up, the round still there
                c.post_turn.handle(pending_job)  # its memories would be new items: dropped, not retried
            return inventory(*args)

        def a_turn_lands_first(*args: Any) -> None:
            in_window.append(_turn(gw, c.settings, "Just before completion: my dog Coco is a shiba."))
            complete(*args)

        job.data.inventory = the_job_the_queue_held_runs_first  # type: ignore[method-assign]
        job._complete = a_turn_lands_first  # type: ignore[method-assign]
        outcome = job.run()
        assert [r.status for r in in_window] == [409]  # before the fence: 200, and the turn survived
        assert outcome["requests_completed"] == 1 and outcome.get("survivors_erased") == 0, outcome
        assert in_window[0].json()["error"]["code"] == "ERASURE_IN_PROGRESS"
        assert metrics.total("post_turn_erasure_dropped") == 1
        view = call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings)).json()
        assert view["state"] == "completed"
        assert _everything_of(c) == 0  # the receipt's 0 remaining is the truth
    finally:
        runtime.set_container(None)


def test_completed_erasures_are_reverified_and_survivors_erased_and_recorded(
    make_container: Any, settings: Settings, clock: ManualClock, tmp_path: Path, ddb_endpoint: str
) -> None:
    """A survivor written before completion (here: put straight into the table past the fence, as
    an item the by_user index had not listed yet would be) is found by the scheduled run's
    re-verification, erased, and the re-signed receipt says so; what the user wrote after the
    completion stays. Past ENGRAM_ERASURE_REVERIFY_S the request forgets the user id."""
    c = _erasing_container(make_container, settings)
    gw = LocalGateway(c.settings)
    key = SessionKey("default", USER, "nurse", "s1")
    try:
        _say_before_the_erasure(c, key)
        request_id = _request_and_confirm(gw, c.settings)
        job = c.erasure_job
        assert job.run()["requests_completed"] == 1
        completed_at = clock.now()
        client: Any = dynamodb_client(TableConfig.from_settings(c.settings))
        survivor_pk = f"T#default#U#{USER}#P#nurse#S#missed"
        client.put_item(
            TableName=c.settings.table_name,
            Item={
                "PK": {"S": survivor_pk},
                "SK": {"S": "TURN#0000000000001#00000001"},
                "created_at": {"N": repr(completed_at - 1)},
                "user_key": {"S": f"T#default#U#{USER}"},
            },
        )
        clock.advance(60)
        assert _turn(gw, c.settings, "A new life.").status == 200  # after completion: stays
        before = _everything_of(c)
        assert job.run().get("survivors_erased") == 1  # the scheduled run found it
        view = call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings)).json()
        receipt = view["receipt"]
        assert [r["survivors_erased"] for r in receipt["rechecks"]] == [1]
        assert receipt["stores"]["rounds"]["remaining"] == 0
        path = tmp_path / "receipt.json"
        path.write_text(json.dumps(view))
        from engram.local.cli import main

        assert main(["erasure", "verify", str(path)]) == 0  # re-signed
        assert _recheck(c, view, tmp_path, ddb_endpoint)["remaining"] == 0
        assert _everything_of(c) == before - 2  # the survivor (its item and its by_user entry) only
        rounds = [r.turn.user_text for r in c.conversation.store.log_page(key, clock.now(), 100)[0]]
        assert rounds == ["A new life."]
        assert job.run().get("survivors_erased") == 0  # nothing more: the new life is not a survivor
        clock.advance(c.settings.erasure_reverify_s)
        job.run()
        assert job.requests.reverifying(10) == []  # the window is over: the user id is forgotten
        found = job.requests.get("default", request_id)
        assert found is not None and found[0].user_id is None
    finally:
        runtime.set_container(None)


def test_deleting_a_persona_cascades_over_its_data_with_its_own_receipt(
    stack: tuple[Container, LocalGateway], clock: ManualClock, tmp_path: Path
) -> None:
    c, gw = stack
    _populate(c, clock, USER)  # nurse and coach conversations, memories, archive, thread
    _populate(c, clock, "kim2")
    owner = OwnerKey("default", USER)
    coach_before = [
        r.memory_id
        for r in c.memories.list("default", USER, persona_id="coach", namespaces=tuple(Namespace), statuses=None)
    ]
    assert coach_before
    neighbour = _stores(c, "kim2")
    r = call(gw, "DELETE", "/v1/personas/nurse", _auth(c.settings))
    assert r.status == 200, r.body
    started = r.json()
    assert started["state"] == "confirmed" and started["receipt"] is None  # the erasure job does it
    assert c.erasure_job.run()["requests_completed"] == 1
    body = call(gw, "GET", f"/v1/me/erasure/{started['request_id']}", _auth(c.settings)).json()
    assert body["state"] == "completed"
    receipt = body["receipt"]
    assert sum(receipt["stores"][s]["found"] for s in ("memories", "midterm", "archive")) > 0
    assert receipt["kind"] == "persona_deletion" and receipt["persona_id"] == "nurse"
    nurse = c.memories.list("default", USER, persona_id="nurse", namespaces=tuple(Namespace), statuses=None)
    assert nurse == []
    assert c.conversation.store.log_page(SessionKey("default", USER, "nurse", "s1"), clock.now(), 100)[0] == []
    assert (
        c.index.count(
            SearchFilter(
                "default",
                USER,
                persona_ids=("nurse",),
                namespaces=tuple(n.value for n in Namespace),
                statuses=tuple(s.value for s in MemoryStatus),
            )
        )
        == 0
    )
    # the other persona and the neighbour keep everything
    coach_after = [
        r.memory_id
        for r in c.memories.list("default", USER, persona_id="coach", namespaces=tuple(Namespace), statuses=None)
    ]
    assert coach_after == coach_before
    assert c.conversation.store.log_page(SessionKey("default", USER, "coach", "s9"), clock.now(), 100)[0]
    assert _stores(c, "kim2") == neighbour
    path = tmp_path / "persona.json"
    path.write_text(json.dumps(receipt))
    from engram.local.cli import main

    assert main(["erasure", "verify", str(path)]) == 0
    assert call(gw, "GET", f"/v1/me/erasure/{body['request_id']}", _auth(c.settings)).json()["state"] == "completed"
    sync_index(c, owner)


def test_a_post_turn_job_delivered_after_the_erasure_writes_nothing_back(
    stack: tuple[Container, LocalGateway], clock: ManualClock, metrics: Any
) -> None:
    """A turn's job still in the queue (or redriven from its DLQ) when the erasure completes must
    not write the round's memories again: the job finds its round gone and does nothing."""
    from engram.conversation.models import SummaryProgress
    from engram.conversation.post_turn import after_turn_job

    c, gw = stack
    key = SessionKey("default", USER, "nurse", "s1")
    c.conversation.record_turn(key, "My dog Coco is a shiba inu and I live in Busan.", "Cute!")
    snapshot = c.conversation.store.load(key, 10, clock.now())
    assert snapshot.meta is not None
    turn = snapshot.recent[-1]
    job = after_turn_job(key, SummaryProgress(snapshot.meta.generation, turn.seq, 0, 0), turn)
    request_id = _request_and_confirm(gw, c.settings)
    assert c.erasure_job.run()["requests_completed"] == 1
    assert _stores(c, USER) == {"by_user": 0, "index": 0}
    c.post_turn.handle(job)  # the redelivered job
    assert _stores(c, USER) == {"by_user": 0, "index": 0}
    assert metrics.total("post_turn_round_gone") == 1
    assert call(gw, "GET", f"/v1/me/erasure/{request_id}", _auth(c.settings)).json()["state"] == "completed"


def test_an_unconfirmed_request_expires_a_day_after_its_token(stack: tuple[Container, LocalGateway]) -> None:
    """It names the user in plain: a request nobody confirms leaves with DynamoDB's TTL."""
    c, gw = stack
    created = call(gw, "POST", "/v1/me/erasure", _auth(c.settings), {"scope": "all"}).json()
    client: Any = dynamodb_client(TableConfig.from_settings(c.settings))
    key = {"PK": {"S": "_ERASURE#default"}, "SK": {"S": f"REQ#{created['request_id']}"}}
    item = client.get_item(TableName=c.settings.table_name, Key=key, ConsistentRead=True)["Item"]
    assert float(item["expires_at"]["N"]) == created["token_expires_at"] + 86_400
    confirm = f"/v1/me/erasure/{created['request_id']}/confirm"
    assert call(gw, "POST", confirm, _auth(c.settings), {"token": created["confirmation_token"]}).status == 200
    item = client.get_item(TableName=c.settings.table_name, Key=key, ConsistentRead=True)["Item"]
    assert "expires_at" not in item  # confirmed: kept, with its receipt to come


def test_every_api_write_for_a_fenced_user_is_refused_and_resumes_after(
    stack: tuple[Container, LocalGateway], clock: ManualClock
) -> None:
    """While the fence is up: a turn, a chat, a memory, the pinned profile and a large export are
    each 409 ERASURE_IN_PROGRESS with Retry-After and leave nothing; a neighbour writes as usual;
    once it is lowered the same writes land."""
    from engram.adapters.dynamodb.erasure_fence import DynamoErasureFence

    c, gw = stack
    c.export_trigger = lambda: None  # no export job thread outliving the test
    made = call(gw, "POST", "/v1/memories", _auth(c.settings), {"persona_id": "nurse", "summary": "I like tea."})
    assert made.status == 201, made.body
    memory_id = made.json()["memory"]["memory_id"]
    fence = DynamoErasureFence(c.bound)
    fence.raise_for("default", USER, "er-test")
    held = _everything_of(c)
    writes: list[tuple[str, str, Any]] = [
        ("POST", BASE, {"user": "I walked 3 km.", "assistant": "Nice."}),
        ("POST", "/v1/personas/nurse/sessions/s2/chat", {"message": "Hello there."}),
        ("POST", "/v1/memories", {"persona_id": "nurse", "summary": "My dog is Coco."}),
        ("PUT", "/v1/personas/nurse/profile", {"pinned_memory_ids": [memory_id]}),
        ("POST", "/v1/me/exports", None),
    ]
    for method, path, body in writes:
        r = call(gw, method, path, _auth(c.settings), body)
        assert r.status == 409 and r.json()["error"]["code"] == "ERASURE_IN_PROGRESS", (path, r.status, r.body)
        assert r.headers.get("retry-after") == str(c.settings.erasure_fence_retry_after_s), path
    assert _everything_of(c) == held  # nothing landed
    neighbour = call(gw, "POST", BASE, _auth(c.settings, "kim2"), {"user": "Hi.", "assistant": "Hello."})
    assert neighbour.status == 200  # only the erased user is fenced
    fence.lower_for("default", USER, "er-test")
    for method, path, body in writes:
        r = call(gw, method, path, _auth(c.settings), body)
        assert r.status in (200, 201, 202), (path, r.status, r.body)


def test_a_persona_deletion_fences_that_persona_only(stack: tuple[Container, LocalGateway]) -> None:
    """A persona's deletion refuses the writes of that persona while it runs; the user's other
    personas and their account-wide writes (an export) go on. (The fence used to be the whole
    user's: a bot's other persona got 409 during any persona deletion.)"""
    from engram.adapters.dynamodb.erasure_fence import DynamoErasureFence

    c, gw = stack
    c.export_trigger = lambda: None
    warm = call(gw, "POST", "/v1/memories", _auth(c.settings), {"persona_id": "coach", "summary": "Likes tea."})
    assert warm.status == 201  # the user's data key exists (the user's, not a persona's)
    fence = DynamoErasureFence(c.bound)
    fence.raise_for("default", USER, "er-persona", persona_id="nurse")
    held = _everything_of(c)
    for path, body in (
        ("/v1/personas/nurse/sessions/s1/turns", {"user": "I walked 3 km.", "assistant": "Nice."}),
        ("/v1/memories", {"persona_id": "nurse", "summary": "My dog is Coco."}),
    ):
        r = call(gw, "POST", path, _auth(c.settings), body)
        assert r.status == 409 and r.json()["error"]["code"] == "ERASURE_IN_PROGRESS", (path, r.body)
    assert _everything_of(c) == held
    other = call(
        gw, "POST", "/v1/personas/coach/sessions/s1/turns", _auth(c.settings), {"user": "Hi.", "assistant": "Hey."}
    )
    assert other.status == 200, other.body
    assert (
        call(gw, "POST", "/v1/memories", _auth(c.settings), {"persona_id": "coach", "summary": "Runs 5 km."}).status
        == 201
    )
    assert call(gw, "POST", "/v1/me/exports", _auth(c.settings), None).status in (200, 201, 202)
    fence.raise_for("default", USER, "er-all")  # an erasure of the user fences every persona
    r = call(gw, "POST", "/v1/personas/coach/sessions/s1/turns", _auth(c.settings), {"user": "Yo.", "assistant": "Hi."})
    assert r.status == 409
    fence.lower_for("default", USER, "er-all")
    fence.lower_for("default", USER, "er-persona", persona_id="nurse")
    r = call(
        gw, "POST", "/v1/personas/nurse/sessions/s1/turns", _auth(c.settings), {"user": "Back.", "assistant": "Hi."}
    )
    assert r.status == 200, r.body


def test_lowering_a_fence_already_down_is_one_request(stack: tuple[Container, LocalGateway]) -> None:
    """The re-verification lowers the fence on each of its runs: once it is down that costs one
    consistent read, not an update and a delete. Lowering one erasure reads the fence (its scope),
    puts the erasure's mark and updates the fence; the last also deletes it."""
    from engram.adapters.dynamodb.erasure_fence import DynamoErasureFence

    c, _ = stack
    fence = DynamoErasureFence(c.bound)
    fence.raise_for("default", USER, "er-a")
    fence.raise_for("default", USER, "er-b", persona_id="nurse")
    fence.lower_for("default", USER, "er-a")  # another erasure still runs: the item stays
    fence.lower_for("default", USER, "er-b", persona_id="nurse")  # the last: the item goes
    assert fence.requests == 2 + 3 + 4
    fence.lower_for("default", USER, "er-a")
    assert fence.requests == 10
