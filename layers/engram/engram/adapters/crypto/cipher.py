"""Seal and open content fields with their owner's data key (P3).

A sealed text is `enc1:{key id}:{base64(nonce || AES-256-GCM ciphertext)}`; sealed bytes are
the same behind a binary marker. The associated data is the owner and the attribute name, so
a ciphertext moved to another user's item, or to another attribute, does not open. Values
without the marker read as they are (items written before encryption, or with it off).

Data keys are cached per warm container, bounded in count and age (`data_key_cache_size`,
`data_key_cache_ttl_s`): a turn costs no key read once the user's key is warm. The age bound
is also how long a container that cached a key keeps using it after another container's
erasure deleted it; what it writes in that window opens for nobody (see docs/architecture.md).
AES-GCM comes from `cryptography` (never hand-rolled).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from engram.adapters.crypto.key_store import DynamoDataKeyStore, StoredKey
from engram.adapters.crypto.wrapping import KeyWrapper
from engram.kernel.errors import ContentShredded

TEXT_MARK = "enc1:"
HASH_MARK = "h1:"  # a keyed hash (topics): comparable within one user, linkable by nobody without their key
HASH_CHARS = 32
BYTES_MARK = b"\x00enc1"
KEY_ID_CHARS = 16
NONCE = 12


def owner_of(pk: str) -> str:
    """The user a partition belongs to: `T#{tenant}#U#{user}` (every user partition starts so)."""
    parts = pk.split("#", 4)
    if len(parts) < 4 or parts[0] != "T" or parts[2] != "U":
        raise ValueError("not a user's partition key")
    return "#".join(parts[:4])


@dataclass(slots=True)
class _Cached:
    key_id: str
    aead: AESGCM
    loaded_at: float
    mac: bytes  # the keyed hashes' key, derived from the data key: it goes when the data key goes


class FieldCipher:
    def __init__(
        self,
        store: DynamoDataKeyStore,
        wrapper: KeyWrapper,
        *,
        enabled: bool = True,
        cache_size: int = 1024,
        cache_ttl_s: float = 300.0,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.wrapper = wrapper
        self.enabled = enabled
        self._size = cache_size
        self._ttl = cache_ttl_s
        self._now = monotonic
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._lock = threading.Lock()
        self.key_reads = 0  # key-store reads (the cache's misses), for benchmarks and tests

    # --- the data keys ----------------------------------------------------------------
    def _cached(self, owner: str) -> _Cached | None:
        with self._lock:
            hit = self._cache.get(owner)
            if hit is None or self._now() - hit.loaded_at > self._ttl:
                return None
            self._cache.move_to_end(owner)
            return hit

    def _remember(self, owner: str, key_id: str, plaintext: bytes) -> _Cached:
        mac = hmac.new(plaintext, b"engram keyed hash v1", hashlib.sha256).digest()
        entry = _Cached(key_id, AESGCM(plaintext), self._now(), mac)
        with self._lock:
            self._cache[owner] = entry
            self._cache.move_to_end(owner)
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)
        return entry

    def _load(self, owner: str) -> _Cached | None:
        self.key_reads += 1
        stored = self.store.get(owner)
        if stored is None:
            return None
        return self._remember(owner, stored.key_id, self.wrapper.unwrap(stored.wrapped, owner))

    def _key_for_writing(self, owner: str) -> _Cached:
        entry = self._cached(owner) or self._load(owner)
        if entry is not None:
            return entry
        new = self.wrapper.generate(owner)
        key_id = secrets.token_hex(KEY_ID_CHARS // 2)
        if self.store.put_new(StoredKey(owner, key_id, new.wrapped, new.wrapped_by), time.time()):
            return self._remember(owner, key_id, new.plaintext)
        entry = self._load(owner)  # another writer created the key first: use theirs
        if entry is None:
            raise ContentShredded("the data key vanished while it was being created")
        return entry

    def _key_for_reading(self, owner: str, key_id: str) -> AESGCM:
        entry = self._cached(owner)
        if entry is None or entry.key_id != key_id:
            entry = self._load(owner)
        if entry is None or entry.key_id != key_id:
            raise ContentShredded("the data key of this content was deleted", details={"key": key_id})
        return entry.aead

    def forget(self, owner: str) -> None:
        with self._lock:
            self._cache.pop(owner, None)

    # --- texts ------------------------------------------------------------------------
    def seal(self, pk: str, field: str, value: str) -> str:
        if not self.enabled or not value:
            return value
        owner = owner_of(pk)
        entry = self._key_for_writing(owner)
        nonce = os.urandom(NONCE)
        sealed = entry.aead.encrypt(nonce, value.encode(), _aad(owner, field))
        return f"{TEXT_MARK}{entry.key_id}:{base64.b64encode(nonce + sealed).decode()}"

    def open(self, pk: str, field: str, value: str) -> str:
        """The plaintext; ContentShredded when its key is gone."""
        parsed = _parse_text(value)
        if parsed is None:
            return value
        key_id, blob = parsed
        owner = owner_of(pk)
        try:
            return self._key_for_reading(owner, key_id).decrypt(blob[:NONCE], blob[NONCE:], _aad(owner, field)).decode()
        except InvalidTag as exc:
            raise ContentShredded("this content does not open with its owner's key") from exc

    def read(self, pk: str, field: str, value: str | None) -> str:
        """What readers show: the plaintext, or "" for content that was crypto-shredded."""
        if not value:
            return ""
        try:
            return self.open(pk, field, value)
        except ContentShredded:
            return ""

    def keyed_hash(self, pk: str, field: str, value: str) -> str:
        """HMAC-SHA256 under a key derived from the owner's data key: equal values of one user and
        field hash alike, and once the data key is erased no copy (a backup) links to anything."""
        if not self.enabled or not value:
            return value
        entry = self._key_for_writing(owner_of(pk))
        digest = hmac.new(entry.mac, f"{field}\x1f{value}".encode(), hashlib.sha256).hexdigest()
        return HASH_MARK + digest[:HASH_CHARS]

    # --- bytes (embeddings) -----------------------------------------------------------
    def seal_bytes(self, pk: str, field: str, value: bytes) -> bytes:
        if not self.enabled or not value:
            return value
        owner = owner_of(pk)
        entry = self._key_for_writing(owner)
        nonce = os.urandom(NONCE)
        return BYTES_MARK + entry.key_id.encode() + nonce + entry.aead.encrypt(nonce, value, _aad(owner, field))

    def read_bytes(self, pk: str, field: str, value: bytes | None) -> bytes | None:
        """The plaintext bytes, or None for bytes that were crypto-shredded."""
        if not value or not value.startswith(BYTES_MARK):
            return value
        owner = owner_of(pk)
        head = len(BYTES_MARK)
        key_id = value[head : head + KEY_ID_CHARS].decode(errors="replace")
        body = value[head + KEY_ID_CHARS :]
        try:
            return self._key_for_reading(owner, key_id).decrypt(body[:NONCE], body[NONCE:], _aad(owner, field))
        except (ContentShredded, InvalidTag):
            return None


def _aad(owner: str, field: str) -> bytes:
    return f"{owner}\x1f{field}".encode()


def is_sealed(value: str | bytes | None) -> bool:
    if isinstance(value, bytes):
        return value.startswith(BYTES_MARK)
    return _parse_text(value) is not None if value else False


def _parse_text(value: str) -> tuple[str, bytes] | None:
    if not value.startswith(TEXT_MARK):
        return None
    key_id, sep, body = value[len(TEXT_MARK) :].partition(":")
    if not sep or len(key_id) != KEY_ID_CHARS:
        return None
    try:
        blob = base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        return None
    return (key_id, blob) if len(blob) > NONCE + 16 else None
