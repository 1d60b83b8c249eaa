"""KMS envelope encryption of the per-user data keys (P3): GenerateDataKey / Decrypt / Encrypt in
moto with the owner as encryption context, the wrapped keys in their key table on DynamoDB Local,
built through the production factories (`wrapper_for`, `cipher_for_settings`,
`key_rewrap_job`) from the settings a deployed function has."""

from __future__ import annotations

import json
from typing import Any

import pytest
from botocore.exceptions import BotoCoreError, ClientError

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.crypto.key_store import DynamoDataKeyStore
from engram.adapters.crypto.wrapping import KmsKeyWrapper
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.connection import TableConfig
from engram.kernel.errors import StoreUnavailable
from engram.settings import Settings
from engram.wiring.crypto import cipher_for_settings, key_rewrap_job, wrapper_for
from tests.aws.conftest import Clients
from tests.aws.moto_endpoint import MotoEndpoint

pytestmark = pytest.mark.integration  # the key table lives in DynamoDB Local
OWNERS = [keys.user_key("acme", user) for user in ("u1", "u2", "u3")]
CONTEXT = "engram:owner"


def field_key(clients: Clients, description: str = "wraps per-user data keys") -> str:
    """A key like the stack's FieldKey: symmetric, yearly rotation on."""
    kms = clients("kms")
    arn: str = kms.create_key(Description=description)["KeyMetadata"]["Arn"]
    kms.enable_key_rotation(KeyId=arn.rsplit("/", 1)[1])
    return arn


@pytest.fixture
def kms_settings(settings: Settings, clients: Clients) -> Settings:
    return settings.model_copy(update={"field_kms_key_id": field_key(clients)})


def fresh_cipher(settings: Settings) -> FieldCipher:
    """A cold container's cipher: nothing cached, its own key-table and KMS clients."""
    cfg = TableConfig.from_settings(settings)
    shared = cipher_for_settings(settings)
    return FieldCipher(DynamoDataKeyStore(cfg, shared.store.table_name), wrapper_for(cfg))


def sent(call: Any) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(call.body)
    return body


def test_a_data_key_comes_from_kms_bound_to_its_owner(kms_settings: Settings, aws_sandbox: MotoEndpoint) -> None:
    wrapper = wrapper_for(TableConfig.from_settings(kms_settings))
    assert isinstance(wrapper, KmsKeyWrapper)
    made = wrapper.generate(OWNERS[0])
    assert len(made.plaintext) == 32 and made.wrapped != made.plaintext
    assert made.wrapped_by == kms_settings.field_kms_key_id  # KMS names the key by its ARN
    (call,) = aws_sandbox.log.of("kms", "GenerateDataKey")
    assert sent(call)["EncryptionContext"] == {CONTEXT: OWNERS[0]} and sent(call)["KeySpec"] == "AES_256"
    assert wrapper.unwrap(made.wrapped, OWNERS[0]) == made.plaintext


def test_a_wrapped_key_under_another_owner_fails_as_a_domain_error(kms_settings: Settings) -> None:
    wrapper = wrapper_for(TableConfig.from_settings(kms_settings))
    made = wrapper.generate(OWNERS[0])
    with pytest.raises(StoreUnavailable) as raised:
        wrapper.unwrap(made.wrapped, OWNERS[1])  # KMS checks the encryption context
    assert raised.value.details == {"cause": "InvalidCiphertextException"}
    assert not isinstance(raised.value, ClientError | BotoCoreError)
    with pytest.raises(StoreUnavailable):
        wrapper.unwrap(made.wrapped[:-1] + bytes([made.wrapped[-1] ^ 1]), OWNERS[0])  # a flipped bit


def test_sealed_content_opens_in_a_cold_container_with_one_decrypt(
    kms_settings: Settings, aws_sandbox: MotoEndpoint
) -> None:
    pk = OWNERS[0] + "#P#nurse#S#s1"
    sealed = cipher_for_settings(kms_settings).seal(pk, "user_text", "我的女兒住在高雄")
    cold = fresh_cipher(kms_settings)
    assert cold.open(pk, "user_text", sealed) == "我的女兒住在高雄"
    assert cold.open(pk, "user_text", sealed) == "我的女兒住在高雄"
    assert len(aws_sandbox.log.of("kms", "Decrypt")) == 1  # the warm container caches the data key


