"""The field cipher and the table's bound models: one of each per table configuration and
process (the cipher's data-key cache and the models' connection pool are the warm
container's). KMS when a key id is configured, the local keyring file otherwise."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.crypto.key_store import DynamoDataKeyStore, keys_table_name
from engram.adapters.crypto.wrapping import KeyWrapper, KmsKeyWrapper, LocalKeyring
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.models import BoundModels, bind

if TYPE_CHECKING:
    from engram.adapters.crypto.rewrap import KeyRewrapJob
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


def bound_models(cfg: TableConfig) -> BoundModels:
    """The table's model classes, sealing with the table's cipher."""
    return bind(cfg, cipher_for(cfg))


def bound_models_for(settings: Settings) -> BoundModels:
    return bound_models(TableConfig.from_settings(settings))


def key_rewrap_job(settings: Settings) -> KeyRewrapJob:
    """P3: rewrap every data key under the current wrapping key (after a rotation)."""
    from engram.adapters.crypto.rewrap import KeyRewrapJob
    from engram.adapters.dynamodb.job_state import DynamoJobState

    return KeyRewrapJob(
        cipher=cipher_for_settings(settings),
        state=DynamoJobState(bound_models_for(settings)),
        page_keys=settings.rewrap_page_keys,
    )
