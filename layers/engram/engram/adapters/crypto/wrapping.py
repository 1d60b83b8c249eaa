"""Wrapping keys for the per-user data keys (P3, envelope encryption).

In AWS the data keys come from KMS GenerateDataKey and are unwrapped with Decrypt, bound to
their owner by the encryption context, so a wrapped key copied onto another user's item does
not open. Locally a keyring file (`.local/field-keys.json`, owner-only) plays KMS: AES-256-GCM
with the owner as associated data. Rotation: KMS rotates its key material on its own (old
wrapped keys keep opening); moving to a new key — or a new local key — is `rewrap`.
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from engram.adapters import local_files
from engram.kernel.errors import StoreUnavailable

DATA_KEY_BYTES = 32  # AES-256


@dataclass(frozen=True, slots=True)
class NewDataKey:
    plaintext: bytes
    wrapped: bytes
    wrapped_by: str  # the wrapping key that can open it


class KeyWrapper(Protocol):
    @property
    def current_key_id(self) -> str: ...

    def generate(self, owner: str) -> NewDataKey: ...

    def unwrap(self, wrapped: bytes, owner: str) -> bytes: ...

    def wrap(self, plaintext: bytes, owner: str) -> NewDataKey:
        """Wrap an existing data key under the current wrapping key (rewrap after a rotation)."""
        ...


def _context(owner: str) -> dict[str, str]:
    return {"engram:owner": owner}


class KmsKeyWrapper:
    def __init__(self, key_id: str, region: str, client: Any = None) -> None:
        self._key_id = key_id
        self._region = region
        self._client = client

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3
            from botocore.config import Config

            self._client = boto3.client(
                "kms",
                region_name=self._region,
                config=Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=2, read_timeout=5),
            )
        return self._client

    @property
    def current_key_id(self) -> str:
        return self._key_id

    def _call(self, op: str, **kwargs: Any) -> dict[str, Any]:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            result: dict[str, Any] = getattr(self.client, op)(**kwargs)
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the field key is unavailable", details={"cause": type(exc).__name__}) from exc
        return result

    def generate(self, owner: str) -> NewDataKey:
        out = self._call("generate_data_key", KeyId=self._key_id, KeySpec="AES_256", EncryptionContext=_context(owner))
        return NewDataKey(bytes(out["Plaintext"]), bytes(out["CiphertextBlob"]), str(out["KeyId"]))

    def unwrap(self, wrapped: bytes, owner: str) -> bytes:
        out = self._call("decrypt", CiphertextBlob=wrapped, EncryptionContext=_context(owner))
        return bytes(out["Plaintext"])

    def wrap(self, plaintext: bytes, owner: str) -> NewDataKey:
        out = self._call("encrypt", KeyId=self._key_id, Plaintext=plaintext, EncryptionContext=_context(owner))
        return NewDataKey(plaintext, bytes(out["CiphertextBlob"]), str(out["KeyId"]))


class LocalKeyring:
    """A JSON keyring {"current": id, "keys": {id: base64 key}}; the wrapped form is
    id-length byte + id + nonce + AES-GCM(data key, aad=owner), so it names the key that opens it."""

    def __init__(self, path: Path) -> None:
        self._path = path.absolute()  # a later chdir must not lose the keyring
        self._lock = threading.Lock()
        self._ring = self._load_or_create()
        self._seen = self._stamp()

    def _load_or_create(self) -> dict[str, Any]:
        if not self._path.exists():
            kid = "local-" + secrets.token_hex(4)
            ring = {"current": kid, "keys": {kid: base64.b64encode(AESGCM.generate_key(256)).decode()}}
            # whole or not at all: a process opening the keyring meanwhile never reads it half written,
            # and when several make one at once, the first stands and the others use it
            local_files.create_once(self._path, json.dumps(ring).encode())
        ring_read: dict[str, Any] = json.loads(self._path.read_text())
        return ring_read

    def reload(self) -> None:
        with self._lock:
            self._ring = self._load_or_create()
            self._seen = self._stamp()

    def _stamp(self) -> int:
        try:
            return self._path.stat().st_mtime_ns
        except OSError:
            return 0

    @property
    def current_key_id(self) -> str:
        if self._stamp() != self._seen:  # rotated by `engram keys rotate` since this process read it
            self.reload()
        return str(self._ring["current"])

    def _key(self, kid: str) -> AESGCM:
        raw = self._ring["keys"].get(kid)
        if raw is None:
            self.reload()  # rotated by another process since this one read the file
            raw = self._ring["keys"].get(kid)
        if raw is None:
            raise StoreUnavailable(
                "the wrapping key of this data key is not in the local keyring", details={"key": kid}
            )
        return AESGCM(base64.b64decode(raw))

    def generate(self, owner: str) -> NewDataKey:
        return self.wrap(AESGCM.generate_key(DATA_KEY_BYTES * 8), owner)

    def wrap(self, plaintext: bytes, owner: str) -> NewDataKey:
        kid = self.current_key_id
        nonce = os.urandom(12)
        sealed = self._key(kid).encrypt(nonce, plaintext, owner.encode())
        tag = kid.encode()
        return NewDataKey(plaintext, bytes([len(tag)]) + tag + nonce + sealed, kid)

    def unwrap(self, wrapped: bytes, owner: str) -> bytes:
        size = wrapped[0]
        kid = wrapped[1 : 1 + size].decode()
        nonce, sealed = wrapped[1 + size : 13 + size], wrapped[13 + size :]
        return self._key(kid).decrypt(nonce, sealed, owner.encode())

    # --- rotation -------------------------------------------------------------------
    def rotate(self) -> str:
        """Add a new wrapping key and make it current; older keys stay until retired."""
        with self._lock:
            ring = json.loads(self._path.read_text())
            kid = "local-" + secrets.token_hex(4)
            ring["keys"][kid] = base64.b64encode(AESGCM.generate_key(256)).decode()
            ring["current"] = kid
            self._write(ring)
            self._ring = ring
            self._seen = self._stamp()
            return kid

    def retire(self, kid: str) -> None:
        """Forget a wrapping key (after every data key was rewrapped away from it)."""
        with self._lock:
            ring = json.loads(self._path.read_text())
            if kid == ring["current"]:
                raise ValueError("the current wrapping key cannot be retired")
            ring["keys"].pop(kid, None)
            self._write(ring)
            self._ring = ring
            self._seen = self._stamp()

    def _write(self, ring: dict[str, Any]) -> None:
        local_files.replace(self._path, json.dumps(ring).encode())  # a reader sees the old ring or the new one
