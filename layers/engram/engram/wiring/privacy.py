"""Erasure (P1), export (P2), the audit trail (P6) and the receipt signer, built from the
container's ports; `kick` starts a job now instead of at its next schedule."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engram.adapters.secrets import erasure_hash_key
from engram.privacy.audit import AuditTrail
from engram.privacy.erasure import ErasureJob, ErasureService
from engram.privacy.export import AuditHistory, ExportService
from engram.privacy.export_jobs import ExportArchive, LargeExports
from engram.privacy.ports import AuditWriter, ReceiptSigner
from engram.settings import Settings

if TYPE_CHECKING:
    from engram.adapters.dynamodb.erasure_log import DynamoErasureLog
    from engram.line.erasure_notices import ErasureNotices
    from engram.privacy.quotas import RequestQuotas
    from engram.privacy.reerasure import ReerasureJob
    from engram.wiring.parts import Parts


def receipt_signer(settings: Settings) -> ReceiptSigner:
    """KMS when a key id is configured (AWS), else the local key file."""
    from engram.adapters.signing import KmsSigner, LocalKeySigner

    s = settings
    if s.receipt_kms_key_id:
        return KmsSigner(s.receipt_kms_key_id, s.aws_region)
    return LocalKeySigner(Path(s.receipt_key_path))


def erasure_job(c: Parts) -> ErasureJob:
    from engram.adapters.dynamodb.erasure_fence import DynamoErasureFence
    from engram.adapters.dynamodb.erasure_requests import DynamoErasureRequests
    from engram.adapters.dynamodb.user_data import DynamoUserData
    from engram.wiring.events import build_event_bus, erasure_announcer

    return ErasureJob(
        requests=DynamoErasureRequests(c.bound),
        data=DynamoUserData(c.bound),
        fence=DynamoErasureFence(c.bound),
        index=None if c.index_owned_elsewhere else c.index,
        signer=c.receipt_signer,
        settings=c.settings,
        clock=c.clock,
        metrics=c.metrics,
        audit=c.hashed_audit_trail if c.settings.audit_enabled else None,
        log=erasure_log(c.settings),
        archive=c.export_archive,
        on_completed=erasure_notices(c).completed,
        announce=erasure_announcer(build_event_bus(c.settings)),
    )


def erasure_notices(c: Parts) -> ErasureNotices:
    """W4: the receipt's summary to the LINE user who asked in the chat (any other request: nothing)."""
    from engram.wiring.line import erasure_notices_for

    return erasure_notices_for(c.settings, c.metrics)


def erasure_log(settings: Settings) -> DynamoErasureLog:
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.erasure_log import DynamoErasureLog, erasure_log_table_name

    s = settings
    return DynamoErasureLog(
        TableConfig.from_settings(s), s.erasure_log_table_name or erasure_log_table_name(s.table_name)
    )


def reerasure_job(c: Parts) -> ReerasureJob:
    """O4: queue re-erasures of the logged erasures' users a restored table holds again."""
    from engram.adapters.dynamodb.erasure_requests import DynamoErasureRequests
    from engram.adapters.dynamodb.job_state import DynamoJobState
    from engram.adapters.dynamodb.user_data import DynamoTableUsers
    from engram.privacy.reerasure import ReerasureJob

    s = c.settings
    return ReerasureJob(
        log=erasure_log(s),
        users=DynamoTableUsers(c.bound),
        requests=DynamoErasureRequests(c.bound),
        state=DynamoJobState(c.bound),
        clock=c.clock,
        hash_key=erasure_hash_key(s),
        page_items=s.retention_page_items,
    )


def erasure_service(c: Parts) -> ErasureService:
    from engram.adapters.dynamodb.erasure_requests import DynamoErasureRequests

    return ErasureService(
        requests=DynamoErasureRequests(c.bound),
        settings=c.settings,
        clock=c.clock,
        hash_key=erasure_hash_key(c.settings),
        on_confirmed=c.start_erasure,
    )


