"""The same seeded games end in the same positions under Pyodide (Node) as under CPython."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_seeded_games_match_under_pyodide() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists(), "run `make site` (npm ci) first"
    script = str(ROOT / "tests" / "malefiz" / "seeded_game.py")
    cpython = subprocess.run(
        [sys.executable, script], capture_output=True, text=True, check=True, cwd=ROOT, timeout=300
    )
    pyodide = subprocess.run(
        [node, str(ROOT / "tests" / "pyodide_run.mjs"), script], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert pyodide.returncode == 0, pyodide.stderr
    cp_lines, py_lines = cpython.stdout.splitlines(), pyodide.stdout.splitlines()
    assert cp_lines[0].startswith("3.") and py_lines[0].startswith("3.")
    assert cp_lines[1:] == py_lines[1:]
    assert all(line.split()[-1].endswith("*") for line in cp_lines[3:])
