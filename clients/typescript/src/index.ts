export { EngramClient, DEFAULT_BASE_URL, queryString } from "./client.js";
export type { ChatResult, CreateMemoryFields, EngramClientOptions, MemoryStatus, MemoryType, Message, QueryOf, Schemas } from "./client.js";
export { awsSigV4, fromSignatureV4, NodeSha256 } from "./auth.js";
export type { AuthMode, AwsCredentials, AwsCredentialsSource, AwsSigV4Options, RequestToSign, Signer, SignatureV4Like } from "./auth.js";
export {
  AuthModeError,
  Conflict,
  EngramConnectionError,
  EngramError,
  Forbidden,
  Gone,
  NotFound,
  PayloadTooLarge,
  RateLimited,
  ServerError,
  Unauthorized,
  ValidationError,
  errorFromResponse,
  parseRetryAfter,
} from "./errors.js";
export { RetryPolicy, RETRY_STATUSES, newIdempotencyKey, retryStatus } from "./retry.js";
export type { RetryOptions } from "./retry.js";
export { ROUTES } from "./routes.js";
export type { Endpoint, MethodName, OperationId, Route } from "./routes.js";
export type { components, operations, paths } from "./generated/openapi.js";
