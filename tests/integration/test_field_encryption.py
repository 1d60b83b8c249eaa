"""P3 field-level encryption against DynamoDB Local: content is sealed at rest with a data key
per user, reads open it in all four languages, a copy of the table taken before an erasure no
longer decrypts the erased user's content (the neighbour's still does), ciphertext moved to
another user or attribute does not open, racing first writes agree on one key, the warm
cache is bounded, the wrapping key rotates (rewrap, then retire the old key), items written
before encryption still read, and the indexer and the turn worker open what the stream
carries sealed."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from botocore.stub import Stubber

from engram.adapters.crypto.cipher import BYTES_MARK, TEXT_MARK, FieldCipher, owner_of
from engram.adapters.crypto.key_store import DynamoDataKeyStore
from engram.adapters.crypto.wrapping import KmsKeyWrapper, LocalKeyring
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.outbox_records import job_from_stream_record
from engram.adapters.dynamodb.stream_records import to_change
from engram.kernel.clock import ManualClock
from engram.kernel.errors import ContentShredded, StoreUnavailable
from engram.kernel.keys import OwnerKey, SessionKey
from engram.privacy.models import ErasureScope
from engram.settings import Settings
from engram.wiring import Container
from engram.wiring.crypto import cipher_for_settings
from functions.jobs.handler import lambda_handler as jobs_handler
from tests.support.table_scan import table_strings

PHRASES = {
    "en": "My sister Margaret lives in Edinburgh and bakes sourdough every Friday.",
    "zh-TW": "我的女兒住在高雄，每個星期六都會帶孫子來看我。",
    "ja": "私の娘は札幌に住んでいて、毎週土曜日に孫を連れて来てくれます。",
    "ko": "제 딸은 부산에 살고 매주 토요일에 손자를 데리고 와요.",
}
SEALED_TEXT = ("user_text", "assistant_text", "summary", "content", "search_text", "archive_info", "pinned", "result")


@pytest.fixture(autouse=True)
def _local_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the keyring and the receipt key are made under .local/ here


def _fresh_cipher(settings: Settings, keyring: Path | None = None) -> FieldCipher:
    """Another warm container: its own (empty) key cache, the same key table and keyring."""
    cfg = TableConfig.from_settings(settings)
    store = DynamoDataKeyStore(cfg, f"{settings.table_name}-keys")
    return FieldCipher(store, LocalKeyring(keyring or Path(settings.field_keyring_path)))


def _raw_items(settings: Settings) -> list[dict[str, Any]]:
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    items: list[dict[str, Any]] = []
    kwargs: dict[str, Any] = {"TableName": settings.table_name}
    while True:
        page = client.scan(**kwargs)
        items += page["Items"]
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def _key_count(settings: Settings) -> int:
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    return int(client.scan(TableName=f"{settings.table_name}-keys", Select="COUNT")["Count"])


def _talk(c: Container, user: str, phrase: str) -> None:
    key = SessionKey("default", user, "nurse", "s1")
    c.conversation.chat(key, phrase)
    c.clock.advance(60)  # type: ignore[attr-defined]  # the tests' ManualClock: past the dedup window
    c.conversation.record_turn(key, phrase, "Thank you for telling me.")
    svc = c.memory_service
    svc.create(OwnerKey("default", user), "nurse", summary=phrase, pinned=True)


def test_content_is_sealed_at_rest_and_reads_back_in_every_language(container: Container, settings: Settings) -> None:
    c = container
    for lang, phrase in PHRASES.items():
        _talk(c, f"u-{lang}", phrase)
    stored = "\n".join(table_strings(settings))
    for phrase in PHRASES.values():
        assert phrase not in stored and phrase[:8] not in stored  # no plaintext anywhere in the table
    sealed = 0
    sealed_vectors: set[str] = set()
    for item in _raw_items(settings):
        for name in SEALED_TEXT:
            value = item.get(name, {}).get("S")
            if value and value not in ("{}", "[]"):
                assert value.startswith(TEXT_MARK), (item["SK"], name)
                sealed += 1
        for vector in ("embedding", "own_embedding"):  # a vector is derived from the words: sealed too
            if vector in item:
                assert bytes(item[vector]["B"]).startswith(BYTES_MARK), (item["SK"], vector)
                sealed_vectors.add(vector)
    assert sealed >= 4 * 5
    assert sealed_vectors == {"embedding", "own_embedding"}  # the second round of each has its own
    for lang, phrase in PHRASES.items():
        key = SessionKey("default", f"u-{lang}", "nurse", "s1")
        snapshot = c.conversation.store.load(key, 10, c.clock.now())
        assert [t.user_text for t in snapshot.recent] == [phrase, phrase]
        owner = OwnerKey("default", f"u-{lang}")
        listed = c.memory_service.list(owner)
        assert phrase in [m.content for m in listed.items]
        exported = json.dumps(c.export_service.export("default", f"u-{lang}"), ensure_ascii=False)
        assert phrase in exported and TEXT_MARK not in exported


def test_a_copy_of_the_table_taken_before_erasure_no_longer_decrypts(
    container: Container, settings: Settings, clock: ManualClock
) -> None:
    c = container
    c.erasure_trigger = lambda: None
    _talk(c, "kim", PHRASES["zh-TW"])
    _talk(c, "kim2", PHRASES["ko"])  # a neighbour whose id shares a prefix
    backup = _raw_items(settings)  # what a backup or point-in-time copy of the table holds
    service = c.erasure_service
    request, token = service.request("default", "kim", ErasureScope.ALL, "user")
    service.confirm("default", "kim", request.request_id, token)
    assert c.erasure_job.run()["requests_completed"] == 1
    done = service.get("default", "kim", request.request_id)
    assert done.receipt is not None
    assert done.receipt["stores"]["data_key"] == {
        "found": 1,
        "deleted": 1,
        "anonymized": 0,
        "remaining": 0,
        "verification": "consistent GetItem of the user's data key in the key table: absent",
    }
    later = _fresh_cipher(settings)  # any container after the erasure, its cache cold
    opened = {"kim": 0, "kim2": 0}
    for item in backup:
        pk = item["PK"]["S"]
        if not pk.startswith("T#"):
            continue
        user = owner_of(pk).split("#")[3]
        for name in SEALED_TEXT:
            value = item.get(name, {}).get("S")
            if not value or not value.startswith(TEXT_MARK):
                continue
            if user == "kim":
                with pytest.raises(ContentShredded):
                    later.open(pk, name, value)
            else:
                later.open(pk, name, value)  # the neighbour's copy still opens
            opened[user] += 1
    assert opened["kim"] >= 5 and opened["kim2"] >= 5
    # Restored into the live table, the erased user's rounds read as nothing at all.
    client: Any = dynamodb_client(TableConfig.from_settings(settings))
    for item in backup:
        if item["PK"]["S"].startswith(keys.user_key("default", "kim") + "#"):
            client.put_item(TableName=settings.table_name, Item=item)
    restored = c.conversation.store.load(SessionKey("default", "kim", "nurse", "s1"), 10, clock.now())
    assert restored.recent and all(t.user_text == "" for t in restored.recent)


def test_recent_and_persona_erasures_keep_the_key(container: Container, settings: Settings) -> None:
    c = container
    c.erasure_trigger = lambda: None
    _talk(c, "lee", PHRASES["ja"])
    service = c.erasure_service
    request, token = service.request("default", "lee", ErasureScope.RECENT, "user")
    service.confirm("default", "lee", request.request_id, token)
    c.erasure_job.run()
    receipt = service.get("default", "lee", request.request_id).receipt
    assert receipt is not None and receipt["stores"]["data_key"]["found"] == 0
    assert _key_count(settings) == 1  # older content of the user stays readable


def test_ciphertext_moved_to_another_user_or_attribute_does_not_open(container: Container) -> None:
    cipher = container.cipher
    mine, theirs = keys.memory_pk("default", "ann"), keys.memory_pk("default", "bob")
    sealed = cipher.seal(mine, "content", "Ann's diary")
    cipher.seal(theirs, "content", "Bob has a key too")
    assert cipher.open(mine, "content", sealed) == "Ann's diary"
    with pytest.raises(ContentShredded):
        cipher.open(theirs, "content", sealed)
    with pytest.raises(ContentShredded):
        cipher.open(mine, "summary", sealed)  # the attribute is bound in too
    tampered = sealed[:-6] + ("A" if sealed[-6] != "A" else "B") + sealed[-5:]
    with pytest.raises(ContentShredded):
        cipher.open(mine, "content", tampered)
    assert cipher.read(theirs, "content", sealed) == ""  # what readers show
    assert cipher.open(mine, "content", "plain text from before encryption") == "plain text from before encryption"


def test_racing_first_writes_agree_on_one_key(container: Container, settings: Settings) -> None:
    pk = keys.memory_pk("default", "new-user")
    ciphers = [_fresh_cipher(settings) for _ in range(8)]
    barrier = threading.Barrier(len(ciphers))
    sealed: list[str] = []
    errors: list[BaseException] = []

    def write(cipher: FieldCipher, n: int) -> None:
        try:
            barrier.wait()
            sealed.append(cipher.seal(pk, "content", f"fact {n}"))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(cipher, n)) for n, cipher in enumerate(ciphers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert _key_count(settings) == 1
    reader = _fresh_cipher(settings)
    assert sorted(reader.open(pk, "content", s) for s in sealed) == [f"fact {n}" for n in range(8)]


def test_a_warm_container_keeps_a_bounded_cache_of_keys(container: Container, settings: Settings) -> None:
    now = [0.0]
    cfg = TableConfig.from_settings(settings)
    cipher = FieldCipher(
        DynamoDataKeyStore(cfg, f"{settings.table_name}-keys"),
        LocalKeyring(Path(settings.field_keyring_path)),
        cache_size=2,
        cache_ttl_s=60,
        monotonic=lambda: now[0],
    )
    pks = [keys.memory_pk("default", u) for u in ("a", "b", "c")]
    for pk in pks:
        cipher.seal(pk, "content", "x")
    reads = cipher.key_reads
    cipher.seal(pks[2], "content", "y")  # warm: no read
    cipher.seal(pks[1], "content", "y")
    assert cipher.key_reads == reads
    cipher.seal(pks[0], "content", "y")  # evicted (size 2): read again
    assert cipher.key_reads == reads + 1
    now[0] += 61  # past the age bound: read again (an erasure elsewhere is seen this late at most)
    cipher.seal(pks[0], "content", "z")
    assert cipher.key_reads == reads + 2


def test_rotation_rewraps_every_key_then_the_old_wrapping_key_can_go(
    container: Container, settings: Settings, tmp_path: Path
) -> None:
    c = container
    for lang in ("en", "ko", "ja"):
        _talk(c, f"r-{lang}", PHRASES[lang])
    assert _key_count(settings) == 3
    ring = LocalKeyring(Path(settings.field_keyring_path))
    old = ring.current_key_id
    new = ring.rotate()
    first = c.key_rewrap_job.run()
    assert first == {"keys_seen": 3, "keys_rewrapped": 3, "complete": 1}
    event = json.loads((Path(__file__).parents[2] / "events" / "eventbridge" / "rewrap_keys.json").read_text())
    from engram import runtime
    from engram.adapters.lambda_context import LocalContext

    runtime.set_container(c)
    try:
        again = jobs_handler(event, LocalContext())  # through the jobs function: nothing left to do
    finally:
        runtime.set_container(None)
    assert again["keys_rewrapped"] == 0 and again["keys_seen"] == 3
    ring.retire(old)
    assert list(json.loads(Path(settings.field_keyring_path).read_text())["keys"]) == [new]
    reader = _fresh_cipher(settings)
    for lang in ("en", "ko", "ja"):
        snapshot_pk = keys.session_pk(SessionKey("default", f"r-{lang}", "nurse", "s1"))
        for item in _raw_items(settings):
            if item["PK"]["S"] == snapshot_pk and item["SK"]["S"].startswith(keys.TURN_PREFIX):
                assert reader.open(snapshot_pk, "user_text", item["user_text"]["S"]) == PHRASES[lang]


def test_without_the_rewrap_a_retired_wrapping_key_loses_the_data(container: Container, settings: Settings) -> None:
    _talk(container, "s-en", PHRASES["en"])
    ring = LocalKeyring(Path(settings.field_keyring_path))
    old = ring.current_key_id
    ring.rotate()
    ring.retire(old)  # what the rewrap exists to prevent
    pk = keys.memory_pk("default", "s-en")
    with pytest.raises(StoreUnavailable, match="keyring"):
        _fresh_cipher(settings).seal(pk, "content", "anything")


def test_items_written_before_encryption_still_read(make_container: Any, settings: Settings) -> None:
    plain = make_container(settings.model_copy(update={"field_encryption": False}))
    key = SessionKey("default", "old-user", "nurse", "s1")
    plain.conversation.record_turn(key, PHRASES["en"], "Noted.")
    assert PHRASES["en"] in table_strings(settings)
    sealed = make_container(settings)
    sealed.conversation.record_turn(key, PHRASES["ko"], "Noted.")
    turns = sealed.conversation.store.load(key, 10, sealed.clock.now()).recent
    assert [t.user_text for t in turns] == [PHRASES["en"], PHRASES["ko"]]
    assert PHRASES["ko"] not in "\n".join(table_strings(settings))


def _stream_record(item: dict[str, Any]) -> dict[str, Any]:
    return {
        "eventID": "1",
        "eventName": "INSERT",
        "eventSource": "aws:dynamodb",
        "dynamodb": {
            "Keys": {"PK": item["PK"], "SK": item["SK"]},
            "NewImage": item,
            "SequenceNumber": "100",
            "StreamViewType": "NEW_AND_OLD_IMAGES",
        },
    }


def test_the_indexer_and_the_turn_worker_open_what_the_stream_carries_sealed(
    container: Container, settings: Settings
) -> None:
    import base64

    _talk(container, "st-ja", PHRASES["ja"])
    cipher = cipher_for_settings(settings)
    items = _raw_items(settings)
    memory = next(
        i
        for i in items
        if i["SK"]["S"].startswith(keys.MEMORY_PREFIX)
        and "embedding" in i
        and cipher.open(i["PK"]["S"], "content", i["content"]["S"]) == PHRASES["ja"]
    )
    memory = {**memory, "embedding": {"B": base64.b64encode(bytes(memory["embedding"]["B"])).decode()}}
    change = to_change(_stream_record(memory), cipher)  # stream images carry base64 binaries
    assert change.new is not None and change.new.content == PHRASES["ja"] and change.new.embedding
    turn = next(i for i in items if i["SK"]["S"].startswith(keys.TURN_PREFIX))
    job = job_from_stream_record(_stream_record(turn), cipher)
    assert job is not None and job["turn"]["user_text"] == PHRASES["ja"]


def test_kms_wraps_each_data_key_bound_to_its_owner() -> None:
    import boto3

    client = boto3.client("kms", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
    arn = "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
    owner = keys.user_key("acme", "u1")
    context = {"engram:owner": owner}
    with Stubber(client) as stub:
        stub.add_response(
            "generate_data_key",
            {"Plaintext": b"k" * 32, "CiphertextBlob": b"wrapped", "KeyId": arn},
            {"KeyId": arn, "KeySpec": "AES_256", "EncryptionContext": context},
        )
        stub.add_response(
            "decrypt",
            {"Plaintext": b"k" * 32, "KeyId": arn},
            {"CiphertextBlob": b"wrapped", "EncryptionContext": context},
        )
        stub.add_client_error("decrypt", "AccessDeniedException")
        wrapper = KmsKeyWrapper(arn, "us-east-1", client=client)
        made = wrapper.generate(owner)
        assert made.wrapped_by == arn and wrapper.unwrap(made.wrapped, owner) == b"k" * 32
        with pytest.raises(StoreUnavailable):
            wrapper.unwrap(made.wrapped, owner)
