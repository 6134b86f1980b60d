// Run Python on the built site's runtime, in Node, started the way the page's worker starts it.
// Usage: node e2e/runtime_run.mjs SITE_DIR [SNAPSHOT_FILE] < SCRIPT.py   (prints what the script prints)
//
// Only the site's files: SITE_DIR/boot.mjs's start() with Pyodide from SITE_DIR/pyodide/ (its trimmed standard
// library and empty lock file) and SITE_DIR/malefiz.zip. With SNAPSHOT_FILE (a snapshot.bin), Python is restored
// from it, after its header is checked against the RUNTIME line of SITE_DIR/worker.js as the worker checks it: a
// snapshot of another runtime exits with status 3. Says on stderr how long the start took (`boot: N ms`, the
// unpacking of the snapshot not counted).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";

const [site, snapshotFile] = process.argv.slice(2).map((p) => resolve(p));
if (!site) {
  console.error("usage: node e2e/runtime_run.mjs SITE_DIR [SNAPSHOT_FILE] < SCRIPT.py");
  process.exit(2);
}
const runtime = /^const RUNTIME = "([0-9a-f]{16})";\n/.exec(readFileSync(join(site, "worker.js"), "utf8"))?.[1];
if (!runtime) {
  console.error("worker.js does not start with the RUNTIME line");
  process.exit(2);
}

/** The snapshot in a snapshot.bin's bytes, when its header names this runtime; else exit with status 3. */
function snapshotOf(data) {
  const newline = data.indexOf(10);
  const header = newline < 0 ? "" : data.subarray(0, newline).toString("latin1");
  if (header !== `malefiz-snapshot ${runtime}`) {
    console.error(`not a snapshot of runtime ${runtime}: ${JSON.stringify(header.slice(0, 80))}`);
    process.exit(3);
  }
  return gunzipSync(data.subarray(newline + 1));
}

const { loadPyodide } = await import(join(site, "pyodide", "pyodide.mjs"));
const { expand, start } = await import(join(site, "boot.mjs"));
const snapshot = snapshotFile ? expand(snapshotOf(readFileSync(snapshotFile))) : undefined;
const started = performance.now();
const pyodide = await start(loadPyodide, {
  indexURL: `${join(site, "pyodide")}/`,
  packageZip: readFileSync(join(site, "malefiz.zip")),
  snapshot,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
console.error(`boot: ${Math.round(performance.now() - started)} ms`);
try {
  pyodide.runPython(readFileSync(0, "utf8"));
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
