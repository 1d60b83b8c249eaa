// dist/cjs is CommonJS inside a "type": "module" package: a package.json of its own says so to Node.
import { writeFile } from "node:fs/promises";

await writeFile(new URL("../dist/cjs/package.json", import.meta.url), '{ "type": "commonjs" }\n');
