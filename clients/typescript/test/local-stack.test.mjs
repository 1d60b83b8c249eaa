// Every route through the client in both auth modes (end-user token, backend key), retries and errors
// on real routes, against the real local stack. tests/integration/test_typescript_client.py starts the
// stack and runs this with ENGRAM_URL, ENGRAM_TOKEN / ENGRAM_TOKEN_2 (two end users' JWTs),
// ENGRAM_BACKEND_KEY, ENGRAM_OPERATOR_KEY and ENGRAM_USER_PREFIX set.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { AuthModeError, Conflict, EngramClient, EngramConnectionError, Forbidden, NotFound, ROUTES, Unauthorized, ValidationError } from "@engram/client";

const env = process.env;
const skip = env.ENGRAM_URL ? false : "no local stack: ENGRAM_URL is not set (tests/integration/test_typescript_client.py sets it)";
if (skip && env.ENGRAM_TS_REQUIRE_STACK) throw new Error("ENGRAM_TS_REQUIRE_STACK is set but ENGRAM_URL is not");

const DOC = JSON.parse(readFileSync(new URL("../../../docs/openapi.json", import.meta.url), "utf8"));
const TEMPLATES = Object.entries(DOC.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    operationId: op.operationId,
    params: (path.match(/\{/g) ?? []).length,
  })),
);

/** The operation a request reached; a static segment wins over a parameter (/memories/search). */
function operationOf(method, pathname) {
  const found = TEMPLATES.filter((t) => t.method === method && t.pattern.test(pathname)).sort((a, b) => a.params - b.params);
  assert.ok(found.length, `no operation for ${method} ${pathname}`);
  return found[0].operationId;
}

/** A fetch that notes the operations that answered 2xx. */
function recordingFetch(succeeded) {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.ok) succeeded.add(operationOf(init.method, new URL(url).pathname));
    return response;
  };
}

let counter = 0;
const unique = (prefix) => `${env.ENGRAM_USER_PREFIX ?? "ts"}-${prefix}-${Date.now().toString(36)}-${counter++}`;
const noSleep = async () => {};

