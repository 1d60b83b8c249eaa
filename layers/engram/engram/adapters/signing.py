"""Receipt signing (P1): ECDSA P-256 over SHA-256, the same on both sides so one verifier
checks either — a KMS asymmetric key (ECC_NIST_P256, ECDSA_SHA_256) in AWS, a PEM key file
locally (created on first use, owner-only). The `cryptography` package does the curve math:
never hand-rolled."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils

from engram.adapters import local_files
from engram.kernel.errors import StoreUnavailable

_PREHASHED = ec.ECDSA(utils.Prehashed(hashes.SHA256()))


class LocalKeySigner:
    def __init__(self, path: Path) -> None:
        self._path = path
        self._key = self._load_or_create(path)

    @staticmethod
    def _load_or_create(path: Path) -> ec.EllipticCurvePrivateKey:
        if not path.exists():
            key = ec.generate_private_key(ec.SECP256R1())
            pem = key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
            # whole or not at all; when several processes make one at once, the first stands
            local_files.create_once(path, pem)
        loaded = serialization.load_pem_private_key(path.read_bytes(), password=None)
        assert isinstance(loaded, ec.EllipticCurvePrivateKey), "the receipt key must be an EC key"
        return loaded

    @property
    def key_id(self) -> str:
        return "local:" + hashlib.sha256(self.public_key_pem().encode()).hexdigest()[:16]

    def sign(self, digest: bytes) -> bytes:
        return self._key.sign(digest, _PREHASHED)

    def public_key_pem(self) -> str:
        return (
            self._key.public_key()
            .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
            .decode()
        )


class KmsSigner:
    """The deployment's KMS key signs; its private half never leaves KMS."""

    def __init__(self, key_id: str, region: str | None = None, client: Any = None) -> None:
        if client is None:
            import boto3

            client = boto3.client("kms", region_name=region)
        self._client = client
        self._key_id = key_id
        self._public: str | None = None

    @property
    def key_id(self) -> str:
        return self._key_id

    def sign(self, digest: bytes) -> bytes:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            response = self._client.sign(
                KeyId=self._key_id, Message=digest, MessageType="DIGEST", SigningAlgorithm="ECDSA_SHA_256"
            )
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("KMS could not sign the receipt", details={"cause": type(exc).__name__}) from exc
        signature: bytes = response["Signature"]
        return signature

    def public_key_pem(self) -> str:
        if self._public is None:
            from botocore.exceptions import BotoCoreError, ClientError

            try:
                der = self._client.get_public_key(KeyId=self._key_id)["PublicKey"]
            except (BotoCoreError, ClientError) as exc:
                raise StoreUnavailable(
                    "KMS could not give the receipt key", details={"cause": type(exc).__name__}
                ) from exc
            key = serialization.load_der_public_key(der)
            self._public = key.public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            ).decode()
        return self._public


def signature_valid(public_key_pem: str, digest: bytes, signature: bytes) -> bool:
    key = serialization.load_pem_public_key(public_key_pem.encode())
    if not isinstance(key, ec.EllipticCurvePublicKey):
        return False
    try:
        key.verify(signature, digest, _PREHASHED)
    except InvalidSignature:
        return False
    return True
