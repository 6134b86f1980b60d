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
