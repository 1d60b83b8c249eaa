"""Erasure receipts signed by a KMS asymmetric key (ECC_NIST_P256, ECDSA_SHA_256, as the stack's
ReceiptSigningKey) through `wiring.privacy.receipt_signer`, and checked offline with the public key KMS
hands out — by `cryptography` directly and by `engram erasure verify`. moto is taught
MessageType=DIGEST first (tests/aws/kms_digest.py): it signs what it is given as AWS KMS does."""

from __future__ import annotations

import argparse
import base64
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from botocore.exceptions import BotoCoreError, ClientError
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

from engram.adapters.signing import KmsSigner, signature_valid
from engram.kernel.errors import StoreUnavailable
from engram.local import erasure_verify
from engram.privacy import receipt as receipts
from engram.settings import Settings
from engram.wiring.privacy import receipt_signer
from tests.aws import kms_digest
from tests.aws.conftest import Clients
from tests.aws.moto_endpoint import MotoEndpoint

RECEIPT: dict[str, Any] = {  # the shape ErasureJob._receipt_body makes: counts and checks, no content
    "kind": "erasure",
    "request_id": "er-" + "1" * 32,
    "tenant_id": "acme",
    "user_hash": "9" * 64,
    "scope": "all",
    "requested_at": 1_767_225_600.0,
    "completed_at": 1_767_225_900.0,
    "stores": {"conversations": {"deleted": 12, "check": "consistent Query … = 0", "remaining": 0}},
}


@pytest.fixture(autouse=True)
def kms_signs_digests(monkeypatch: pytest.MonkeyPatch) -> None:
    kms_digest.install(monkeypatch)


@pytest.fixture
def receipt_key(clients: Clients) -> str:
    created = clients("kms").create_key(
        KeySpec="ECC_NIST_P256", KeyUsage="SIGN_VERIFY", Description="signs erasure receipts (ECDSA_SHA_256)"
    )
    arn: str = created["KeyMetadata"]["Arn"]
    return arn


def signer_for(key_id: str) -> KmsSigner:
    signer = receipt_signer(Settings(environment="test", receipt_kms_key_id=key_id))
    assert isinstance(signer, KmsSigner)
    return signer


def tampered(receipt: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(receipt)
    changed["stores"]["conversations"]["remaining"] = 1
    return changed


def test_a_receipt_kms_signed_verifies_offline_and_a_tampered_one_does_not(
    receipt_key: str, aws_sandbox: MotoEndpoint
) -> None:
    signer = signer_for(receipt_key)
    signed = receipts.sign(RECEIPT, signer)
    assert signed["signature"]["key_id"] == receipt_key and signed["signature"]["algorithm"] == "ECDSA_P256_SHA256"
    (call,) = aws_sandbox.log.of("kms", "Sign")
    request = json.loads(call.body)
    assert (request["MessageType"], request["SigningAlgorithm"]) == ("DIGEST", "ECDSA_SHA_256")
    assert base64.b64decode(request["Message"]) == receipts.digest(RECEIPT)  # the digest, not the receipt

    pem = signer.public_key_pem()  # GetPublicKey
    public = serialization.load_pem_public_key(pem.encode())
    assert isinstance(public, ec.EllipticCurvePublicKey) and public.curve.name == "secp256r1"
    signature = receipts.signature_bytes(signed)
    public.verify(signature, receipts.canonical(signed), ec.ECDSA(hashes.SHA256()))  # plain ECDSA-SHA256
    assert signature_valid(pem, receipts.digest(signed), signature)
    bad = tampered(signed)
    with pytest.raises(InvalidSignature):
        public.verify(signature, receipts.canonical(bad), ec.ECDSA(hashes.SHA256()))
    assert not signature_valid(pem, receipts.digest(bad), signature)


def test_kms_verify_agrees_with_the_offline_check(receipt_key: str, clients: Clients) -> None:
    signed = receipts.sign(RECEIPT, signer_for(receipt_key))
    for receipt, valid in ((signed, True), (tampered(signed), False)):
        answer = clients("kms").verify(
            KeyId=receipt_key,
            Message=receipts.digest(receipt),
            MessageType="DIGEST",
            Signature=receipts.signature_bytes(receipt),
            SigningAlgorithm="ECDSA_SHA_256",
        )
        assert answer["SignatureValid"] is valid


def test_engram_erasure_verify_checks_a_receipt_with_the_deployments_kms_key(
    receipt_key: str, clients: Clients, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    signed = receipts.sign(RECEIPT, signer_for(receipt_key))
    der = clients("kms").get_public_key(KeyId=receipt_key)["PublicKey"]
    (tmp_path / "kms-public-key.txt").write_text(base64.b64encode(der).decode())  # what the AWS CLI prints
    monkeypatch.setenv("ENGRAM_RECEIPT_KMS_KEY_ID", receipt_key)
    for name, receipt, valid in (("good", signed, True), ("bad", tampered(signed), False)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({"receipt": receipt}))
        for key_file in (None, str(tmp_path / "kms-public-key.txt")):
            args = argparse.Namespace(receipt=str(path), public_key=key_file, user_id=None, ddb_endpoint=None)
            assert erasure_verify.verify(args)["signature_valid"] is valid


MISSING_KEY = "arn:aws:kms:us-east-1:123456789012:key/00000000-0000-0000-0000-000000000000"


@pytest.mark.parametrize("problem", ["no such key", "a key that cannot sign"])
def test_signing_with_a_key_kms_will_not_use_is_a_domain_error(problem: str, clients: Clients) -> None:
    symmetric = clients("kms").create_key()["KeyMetadata"]["Arn"]  # ENCRYPT_DECRYPT
    signer = signer_for(MISSING_KEY if problem == "no such key" else symmetric)
    with pytest.raises(StoreUnavailable) as raised:
        signer.sign(receipts.digest(RECEIPT))
    assert not isinstance(raised.value, ClientError | BotoCoreError)


def test_a_public_key_kms_cannot_give_is_a_domain_error() -> None:
    with pytest.raises(StoreUnavailable) as raised:
        signer_for(MISSING_KEY).public_key_pem()
    assert raised.value.details == {"cause": "NotFoundException"}
