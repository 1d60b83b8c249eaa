"""Wiring of erasure (P1) from a Container's ports; built once per container and kept in `extras`."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engram.adapters.secrets import erasure_hash_key
from engram.memory.factory import INDEX_ELSEWHERE, _once
from engram.ports import ReceiptSigner
from engram.privacy.audit import AuditTrail
from engram.privacy.erasure import JOB, ErasureJob, ErasureService
from engram.privacy.export import ExportService
from engram.privacy.export_jobs import JOB as EXPORT_JOB
from engram.privacy.export_jobs import ExportArchive, LargeExports

if TYPE_CHECKING:
    from engram.adapters.crypto.rewrap import KeyRewrapJob
    from engram.bootstrap import Container
    from engram.privacy.reerasure import ReerasureJob

ERASURE_SERVICE = "erasure_service"
ERASURE_JOB = "erasure_job"
EXPORT_SERVICE = "export_service"
AUDIT_TRAIL = "audit_trail"
SIGNER = "receipt_signer"
LARGE_EXPORTS = "large_exports"


def receipt_signer_for(container: Container) -> ReceiptSigner:
    """KMS when a key id is configured (AWS), else the local key file."""
    s = container.settings
    held = container.extras.get(SIGNER)
    if held is None:
        from engram.adapters.signing import KmsSigner, LocalKeySigner

        held = (
            KmsSigner(s.receipt_kms_key_id, s.aws_region)
            if s.receipt_kms_key_id
            else LocalKeySigner(Path(s.receipt_key_path))
        )
        container.extras[SIGNER] = held
    signer: ReceiptSigner = held
    return signer


def erasure_job_for(container: Container) -> ErasureJob:
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.erasure_fence import DynamoErasureFence
    from engram.adapters.dynamodb.erasure_requests import DynamoErasureRequests
    from engram.adapters.dynamodb.models import bind
    from engram.adapters.dynamodb.user_data import DynamoUserData

    def build() -> ErasureJob:
        bound = bind(TableConfig.from_settings(container.settings))
        return ErasureJob(
            requests=DynamoErasureRequests(bound),
            data=DynamoUserData(bound),
            fence=DynamoErasureFence(bound),
            index=None if container.extras.get(INDEX_ELSEWHERE) else container.index,
            signer=receipt_signer_for(container),
            settings=container.settings,
            clock=container.clock,
            metrics=container.metrics,
            audit=audit_trail_for(container, hashed_only=True) if container.settings.audit_enabled else None,
            log=_erasure_log(container),
            archive=export_archive_for(container),
        )

    return _once(container, ERASURE_JOB, ErasureJob, build)


def _erasure_log(container: Container) -> Any:
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.erasure_log import DynamoErasureLog, erasure_log_table_name

    s = container.settings
    return DynamoErasureLog(
        TableConfig.from_settings(s), s.erasure_log_table_name or erasure_log_table_name(s.table_name)
    )


def reerasure_job_for(container: Container) -> ReerasureJob:
    """O4: queue re-erasures of the logged erasures' users a restored table holds again."""
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.erasure_requests import DynamoErasureRequests
    from engram.adapters.dynamodb.job_state import DynamoJobState
    from engram.adapters.dynamodb.models import bind
    from engram.adapters.dynamodb.user_data import DynamoTableUsers
    from engram.privacy.reerasure import ReerasureJob

    s = container.settings
    bound = bind(TableConfig.from_settings(s))
    return ReerasureJob(
        log=_erasure_log(container),
        users=DynamoTableUsers(bound),
        requests=DynamoErasureRequests(bound),
        state=DynamoJobState(bound),
        clock=container.clock,
        hash_key=erasure_hash_key(s),
        page_items=s.retention_page_items,
    )


def erasure_service_for(container: Container) -> ErasureService:
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.erasure_requests import DynamoErasureRequests
    from engram.adapters.dynamodb.models import bind

    def build() -> ErasureService:
        return ErasureService(
            requests=DynamoErasureRequests(bind(TableConfig.from_settings(container.settings))),
            settings=container.settings,
            clock=container.clock,
            hash_key=erasure_hash_key(container.settings),
            on_confirmed=lambda: start_erasure(container),
        )

    return _once(container, ERASURE_SERVICE, ErasureService, build)