def export_service(c: Parts) -> ExportService:
    from engram.adapters.dynamodb.user_data import DynamoUserData

    return ExportService(
        DynamoUserData(c.bound),
        c.settings,
        c.clock,
        audit=audit_history(c.settings) if c.settings.audit_enabled else None,
        hash_key=erasure_hash_key(c.settings),
    )


def audit_history(settings: Settings) -> AuditHistory:
    """In AWS the audit reader function answers (writers may not read the table); locally the
    same reader class reads it."""
    s = settings
    if s.audit_reader_function_name:
        from engram.adapters.audit_history import InvokedAuditHistory

        return InvokedAuditHistory(s.audit_reader_function_name, s.aws_region)
    from engram.adapters.audit_history import ReaderAuditHistory
    from engram.adapters.dynamodb.audit_log import DynamoAuditReader
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.tables import audit_table_name

    table = s.audit_table_name or audit_table_name(s.table_name)
    return ReaderAuditHistory(DynamoAuditReader(TableConfig.from_settings(s), table))


def audit_trail(c: Parts, *, hashed_only: bool) -> AuditTrail:
    """P6: the writer side: in AWS through the audit writer function (the only role that may
    write the table), locally the same chained writer directly. `hashed_only`: for a function
    without the hash key (the jobs), whose entries carry subjects hashed already."""
    return AuditTrail(audit_writer(c.settings), None if hashed_only else erasure_hash_key(c.settings), c.metrics)


def audit_writer(settings: Settings) -> AuditWriter:
    s = settings
    if s.audit_writer_function_name:
        from engram.adapters.audit_writer import InvokedAuditWriter

        return InvokedAuditWriter(s.audit_writer_function_name, s.aws_region)
    from engram.adapters.dynamodb.audit_log import DynamoAuditWriter
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.tables import audit_table_name

    return DynamoAuditWriter(TableConfig.from_settings(s), s.audit_table_name or audit_table_name(s.table_name))


def export_archive(settings: Settings) -> ExportArchive:
    from engram.adapters.export_archive import LocalExportArchive, S3ExportArchive

    s = settings
    if s.export_bucket:
        return S3ExportArchive(s.export_bucket, s.aws_region)
    return LocalExportArchive(Path(s.export_dir))


def large_exports(c: Parts) -> LargeExports:
    """P2: exports above the inline bound, made by the `export` job and fetched by link."""
    from engram.adapters.dynamodb.export_requests import DynamoExportRequests

    return LargeExports(
        requests=DynamoExportRequests(c.bound),
        archive=c.export_archive,
        exports=c.export_service,
        settings=c.settings,
        clock=c.clock,
        metrics=c.metrics,
        on_requested=c.start_export,
    )


def kick(settings: Settings, job: str, trigger: Callable[[], object] | None, run: Callable[[], object]) -> None:
    """Start a job now: in AWS an asynchronous invoke of the jobs function, locally a thread
    (tests hand in their own trigger). The schedule is the backstop either way."""
    if trigger is not None:
        trigger()
        return
    if settings.erasure_function_name:
        from engram.adapters.invoke import invoke_job

        invoke_job(settings.erasure_function_name, job, settings.aws_region)
        return
    threading.Thread(target=run, daemon=True, name=f"{job}-now").start()


def request_quotas(c: Parts) -> RequestQuotas:
    """Abuse limits: erasure requests and export jobs per user per day (conditional counters)."""
    from engram.adapters.dynamodb.client import dynamodb_client
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.daily_counters import DynamoDailyCounters
    from engram.privacy.quotas import QuotaKind, RequestQuotas

    s = c.settings
    counters = DynamoDailyCounters(dynamodb_client(TableConfig.from_settings(s)), s.table_name)
    limits: dict[QuotaKind, int] = {
        "erasure_requests": s.erasure_requests_per_day,
        "export_jobs": s.export_jobs_per_day,
    }
    return RequestQuotas(counters, c.clock, limits)
