"""L8 routes: the tenant's knowledge base. Trusted backends only (IAM in AWS: route
ANY /v1/kb/{proxy+}; the backend API key locally); end users never write it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.event_handler.api_gateway import Router

from engram.runtime import get_container

from .. import auth
from ..schemas import KbDeleteResponse, KbDocumentListResponse, KbDocumentRequest, KbDocumentView

if TYPE_CHECKING:
    from engram.memory.kb import KbDocument, KnowledgeBase

router = Router()

DOCUMENTS = "/kb/documents"


def _tenant() -> str:
    # Same check as every backend route; the KB's owner is the service's own (reserved) id.
    event: dict[str, Any] = router.current_event.raw_event
    return auth.backend_tenant(event, get_container().settings)


def _kb() -> KnowledgeBase:
    return get_container().knowledge_base  # built on first use: keeps the cold start small


def _view(d: KbDocument) -> KbDocumentView:
    return KbDocumentView(
        doc_id=d.doc_id, title=d.title, source=d.source, chunks=d.chunks, created_at=d.created_at, embedded=d.embedded
    )


@router.post(DOCUMENTS, summary="Upload a document: chunked, embedded, searchable with include_kb", tags=["backend"])
def upload_document(body: KbDocumentRequest) -> tuple[KbDocumentView, int]:
    tenant = _tenant()  # authorize before touching anything
    return _view(_kb().ingest_document(tenant, body.title, body.text, body.source)), 201


@router.get(DOCUMENTS, summary="List the knowledge base's documents", tags=["backend"])
def list_documents() -> KbDocumentListResponse:
    tenant = _tenant()
    return KbDocumentListResponse(documents=[_view(d) for d in _kb().list_documents(tenant)])


@router.delete(DOCUMENTS + "/<doc_id>", summary="Delete a document and all its chunks", tags=["backend"])
def delete_document(doc_id: str) -> KbDeleteResponse:
    tenant = _tenant()
    return KbDeleteResponse(doc_id=doc_id, deleted_chunks=_kb().delete_document(tenant, doc_id))
