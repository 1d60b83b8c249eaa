// The client's route table against the OpenAPI document: every operation has a method, with the
// document's HTTP method and path; and the built packages load as ESM and as CommonJS.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";

import * as esm from "@engram/client";

const { EngramClient, ROUTES } = esm;

const DOC = JSON.parse(readFileSync(new URL("../../../docs/openapi.json", import.meta.url), "utf8"));
const OPERATIONS = new Map();
for (const [path, item] of Object.entries(DOC.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    // The OpenAI-compatible door (/openai/...) is for OpenAI's own clients (README), not this one.
    if ((operation.tags ?? []).includes("openai")) continue;
    OPERATIONS.set(operation.operationId, { method: method.toUpperCase(), path });
  }
}

test("every operation of docs/openapi.json has a client method, with the document's method and path", () => {
  const covered = new Map();
  for (const [name, route] of Object.entries(ROUTES)) {
    assert.equal(typeof EngramClient.prototype[name], "function", `ROUTES.${name} has no client method`);
    for (const endpoint of [route.endUser, route.backend]) {
      if (!endpoint) continue;
      const operation = OPERATIONS.get(endpoint.operationId);
      assert.ok(operation, `ROUTES.${name}: ${endpoint.operationId} is not in docs/openapi.json`);
      assert.deepEqual({ method: route.method, path: endpoint.path }, operation, `ROUTES.${name}`);
      covered.set(endpoint.operationId, name);
    }
  }
  const missing = [...OPERATIONS.keys()].filter((id) => !covered.has(id));
  assert.deepEqual(missing, [], "operations without a client method: add them to src/routes.ts and src/client.ts");
});

test("the package loads as ESM and as CommonJS, with the same exports", () => {
  const require = createRequire(import.meta.url);
  const cjs = require("@engram/client");
  assert.equal(typeof cjs.EngramClient, "function");
  assert.deepEqual(Object.keys(cjs).filter((k) => k !== "__esModule").sort(), Object.keys(esm).sort());
  assert.ok(Object.keys(esm).includes("awsSigV4") && Object.keys(esm).includes("RateLimited"));
  assert.notEqual(cjs.EngramClient, EngramClient); // two builds, two module instances
  assert.deepEqual(Object.keys(cjs.ROUTES), Object.keys(ROUTES));
});
