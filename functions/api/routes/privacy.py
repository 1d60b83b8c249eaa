"""P1 routes: erasure requested by the end user (`/v1/me/erasure`) or by a trusted backend
acting for a user (`/v1/users/{user_id}/erasure`), confirmed with its token, then processed by
the `erasure` job; its state and, when completed, the signed receipt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

from engram.kernel.keys import OwnerKey
from engram.runtime import get_container

from .. import auth
from ..schemas import (
    ErasureConfirmBody,
    ErasureCreatedView,
    ErasureRequestBody,
    ErasureView,
    ErrorResponse,
    ExportJobView,
    ExportView,
)

if TYPE_CHECKING:
    from engram.privacy.erasure import ErasureService
    from engram.privacy.models import ErasureRequest

router = Router()

ME = "/me/erasure"
BACKEND = "/users/<user_id>/erasure"

CONFIRM_ERRORS: dict[int, OpenAPIResponse] = {
    200: {"description": "Confirmed: queued and started", "content": {"application/json": {"model": ErasureView}}},
    403: {
        "description": "CONFIRMATION_INVALID: wrong token",
        "content": {"application/json": {"model": ErrorResponse}},
    },
    404: {
        "description": "NOT_FOUND: no such request for this user",
        "content": {"application/json": {"model": ErrorResponse}},
    },
    409: {
        "description": "CONFLICT: confirmed already (a token works once)",
        "content": {"application/json": {"model": ErrorResponse}},
    },
    410: {
        "description": "CONFIRMATION_EXPIRED: the token's 24 h are over; request the erasure again",
        "content": {"application/json": {"model": ErrorResponse}},
    },
}


def _owner(user_id: str | None) -> OwnerKey:
    settings = get_container().settings
    event: dict[str, Any] = router.current_event.raw_event
    return auth.end_user(event, settings) if user_id is None else auth.backend(event, user_id, settings)


def _svc() -> ErasureService:
    return get_container().erasure_service  # built on first use: keeps the cold start small


def _view(r: ErasureRequest) -> dict[str, Any]:
    return {
        "request_id": r.request_id,
        "state": r.state.value,
        "scope": r.scope.value,
        "requested_at": r.requested_at,
        "confirmed_at": r.confirmed_at,
        "completed_at": r.completed_at,
        "token_expires_at": r.token_expires_at,
        "receipt": r.receipt,
        "error": r.error,
    }


def _request(user_id: str | None, body: ErasureRequestBody) -> ErasureCreatedView:
    from engram.privacy.models import ErasureScope

    owner = _owner(user_id)
    get_container().request_quotas.take(owner.tenant_id, owner.user_id, "erasure_requests")  # 429 past the day's
    request, token = _svc().request(
        owner.tenant_id, owner.user_id, ErasureScope(body.scope), "user" if user_id is None else "backend"
    )
    return ErasureCreatedView(**_view(request), confirmation_token=token)


def _confirm(user_id: str | None, request_id: str, body: ErasureConfirmBody) -> ErasureView:
    owner = _owner(user_id)
    return ErasureView(**_view(_svc().confirm(owner.tenant_id, owner.user_id, request_id, body.token)))


def _get(user_id: str | None, request_id: str) -> ErasureView:
    owner = _owner(user_id)
    return ErasureView(**_view(_svc().get(owner.tenant_id, owner.user_id, request_id)))


@router.post(ME, summary="Request erasure of everything held about me (P1); confirm with the token", tags=["privacy"])
def request_erasure(body: ErasureRequestBody) -> tuple[ErasureCreatedView, int]:
    return _request(None, body), 201


@router.post(BACKEND, summary="Request erasure of a user (trusted backend)", tags=["backend"])
def backend_request_erasure(user_id: str, body: ErasureRequestBody) -> tuple[ErasureCreatedView, int]:
    return _request(user_id, body), 201


@router.post(
    ME + "/<request_id>/confirm",
    summary="Confirm an erasure: it is queued and processed at once",
    tags=["privacy"],
    responses=CONFIRM_ERRORS,
)
def confirm_erasure(request_id: str, body: ErasureConfirmBody) -> ErasureView:
    return _confirm(None, request_id, body)


@router.post(
    BACKEND + "/<request_id>/confirm",
    summary="Confirm an erasure (trusted backend)",
    tags=["backend"],
    responses=CONFIRM_ERRORS,
)
def backend_confirm_erasure(user_id: str, request_id: str, body: ErasureConfirmBody) -> ErasureView:
    return _confirm(user_id, request_id, body)


@router.get(
    ME + "/<request_id>", summary="An erasure's state and, when completed, its signed receipt", tags=["privacy"]
)
def get_erasure(request_id: str) -> ErasureView:
    return _get(None, request_id)


@router.get(BACKEND + "/<request_id>", summary="An erasure's state and receipt (trusted backend)", tags=["backend"])
def backend_get_erasure(user_id: str, request_id: str) -> ErasureView:
    return _get(user_id, request_id)


EXPORT_ERRORS: dict[int, OpenAPIResponse] = {
    200: {"description": "The export", "content": {"application/json": {"model": ExportView}}},
    413: {
        "description": "EXPORT_TOO_LARGE: more than ENGRAM_EXPORT_MAX_ITEMS (20,000) items: "
        "ask for it with POST /v1/me/exports (a job makes it and a link fetches it)",
        "content": {"application/json": {"model": ErrorResponse}},
    },
}


def _export(user_id: str | None) -> ExportView:
    owner = _owner(user_id)
    return ExportView(**get_container().export_service.export(owner.tenant_id, owner.user_id))


@router.get(
    "/me/export",
    summary="Everything held about me as one JSON document (P2)",
    tags=["privacy"],
    responses=EXPORT_ERRORS,
)
def export_me() -> ExportView:
    return _export(None)


@router.get(
    "/users/<user_id>/export",
    summary="Everything held about a user (trusted backend)",
    tags=["backend"],
    responses=EXPORT_ERRORS,
)
def backend_export(user_id: str) -> ExportView:
    return _export(user_id)


# --- P2 large exports: made by a job, fetched by link ----------------------------------------


def _large() -> Any:
    return get_container().large_exports


def _start_export(user_id: str | None) -> ExportJobView:
    from engram.privacy.export_jobs import view

    owner = _owner(user_id)
    get_container().request_quotas.take(owner.tenant_id, owner.user_id, "export_jobs")  # 429 past the day's
    return ExportJobView(**view(_large().start(owner.tenant_id, owner.user_id), None))


def _get_export(user_id: str | None, export_id: str) -> ExportJobView:
    from engram.privacy.export_jobs import view

    owner = _owner(user_id)
    request, url = _large().get(owner.tenant_id, owner.user_id, export_id)
    return ExportJobView(**view(request, url))


EXPORT_NOT_FOUND: dict[int, OpenAPIResponse] = {
    200: {
        "description": "The export's state and, once completed, its link",
        "content": {"application/json": {"model": ExportJobView}},
    },
    404: {
        "description": "NOT_FOUND: no such export for this user (or expired)",
        "content": {"application/json": {"model": ErrorResponse}},
    },
}


@router.post("/me/exports", summary="Ask for my export as a document made by a job (P2, any size)", tags=["privacy"])
def start_export_me() -> tuple[ExportJobView, int]:
    return _start_export(None), 201


@router.post(
    "/users/<user_id>/exports", summary="Ask for a user's export made by a job (trusted backend)", tags=["backend"]
)
def backend_start_export(user_id: str) -> tuple[ExportJobView, int]:
    return _start_export(user_id), 201


@router.get(
    "/me/exports/<export_id>", summary="My export's state and link", tags=["privacy"], responses=EXPORT_NOT_FOUND
)
def get_export_me(export_id: str) -> ExportJobView:
    return _get_export(None, export_id)


@router.get(
    "/users/<user_id>/exports/<export_id>",
    summary="A user's export's state and link (trusted backend)",
    tags=["backend"],
    responses=EXPORT_NOT_FOUND,
)
def backend_get_export(user_id: str, export_id: str) -> ExportJobView:
    return _get_export(user_id, export_id)
