// Builds dist/ only when its inputs changed since the last build (a hash of them, kept beside the
// dependencies in node_modules/ so nothing extra is packed), or when dist/ is gone.
// `npm run build` starts with `rm -rf dist`: run on every bootstrap, it removed dist/ under a test
// that was loading it (scripts/bootstrap.sh and tests/integration/test_typescript_client.py both
// build; the suite runs them on parallel workers).
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { access, readFile, readdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const INPUTS = ["package.json", "package-lock.json", "tsconfig.json", "tsconfig.cjs.json", "scripts/mark-cjs.mjs", "src"];
const stampPath = join(root, "node_modules", ".engram-build-inputs");
const outputs = [join(root, "dist", "esm", "index.js"), join(root, "dist", "cjs", "index.js")];

async function files(path) {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    const nested = await Promise.all(entries.map((e) => files(join(path, e.name))));
    return nested.flat();
  } catch (error) {
    if (error.code === "ENOTDIR") return [path];
    if (error.code === "ENOENT") return [];
    throw error;
  }
}

const hash = createHash("sha256");
for (const input of INPUTS) {
  for (const file of (await files(join(root, input))).sort()) {
    hash.update(relative(root, file)).update("\0").update(await readFile(file)).update("\0");
  }
}
const digest = hash.digest("hex");
const built = await readFile(stampPath, "utf8").catch(() => "");
const present = (await Promise.all(outputs.map((f) => access(f).then(() => true, () => false)))).every(Boolean);
if (built.trim() !== digest || !present) {
  const done = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  if (done.status !== 0) process.exit(done.status ?? 1);
  await writeFile(stampPath, `${digest}\n`);
}
