// Every operation of the Engram API (docs/openapi.json) and the client method that calls it.
//
// Most routes exist twice: for end users (/v1/..., a bearer JWT) and for trusted backends acting for a
// user (/v1/users/{user_id}/..., SigV4 or, on the local stack, the backend API key). One client method
// covers both: the client's auth mode picks the route. A few exist for backends only (the knowledge
// base, the audit log). test/operations.test.mjs checks this table against the OpenAPI document:
// every operation has an entry, with the same method and path.

import type { operations } from "./generated/openapi.js";

export type OperationId = keyof operations;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  operationId: OperationId;
  path: string; // the OpenAPI path template
}

export interface Route {
  method: HttpMethod;
  endUser: Endpoint | null; // the bearer-token route, or null when there is none
  backend: Endpoint | null; // the backend route (SigV4 / local API key), or null when there is none
  // Safe to send again after a failure that may have reached the server: every GET, PUT and DELETE, a
  // POST that carries an idempotency key (chat, turns, create memory), POSTs whose repeat finds the
  // state the first left (end, save, archive, restore), and POSTs that store nothing (context, summarize).
  idempotent: boolean;
}

const S = "/personas/{persona_id}/sessions/{session_id}";
const U = "/v1/users/{user_id}";

function route(
  method: HttpMethod,
  endUser: [OperationId, string] | null,
  backend: [OperationId, string] | null,
  idempotent: boolean,
): Route {
  const endpoint = (pair: [OperationId, string] | null): Endpoint | null =>
    pair ? { operationId: pair[0], path: pair[1] } : null;
  return { method, endUser: endpoint(endUser), backend: endpoint(backend), idempotent };
}

