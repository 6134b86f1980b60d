// Make the memory snapshot of the site's Python: run by web/runtime.py once the site's runtime is built.
// Usage: node web/snapshot.mjs SITE_DIR OUT_FILE   (writes the raw snapshot bytes to OUT_FILE)
//
// Python starts exactly as the page's worker starts it (SITE_DIR/boot.mjs's start(), from SITE_DIR/pyodide/ and
// SITE_DIR/malefiz.zip), then imports every module of the package besides (a module not imported before the
// snapshot is not in it: after a restore, it would be read and compiled again), all but malefiz.__main__ (the
// command line, which runs as it is imported).
//
// The same build gives the same bytes: this process's clocks and randomness are made deterministic before
// Pyodide starts (`deterministic()`), and its script path is a constant. Left alone, a snapshot holds the build's
// time (the files' times Python read as it started) and entropy drawn as it started: Python's hash secret,
// random's shared generator, the allocator's keys. Every restore of one snapshot shares those anyway, whatever
// they are (a snapshot is the same memory for every player); made deterministic, they are the same for every
// build too, and predictable: string hashes (no hash-flooding defence, which a game of one's own does not need)
// and random's state, which the page must reseed after every restore (malefiz.bridge.reseed()). Nothing of this
// reaches the page: its worker's clocks and randomness are the browser's.
import crypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** Clocks that tick one millisecond a reading from a fixed time, entropy from a fixed xorshift, a fixed argv[0]. */
function deterministic() {
  let ticks = 0;
  const epoch = Date.UTC(2026, 0, 1);
  Date.now = () => epoch + ticks;
  performance.now = () => ++ticks;
  let state = 0x2545f491;
  crypto.randomFillSync = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes[i] = state & 255;
    }
    return view;
  };
}

const [site, out] = process.argv.slice(2).map((p) => resolve(p));
if (!out) {
  console.error("usage: node web/snapshot.mjs SITE_DIR OUT_FILE");
  process.exit(2);
}
process.argv[1] = "snapshot.mjs"; // Emscripten's argv[0]: not the build's checkout path
deterministic();
const { loadPyodide } = await import(join(site, "pyodide", "pyodide.mjs"));
const { start } = await import(join(site, "boot.mjs"));
const pyodide = await start(loadPyodide, {
  indexURL: `${join(site, "pyodide")}/`,
  packageZip: readFileSync(join(site, "malefiz.zip")),
  makeSnapshot: true,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
const scratch = pyodide.toPy({}); // a namespace of its own: nothing of this stays in __main__
const count = pyodide.runPython(
  `
import importlib, pkgutil
import malefiz
names = [m.name for m in pkgutil.walk_packages(malefiz.__path__, "malefiz.") if not m.name.endswith(".__main__")]
for name in names:
    importlib.import_module(name)
len(names)
`,
  { globals: scratch },
);
scratch.destroy();
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`snapshot: ${count} modules of the package, ${(snapshot.length / 1e6).toFixed(1)} MB`);
