"""How PynamoDB models find their table: one place, from Settings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # type only: pydantic-settings is imported when the settings are read, not here
    from engram.settings import Settings


@dataclass(frozen=True, slots=True)
class CipherConfig:
    """P3 field encryption of the table's content (see engram.adapters.crypto)."""

    enabled: bool = True
    keys_table: str | None = None  # default "{table}-keys"
    kms_key_id: str | None = None  # None: the local keyring file wraps the data keys
    keyring_path: str = ".local/field-keys.json"
    cache_size: int = 1024
    cache_ttl_s: float = 300.0


@dataclass(frozen=True, slots=True)
class TableConfig:
    table_name: str
    region: str
    host: str | None = None  # DynamoDB Local endpoint; None = AWS
    cipher: CipherConfig = field(default_factory=CipherConfig)

    @classmethod
    def from_settings(cls, settings: Settings) -> TableConfig:
        cipher = CipherConfig(
            enabled=settings.field_encryption,
            keys_table=settings.keys_table_name,
            kms_key_id=settings.field_kms_key_id,
            keyring_path=settings.field_keyring_path,
            cache_size=settings.data_key_cache_size,
            cache_ttl_s=settings.data_key_cache_ttl_s,
        )
        return cls(settings.table_name, settings.aws_region, settings.dynamodb_endpoint, cipher)
