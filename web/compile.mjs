// Compile Python for the site's Python (Pyodide's, not the build machine's): run by web/runtime.py, for the malefiz
// package and for the trimmed standard library.
// Usage: node web/compile.mjs PYODIDE_DIR SOURCE_ROOT OUT_DIR [FOLDER]
//
// Every `FOLDER/**/*.py` under SOURCE_ROOT (FOLDER: `malefiz` unless given; `.` for all) becomes
// `OUT_DIR/FOLDER/**/*.pyc`: a sourceless module at its own path
// (zipimport imports it from there), unchecked-hash (no file time in it: the same source gives the same bytes), with
// the module's path in the package (`malefiz/app.py`) as its file name in tracebacks. A fixed PYTHONHASHSEED keeps
// the order of constant sets, which marshal writes as it finds it, the same from build to build.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const [pyodideDir, sourceRoot, outDir] = process.argv.slice(2, 5).map((p) => resolve(p));
const folder = process.argv[5] || "malefiz";
if (!outDir) {
  console.error("usage: node web/compile.mjs PYODIDE_DIR SOURCE_ROOT OUT_DIR [FOLDER]");
  process.exit(2);
}
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  packages: [],
  env: { PYTHONHASHSEED: "0" },
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});

const sources = [];
function collect(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "__pycache__") collect(join(dir, entry.name));
    else if (entry.isFile() && entry.name.endsWith(".py")) sources.push(relative(sourceRoot, join(dir, entry.name)));
  }
}
collect(join(sourceRoot, folder));
sources.sort();
for (const name of sources) {
  pyodide.FS.mkdirTree(`/src/${dirname(name)}`);
  pyodide.FS.writeFile(`/src/${name}`, readFileSync(join(sourceRoot, name)));
}
pyodide.globals.set("sources", pyodide.toPy(sources));
pyodide.runPython(`
import os, py_compile
for name in sources:
    py_compile.compile(
        f"/src/{name}", cfile=f"/out/{name}c", dfile=name, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
`);
for (const name of sources) {
  const target = join(outDir, `${name}c`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile(`/out/${name}c`));
}
console.log(`compiled ${sources.length} modules for Python ${pyodide.runPython("import sys; sys.version.split()[0]")}`);
