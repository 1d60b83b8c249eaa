"""P6: check a subject's audit hash chain where it is stored (`engram audit verify`, or this
call from any machine whose credentials may read the audit table: Query and GetItem, an
operator's). Reads every entry of the subject and its head; names the first entry that does
not hold (privacy/audit_chain.py)."""

from __future__ import annotations

from engram.adapters.audit_history import ReaderAuditHistory
from engram.adapters.dynamodb.audit_log import DynamoAuditReader
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import audit_table_name
from engram.privacy.audit_chain import ChainReport, verify
from engram.settings import Settings

ALL = 10**9  # a chain is checked whole


def verify_subject(reader: DynamoAuditReader, tenant_id: str, subject: str) -> ChainReport:
    entries = ReaderAuditHistory(reader).entries_about(tenant_id, subject, ALL)
    return verify(entries, reader.head(tenant_id, subject))


def audit_reader(settings: Settings) -> DynamoAuditReader:
    table = settings.audit_table_name or audit_table_name(settings.table_name)
    return DynamoAuditReader(TableConfig.from_settings(settings), table)


def verify_user(settings: Settings, tenant_id: str, user_id: str) -> ChainReport:
    """The user's chain; an erased user's entries are found by their subject (verify_subject)."""
    from engram.adapters.secrets import erasure_hash_key
    from engram.privacy.receipt import user_hash

    subject = user_hash(erasure_hash_key(settings), tenant_id, user_id)
    return verify_subject(audit_reader(settings), tenant_id, subject)
