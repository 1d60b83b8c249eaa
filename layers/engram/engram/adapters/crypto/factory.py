"""One FieldCipher per table configuration and process: its data-key cache is the warm
container's. KMS when a key id is configured, the local keyring file otherwise."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.crypto.key_store import DynamoDataKeyStore, keys_table_name
from engram.adapters.crypto.wrapping import KeyWrapper, KmsKeyWrapper, LocalKeyring
from engram.adapters.dynamodb.connection import TableConfig

if TYPE_CHECKING:
    from engram.settings import Settings


def wrapper_for(cfg: TableConfig) -> KeyWrapper:
    c = cfg.cipher
    if c.kms_key_id:
        return KmsKeyWrapper(c.kms_key_id, cfg.region)
    return LocalKeyring(Path(c.keyring_path))


@lru_cache(maxsize=16)
def cipher_for(cfg: TableConfig) -> FieldCipher:
    c = cfg.cipher
    store = DynamoDataKeyStore(cfg, c.keys_table or keys_table_name(cfg.table_name))
    return FieldCipher(store, wrapper_for(cfg), enabled=c.enabled, cache_size=c.cache_size, cache_ttl_s=c.cache_ttl_s)


def cipher_for_settings(settings: Settings) -> FieldCipher:
    return cipher_for(TableConfig.from_settings(settings))
