"""The same seeded games of every game end in the same positions under Pyodide (Node) as under CPython."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from malefiz.games import GAMES

ROOT = Path(__file__).resolve().parent.parent


def test_seeded_games_match_under_pyodide() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists(), "run `make site` (npm ci) first"
    script = str(ROOT / "tests" / "seeded_games.py")
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
    assert cp_lines[3].startswith("endgame 817216 ")
    games = [line.split()[0] for line in cp_lines[4:]]
    assert set(games) == set(GAMES) and len(games) >= 2 * len(GAMES)
    assert all(line.split()[3] == "over" for line in cp_lines[4:])
