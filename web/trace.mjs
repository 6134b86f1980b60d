// What of the standard library the site's Python imports: run by web/runtime.py to trim python_stdlib.zip.
// Usage: node web/trace.mjs PYODIDE_DIR PACKAGE_ZIP PROBE_PY EXTRA_JSON OUT_JSON
//
// Starts Pyodide from PYODIDE_DIR (its whole standard library) as the page does (the package's zip at /lib on
// sys.path, the package's data files from the data/ folder beside the zip at /lib/data, which the probe reads as
// the page's worker reads the site's), runs web/probe.py's main(EXTRA) (every module of the package, the EXTRA modules, whole games and the
// page's calls), unpacks the zip as PyScript's `files` config does, lets an error cross into JavaScript (its
// traceback is formatted) and a result be converted, and writes to OUT_JSON {"modules": sys.modules' names, "missing": the EXTRA names that are no module}.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const [pyodideDir, packageZip, probe, extraJson, out] = process.argv.slice(2).map((p) => resolve(p));
if (!out) {
  console.error("usage: node web/trace.mjs PYODIDE_DIR PACKAGE_ZIP PROBE_PY EXTRA_JSON OUT_JSON");
  process.exit(2);
}
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  packages: [],
  stdout: (line) => console.error(line),
  stderr: (line) => console.error(line),
});
pyodide.FS.writeFile("/lib/malefiz.zip", readFileSync(packageZip));
for (const entry of readdirSync(join(dirname(packageZip), "data"), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const from = join(entry.parentPath ?? entry.path, entry.name);
  const to = "/lib/data/" + from.slice(join(dirname(packageZip), "data").length + 1);
  pyodide.FS.mkdirTree(to.slice(0, to.lastIndexOf("/")));
  pyodide.FS.writeFile(to, readFileSync(from));
}
pyodide.globals.set("probe_source", readFileSync(probe, "utf8"));
pyodide.globals.set("extra", pyodide.toPy(JSON.parse(readFileSync(extraJson, "utf8"))));
const missing = pyodide
  .runPython(`
import sys
sys.path.insert(0, "/lib/malefiz.zip")
probe = {"__name__": "probe"}
exec(compile(probe_source, "probe.py", "exec"), probe)
probe["main"](list(extra))
`)
  .toJs();
// PyScript's `files` config unpacks the package's zip through Pyodide (zipfile, shutil; cp437 for the names)
pyodide.unpackArchive(new Uint8Array(readFileSync(packageZip)), "zip", { extractDir: "/tmp/unpacked" });
try {
  pyodide.runPython("raise ValueError('an error the page shows')");
  throw new Error("no error crossed into JavaScript");
} catch (error) {
  if (!String(error).includes("an error the page shows")) throw error;
}
const converted = pyodide.runPython("{'screen': [1, 'two', None, 3.0]}").toJs({ dict_converter: Object.fromEntries });
if (converted.screen[1] !== "two") throw new Error("a result did not convert");
const modules = pyodide.runPython("import sys; sorted(sys.modules)").toJs();
writeFileSync(out, JSON.stringify({ modules, missing }));
