// Run a Python script under Pyodide (the npm package, in Node) with the malefiz package importable.
// Usage: node tests/pyodide_run.mjs SCRIPT.py [ARGS...]   (prints what the script prints)
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tests/pyodide_run.mjs SCRIPT.py [ARGS...]");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
const home = "/home/pyodide";
// The package with every subpackage (core, games/*): each .py file (and data file, .bin) at its own path.
function copyPackage(dir) {
  const target = `${home}/${relative(root, dir)}`;
  pyodide.FS.mkdirTree(target);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "__pycache__") {
      copyPackage(join(dir, entry.name));
    } else if (entry.name.endsWith(".py") || entry.name.endsWith(".bin")) {
      pyodide.FS.writeFile(`${target}/${entry.name}`, readFileSync(join(dir, entry.name)));
    }
  }
}
copyPackage(join(root, "malefiz"));
pyodide.FS.writeFile(`${home}/__script__.py`, readFileSync(script));
pyodide.globals.set("script_args", pyodide.toPy([script, ...args]));
try {
  await pyodide.runPythonAsync(`
import sys, runpy
sys.path.insert(0, "${home}")
sys.argv = list(script_args)
runpy.run_path("${home}/__script__.py", run_name="__main__")
`);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