def test_a_wrapped_key_copied_onto_another_users_row_opens_for_nobody(kms_settings: Settings) -> None:
    cipher = cipher_for_settings(kms_settings)
    pk_a, pk_b = OWNERS[0] + "#P#p#S#s", OWNERS[1] + "#P#p#S#s"
    cipher.seal(pk_a, "content", "a's words")
    sealed_b = cipher.seal(pk_b, "content", "b's words")
    store = cipher.store
    stolen = store.get(OWNERS[0])
    assert stolen is not None
    store.client.put_item(  # someone with write access to the key table swaps B's key for A's
        TableName=store.table_name,
        Item={
            "owner": {"S": OWNERS[1]},
            "key_id": {"S": stolen.key_id},
            "wrapped": {"B": stolen.wrapped},
            "wrapped_by": {"S": stolen.wrapped_by},
        },
    )
    with pytest.raises(StoreUnavailable):
        fresh_cipher(kms_settings).open(pk_b, "content", sealed_b)


def seal_for_everyone(settings: Settings) -> dict[str, str]:
    cipher = cipher_for_settings(settings)
    return {owner: cipher.seal(owner + "#P#p#S#s", "content", f"words of {owner}") for owner in OWNERS}


def opens_for_everyone(settings: Settings, sealed: dict[str, str]) -> bool:
    cold = fresh_cipher(settings)
    return all(cold.open(o + "#P#p#S#s", "content", s) == f"words of {o}" for o, s in sealed.items())


def rewrap(settings: Settings) -> dict[str, int]:
    return key_rewrap_job(settings).run()


def test_kms_rotating_its_key_material_leaves_nothing_to_rewrap(kms_settings: Settings, clients: Clients) -> None:
    sealed = seal_for_everyone(kms_settings)
    clients("kms").rotate_key_on_demand(KeyId=str(kms_settings.field_kms_key_id).rsplit("/", 1)[1])
    assert opens_for_everyone(kms_settings, sealed)
    assert rewrap(kms_settings) == {"keys_seen": 3, "keys_rewrapped": 0, "complete": 1}


@pytest.mark.parametrize("named_by", ["arn", "alias", "key id"])
def test_moving_to_a_new_key_rewraps_every_data_key_under_it_once(
    kms_settings: Settings, clients: Clients, aws_sandbox: MotoEndpoint, named_by: str
) -> None:
    """docs/deploy.md's runbook: a new key in ENGRAM_FIELD_KMS_KEY_ID, then rewrap_keys until
    complete. KMS records the key's ARN with every wrapping, however the setting names it."""
    sealed = seal_for_everyone(kms_settings)
    new_arn = field_key(clients, "the replacement")
    clients("kms").create_alias(AliasName="alias/engram-dev-field-2", TargetKeyId=new_arn.rsplit("/", 1)[1])
    configured = {"arn": new_arn, "alias": "alias/engram-dev-field-2", "key id": new_arn.rsplit("/", 1)[1]}[named_by]
    moved = kms_settings.model_copy(update={"field_kms_key_id": configured})
    aws_sandbox.log.clear()
    assert rewrap(moved) == {"keys_seen": 3, "keys_rewrapped": 3, "complete": 1}
    assert len(aws_sandbox.log.of("kms", "Encrypt")) == 3  # the data keys are wrapped again, not replaced
    store = cipher_for_settings(moved).store
    for owner in OWNERS:
        stored = store.get(owner)
        assert stored is not None and stored.wrapped_by == new_arn
        opened = clients("kms").decrypt(CiphertextBlob=stored.wrapped, EncryptionContext={CONTEXT: owner})
        assert opened["KeyId"] == new_arn
    assert opens_for_everyone(moved, sealed)  # the content was never re-encrypted: same data keys
    assert rewrap(moved)["keys_rewrapped"] == 0
