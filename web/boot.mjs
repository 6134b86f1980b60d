// How Python starts, the same way in the page's worker (web/worker.js) and in the build that makes the
// memory snapshot (web/snapshot.mjs): what differs between a snapshot and the page it is restored in is
// then only what `fresh()` renews.
//
// - `start(loadPyodide, {indexURL, packageZip, snapshot, makeSnapshot})`: Pyodide from `indexURL`
//   (the site's pyodide/ folder: its runtime files, the trimmed standard library and an empty lock
//   file, so no package index is read), restored from `snapshot` (the bytes of a memory snapshot)
//   when given; then the malefiz package (its zip of precompiled modules) kept at PACKAGE and put on
//   sys.path, and WARM imported. Returns the Pyodide instance.
// - WARM: the module the page talks to (malefiz.bridge); a snapshot imports every module of the
//   package besides (see web/snapshot.mjs), because files not imported before it are not in it.

export const WARM = "malefiz.bridge";

/**
 * A memory snapshot from the form snapshot.bin keeps it in once gunzipped (web/runtime.py `sparse`): its size and
 * page size (32-bit, little-endian), a bitmap of the pages kept, then those pages; every other page is zeros.
 * Throws for bytes that are not such a form.
 */
export function expand(packed) {
  const bad = () => new Error("not a sparse memory snapshot");
  if (packed.length < 8) throw bad();
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const size = view.getUint32(0, true);
  const page = view.getUint32(4, true);
  const pages = page ? Math.ceil(size / page) : -1;
  let at = 8 + Math.ceil(pages / 8);
  if (pages < 0 || at > packed.length || size > 2 ** 31) throw bad();
  const memory = new Uint8Array(size);
  for (let i = 0; i < pages; i++) {
    if ((packed[8 + (i >> 3)] >> (i & 7)) & 1) {
      const n = Math.min(page, size - i * page);
      if (at + n > packed.length) throw bad();
      memory.set(packed.subarray(at, at + n), i * page);
      at += n;
    }
  }
  if (at !== packed.length) throw bad();
  return memory;
}

/** Where the package's zip is kept: Python imports from it as it is (zipimport reads precompiled modules). */
export const PACKAGE = "/lib/malefiz.zip";

export async function start(loadPyodide, { indexURL, packageZip, snapshot, makeSnapshot, stdout, stderr }) {
  const options = { indexURL, packages: [] };
  if (stdout) options.stdout = stdout;
  if (stderr) options.stderr = stderr;
  if (makeSnapshot) options._makeSnapshot = true;
  if (snapshot) options._loadSnapshot = snapshot;
  const pyodide = await loadPyodide(options);
  pyodide.FS.writeFile(PACKAGE, new Uint8Array(await packageZip));
  pyodide.runPython(`import sys\nif ${JSON.stringify(PACKAGE)} not in sys.path: sys.path.insert(0, ${JSON.stringify(PACKAGE)})`);
  pyodide.pyimport(WARM);
  return pyodide;
}
