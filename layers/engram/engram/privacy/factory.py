"""Wiring of erasure (P1) from a Container's ports; built once per container and kept in `extras`."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engram.adapters.secrets import erasure_hash_key
from engram.memory.factory import INDEX_ELSEWHERE, _once
from engram.ports import ReceiptSigner
from engram.privacy.audit import AuditTrail
from engram.privacy.erasure import JOB, ErasureJob, ErasureService
from engram.privacy.export import ExportService

if TYPE_CHECKING:
    from engram.adapters.crypto.rewrap import KeyRewrapJob
    from engram.bootstrap import Container
    from engram.privacy.reerasure import ReerasureJob

ERASURE_SERVICE = "erasure_service"
ERASURE_JOB = "erasure_job"
EXPORT_SERVICE = "export_service"
AUDIT_TRAIL = "audit_trail"
SIGNER = "receipt_signer"


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
    from engram.adapters.dynamodb.erasure_requests import DynamoErasureRequests
    from engram.adapters.dynamodb.models import bind
    from engram.adapters.dynamodb.user_data import DynamoUserData

    def build() -> ErasureJob:
        bound = bind(TableConfig.from_settings(container.settings))
        return ErasureJob(
            requests=DynamoErasureRequests(bound),
            data=DynamoUserData(bound),
            index=None if container.extras.get(INDEX_ELSEWHERE) else container.index,
            signer=receipt_signer_for(container),
            settings=container.settings,
            clock=container.clock,
            metrics=container.metrics,
            audit=audit_trail_for(container, hashed_only=True) if container.settings.audit_enabled else None,
            log=_erasure_log(container),
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
            on_confirmed=lambda: _run_now(container),
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
            DynamoUserData(bind(TableConfig.from_settings(container.settings))), container.settings, container.clock
        ),
    )


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


def _run_now(container: Container) -> None:
    """The immediate run after a confirmation. In AWS the API invokes the jobs function
    asynchronously (`ENGRAM_ERASURE_FUNCTION_NAME`); locally a background thread runs the job in
    this process. The 15-minute schedule is the backstop either way: a lost kick delays, never
    drops, an erasure."""
    trigger = container.extras.get("erasure_trigger")
    if callable(trigger):
        trigger()
        return
    if container.settings.erasure_function_name:
        from engram.adapters.invoke import invoke_job

        invoke_job(container.settings.erasure_function_name, JOB, container.settings.aws_region)
        return
    threading.Thread(target=lambda: erasure_job_for(container).run(), daemon=True, name="erasure-now").start()


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
