"""Teach moto KMS's Sign and Verify `MessageType=DIGEST`, which AWS KMS honours and moto 5.2.5
ignores (it hashes the 32-byte digest again, so a signature it makes verifies over
SHA-256(digest) and never over the digest — no offline verifier of a real KMS signature would
accept it). Only the hashing step changes: moto still picks the key, checks its usage and the
algorithm, and holds the private key."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, utils
from moto.kms import responses as kms_responses
from moto.kms import utils as kms_utils
from moto.kms.exceptions import ValidationException

_DIGEST: ContextVar[bool] = ContextVar("kms_message_is_digest", default=False)
HASHES: dict[str, Callable[[], hashes.HashAlgorithm]] = {
    "ECDSA_SHA_256": hashes.SHA256,
    "ECDSA_SHA_384": hashes.SHA384,
    "ECDSA_SHA_512": hashes.SHA512,
}


def _noting_message_type(handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def handle(self: Any) -> Any:
        token = _DIGEST.set(self._get_param("MessageType") == "DIGEST")
        try:
            return handler(self)
        finally:
            _DIGEST.reset(token)

    return handle


def _prehashed(key: Any, digest: bytes, algorithm: str) -> ec.ECDSA:
    kms_utils.validate_signing_algorithm(algorithm, key.valid_signing_algorithms)
    chosen = HASHES[algorithm]()
    if len(digest) != chosen.digest_size:  # what KMS answers to a digest of the wrong length
        raise ValidationException(f"Digest is invalid length for algorithm {algorithm}.")
    return ec.ECDSA(utils.Prehashed(chosen))


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    sign, verify = kms_utils.ECDSAPrivateKey.sign, kms_utils.ECDSAPrivateKey.verify

    def sign_digest(self: Any, message: bytes, algorithm: str) -> bytes:
        if not _DIGEST.get():
            return sign(self, message, algorithm)
        signed: bytes = self.private_key.sign(message, _prehashed(self, message, algorithm))
        return signed

    def verify_digest(self: Any, message: bytes, signature: bytes, algorithm: str) -> bool:
        if not _DIGEST.get():
            return verify(self, message, signature, algorithm)
        try:
            self.private_key.public_key().verify(signature, message, _prehashed(self, message, algorithm))
        except InvalidSignature:
            return False
        return True

    monkeypatch.setattr(kms_utils.ECDSAPrivateKey, "sign", sign_digest)
    monkeypatch.setattr(kms_utils.ECDSAPrivateKey, "verify", verify_digest)
    for name in ("sign", "verify"):
        monkeypatch.setattr(
            kms_responses.KmsResponse, name, _noting_message_type(getattr(kms_responses.KmsResponse, name))
        )
