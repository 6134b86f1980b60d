// Run a Python script under Pyodide (the npm package, in Node) with the malefiz package importable.
// Usage: node tests/pyodide_run.mjs SCRIPT.py [ARGS...]   (prints what the script prints)
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
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
pyodide.FS.mkdirTree(`${home}/malefiz`);
for (const name of readdirSync(join(root, "malefiz"))) {
  if (name.endsWith(".py")) {
    pyodide.FS.writeFile(`${home}/malefiz/${name}`, readFileSync(join(root, "malefiz", name)));
  }
}
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
