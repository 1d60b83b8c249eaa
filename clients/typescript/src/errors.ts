// What the client throws: one error class per kind of API error, built from the API's error body.
//
// Every error body of the Engram API is {"error": {"code", "message", "details"}}; API Gateway's own
// refusals (before the function runs) are {"message": ...}. Both become an EngramError subclass chosen
// by the HTTP status, carrying the status, the machine-readable code, the message and the details.

export type ErrorDetails = Record<string, unknown>;

/** An error answered by the Engram API (or by the gateway in front of it). `status` is 0 when no
 * response arrived (EngramConnectionError); `code` is the API's machine-readable code (NOT_FOUND,
 * CONFLICT, ...), `details` its details object (e.g. `details.errors` on a 400). */
export class EngramError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetails;
  readonly requestId: string | undefined;

  constructor(status: number, code: string, message: string, details?: ErrorDetails, requestId?: string) {
    super(status ? `${status} ${code}: ${message}` : `${code}: ${message}`);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.details = details ?? {};
    this.requestId = requestId;
  }

  /** The API's own message, without the status and code prefix. */
  get apiMessage(): string {
    return this.message.replace(/^(\d+ )?[A-Z0-9_]+: /, "");
  }
}

/** 400: the body, a parameter or an id is invalid (`details.errors` names the fields). */
export class ValidationError extends EngramError {}
/** 401: no valid credentials (missing, expired or foreign token). */
export class Unauthorized extends EngramError {}
/** 403: the caller may not act here (also CONFIRMATION_INVALID: a wrong erasure token). */
export class Forbidden extends EngramError {}
/** 404: no such session, memory, document or request (or none of the caller's). */
export class NotFound extends EngramError {}
/** 409: a stale version, or another request is changing the resource; read again and retry. */
export class Conflict extends EngramError {}
/** 410: e.g. CONFIRMATION_EXPIRED, an erasure token whose 24 h are over. */
export class Gone extends EngramError {}
/** 413: a text or the whole request is over its limit (`details.limit`). */
export class PayloadTooLarge extends EngramError {}
/** 5xx: the service failed; idempotent calls were retried before this was thrown. */
export class ServerError extends EngramError {}
/** No response: the connection failed or timed out (status 0, code CONNECTION_ERROR). */
export class EngramConnectionError extends EngramError {}

/** 429: throttled; `retryAfter` is the server's Retry-After in seconds, when it sent one. */
export class RateLimited extends EngramError {
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    details?: ErrorDetails,
    requestId?: string,
    retryAfter?: number,
  ) {
    super(status, code, message, details, requestId);
    this.retryAfter = retryAfter;
  }
}

/** A method called in an auth mode where its route does not exist (thrown before any request): the
 * knowledge base or the audit log with an end-user token, or a user's route on a backend client
 * that has no userId. */
export class AuthModeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AuthModeError";
  }
}

type ErrorClass = new (
  status: number,
  code: string,
  message: string,
  details?: ErrorDetails,
  requestId?: string,
) => EngramError;

const BY_STATUS: Record<number, ErrorClass> = {
  400: ValidationError,
  401: Unauthorized,
  403: Forbidden,
  404: NotFound,
  409: Conflict,
  410: Gone,
  413: PayloadTooLarge,
};

// The code of a body that has none (API Gateway's own refusals are {"message": ...}).
const DEFAULT_CODES: Record<number, string> = {
  400: "VALIDATION_ERROR",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  410: "GONE",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "THROTTLED",
};

/** Retry-After in seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const when = Date.parse(text);
  if (Number.isNaN(when)) return undefined;
  return Math.max(0, (when - now) / 1000);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The error for a non-2xx response, from the API's error body (or the gateway's). Reads the body. */
export async function errorFromResponse(response: Response): Promise<EngramError> {
  const status = response.status;
  let code = DEFAULT_CODES[status] ?? (status >= 500 ? "INTERNAL_ERROR" : `HTTP_${status}`);
  let message = response.statusText || `HTTP ${status}`;
  let details: ErrorDetails = {};
  const text = await response.text().catch(() => "");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isRecord(body)) {
    const error = body["error"];
    if (isRecord(error)) {
      if (error["code"]) code = String(error["code"]);
      if (error["message"]) message = String(error["message"]);
      if (isRecord(error["details"])) details = error["details"];
    } else if (typeof body["message"] === "string") {
      message = body["message"]; // API Gateway's own body
    }
  } else if (text.trim()) {
    message = text.trim().slice(0, 500);
  }
  const requestId = response.headers.get("x-request-id") ?? response.headers.get("apigw-requestid") ?? undefined;
  if (status === 429) {
    const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
    return new RateLimited(status, code, message, details, requestId, retryAfter);
  }
  const cls = BY_STATUS[status] ?? (status >= 500 ? ServerError : EngramError);
  return new cls(status, code, message, details, requestId);
}
