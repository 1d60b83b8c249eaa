// The Engram client: one method per operation of docs/openapi.json, typed with the types generated
// from it (src/generated/openapi.ts). One auth mode per client (token, apiKey or sigv4); idempotent
// calls are retried with backoff; errors carry the API's code.

import type { components, operations } from "./generated/openapi.js";
import { authHeaders, authMode, type AuthMode, type Signer } from "./auth.js";
import { AuthModeError, EngramConnectionError, EngramError, errorFromResponse } from "./errors.js";
import { newIdempotencyKey, retryStatus, RetryPolicy, type RetryOptions } from "./retry.js";
import { ROUTES, type Endpoint, type HttpMethod, type MethodName, type OperationId } from "./routes.js";

export type Schemas = components["schemas"];
/** The query parameters of an operation, as the OpenAPI document declares them. */
export type QueryOf<K extends OperationId> = operations[K] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

// The request's object part (the document's anyOf "summary or messages" comes out as extra union members).
export type CreateMemoryFields = Extract<Schemas["CreateMemoryRequest"], { persona_id: string }>;
export type MemoryType = NonNullable<CreateMemoryFields["type"]>;
export type MemoryStatus = "active" | "archived" | "compressed" | "superseded";
export type ChatResult = Schemas["ChatResponse"] | Schemas["ProcessingResponse"] | Schemas["BufferedResponse"];
export type Message = Schemas["MemoryMessage"];

export const DEFAULT_BASE_URL = "http://127.0.0.1:8080";
const USER_AGENT = "engram-client-typescript/0.1";

export interface EngramClientOptions {
  /** The API's URL (the stage URL in AWS; the local stack: http://127.0.0.1:8080). */
  baseUrl?: string;
  /** An end user's JWT: calls /v1/... as the token's user. */
  token?: string;
  /** The local stack's backend API key (x-api-key): calls /v1/users/{userId}/... */
  apiKey?: string;
  /** A SigV4 signer for a deployed API (awsSigV4({ region, credentials }) or fromSignatureV4(...)). */
  sigv4?: Signer;
  /** The user a backend client acts for (forUser() gives a client for another). */
  userId?: string;
  /** Extra headers on every request (e.g. X-Engram-Tenant for a backend bound to several tenants). */
  headers?: Record<string, string>;
  /** Attempts of an idempotent call, counting the first (shorthand for retry.maxAttempts). */
  maxAttempts?: number;
  retry?: RetryOptions | RetryPolicy;
  /** Per attempt, in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /** The fetch to use (default: the platform's). */
  fetch?: typeof fetch;
  /** How the client waits between attempts (tests replace it). */
  sleep?: (seconds: number) => Promise<void>;
}

interface Sent {
  response: Response;
  // whether an earlier attempt of the call may have reached the server (its answer lost, or a 5xx
  // after the work was done)
  deliveredBefore: boolean;
}

type Query = Record<string, unknown>;

// RFC 3986: what SigV4 canonicalizes, so the sent and the signed query are the same text.
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function queryValue(value: unknown): string {
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(String).join(",");
  return String(value);
}

