"""Run a bench script again under Pyodide (the npm package, in Node) and read the JSON it prints."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def run_in_pyodide(script: str, *args: str) -> Any:
    """The last line ``script`` prints under Pyodide, parsed as JSON; None when Node or Pyodide is missing."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        return None
    run = subprocess.run(
        [node, str(ROOT / "tests" / "pyodide_run.mjs"), script, *args], capture_output=True, text=True, check=True
    )
    return json.loads(run.stdout.strip().splitlines()[-1])
