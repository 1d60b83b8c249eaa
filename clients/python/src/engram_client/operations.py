"""Every operation of the Engram API (docs/openapi.json) and the client method that calls it.

Most routes exist twice: for end users (``/v1/...``, a bearer JWT) and for trusted backends acting for
a user (``/v1/users/{user_id}/...``, SigV4 or, on the local stack, the backend API key). One client
method covers both: the client's auth mode picks the route. A few exist for backends only (the
knowledge base, the audit log). tests/client/test_operations.py checks this table against the
OpenAPI document: every operation has an entry, with the same method and path.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["OPERATIONS", "ROUTES", "Endpoint", "Route"]


@dataclass(frozen=True, slots=True)
class Endpoint:
    operation_id: str
    path: str  # the OpenAPI path template


@dataclass(frozen=True, slots=True)
class Route:
    method: str
    end_user: Endpoint | None  # bearer-token route, or None when there is none
    backend: Endpoint | None  # backend route (SigV4 / local API key), or None when there is none
    # Safe to send again after a failure that may have reached the server: every GET, PUT and DELETE,
    # a POST that carries an idempotency key (chat, turns, create memory), POSTs whose repeat finds
    # the state the first left (end and save answer `already_ended` with the first session memory;
    # archive and restore answer the memory as it is), and POSTs that store nothing of their own
    # (summarize; context, whose only write is the memories' access count).
    idempotent: bool


def _route(method: str, end_user: tuple[str, str] | None, backend: tuple[str, str] | None, idempotent: bool) -> Route:
    return Route(
        method,
        Endpoint(*end_user) if end_user else None,
        Endpoint(*backend) if backend else None,
        idempotent,
    )


_S = "/personas/{persona_id}/sessions/{session_id}"
_U = "/v1/users/{user_id}"

# client method name -> its route(s)
ROUTES: dict[str, Route] = {
    # --- sessions -------------------------------------------------------------------------------
    "chat": _route(
        "POST",
        ("chat_v1_personas__persona_id__sessions__session_id__chat_post", f"/v1{_S}/chat"),
        ("backend_chat_v1_users__user_id__personas__persona_id__sessions__session_id__chat_post", f"{_U}{_S}/chat"),
        True,  # always sent with an idempotency key
    ),
    "context": _route(
        "POST",
        ("context_v1_personas__persona_id__sessions__session_id__context_post", f"/v1{_S}/context"),
        (
            "backend_context_v1_users__user_id__personas__persona_id__sessions__session_id__context_post",
            f"{_U}{_S}/context",
        ),
        True,  # stores no round (a retry may count the memories' access once more)
    ),
    "record_turn": _route(
        "POST",
        ("record_turn_v1_personas__persona_id__sessions__session_id__turns_post", f"/v1{_S}/turns"),
        (
            "backend_record_turn_v1_users__user_id__personas__persona_id__sessions__session_id__turns_post",
            f"{_U}{_S}/turns",
        ),
        True,  # always sent with an idempotency key
    ),
    "get_session": _route(
        "GET",
        ("get_session_v1_personas__persona_id__sessions__session_id__get", f"/v1{_S}"),
        ("backend_get_session_v1_users__user_id__personas__persona_id__sessions__session_id__get", f"{_U}{_S}"),
        True,
    ),
    "list_sessions": _route(
        "GET",
        ("list_sessions_v1_sessions_get", "/v1/sessions"),
        ("backend_list_sessions_v1_users__user_id__sessions_get", f"{_U}/sessions"),
        True,
    ),
    "get_conversation_log": _route(
        "GET",
        ("conversation_log_v1_personas__persona_id__sessions__session_id__log_get", f"/v1{_S}/log"),
        (
            "backend_conversation_log_v1_users__user_id__personas__persona_id__sessions__session_id__log_get",
            f"{_U}{_S}/log",
        ),
        True,
    ),
    "end_session": _route(
        "POST",
        ("end_session_v1_personas__persona_id__sessions__session_id__end_post", f"/v1{_S}/end"),
        (
            "backend_end_session_v1_users__user_id__personas__persona_id__sessions__session_id__end_post",
            f"{_U}{_S}/end",
        ),
        True,  # the same end state however often it arrives
    ),
    "save_session": _route(
        "POST",
        ("save_session_v1_personas__persona_id__sessions__session_id__save_post", f"/v1{_S}/save"),
        (
            "backend_save_session_v1_users__user_id__personas__persona_id__sessions__session_id__save_post",
            f"{_U}{_S}/save",
        ),
        True,  # the same end state however often it arrives
    ),
    "get_request": _route(
        "GET",
        (
            "request_status_v1_personas__persona_id__sessions__session_id__requests__request_id__get",
            f"/v1{_S}/requests/{{request_id}}",
        ),
        (
            "backend_request_status_v1_users__user_id__personas__persona_id__sessions__session_id__requests__"
            "request_id__get",
            f"{_U}{_S}/requests/{{request_id}}",
        ),
        True,
    ),
    # --- memories ------------------------------------------------------------------------------
    "list_memories": _route(
        "GET",
        ("list_memories_v1_memories_get", "/v1/memories"),
        ("backend_list_memories_v1_users__user_id__memories_get", f"{_U}/memories"),
        True,
    ),
    "create_memory": _route(
        "POST",
        ("create_memory_v1_memories_post", "/v1/memories"),
        ("backend_create_memory_v1_users__user_id__memories_post", f"{_U}/memories"),
        True,  # always sent with an idempotency key
    ),
    "load_memories": _route(
        "GET",
        ("load_memories_v1_memories_load_get", "/v1/memories/load"),
        ("backend_load_memories_v1_users__user_id__memories_load_get", f"{_U}/memories/load"),
        True,
    ),
    "search_memories": _route(
        "GET",
        ("search_memories_v1_memories_search_get", "/v1/memories/search"),
        ("backend_search_memories_v1_users__user_id__memories_search_get", f"{_U}/memories/search"),
        True,
    ),
    "memory_timeline": _route(
        "GET",
        ("memory_timeline_v1_memories_timeline_get", "/v1/memories/timeline"),
        ("backend_memory_timeline_v1_users__user_id__memories_timeline_get", f"{_U}/memories/timeline"),
        True,
    ),
    "summarize": _route(
        "POST",
        ("summarize_messages_v1_memories_summarize_post", "/v1/memories/summarize"),
        ("backend_summarize_messages_v1_users__user_id__memories_summarize_post", f"{_U}/memories/summarize"),
        True,  # stores nothing
    ),
    "list_archive": _route(
        "GET",
        ("list_archive_v1_memories_archive_get", "/v1/memories/archive"),
        ("backend_list_archive_v1_users__user_id__memories_archive_get", f"{_U}/memories/archive"),
        True,
    ),
    "memory_lifecycle": _route(
        "GET",
        ("memory_lifecycle_v1_memories__memory_id__lifecycle_get", "/v1/memories/{memory_id}/lifecycle"),
        (
            "backend_memory_lifecycle_v1_users__user_id__memories__memory_id__lifecycle_get",
            f"{_U}/memories/{{memory_id}}/lifecycle",
        ),
        True,
    ),
    "get_memory": _route(
        "GET",
        ("get_memory_v1_memories__memory_id__get", "/v1/memories/{memory_id}"),
        ("backend_get_memory_v1_users__user_id__memories__memory_id__get", f"{_U}/memories/{{memory_id}}"),
        True,
    ),
    "update_memory": _route(
        "PATCH",
        ("patch_memory_v1_memories__memory_id__patch", "/v1/memories/{memory_id}"),
        ("backend_patch_memory_v1_users__user_id__memories__memory_id__patch", f"{_U}/memories/{{memory_id}}"),
        False,  # optimistic (version): a repeat after a success is a 409
    ),
    "delete_memory": _route(
        "DELETE",
        ("delete_memory_v1_memories__memory_id__delete", "/v1/memories/{memory_id}"),
        ("backend_delete_memory_v1_users__user_id__memories__memory_id__delete", f"{_U}/memories/{{memory_id}}"),
        True,
    ),
    "archive_memory": _route(
        "POST",
        ("archive_memory_v1_memories__memory_id__archive_post", "/v1/memories/{memory_id}/archive"),
        (
            "backend_archive_memory_v1_users__user_id__memories__memory_id__archive_post",
            f"{_U}/memories/{{memory_id}}/archive",
        ),
        True,  # the same end state however often it arrives
    ),
    "restore_memory": _route(
        "POST",
        ("restore_memory_v1_memories__memory_id__restore_post", "/v1/memories/{memory_id}/restore"),
        (
            "backend_restore_memory_v1_users__user_id__memories__memory_id__restore_post",
            f"{_U}/memories/{{memory_id}}/restore",
        ),
        True,  # the same end state however often it arrives
    ),
    # --- personas --------------------------------------------------------------------------------
    "get_profile": _route(
        "GET",
        ("get_profile_v1_personas__persona_id__profile_get", "/v1/personas/{persona_id}/profile"),
        (
            "backend_get_profile_v1_users__user_id__personas__persona_id__profile_get",
            f"{_U}/personas/{{persona_id}}/profile",
        ),
        True,
    ),
    "set_pinned": _route(
        "PUT",
        ("put_profile_v1_personas__persona_id__profile_put", "/v1/personas/{persona_id}/profile"),
        (
            "backend_put_profile_v1_users__user_id__personas__persona_id__profile_put",
            f"{_U}/personas/{{persona_id}}/profile",
        ),
        True,
    ),
    "delete_persona": _route(
        "DELETE",
        ("delete_persona_v1_personas__persona_id__delete", "/v1/personas/{persona_id}"),
        ("backend_delete_persona_v1_users__user_id__personas__persona_id__delete", f"{_U}/personas/{{persona_id}}"),
        True,
    ),
    # --- knowledge base (backends only) ---------------------------------------------------------
    "list_kb_documents": _route("GET", None, ("list_documents_v1_kb_documents_get", "/v1/kb/documents"), True),
    "upload_kb_document": _route("POST", None, ("upload_document_v1_kb_documents_post", "/v1/kb/documents"), False),
    "delete_kb_document": _route(
        "DELETE", None, ("delete_document_v1_kb_documents__doc_id__delete", "/v1/kb/documents/{doc_id}"), True
    ),
    # --- privacy: erasure, export, audit -------------------------------------------------------------
    "request_erasure": _route(
        "POST",
        ("request_erasure_v1_me_erasure_post", "/v1/me/erasure"),
        ("backend_request_erasure_v1_users__user_id__erasure_post", f"{_U}/erasure"),
        False,
    ),
    "confirm_erasure": _route(
        "POST",
        ("confirm_erasure_v1_me_erasure__request_id__confirm_post", "/v1/me/erasure/{request_id}/confirm"),
        (
            "backend_confirm_erasure_v1_users__user_id__erasure__request_id__confirm_post",
            f"{_U}/erasure/{{request_id}}/confirm",
        ),
        False,  # a token works once: a repeat is a 409
    ),
    "get_erasure": _route(
        "GET",
        ("get_erasure_v1_me_erasure__request_id__get", "/v1/me/erasure/{request_id}"),
        ("backend_get_erasure_v1_users__user_id__erasure__request_id__get", f"{_U}/erasure/{{request_id}}"),
        True,
    ),
    "export": _route(
        "GET",
        ("export_me_v1_me_export_get", "/v1/me/export"),
        ("backend_export_v1_users__user_id__export_get", f"{_U}/export"),
        True,
    ),
    "start_export": _route(
        "POST",
        ("start_export_me_v1_me_exports_post", "/v1/me/exports"),
        ("backend_start_export_v1_users__user_id__exports_post", f"{_U}/exports"),
        False,
    ),
    "get_export": _route(
        "GET",
        ("get_export_me_v1_me_exports__export_id__get", "/v1/me/exports/{export_id}"),
        ("backend_get_export_v1_users__user_id__exports__export_id__get", f"{_U}/exports/{{export_id}}"),
        True,
    ),
    "list_audit": _route("GET", None, ("list_audit_v1_users__user_id__audit_get", f"{_U}/audit"), True),
}

# operationId (docs/openapi.json) -> client method name
OPERATIONS: dict[str, str] = {
    endpoint.operation_id: name
    for name, route in ROUTES.items()
    for endpoint in (route.end_user, route.backend)
    if endpoint is not None
}
