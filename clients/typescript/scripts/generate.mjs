// Generates src/generated/openapi.ts from the API's OpenAPI document (docs/openapi.json) with
// openapi-typescript, pinned in package-lock.json:
//   npm run generate           write the file
//   npm run check-generated    exit 1 when the committed file is not what the generator makes now
// The output is a function of the document alone (no timestamp, no path), so a test can compare.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";

const here = path.dirname(fileURLToPath(import.meta.url));
export const OPENAPI = path.resolve(here, "../../../docs/openapi.json");
export const TARGET = path.resolve(here, "../src/generated/openapi.ts");

const HEADER = `// GENERATED FILE - do not edit. Made from docs/openapi.json by clients/typescript/scripts/generate.mjs
// (openapi-typescript); after an API change: npm --prefix clients/typescript run generate
`;

export async function generate(openapi = OPENAPI) {
  const ast = await openapiTS(pathToFileURL(openapi), { alphabetize: false, exportType: false });
  return HEADER + astToString(ast);
}

async function main() {
  const check = process.argv.includes("--check");
  const fresh = await generate();
  if (check) {
    const committed = await readFile(TARGET, "utf8").catch(() => "");
    if (committed !== fresh) {
      console.error(
        "clients/typescript/src/generated/openapi.ts is stale (docs/openapi.json changed): " +
          "npm --prefix clients/typescript run generate",
      );
      process.exit(1);
    }
    return;
  }
  await writeFile(TARGET, fresh, "utf8");
  console.log("wrote clients/typescript/src/generated/openapi.ts");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