async function waitFor(probe, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every route of `mode`, with checks on what comes back; the audit route through `operator`. */
async function exercise(c, mode, operator) {
  const persona = "nurse";
  const chat = await c.chat(persona, "s1", "I coughed all night and my SpO2 was 92.");
  assert.equal(chat.status, "completed");
  assert.ok(chat.reply && chat.turn === 1);
  const again = await c.getRequest(persona, "s1", chat.request_id);
  assert.equal(again.request_id, chat.request_id);
  const ctx = await c.context(persona, "s1", "What did I tell you about my breathing?");
  assert.deepEqual(ctx.messages.at(-1), { role: "user", content: "What did I tell you about my breathing?" });
  assert.ok(["USE", "SKIP"].includes(ctx.gate.decision));
  const turn = await c.recordTurn(persona, "s1", "I walked 2 km today.", "Great progress!", { idempotencyKey: "walk-1" });
  const repeat = await c.recordTurn(persona, "s1", "I walked 2 km today.", "Great progress!", { idempotencyKey: "walk-1" });
  assert.equal(turn.turn.seq, 2);
  assert.ok(repeat.duplicate && repeat.turn.seq === 2);
  assert.equal((await c.getSession(persona, "s1")).turn_count, 2);
  assert.ok((await c.listSessions({ persona_id: persona })).sessions.some((s) => s.session_id === "s1"));
  const page = await c.getConversationLog(persona, "s1", { limit: 1 });
  assert.deepEqual(page.rounds.map((r) => r.seq), [2]);
  const older = await c.getConversationLog(persona, "s1", { before: page.next_cursor });
  assert.deepEqual(older.rounds.map((r) => r.seq), [1]);
  const saved = await c.saveSession(persona, "s1");
  assert.deepEqual([saved.status, saved.reason], ["ENDED", "save"]);
  await c.chat(persona, "s2", "Another conversation about my inhaler.");
  assert.equal((await c.endSession(persona, "s2")).reason, "end");

  const created = await c.createMemory(persona, {
    summary: "Allergic to penicillin",
    type: "constraint",
    importance: 0.95,
    pinned: true,
    topics: ["allergy"],
  });
  const memoryId = created.memory.memory_id;
  assert.equal((await c.getMemory(memoryId)).memory.content, "Allergic to penicillin");
  const listed = await c.listMemories({ persona_id: persona, type: "constraint", pinned: true });
  assert.deepEqual(listed.memories.map((m) => m.memory_id), [memoryId]);
  assert.ok((await c.loadMemories(persona, { n: 5 })).memories.some((m) => m.memory_id === memoryId));
  const found = await waitFor(async () => {
    const hits = (await c.searchMemories("penicillin", { persona_id: persona, type: ["constraint"] })).results;
    return hits.length ? hits : null;
  });
  assert.deepEqual(found.map((r) => r.memory.memory_id), [memoryId]);
  const months = (await c.memoryTimeline({ persona_id: persona })).months;
  assert.ok(months.some((month) => month.memories.some((m) => m.memory_id === memoryId)));
  assert.ok((await c.summarize([{ role: "user", content: "I take my inhaler at 8 every morning." }])).summary);
  const patched = await c.updateMemory(memoryId, { version: created.memory.version, importance: 0.8 });
  assert.ok(Math.abs(patched.memory.importance - 0.8) < 1e-9 && patched.memory.version > created.memory.version);
  await assert.rejects(c.updateMemory(memoryId, { version: created.memory.version, importance: 0.7 }), Conflict);
  assert.deepEqual((await c.setPinned(persona, [memoryId])).pinned.map((p) => p.memory_id), [memoryId]);
  assert.deepEqual((await c.getProfile(persona)).pinned.map((p) => p.memory_id), [memoryId]);
  assert.equal((await c.archiveMemory(memoryId)).memory.status, "archived");
  assert.ok((await c.listArchive({ persona_id: persona })).memories.some((m) => m.memory_id === memoryId));
  assert.equal((await c.restoreMemory(memoryId)).memory.status, "active");
  const events = (await c.memoryLifecycle(memoryId)).entries.map((e) => e.event);
  assert.ok(events.includes("archive") && events.includes("restore"));
  assert.ok((await c.deleteMemory(memoryId)).deleted);
  await assert.rejects(c.getMemory(memoryId), NotFound);
  await c.createMemory("pharmacist", { summary: "Prefers generic drugs" });
  const deletion = await c.deletePersona("pharmacist");
  assert.equal(deletion.persona_id, "pharmacist");
  assert.ok(await waitFor(async () => (await c.listMemories({ persona_id: "pharmacist" })).total === 0));

  assert.ok((await c.export()).counts);
  const job = await c.startExport();
  assert.equal((await c.getExport(job.export_id)).export_id, job.export_id);

  if (mode === "backend") {
    const doc = await c.uploadKbDocument("Inhalers", "Rinse your mouth after a steroid inhaler.", { source: "leaflet" });
    assert.ok((await c.listKbDocuments()).documents.some((d) => d.doc_id === doc.doc_id));
    assert.equal((await c.deleteKbDocument(doc.doc_id)).deleted_chunks, doc.chunks);
    await assert.rejects(c.listAudit({ limit: 5 }), Forbidden); // a chatbot backend may not read audit trails
    assert.ok((await operator.listAudit({ limit: 5 })).subject);
  } else {
    await assert.rejects(c.listKbDocuments(), AuthModeError);
    await assert.rejects(c.listAudit(), AuthModeError);
  }

  const erasure = await c.requestErasure({ scope: "all" }); // last: it erases the user
  assert.equal(erasure.state, "pending_confirmation");
  assert.equal((await c.confirmErasure(erasure.request_id, erasure.confirmation_token)).request_id, erasure.request_id);
  assert.ok(["confirmed", "processing", "completed"].includes((await c.getErasure(erasure.request_id)).state));
}

function expected(mode) {
  return new Set(
    Object.values(ROUTES)
      .map((r) => (mode === "end_user" ? r.endUser : r.backend))
      .filter(Boolean)
      .map((e) => e.operationId),
  );
}

describe("the local stack", { skip }, () => {
  test("every end-user route through the client, with a token", async () => {
    const succeeded = new Set();
    const c = new EngramClient({ baseUrl: env.ENGRAM_URL, token: env.ENGRAM_TOKEN, fetch: recordingFetch(succeeded) });
    assert.equal(c.mode, "end_user");
    await exercise(c, "end_user");
    assert.deepEqual([...expected("end_user")].filter((id) => !succeeded.has(id)), [], "routes not exercised");
  });

  test("every backend route through the client, with the local backend key", async () => {
    const succeeded = new Set();
    const user = unique("backend");
    const fetch = recordingFetch(succeeded);
    const c = new EngramClient({ baseUrl: env.ENGRAM_URL, apiKey: env.ENGRAM_BACKEND_KEY, userId: user, fetch });
    const operator = new EngramClient({ baseUrl: env.ENGRAM_URL, apiKey: env.ENGRAM_OPERATOR_KEY, userId: user, fetch });
    assert.equal(c.mode, "backend");
    await exercise(c, "backend", operator);
    assert.deepEqual([...expected("backend")].filter((id) => !succeeded.has(id)), [], "routes not exercised");
  });

  test("calls for several users run concurrently through forUser", async () => {
    const engram = new EngramClient({ baseUrl: env.ENGRAM_URL, apiKey: env.ENGRAM_BACKEND_KEY, userId: unique("gather") });
    const turns = await Promise.all([1, 2, 3].map(() => engram.forUser(unique("gather")).recordTurn("nurse", "s1", "hi", "hello!")));
    assert.deepEqual(turns.map((t) => t.turn.seq), [1, 1, 1]);
  });

  test("a turn whose answers were lost is recorded once: the retries carry the same idempotency key", async () => {
    const lossy = lossyFetch(2);
    const engram = new EngramClient({ baseUrl: env.ENGRAM_URL, token: env.ENGRAM_TOKEN_2, fetch: lossy.fetch, sleep: noSleep });
    const session = unique("lost");
    const turn = await engram.recordTurn("nurse", session, "I walked 2 km today.", "Great progress!");
    assert.equal(lossy.delivered, 3);
    assert.ok(turn.duplicate && turn.turn.seq === 1);
    assert.equal((await engram.getSession("nurse", session)).turn_count, 1);
  });

  test("a memory whose answer was lost is created once; a write without a key is not repeated", async () => {
    const user = unique("lost");
    const lossy = lossyFetch(1);
    const backend = { baseUrl: env.ENGRAM_URL, apiKey: env.ENGRAM_BACKEND_KEY, userId: user, sleep: noSleep };
    const created = await new EngramClient({ ...backend, fetch: lossy.fetch }).createMemory("nurse", { summary: "Walks every morning" });
    assert.equal(lossy.delivered, 2);
    assert.ok(created.deduplicated);
    assert.equal((await new EngramClient(backend).listMemories({ persona_id: "nurse" })).total, 1);
    const once = lossyFetch(1);
    await assert.rejects(new EngramClient({ ...backend, fetch: once.fetch }).requestErasure(), EngramConnectionError);
    assert.equal(once.delivered, 1); // a second request would be a second erasure request
  });

  test("API errors come with their status, code and details", async () => {
    const engram = new EngramClient({ baseUrl: env.ENGRAM_URL, token: env.ENGRAM_TOKEN_2, maxAttempts: 1 });
    const missing = await engram.getMemory("mem-does-not-exist").catch((e) => e);
    assert.ok(missing instanceof NotFound);
    assert.deepEqual([missing.status, missing.code, missing.details], [404, "NOT_FOUND", { memory_id: "mem-does-not-exist" }]);
    const invalid = await engram.listMemories({ limit: 1000 }).catch((e) => e);
    assert.ok(invalid instanceof ValidationError);
    assert.equal(invalid.details.errors[0].field, "query.limit");
    await assert.rejects(new EngramClient({ baseUrl: env.ENGRAM_URL, token: "not-a-jwt" }).getSession("nurse", "s1"), Unauthorized);
    const wrongKey = new EngramClient({ baseUrl: env.ENGRAM_URL, apiKey: "wrong-key", userId: "alice" });
    await assert.rejects(wrongKey.getSession("nurse", "s1"), (e) => e instanceof Forbidden && e.code === "FORBIDDEN");
  });
});

/** A fetch that delivers every request but loses the first `lose` answers (a reset after the server
 * did the work). */
function lossyFetch(lose) {
  const state = { delivered: 0 };
  state.fetch = async (url, init) => {
    const response = await fetch(url, init);
    state.delivered += 1;
    if (state.delivered <= lose) {
      await response.arrayBuffer();
      throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } });
    }
    return response;
  };
  return state;
}
