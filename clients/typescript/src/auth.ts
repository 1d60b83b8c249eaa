// The three ways to call Engram: an end user's bearer JWT, a trusted backend's AWS Signature V4
// (IAM-authorized routes in API Gateway), or, on the local stack only, the backend API key that
// stands in for SigV4 (header x-api-key).

import { createHash, createHmac } from "node:crypto";

/** The request as it will be sent: what a signer signs. `body` is the exact bytes sent (JSON text). */
export interface RequestToSign {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Signs a request: returns the headers to add (Authorization, X-Amz-Date, ...). */
export type Signer = (request: RequestToSign) => Promise<Record<string, string>>;

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** Static credentials, or a provider (e.g. fromNodeProviderChain() of @aws-sdk/credential-providers). */
export type AwsCredentialsSource = AwsCredentials | (() => Promise<AwsCredentials>);

/** What this client needs of @smithy/signature-v4's SignatureV4 (the signer @aws-sdk uses). */
export interface SignatureV4Like {
  sign(request: SmithyHttpRequest, options?: { signingDate?: Date }): Promise<{ headers: Record<string, string> }>;
}

export interface SmithyHttpRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: string;
}

// Headers SigV4 covers besides host: the body's type and every x-* one of Engram's (X-Engram-Tenant),
// so none of them can be changed in flight.
function signedHeaders(request: RequestToSign): Record<string, string> {
  const headers: Record<string, string> = { host: request.url.host };
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (lower === "content-type" || (lower.startsWith("x-") && lower !== "x-amzn-trace-id")) headers[lower] = value;
  }
  return headers;
}

/** A Signer over an already-made @smithy/signature-v4 SignatureV4 (service "execute-api", your region
 * and credentials). It signs the exact request sent: method, path, query, host, content type, body. */
export function fromSignatureV4(signer: SignatureV4Like, options: { signingDate?: () => Date } = {}): Signer {
  return async (request) => {
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of request.url.searchParams) {
      const seen = query[name];
      query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    const smithyRequest: SmithyHttpRequest = {
      method: request.method,
      protocol: request.url.protocol,
      hostname: request.url.hostname,
      path: request.url.pathname, // already percent-encoded once; SigV4 (uriEscapePath) encodes it again
      query,
      headers: signedHeaders(request),
      ...(request.url.port ? { port: Number(request.url.port) } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
    };
    const signingDate = options.signingDate?.();
    const signed = await signer.sign(smithyRequest, signingDate ? { signingDate } : undefined);
    const added: Record<string, string> = {};
    for (const [name, value] of Object.entries(signed.headers)) {
      const lower = name.toLowerCase();
      if (lower === "authorization" || lower.startsWith("x-amz-")) added[lower] = value;
    }
    return added;
  };
}

function bytes(data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof data === "string") return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** SHA-256 (and HMAC-SHA256 with a secret) from node:crypto, in the shape @smithy/signature-v4 asks for. */
export class NodeSha256 {
  private readonly hash;

  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(secret));
  }

  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

export interface AwsSigV4Options {
  region: string;
  credentials: AwsCredentialsSource;
  /** API Gateway's: execute-api. */
  service?: string;
}

/** SigV4 for a deployed API with @smithy/signature-v4 (an optional peer dependency: install it next to
 * this package). Loaded on the first request, so clients that use a token or a key never need it. */
export function awsSigV4(options: AwsSigV4Options): Signer {
  let signer: Promise<Signer> | undefined;
  return async (request) => {
    signer ??= import("@smithy/signature-v4").then(({ SignatureV4 }) =>
      fromSignatureV4(
        new SignatureV4({
          service: options.service ?? "execute-api",
          region: options.region,
          credentials: options.credentials,
          sha256: NodeSha256,
          uriEscapePath: true,
        }),
      ),
    );
    return (await signer)(request);
  };
}

export type AuthMode = "end_user" | "backend";

export interface AuthOptions {
  /** An end user's JWT: the client calls /v1/... as the token's user. */
  token?: string | undefined;
  /** The local stack's backend API key (x-api-key): the client calls /v1/users/{user_id}/... */
  apiKey?: string | undefined;
  /** A SigV4 signer (awsSigV4(...) or fromSignatureV4(...)): the client calls /v1/users/{user_id}/... */
  sigv4?: Signer | undefined;
}

/** The auth mode of exactly one of token / apiKey / sigv4. */
export function authMode(options: AuthOptions): AuthMode {
  const given = [options.token, options.apiKey, options.sigv4].filter(Boolean).length;
  if (given !== 1) throw new TypeError("give exactly one of token (end user), apiKey or sigv4 (backend)");
  return options.token ? "end_user" : "backend";
}

/** The headers of the chosen auth (the signature itself is added per request, over what is sent). */
export function authHeaders(options: AuthOptions): Record<string, string> {
  if (options.token) return { authorization: `Bearer ${options.token}` };
  if (options.apiKey) return { "x-api-key": options.apiKey };
  return {};
}
