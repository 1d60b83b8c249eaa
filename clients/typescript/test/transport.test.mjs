// Auth headers, retries with backoff, idempotency keys and errors, against a scripted local server:
// what the client sends and how it reacts, without the stack.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";

import {
  AuthModeError,
  Conflict,
  EngramClient,
  EngramConnectionError,
  EngramError,
  NotFound,
  RateLimited,
  RetryPolicy,
  ServerError,
  ValidationError,
  fromSignatureV4,
  parseRetryAfter,
  queryString,
} from "@engram/client";
import { apiError, recordedSleeps, scriptedServer } from "./helpers.mjs";

const servers = [];
async function serve(answers) {
  const server = await scriptedServer(answers);
  servers.push(server);
  return server;
}
after(() => Promise.all(servers.map((s) => s.close())));

const TURN = { status: 200, body: { status: "completed", duplicate: false } };

describe("auth", () => {
  test("a token is sent as a bearer on the end-user route", async () => {
    const server = await serve([{ status: 200, body: { sessions: [] } }]);
    const engram = new EngramClient({ baseUrl: server.url, token: "jwt-1" });
    await engram.listSessions({ persona_id: "nurse" });
    const [request] = server.requests;
    assert.equal(request.url, "/v1/sessions?persona_id=nurse");
    assert.equal(request.headers.authorization, "Bearer jwt-1");
    assert.equal(request.headers["x-api-key"], undefined);
  });

  test("the local backend key goes in x-api-key, on the user's backend route", async () => {
    const server = await serve([{ status: 200, body: {} }, { status: 200, body: {} }]);
    const engram = new EngramClient({ baseUrl: server.url, apiKey: "local-key", userId: "alice" });
    await engram.getSession("nurse", "s 1");
    await engram.forUser("bob@example").getMemory("m1");
    assert.equal(server.requests[0].url, "/v1/users/alice/personas/nurse/sessions/s%201");
    assert.equal(server.requests[0].headers["x-api-key"], "local-key");
    assert.equal(server.requests[0].headers.authorization, undefined);
    assert.equal(server.requests[1].url, "/v1/users/bob@example/memories/m1");
  });

  test("exactly one auth is required, and routes of the other mode throw before any request", async () => {
    assert.throws(() => new EngramClient({}), TypeError);
    assert.throws(() => new EngramClient({ token: "t", apiKey: "k" }), TypeError);
    assert.throws(() => new EngramClient({ token: "t", userId: "u" }), TypeError);
    const server = await serve([]);
    const user = new EngramClient({ baseUrl: server.url, token: "t" });
    await assert.rejects(user.listKbDocuments(), AuthModeError);
    await assert.rejects(user.listAudit(), AuthModeError);
    assert.throws(() => user.forUser("x"), AuthModeError);
    const backend = new EngramClient({ baseUrl: server.url, apiKey: "k" });
    await assert.rejects(backend.listMemories(), /no userId/);
    assert.equal(server.requests.length, 0);
  });

  test("SigV4 signs the exact request sent: method, path, sorted query, host, body and Engram's headers", async () => {
    const server = await serve([{ status: 200, body: {} }]);
    const signed = [];
    const fakeSignatureV4 = {
      async sign(request) {
        signed.push(request);
        return { headers: { ...request.headers, authorization: "AWS4-HMAC-SHA256 fake", "x-amz-date": "20260101T000000Z" } };
      },
    };
    const engram = new EngramClient({
      baseUrl: server.url,
      sigv4: fromSignatureV4(fakeSignatureV4),
      userId: "alice",
      headers: { "X-Engram-Tenant": "acme" },
    });
    await engram.createMemory("nurse", { summary: "Allergic to penicillin", idempotency_key: "k1" });
    const [request] = server.requests;
    const [toSign] = signed;
    assert.equal(request.headers.authorization, "AWS4-HMAC-SHA256 fake");
    assert.equal(request.headers["x-amz-date"], "20260101T000000Z");
    assert.equal(toSign.method, "POST");
    assert.equal(toSign.path, "/v1/users/alice/memories");
    assert.equal(toSign.body, request.raw);
    assert.equal(toSign.headers.host, new URL(server.url).host);
    assert.equal(toSign.headers["content-type"], "application/json");
    assert.equal(toSign.headers["x-engram-tenant"], "acme");
  });

  test("the SigV4 signature of @smithy/signature-v4 verifies over what arrived", async () => {
    const { SignatureV4 } = await import("@smithy/signature-v4");
    const { awsSigV4, NodeSha256 } = await import("@engram/client");
    const server = await serve([{ status: 200, body: {} }]);
    const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
    const engram = new EngramClient({ baseUrl: server.url, sigv4: awsSigV4({ region: "eu-west-1", credentials }), userId: "alice" });
    await engram.searchMemories("breathing at night", { persona_id: "nurse", type: ["fact", "constraint"], limit: 5 });
    const [request] = server.requests;
    assert.match(request.headers.authorization, /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/execute-api\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    // the receiving side signs what it received, at the same date: the same signature
    const url = new URL(request.url, server.url);
    const query = Object.fromEntries(url.searchParams);
    const verifier = new SignatureV4({ service: "execute-api", region: "eu-west-1", credentials, sha256: NodeSha256 });
    const date = request.headers["x-amz-date"];
    const signingDate = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
    const again = await verifier.sign(
      { method: request.method, protocol: "http:", hostname: url.hostname, port: Number(url.port), path: url.pathname, query, headers: { host: request.headers.host } },
      { signingDate },
    );
    assert.equal(again.headers.authorization, request.headers.authorization);
  });
});

describe("retries", () => {
  test("an idempotent call is retried on 5xx and 429 with backoff, the same idempotency key each time", async () => {
    const server = await serve([apiError(503, "UNAVAILABLE"), apiError(429, "THROTTLED", "slow down", {}, { "retry-after": "2" }), TURN]);
    const { sleeps, sleep } = recordedSleeps();
    const engram = new EngramClient({ baseUrl: server.url, token: "t", sleep, maxAttempts: 3 });
    const turn = await engram.recordTurn("nurse", "s1", "hi", "hello");
    assert.equal(turn.status, "completed");
    assert.equal(server.requests.length, 3);
    const keys = new Set(server.requests.map((r) => r.body.idempotency_key));
    assert.equal(keys.size, 1);
    assert.match([...keys][0], /^[0-9a-f-]{36}$/);
    assert.ok(sleeps[0] >= 0.25 && sleeps[0] <= 0.5, `first backoff ${sleeps[0]}`);
    assert.equal(sleeps[1], 2); // the server's Retry-After
  });

  test("two calls get two idempotency keys; a given key is sent as is", async () => {
    const server = await serve([TURN, TURN, TURN]);
    const engram = new EngramClient({ baseUrl: server.url, token: "t" });
    await engram.recordTurn("p", "s", "a", "b");
    await engram.recordTurn("p", "s", "a", "b");
    await engram.recordTurn("p", "s", "a", "b", { idempotencyKey: "mine" });
    const [a, b, c] = server.requests.map((r) => r.body.idempotency_key);
    assert.notEqual(a, b);
    assert.equal(c, "mine");
  });

  test("409 REQUEST_IN_PROGRESS is retried; another 409 is thrown as Conflict with its code", async () => {
    const server = await serve([apiError(409, "REQUEST_IN_PROGRESS"), TURN, apiError(409, "IDEMPOTENCY_KEY_REUSED", "other body")]);
    const { sleep } = recordedSleeps();
    const engram = new EngramClient({ baseUrl: server.url, token: "t", sleep });
    await engram.recordTurn("p", "s", "a", "b", { idempotencyKey: "k" });
    const error = await engram.recordTurn("p", "s", "x", "y", { idempotencyKey: "k" }).catch((e) => e);
    assert.ok(error instanceof Conflict);
    assert.equal(error.code, "IDEMPOTENCY_KEY_REUSED");
    assert.equal(error.status, 409);
    assert.equal(server.requests.length, 3);
  });

  test("a write that is not idempotent is sent once", async () => {
    const server = await serve([apiError(503, "UNAVAILABLE")]);
    const { sleeps, sleep } = recordedSleeps();
    const engram = new EngramClient({ baseUrl: server.url, token: "t", sleep });
    const error = await engram.updateMemory("m1", { version: 3, importance: 0.5 }).catch((e) => e);
    assert.ok(error instanceof ServerError);
    assert.equal(error.code, "UNAVAILABLE");
    assert.equal(server.requests.length, 1);
    assert.deepEqual(sleeps, []);
  });

  test("attempts run out: the last error is thrown; a Retry-After over the limit is not waited for", async () => {
    const server = await serve([apiError(500, "INTERNAL_ERROR"), apiError(500, "INTERNAL_ERROR"), apiError(429, "THROTTLED", "later", {}, { "retry-after": "600" })]);
    const { sleeps, sleep } = recordedSleeps();
    const engram = new EngramClient({ baseUrl: server.url, token: "t", sleep, maxAttempts: 2 });
    await assert.rejects(engram.getMemory("m1"), ServerError);
    const throttled = await engram.getMemory("m1").catch((e) => e);
    assert.ok(throttled instanceof RateLimited);
    assert.equal(throttled.retryAfter, 600);
    assert.equal(server.requests.length, 3);
    assert.equal(sleeps.length, 1);
  });

  test("connection errors are retried, then thrown as EngramConnectionError (status 0)", async () => {
    const server = await serve([{ hangUp: true }, { status: 200, body: { memory: { id: "m1" } } }]);
    const { sleep } = recordedSleeps();
    const engram = new EngramClient({ baseUrl: server.url, token: "t", sleep });
    const got = await engram.getMemory("m1");
    assert.equal(got.memory.id, "m1");
    const closed = new EngramClient({ baseUrl: "http://127.0.0.1:9", token: "t", sleep, maxAttempts: 2 });
    const error = await closed.getMemory("m1").catch((e) => e);
    assert.ok(error instanceof EngramConnectionError);
    assert.equal(error.status, 0);
    assert.equal(error.code, "CONNECTION_ERROR");
  });

  test("a delete retried after a lost answer that then finds the memory gone reports it deleted", async () => {
    const server = await serve([{ hangUp: true }, apiError(404, "NOT_FOUND")]);
    const { sleep } = recordedSleeps();
    const engram = new EngramClient({ baseUrl: server.url, token: "t", sleep });
    assert.deepEqual(await engram.deleteMemory("m1"), { memory_id: "m1", deleted: true });
  });

  test("the backoff doubles up to its ceiling, each wait between half and all of it", () => {
    const policy = new RetryPolicy({ backoffBase: 0.5, backoffMax: 8 });
    assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => policy.backoff(n, () => 1)), [0.5, 1, 2, 4, 8, 8]);
    assert.deepEqual([1, 2, 3].map((n) => policy.backoff(n, () => 0)), [0.25, 0.5, 1]);
    assert.throws(() => new RetryPolicy({ maxAttempts: 0 }), RangeError);
    assert.equal(parseRetryAfter("3"), 3);
    assert.equal(parseRetryAfter(new Date(Date.now() + 10_000).toUTCString(), Date.now()) > 8, true);
    assert.equal(parseRetryAfter("soon"), undefined);
  });
});

