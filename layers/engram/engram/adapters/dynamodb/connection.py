"""How PynamoDB models find their table: one place, from Settings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # type only: pydantic-settings is imported when the settings are read, not here
    from engram.settings import Settings


@dataclass(frozen=True, slots=True)
class TableConfig:
    table_name: str
    region: str
    host: str | None = None  # DynamoDB Local endpoint; None = AWS

    @classmethod
    def from_settings(cls, settings: Settings) -> TableConfig:
        return cls(settings.table_name, settings.aws_region, settings.dynamodb_endpoint)
