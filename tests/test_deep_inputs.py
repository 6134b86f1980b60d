"""Deeply nested and very long input is refused before it is parsed, the same way in CPython and in Pyodide (Node):
the save file, the link, the position, the game kept in the browser and the page address."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = str(ROOT / "tests" / "deep_inputs.py")


def test_every_reader_refuses_deep_nesting_alike_in_cpython_and_pyodide() -> None:
    cpython = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True, check=True, cwd=ROOT)
    lines = cpython.stdout.splitlines()
    assert len(lines) == 5 * (2 * 4 + 2)  # five readers: two kinds at four depths, two texts at the size limit
    assert all(" refused: " in line for line in lines), lines  # too deep, too long, or not a game
    assert sum("nested deeper than 64" in line or "more than 64 levels" in line for line in lines) >= 24
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    pyodide = subprocess.run(
        [node, str(ROOT / "tests" / "pyodide_run.mjs"), SCRIPT], capture_output=True, text=True, cwd=ROOT, timeout=600
    )
    assert pyodide.returncode == 0, pyodide.stderr
    assert pyodide.stdout.splitlines() == lines