describe("errors", () => {
  test("an error carries the API's status, code, message, details and request id", async () => {
    const server = await serve([
      apiError(400, "VALIDATION_ERROR", "bad body", { errors: [{ field: "message" }] }, { "x-request-id": "req-1" }),
      apiError(404, "NOT_FOUND", "no such memory"),
      { status: 403, body: { message: "Forbidden" } }, // API Gateway's own refusal
      { status: 418, body: "teapot" },
    ]);
    const engram = new EngramClient({ baseUrl: server.url, token: "t" });
    const invalid = await engram.context("p", "s", "").catch((e) => e);
    assert.ok(invalid instanceof ValidationError && invalid instanceof EngramError);
    assert.equal(invalid.code, "VALIDATION_ERROR");
    assert.deepEqual(invalid.details, { errors: [{ field: "message" }] });
    assert.equal(invalid.requestId, "req-1");
    assert.equal(invalid.apiMessage, "bad body");
    const missing = await engram.getMemory("m1").catch((e) => e);
    assert.ok(missing instanceof NotFound);
    assert.equal(missing.message, "404 NOT_FOUND: no such memory");
    const gateway = await engram.getMemory("m2").catch((e) => e);
    assert.equal(gateway.code, "FORBIDDEN");
    assert.equal(gateway.apiMessage, "Forbidden");
    const other = await engram.getMemory("m3").catch((e) => e);
    assert.equal(other.code, "HTTP_418");
  });
});

test("queries are RFC 3986-encoded and sorted (SigV4's canonical form), lists comma-joined", () => {
  assert.equal(
    queryString({ q: "it's (a) test*", type: ["fact", "todo"], limit: 5, include_kb: true, persona_id: undefined }),
    "include_kb=true&limit=5&q=it%27s%20%28a%29%20test%2A&type=fact%2Ctodo",
  );
});