/** The query, RFC 3986-encoded and sorted (SigV4's canonical form); undefined and null values are left out. */
export function queryString(params: Query): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => [rfc3986(name), rfc3986(queryValue(value))] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** A JSON body without the fields left undefined (the API's defaults apply). */
function body(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

// Errors that mean the request never left (nothing can have reached the server).
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT", "EHOSTUNREACH"]);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

function connectionError(error: unknown): EngramConnectionError {
  const err = error as { name?: string; message?: string };
  const code = causeCode(error);
  const what = `${err?.name ?? "Error"}: ${err?.message ?? String(error)}${code ? ` (${code})` : ""}`;
  return new EngramConnectionError(0, "CONNECTION_ERROR", what);
}

async function decode<T>(sent: Sent | Response): Promise<T> {
  const response = sent instanceof Response ? sent : sent.response;
  if (response.ok) return (await response.json()) as T;
  throw await errorFromResponse(response);
}

const defaultSleep = (seconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Client for the Engram API (Node 20+ / any runtime with fetch and Web Crypto).
 *
 * Auth modes, one per client: an end user's `token` (calls /v1/... as the token's user), or a
 * trusted backend's `sigv4` signer (AWS) / `apiKey` (local stack) plus `userId` (calls
 * /v1/users/{user_id}/...; forUser(id) gives a client for another user). Every method resolves to the
 * typed response body and rejects with an EngramError subclass for an error answer. */
export class EngramClient {
  readonly mode: AuthMode;
  readonly userId: string | undefined;
  readonly retryPolicy: RetryPolicy;
  private readonly baseUrl: string;
  private readonly headers: Record<string, string>;
  private readonly signer: Signer | undefined;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (seconds: number) => Promise<void>;

  constructor(options: EngramClientOptions = {}) {
    this.mode = authMode(options);
    if (this.mode === "end_user" && options.userId) {
      throw new TypeError("an end-user client acts for the token's user: userId is for backend clients");
    }
    this.userId = options.userId;
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.headers = { accept: "application/json", "user-agent": USER_AGENT, ...options.headers, ...authHeaders(options) };
    this.signer = options.sigv4;
    const retry = options.retry instanceof RetryPolicy ? options.retry : new RetryPolicy(options.retry);
    this.retryPolicy =
      options.maxAttempts === undefined
        ? retry
        : new RetryPolicy({
            maxAttempts: options.maxAttempts,
            backoffBase: retry.backoffBase,
            backoffMax: retry.backoffMax,
            maxRetryAfter: retry.maxRetryAfter,
          });
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** A backend client acting for `userId`, with the same settings. */
  forUser(userId: string): EngramClient {
    if (this.mode !== "backend") throw new AuthModeError("forUser() is for backend clients (apiKey or sigv4)");
    const other = Object.create(EngramClient.prototype) as EngramClient;
    Object.assign(other, this, { userId });
    return other;
  }

  // --- transport -----------------------------------------------------------------------------------

  private endpoint(name: MethodName): { method: HttpMethod; endpoint: Endpoint; idempotent: boolean } {
    const route = ROUTES[name];
    const endpoint = this.mode === "end_user" ? route.endUser : route.backend;
    if (!endpoint) {
      const needs = this.mode === "backend" ? "an end-user token (token)" : "backend credentials (apiKey / sigv4)";
      throw new AuthModeError(`${name}() has no route for this client's auth mode: it needs ${needs}`);
    }
    return { method: route.method, endpoint, idempotent: route.idempotent };
  }

  private url(endpoint: Endpoint, pathParams: Record<string, string>, query?: Query): URL {
    const values: Record<string, string> = { ...pathParams };
    if (endpoint.path.includes("{user_id}")) {
      if (!this.userId) {
        throw new AuthModeError("this backend client has no userId: pass userId to the client or use forUser(id)");
      }
      values["user_id"] = this.userId;
    }
    const path = endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
      return rfc3986(String(value)).replace(/%3A/g, ":").replace(/%40/g, "@");
    });
    const search = queryString(query ?? {});
    return new URL(`${this.baseUrl}${path}${search ? `?${search}` : ""}`);
  }

  private async attempt(method: HttpMethod, url: URL, payload: string | undefined): Promise<Response> {
    const headers: Record<string, string> = { ...this.headers };
    if (payload !== undefined) headers["content-type"] = "application/json";
    if (this.signer) Object.assign(headers, await this.signer({ method, url, headers, body: payload }));
    return this.fetchImpl(url, {
      method,
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  private async send(
    name: MethodName,
    pathParams: Record<string, string> = {},
    options: { query?: Query; json?: unknown } = {},
  ): Promise<Sent> {
    const { method, endpoint, idempotent } = this.endpoint(name);
    const url = this.url(endpoint, pathParams, options.query);
    const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
    const policy = this.retryPolicy;
    let retry = 0;
    let deliveredBefore = false;
    for (;;) {
      let response: Response;
      try {
        response = await this.attempt(method, url, payload);
      } catch (error) {
        if (error instanceof EngramError || error instanceof AuthModeError) throw error;
        retry += 1;
        const delay = idempotent ? policy.delay(retry) : undefined;
        if (delay === undefined) throw connectionError(error);
        deliveredBefore ||= !NOT_SENT.has(causeCode(error) ?? "");
        await this.sleep(delay);
        continue;
      }
      if (idempotent && (await retryStatus(response))) {
        retry += 1;
        const delay = policy.delay(retry, response);
        if (delay !== undefined) {
          deliveredBefore ||= response.status >= 500;
          await response.body?.cancel();
          await this.sleep(delay);
          continue;
        }
      }
      return { response, deliveredBefore };
    }
  }

  // --- sessions ------------------------------------------------------------------------------------

  /** A full turn: Engram assembles the prompt, calls its model, stores the round. Without
   * `idempotency_key` a uuid4 is sent, so this call's own retries never make a second turn. A repeat
   * whose first copy is still being answered is answered 202 "processing": the client then fetches the
   * answer (getRequest) after the server's retry_after, for up to `wait` seconds (default 60), and
   * returns the ProcessingResponse if it is still not there (wait: 0 returns it at once). */
  async chat(
    personaId: string,
    sessionId: string,
    message: string,
    options: Partial<Omit<Schemas["ChatRequest"], "message">> & { wait?: number } = {},
  ): Promise<ChatResult> {
    const { wait = 60, ...fields } = options;
    const path = { persona_id: personaId, session_id: sessionId };
    const json = body({ ...fields, message, idempotency_key: fields.idempotency_key ?? newIdempotencyKey() });
    let result = await decode<ChatResult>(await this.send("chat", path, { json }));
    let waited = 0;
    while (result.status === "processing" && waited < wait) {
      const delay = Math.min(Math.max(1, Number(result.retry_after)), wait - waited);
      await this.sleep(delay);
      waited += delay;
      result = await this.getRequest(personaId, sessionId, result.request_id);
    }
    return result;
  }

  /** Bring your own LLM: the assembled prompt messages for `message` (summary, memories, recent rounds)
   * and the gate decision. Stores no round (record the finished turn with recordTurn); the memories in
   * the prompt count as accessed, unless `preview`. */
  async context(
    personaId: string,
    sessionId: string,
    message: string,
    options: { preview?: boolean } = {},
  ): Promise<Schemas["ContextResponse"]> {
    const path = { persona_id: personaId, session_id: sessionId };
    const json = options.preview ? { message, preview: true } : { message };
    return decode(await this.send("context", path, { json }));
  }

  /** Records a round your own LLM produced. Without `idempotencyKey` a uuid4 is sent; the same key
   * again answers `duplicate: true`. */
  async recordTurn(
    personaId: string,
    sessionId: string,
    user: string,
    assistant: string,
    options: { idempotencyKey?: string } = {},
  ): Promise<Schemas["TurnResponse"]> {
    const path = { persona_id: personaId, session_id: sessionId };
    const json = { user, assistant, idempotency_key: options.idempotencyKey ?? newIdempotencyKey() };
    return decode(await this.send("recordTurn", path, { json }));
  }

  /** A session's state, rolling summary and recent rounds. */
  async getSession(personaId: string, sessionId: string): Promise<Schemas["SessionResponse"]> {
    return decode(await this.send("getSession", { persona_id: personaId, session_id: sessionId }));
  }

  /** The user's live sessions, most recently active first. */
  async listSessions(query: QueryOf<"list_sessions_v1_sessions_get"> = {}): Promise<Schemas["SessionListResponse"]> {
    return decode(await this.send("listSessions", {}, { query }));
  }

  /** Every round still held (newest first); page with `before: previous.next_cursor`. */
  async getConversationLog(
    personaId: string,
    sessionId: string,
    query: QueryOf<"conversation_log_v1_personas__persona_id__sessions__session_id__log_get"> = {},
  ): Promise<Schemas["ConversationLogResponse"]> {
    return decode(await this.send("getConversationLog", { persona_id: personaId, session_id: sessionId }, { query }));
  }

  /** Ends the session's run and stores its session memory (again: the first result, already_ended). */
  async endSession(personaId: string, sessionId: string): Promise<Schemas["SessionEndResponse"]> {
    return decode(await this.send("endSession", { persona_id: personaId, session_id: sessionId }));
  }

  /** Saves the conversation: ends the current run and stores its session memory. */
  async saveSession(personaId: string, sessionId: string): Promise<Schemas["SessionEndResponse"]> {
    return decode(await this.send("saveSession", { persona_id: personaId, session_id: sessionId }));
  }

  /** The answer of a chat request that was answered 202 (processing). */
  async getRequest(personaId: string, sessionId: string, requestId: string): Promise<ChatResult> {
    const path = { persona_id: personaId, session_id: sessionId, request_id: requestId };
    return decode(await this.send("getRequest", path));
  }

  // --- memories ------------------------------------------------------------------------------------

  /** Long-term memories, a page at a time (limit / offset), optionally filtered by type(s), status(es),
   * pin and session. */
  async listMemories(
    query: Omit<QueryOf<"list_memories_v1_memories_get">, "type" | "status"> & {
      type?: MemoryType | MemoryType[];
      status?: MemoryStatus | MemoryStatus[];
    } = {},
  ): Promise<Schemas["MemoryListResponse"]> {
    return decode(await this.send("listMemories", {}, { query }));
  }

  /** Creates a memory from a manual `summary` (stored as is, PII-masked) or from `messages` (summarised
   * by the model). Without `idempotency_key` a uuid4 is sent, so this call's retries write one memory. */
  async createMemory(
    personaId: string,
    fields: Partial<Omit<CreateMemoryFields, "persona_id">>,
  ): Promise<Schemas["CreateMemoryResponse"]> {
    const json = body({
      ...fields,
      persona_id: personaId,
      idempotency_key: fields.idempotency_key ?? newIdempotencyKey(),
    });
    return decode(await this.send("createMemory", {}, { json }));
  }

  /** The top `n` memories of a persona, for the start of a conversation. */
  async loadMemories(personaId: string, query: { n?: number } = {}): Promise<Schemas["MemoryLoadResponse"]> {
    return decode(await this.send("loadMemories", {}, { query: { persona_id: personaId, ...query } }));
  }

  /** Searches memories by words and meaning (`q`), type(s), creation date range; with include_kb the
   * knowledge base too. */
  async searchMemories(
    q: string | undefined,
    query: Omit<QueryOf<"search_memories_v1_memories_search_get">, "q" | "type" | "from" | "to"> & {
      type?: MemoryType | MemoryType[];
      from?: string | Date;
      to?: string | Date;
    } = {},
  ): Promise<Schemas["SearchResponse"]> {
    return decode(await this.send("searchMemories", {}, { query: { q, ...query } }));
  }

  /** Active memories grouped by month, newest first. */
  async memoryTimeline(query: { persona_id?: string } = {}): Promise<Schemas["TimelineResponse"]> {
    return decode(await this.send("memoryTimeline", {}, { query }));
  }

  /** Summarises messages (summary, topics, emotion, importance 1-10) without storing anything. */
  async summarize(
    messages: Message[],
    options: { persona_id?: string; session_id?: string } = {},
  ): Promise<Schemas["SummarizeResponse"]> {
    return decode(await this.send("summarize", {}, { json: body({ messages, ...options }) }));
  }

  /** Archived and compressed memories with sizes, ratio, final score, reason and retention. */
  async listArchive(
    query: QueryOf<"list_archive_v1_memories_archive_get"> = {},
  ): Promise<Schemas["ArchiveListResponse"]> {
    return decode(await this.send("listArchive", {}, { query }));
  }

  /** A memory's lifecycle log (score updates, compression, archive, restore, delete). */
  async memoryLifecycle(memoryId: string): Promise<Schemas["LifecycleLogResponse"]> {
    return decode(await this.send("memoryLifecycle", { memory_id: memoryId }));
  }

  async getMemory(memoryId: string): Promise<Schemas["MemoryResponse"]> {
    return decode(await this.send("getMemory", { memory_id: memoryId }));
  }

  /** Edits a memory's text, importance or pin. `version` is the one you read: a stale one rejects with
   * Conflict (read again, then retry). Sent once (never retried). */
  async updateMemory(memoryId: string, fields: Schemas["PatchMemoryRequest"]): Promise<Schemas["MemoryResponse"]> {
    return decode(await this.send("updateMemory", { memory_id: memoryId }, { json: body({ ...fields }) }));
  }

  /** Deletes a memory. A retry that finds it gone after an earlier try may have reached the server (its
   * answer lost) reports it deleted: that try deleted it. */
  async deleteMemory(memoryId: string): Promise<Schemas["DeleteMemoryResponse"]> {
    const sent = await this.send("deleteMemory", { memory_id: memoryId });
    if (sent.response.status === 404 && sent.deliveredBefore) {
      await sent.response.body?.cancel();
      return { memory_id: memoryId, deleted: true } as Schemas["DeleteMemoryResponse"];
    }
    return decode(sent);
  }

  /** Archives a memory (restorable with restoreMemory). */
  async archiveMemory(memoryId: string): Promise<Schemas["ArchiveResponse"]> {
    return decode(await this.send("archiveMemory", { memory_id: memoryId }));
  }

  async restoreMemory(memoryId: string): Promise<Schemas["RestoreResponse"]> {
    return decode(await this.send("restoreMemory", { memory_id: memoryId }));
  }

  // --- personas ------------------------------------------------------------------------------------

  /** A persona's pinned facts and learned profile. */
  async getProfile(personaId: string): Promise<Schemas["ProfileResponse"]> {
    return decode(await this.send("getProfile", { persona_id: personaId }));
  }

  /** Exactly these memories become the persona's pinned facts. */
  async setPinned(personaId: string, pinnedMemoryIds: string[]): Promise<Schemas["ProfileResponse"]> {
    const json = { pinned_memory_ids: pinnedMemoryIds };
    return decode(await this.send("setPinned", { persona_id: personaId }, { json }));
  }

  /** Deletes everything of a persona (an erasure with its own signed receipt). */
  async deletePersona(personaId: string): Promise<Schemas["DeletePersonaResponse"]> {
    return decode(await this.send("deletePersona", { persona_id: personaId }));
  }

  // --- knowledge base (backend clients only) -------------------------------------------------------

  async listKbDocuments(): Promise<Schemas["KbDocumentListResponse"]> {
    return decode(await this.send("listKbDocuments"));
  }

  /** Adds a document to the tenant's knowledge base (chunked, searchable with include_kb). */
  async uploadKbDocument(title: string, text: string, options: { source?: string } = {}): Promise<Schemas["KbDocumentView"]> {
    return decode(await this.send("uploadKbDocument", {}, { json: body({ title, text, source: options.source }) }));
  }

  async deleteKbDocument(docId: string): Promise<Schemas["KbDeleteResponse"]> {
    return decode(await this.send("deleteKbDocument", { doc_id: docId }));
  }

  // --- privacy: erasure, export, audit -------------------------------------------------------------

  /** Requests erasure of everything held about the user (scope "recent": the last 7 days). Nothing is
   * erased until confirmErasure with the returned confirmation_token. */
  async requestErasure(options: { scope?: "all" | "recent" } = {}): Promise<Schemas["ErasureCreatedView"]> {
    return decode(await this.send("requestErasure", {}, { json: body({ scope: options.scope }) }));
  }

  /** Confirms an erasure request: it is queued and processed at once. */
  async confirmErasure(requestId: string, token: string): Promise<Schemas["ErasureView"]> {
    return decode(await this.send("confirmErasure", { request_id: requestId }, { json: { token } }));
  }

  /** An erasure's state and, once completed, its signed receipt. */
  async getErasure(requestId: string): Promise<Schemas["ErasureView"]> {
    return decode(await this.send("getErasure", { request_id: requestId }));
  }

  /** Everything held about the user as one document (large ones: startExport). */
  async export(): Promise<Schemas["ExportView"]> {
    return decode(await this.send("export"));
  }

  /** Asks for the user's export as a document made by a job (any size). */
  async startExport(): Promise<Schemas["ExportJobView"]> {
    return decode(await this.send("startExport"));
  }

  /** An export job's state and, once completed, its link. */
  async getExport(exportId: string): Promise<Schemas["ExportJobView"]> {
    return decode(await this.send("getExport", { export_id: exportId }));
  }

  /** The user's audit entries, newest first (backend clients with the operator key only). */
  async listAudit(
    query: QueryOf<"list_audit_v1_users__user_id__audit_get"> = {},
  ): Promise<Schemas["AuditListResponse"]> {
    return decode(await this.send("listAudit", {}, { query }));
  }
}
