// src/generated/openapi.ts is what openapi-typescript makes from docs/openapi.json now.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

test("the generated types are up to date with docs/openapi.json (npm run check-generated)", () => {
  const script = fileURLToPath(new URL("../scripts/generate.mjs", import.meta.url));
  const done = spawnSync(process.execPath, [script, "--check"], { encoding: "utf8" });
  assert.equal(done.status, 0, done.stderr);
});

test("the sources type-check against the generated types (tsc --noEmit)", () => {
  const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
  const project = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
  const done = spawnSync(process.execPath, [tsc, "-p", project, "--noEmit"], { encoding: "utf8" });
  assert.equal(done.status, 0, done.stdout + done.stderr);
});