def export_service_for(container: Container) -> ExportService:
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.models import bind
    from engram.adapters.dynamodb.user_data import DynamoUserData

    return _once(
        container,
        EXPORT_SERVICE,
        ExportService,
        lambda: ExportService(
            DynamoUserData(bind(TableConfig.from_settings(container.settings))),
            container.settings,
            container.clock,
            audit=_audit_history(container) if container.settings.audit_enabled else None,
            hash_key=erasure_hash_key(container.settings),
        ),
    )


def _audit_history(container: Container) -> Any:
    """In AWS the audit reader function answers (writers may not read the table); locally the
    same reader class reads it."""
    s = container.settings
    if s.audit_reader_function_name:
        from engram.adapters.audit_history import InvokedAuditHistory

        return InvokedAuditHistory(s.audit_reader_function_name, s.aws_region)
    from engram.adapters.audit_history import ReaderAuditHistory
    from engram.adapters.dynamodb.audit_log import DynamoAuditReader
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.tables import audit_table_name

    table = s.audit_table_name or audit_table_name(s.table_name)
    return ReaderAuditHistory(DynamoAuditReader(TableConfig.from_settings(s), table))


def audit_trail_for(container: Container, hashed_only: bool = False) -> AuditTrail:
    """P6: the writer side (PutItem only in AWS). `hashed_only`: for a function without the
    hash key (the jobs), whose entries carry subjects hashed already."""
    from engram.adapters.dynamodb.audit_log import DynamoAuditWriter
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.tables import audit_table_name

    s = container.settings
    return _once(
        container,
        AUDIT_TRAIL + ("_hashed" if hashed_only else ""),
        AuditTrail,
        lambda: AuditTrail(
            DynamoAuditWriter(TableConfig.from_settings(s), s.audit_table_name or audit_table_name(s.table_name)),
            None if hashed_only else erasure_hash_key(s),
            container.metrics,
        ),
    )


def export_archive_for(container: Container) -> ExportArchive:
    from engram.adapters.export_archive import LocalExportArchive, S3ExportArchive

    s = container.settings
    if s.export_bucket:
        return S3ExportArchive(s.export_bucket, s.aws_region)
    return LocalExportArchive(Path(s.export_dir))


def large_exports_for(container: Container) -> LargeExports:
    """P2: exports above the inline bound, made by the `export` job and fetched by link."""
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.export_requests import DynamoExportRequests
    from engram.adapters.dynamodb.models import bind

    def build() -> LargeExports:
        return LargeExports(
            requests=DynamoExportRequests(bind(TableConfig.from_settings(container.settings))),
            archive=export_archive_for(container),
            exports=export_service_for(container),
            settings=container.settings,
            clock=container.clock,
            metrics=container.metrics,
            on_requested=lambda: _kick(
                container, EXPORT_JOB, "export_trigger", lambda: large_exports_for(container).run()
            ),
        )

    return _once(container, LARGE_EXPORTS, LargeExports, build)


def _kick(container: Container, job: str, trigger_key: str, run: Callable[[], object]) -> None:
    """Start a job now: in AWS an asynchronous invoke of the jobs function, locally a thread
    (tests hand in their own trigger). The schedule is the backstop either way."""
    trigger = container.extras.get(trigger_key)
    if callable(trigger):
        trigger()
        return
    if container.settings.erasure_function_name:
        from engram.adapters.invoke import invoke_job

        invoke_job(container.settings.erasure_function_name, job, container.settings.aws_region)
        return
    threading.Thread(target=run, daemon=True, name=f"{job}-now").start()


def start_erasure(container: Container) -> None:
    """Kick the erasure job now (a confirmation, a persona deletion); the 15-minute schedule is
    the backstop: a lost kick delays, never drops, an erasure."""
    _kick(container, JOB, "erasure_trigger", lambda: erasure_job_for(container).run())


def key_rewrap_job_for(container: Container) -> KeyRewrapJob:
    """P3: rewrap every data key under the current wrapping key (after a rotation)."""
    from engram.adapters.crypto.factory import cipher_for_settings
    from engram.adapters.crypto.rewrap import KeyRewrapJob
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.job_state import DynamoJobState
    from engram.adapters.dynamodb.models import bind

    s = container.settings
    return KeyRewrapJob(
        cipher=cipher_for_settings(s),
        state=DynamoJobState(bind(TableConfig.from_settings(s))),
        page_keys=s.rewrap_page_keys,
    )
