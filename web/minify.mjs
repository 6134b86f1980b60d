// Minify the page's scripts in place with Terser (pinned in package.json): run by web/build.py on the built site.
// Usage: node web/minify.mjs NODE_MODULES FILE...
//
// Comments and white space go, local names get short; what the scripts share through `window` and every string stays
// as written (Terser renames no property and, in a classic script, no top-level name). No source map: the site
// serves none (a developer reads web/ itself).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [nodeModules, ...files] = process.argv.slice(2);
if (!nodeModules || !files.length) {
  console.error("usage: node web/minify.mjs NODE_MODULES FILE...");
  process.exit(2);
}
const terser = join(resolve(nodeModules), "terser", "main.js");
const { minify } = await import(pathToFileURL(terser).href);
for (const file of files) {
  const source = readFileSync(file, "utf8");
  const result = await minify(source, { compress: true, mangle: true });
  writeFileSync(file, result.code + "\n");
}