/** Client method name -> its route(s). */
export const ROUTES = {
  // --- sessions ------------------------------------------------------------------------------------
  chat: route(
    "POST",
    ["chat_v1_personas__persona_id__sessions__session_id__chat_post", `/v1${S}/chat`],
    ["backend_chat_v1_users__user_id__personas__persona_id__sessions__session_id__chat_post", `${U}${S}/chat`],
    true, // always sent with an idempotency key
  ),
  context: route(
    "POST",
    ["context_v1_personas__persona_id__sessions__session_id__context_post", `/v1${S}/context`],
    ["backend_context_v1_users__user_id__personas__persona_id__sessions__session_id__context_post", `${U}${S}/context`],
    true, // stores no round
  ),
  recordTurn: route(
    "POST",
    ["record_turn_v1_personas__persona_id__sessions__session_id__turns_post", `/v1${S}/turns`],
    ["backend_record_turn_v1_users__user_id__personas__persona_id__sessions__session_id__turns_post", `${U}${S}/turns`],
    true, // always sent with an idempotency key
  ),
  getSession: route(
    "GET",
    ["get_session_v1_personas__persona_id__sessions__session_id__get", `/v1${S}`],
    ["backend_get_session_v1_users__user_id__personas__persona_id__sessions__session_id__get", `${U}${S}`],
    true,
  ),
  listSessions: route(
    "GET",
    ["list_sessions_v1_sessions_get", "/v1/sessions"],
    ["backend_list_sessions_v1_users__user_id__sessions_get", `${U}/sessions`],
    true,
  ),
  getConversationLog: route(
    "GET",
    ["conversation_log_v1_personas__persona_id__sessions__session_id__log_get", `/v1${S}/log`],
    ["backend_conversation_log_v1_users__user_id__personas__persona_id__sessions__session_id__log_get", `${U}${S}/log`],
    true,
  ),
  endSession: route(
    "POST",
    ["end_session_v1_personas__persona_id__sessions__session_id__end_post", `/v1${S}/end`],
    ["backend_end_session_v1_users__user_id__personas__persona_id__sessions__session_id__end_post", `${U}${S}/end`],
    true, // the same end state however often it arrives
  ),
  saveSession: route(
    "POST",
    ["save_session_v1_personas__persona_id__sessions__session_id__save_post", `/v1${S}/save`],
    ["backend_save_session_v1_users__user_id__personas__persona_id__sessions__session_id__save_post", `${U}${S}/save`],
    true, // the same end state however often it arrives
  ),
  getRequest: route(
    "GET",
    [
      "request_status_v1_personas__persona_id__sessions__session_id__requests__request_id__get",
      `/v1${S}/requests/{request_id}`,
    ],
    [
      "backend_request_status_v1_users__user_id__personas__persona_id__sessions__session_id__requests__request_id__get",
      `${U}${S}/requests/{request_id}`,
    ],
    true,
  ),
  // --- memories ------------------------------------------------------------------------------------
  listMemories: route(
    "GET",
    ["list_memories_v1_memories_get", "/v1/memories"],
    ["backend_list_memories_v1_users__user_id__memories_get", `${U}/memories`],
    true,
  ),
  createMemory: route(
    "POST",
    ["create_memory_v1_memories_post", "/v1/memories"],
    ["backend_create_memory_v1_users__user_id__memories_post", `${U}/memories`],
    true, // always sent with an idempotency key
  ),
  loadMemories: route(
    "GET",
    ["load_memories_v1_memories_load_get", "/v1/memories/load"],
    ["backend_load_memories_v1_users__user_id__memories_load_get", `${U}/memories/load`],
    true,
  ),
  searchMemories: route(
    "GET",
    ["search_memories_v1_memories_search_get", "/v1/memories/search"],
    ["backend_search_memories_v1_users__user_id__memories_search_get", `${U}/memories/search`],
    true,
  ),
  memoryTimeline: route(
    "GET",
    ["memory_timeline_v1_memories_timeline_get", "/v1/memories/timeline"],
    ["backend_memory_timeline_v1_users__user_id__memories_timeline_get", `${U}/memories/timeline`],
    true,
  ),
  summarize: route(
    "POST",
    ["summarize_messages_v1_memories_summarize_post", "/v1/memories/summarize"],
    ["backend_summarize_messages_v1_users__user_id__memories_summarize_post", `${U}/memories/summarize`],
    true, // stores nothing
  ),
  listArchive: route(
    "GET",
    ["list_archive_v1_memories_archive_get", "/v1/memories/archive"],
    ["backend_list_archive_v1_users__user_id__memories_archive_get", `${U}/memories/archive`],
    true,
  ),
  memoryLifecycle: route(
    "GET",
    ["memory_lifecycle_v1_memories__memory_id__lifecycle_get", "/v1/memories/{memory_id}/lifecycle"],
    [
      "backend_memory_lifecycle_v1_users__user_id__memories__memory_id__lifecycle_get",
      `${U}/memories/{memory_id}/lifecycle`,
    ],
    true,
  ),
  getMemory: route(
    "GET",
    ["get_memory_v1_memories__memory_id__get", "/v1/memories/{memory_id}"],
    ["backend_get_memory_v1_users__user_id__memories__memory_id__get", `${U}/memories/{memory_id}`],
    true,
  ),
  updateMemory: route(
    "PATCH",
    ["patch_memory_v1_memories__memory_id__patch", "/v1/memories/{memory_id}"],
    ["backend_patch_memory_v1_users__user_id__memories__memory_id__patch", `${U}/memories/{memory_id}`],
    false, // optimistic (version): a repeat after a success is a 409
  ),
  deleteMemory: route(
    "DELETE",
    ["delete_memory_v1_memories__memory_id__delete", "/v1/memories/{memory_id}"],
    ["backend_delete_memory_v1_users__user_id__memories__memory_id__delete", `${U}/memories/{memory_id}`],
    true,
  ),
  archiveMemory: route(
    "POST",
    ["archive_memory_v1_memories__memory_id__archive_post", "/v1/memories/{memory_id}/archive"],
    ["backend_archive_memory_v1_users__user_id__memories__memory_id__archive_post", `${U}/memories/{memory_id}/archive`],
    true, // the same end state however often it arrives
  ),
  restoreMemory: route(
    "POST",
    ["restore_memory_v1_memories__memory_id__restore_post", "/v1/memories/{memory_id}/restore"],
    ["backend_restore_memory_v1_users__user_id__memories__memory_id__restore_post", `${U}/memories/{memory_id}/restore`],
    true, // the same end state however often it arrives
  ),
  // --- personas ------------------------------------------------------------------------------------
  getProfile: route(
    "GET",
    ["get_profile_v1_personas__persona_id__profile_get", "/v1/personas/{persona_id}/profile"],
    ["backend_get_profile_v1_users__user_id__personas__persona_id__profile_get", `${U}/personas/{persona_id}/profile`],
    true,
  ),
  setPinned: route(
    "PUT",
    ["put_profile_v1_personas__persona_id__profile_put", "/v1/personas/{persona_id}/profile"],
    ["backend_put_profile_v1_users__user_id__personas__persona_id__profile_put", `${U}/personas/{persona_id}/profile`],
    true,
  ),
  deletePersona: route(
    "DELETE",
    ["delete_persona_v1_personas__persona_id__delete", "/v1/personas/{persona_id}"],
    ["backend_delete_persona_v1_users__user_id__personas__persona_id__delete", `${U}/personas/{persona_id}`],
    true,
  ),
  // --- knowledge base (backends only) --------------------------------------------------------------
  listKbDocuments: route("GET", null, ["list_documents_v1_kb_documents_get", "/v1/kb/documents"], true),
  uploadKbDocument: route("POST", null, ["upload_document_v1_kb_documents_post", "/v1/kb/documents"], false),
  deleteKbDocument: route(
    "DELETE",
    null,
    ["delete_document_v1_kb_documents__doc_id__delete", "/v1/kb/documents/{doc_id}"],
    true,
  ),
  // --- privacy: erasure, export, audit -------------------------------------------------------------
  requestErasure: route(
    "POST",
    ["request_erasure_v1_me_erasure_post", "/v1/me/erasure"],
    ["backend_request_erasure_v1_users__user_id__erasure_post", `${U}/erasure`],
    false,
  ),
  confirmErasure: route(
    "POST",
    ["confirm_erasure_v1_me_erasure__request_id__confirm_post", "/v1/me/erasure/{request_id}/confirm"],
    ["backend_confirm_erasure_v1_users__user_id__erasure__request_id__confirm_post", `${U}/erasure/{request_id}/confirm`],
    false, // a token works once: a repeat is a 409
  ),
  getErasure: route(
    "GET",
    ["get_erasure_v1_me_erasure__request_id__get", "/v1/me/erasure/{request_id}"],
    ["backend_get_erasure_v1_users__user_id__erasure__request_id__get", `${U}/erasure/{request_id}`],
    true,
  ),
  export: route(
    "GET",
    ["export_me_v1_me_export_get", "/v1/me/export"],
    ["backend_export_v1_users__user_id__export_get", `${U}/export`],
    true,
  ),
  startExport: route(
    "POST",
    ["start_export_me_v1_me_exports_post", "/v1/me/exports"],
    ["backend_start_export_v1_users__user_id__exports_post", `${U}/exports`],
    false,
  ),
  getExport: route(
    "GET",
    ["get_export_me_v1_me_exports__export_id__get", "/v1/me/exports/{export_id}"],
    ["backend_get_export_v1_users__user_id__exports__export_id__get", `${U}/exports/{export_id}`],
    true,
  ),
  listAudit: route("GET", null, ["list_audit_v1_users__user_id__audit_get", `${U}/audit`], true),
} as const satisfies Record<string, Route>;

export type MethodName = keyof typeof ROUTES;
