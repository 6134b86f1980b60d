// Minify the page's scripts with Terser (pinned in package.json) into the site: run by web/build.py.
// Usage: node web/minify.mjs NODE_MODULES OUT_DIR FILE...   (each FILE is written to OUT_DIR under its own name)
//
// Comments and white space go, local names get short; what the scripts share through `window` and every string stays
// as written (Terser renames no property and, in a classic script, no top-level name). No source map: the site
// serves none (a developer reads web/ itself).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [nodeModules, outDir, ...files] = process.argv.slice(2);
if (!nodeModules || !outDir || !files.length) {
  console.error("usage: node web/minify.mjs NODE_MODULES OUT_DIR FILE...");
  process.exit(2);
}
const terser = join(resolve(nodeModules), "terser", "main.js");
const { minify } = await import(pathToFileURL(terser).href);
for (const file of files) {
  const source = readFileSync(file, "utf8");
  const result = await minify(source, { compress: true, mangle: true });
  writeFileSync(join(outDir, basename(file)), result.code + "\n");
}
