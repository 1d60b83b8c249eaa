"""P2: an export too large to answer inline is produced by a job and fetched by link.

`GET /v1/me/export` answers inline up to `ENGRAM_EXPORT_MAX_ITEMS`; above, it answers 202 with
an export id and starts the `export` job (an asynchronous invoke in AWS, a thread locally; the
erasure schedule's runs pick up what a lost kick left). The job writes the same JSON document
to the export archive (S3 in AWS, `.local/exports/` locally) and the export's state then carries
a link valid `ENGRAM_EXPORT_LINK_TTL_S` (15 min; S3 presigned GET, a file:// URL locally). The
document is kept `ENGRAM_EXPORT_KEEP_S` (1 day; the bucket's lifecycle rule in AWS), and the
export record expires with it (TTL)."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Protocol

from engram.kernel.clock import Clock
from engram.kernel.errors import NotFound
from engram.kernel.ports import MetricsSink
from engram.privacy.export import ExportService
from engram.settings import Settings

JOB = "export"
EXPORT_ID = re.compile(r"ex-[0-9a-f]{32}")


class ExportState(StrEnum):
    PROCESSING = "processing"
    COMPLETED = "completed"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class ExportRequest:
    export_id: str
    tenant_id: str
    user_id: str
    state: ExportState
    requested_at: float
    expires_at: float  # the record (and the document) go then
    completed_at: float | None = None
    object_key: str | None = None
    items: int | None = None
    error: str | None = None
    version: int = 1


class ExportRequests(Protocol):
    def create(self, request: ExportRequest) -> None: ...

    def get(self, tenant_id: str, user_id: str, export_id: str) -> ExportRequest | None: ...

    def due(self, limit: int) -> list[ExportRequest]: ...

    def update(self, request: ExportRequest, expected_version: int) -> bool: ...


class ExportArchive(Protocol):
    """Where a large export's document is kept for a while, and the link that fetches it."""

    def put(self, key: str, body: bytes) -> None: ...

    def link(self, key: str, ttl_s: int) -> str: ...

    def delete(self, key: str) -> None:
        """Gone already is fine (an erasure reruns)."""
        ...


@dataclass
class LargeExports:
    requests: ExportRequests
    archive: ExportArchive
    exports: ExportService
    settings: Settings
    clock: Clock
    metrics: MetricsSink
    on_requested: Callable[[], None] | None = None

    # --- the API side -------------------------------------------------------------------
    def start(self, tenant_id: str, user_id: str) -> ExportRequest:
        now = self.clock.now()
        request = ExportRequest(
            export_id=f"ex-{uuid.uuid4().hex}",
            tenant_id=tenant_id,
            user_id=user_id,
            state=ExportState.PROCESSING,
            requested_at=now,
            expires_at=now + self.settings.export_keep_s,
        )
        self.requests.create(request)
        if self.on_requested is not None:
            self.on_requested()
        return request

    def get(self, tenant_id: str, user_id: str, export_id: str) -> tuple[ExportRequest, str | None]:
        """The export's state and, when completed, a fresh link to its document."""
        found = self.requests.get(tenant_id, user_id, export_id) if EXPORT_ID.fullmatch(export_id) else None
        if found is None or found.expires_at <= self.clock.now():
            raise NotFound("no such export", details={"export_id": export_id})
        url = None
        if found.state == ExportState.COMPLETED and found.object_key:
            url = self.archive.link(found.object_key, self.settings.export_link_ttl_s)
        return found, url

    # --- the job ------------------------------------------------------------------------
    def run(self) -> dict[str, int]:
        done = failed = 0
        for request in self.requests.due(self.settings.erasure_requests_per_run):
            try:
                document = self.exports.export(request.tenant_id, request.user_id, limit=None)
                body = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
                key = document_key(request.tenant_id, request.export_id)
                self.archive.put(key, body)
                finished = replace(
                    request,
                    state=ExportState.COMPLETED,
                    completed_at=self.clock.now(),
                    object_key=key,
                    items=sum(document["counts"].values()),
                    version=request.version + 1,
                )
                if self.requests.update(finished, request.version):
                    done += 1
                else:  # an erasure (or another run) moved the record meanwhile: keep no orphan copy
                    self.archive.delete(key)
            except Exception as exc:  # recorded on the export (the caller sees "failed"), then counted
                failed_request = replace(
                    request, state=ExportState.FAILED, error=type(exc).__name__, version=request.version + 1
                )
                self.requests.update(failed_request, request.version)
                failed += 1
        if done:
            self.metrics.put("exports_completed", float(done))
        return {"exports_completed": done, "exports_failed": failed}


def document_key(tenant_id: str, export_id: str) -> str:
    return f"{tenant_id}/{export_id}.json"


def view(request: ExportRequest, url: str | None) -> dict[str, Any]:
    return {
        "export_id": request.export_id,
        "state": request.state.value,
        "requested_at": request.requested_at,
        "completed_at": request.completed_at,
        "items": request.items,
        "url": url,
        "expires_at": request.expires_at,
    }
