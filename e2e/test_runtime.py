"""The site's own Python runtime, in Node with only the site's files (``e2e/runtime_run.mjs``): the trimmed standard
library and the compiled package run every module and whole games; the memory snapshot restores them all, is
refused when made for another runtime, and shares random's state until ``malefiz.bridge.reseed()``."""

from __future__ import annotations

import gzip
import json
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
DRIVER = ROOT / "e2e" / "runtime_run.mjs"
sys.path.insert(0, str(ROOT / "web"))

from runtime import SNAPSHOT, expand, read_snapshot, runtime_id, snapshot_header  # noqa: E402

from malefiz.core.tournament import play_game  # noqa: E402
from malefiz.games import GAMES  # noqa: E402

MODULES = {"malefiz"} | {
    m.name for m in pkgutil.walk_packages([str(ROOT / "malefiz")], "malefiz.") if not m.name.endswith(".__main__")
}
"""Every module of the package but the command line's ``__main__`` (it runs as it is imported)."""

SEEDS = {"malefiz": 11, "maedn": 12}

IMPORT_ALL_AND_PLAY = """
import importlib, json, pkgutil, sys
import malefiz
for m in pkgutil.walk_packages(malefiz.__path__, "malefiz."):
    if not m.name.endswith(".__main__"):
        importlib.import_module(m.name)
from malefiz.core.tournament import play_game
from malefiz.games import GAMES
seeds = %s
rankings = {}
for name, seed in seeds.items():
    game = GAMES[name]
    rankings[name] = play_game(game, [game.bots["greedy"]] * 4, seed, game.boards[0])
files = sorted({m.__file__.split(".zip/")[0] for n, m in sys.modules.items() if n.startswith("malefiz")})
print(json.dumps({"modules": sorted(m for m in sys.modules if m.startswith("malefiz")), "rankings": rankings,
                  "files": files, "version": sys.version.split()[0]}))
"""

PACKAGE_MODULES = """
import json, sys
print(json.dumps(sorted(m for m in sys.modules if m == "malefiz" or m.startswith("malefiz."))))
"""

DRAW = """
import random
%s
print(repr(random.random()))
"""


@pytest.fixture(scope="module")
def node() -> str:
    if not (SITE / SNAPSHOT).exists():
        pytest.fail("site/ is not built: run `make site` first")
    found = shutil.which("node")
    assert found, "Node.js runs the site's Pyodide"
    return found


def run(node: str, script: str, snapshot: Path | None = None) -> subprocess.CompletedProcess[str]:
    command = [node, str(DRIVER), str(SITE), *([str(snapshot)] if snapshot else [])]
    return subprocess.run(command, input=script, capture_output=True, text=True, timeout=600, check=False)


def output(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, result.stderr
    assert "boot: " in result.stderr
    return result.stdout.splitlines()[-1]


def test_every_module_imports_and_a_whole_game_of_each_kind_plays_on_the_sites_runtime(node: str) -> None:
    found = json.loads(output(run(node, IMPORT_ALL_AND_PLAY % json.dumps(SEEDS))))
    assert found["version"].startswith("3.14")
    assert set(found["modules"]) == MODULES
    assert found["files"] == ["/lib/malefiz"], "every module comes from the package's zip"
    for name, seed in SEEDS.items():
        game = GAMES[name]
        expected = play_game(game, [game.bots["greedy"]] * 4, seed, game.boards[0])
        assert expected, f"{name}: the game must end"
        assert [tuple(place) for place in found["rankings"][name]] == list(expected), name


def test_the_snapshot_is_of_this_runtime_and_holds_every_module_of_the_package(node: str) -> None:
    worker = (SITE / "worker.js").read_text(encoding="utf-8")
    runtime, gzipped = read_snapshot((SITE / SNAPSHOT).read_bytes())
    assert worker.startswith(f'const RUNTIME = "{runtime}";\n')
    assert runtime == runtime_id(SITE)
    assert gzipped[:2] == b"\x1f\x8b"
    packed = gzip.decompress(gzipped)
    memory = expand(packed)  # the pages of zeros left out: a restore unpacks about half the memory
    assert len(packed) < 0.7 * len(memory)
    restored = run(node, PACKAGE_MODULES, SITE / SNAPSHOT)
    # boot.mjs imports malefiz.bridge only: the rest was imported before the snapshot was made
    assert set(json.loads(output(restored))) == MODULES


def test_restores_share_randoms_state_until_reseeded(node: str) -> None:
    plain = [output(run(node, DRAW % "", SITE / SNAPSHOT)) for _ in range(2)]
    assert plain[0] == plain[1], "without reseeding, every restore draws the snapshot's numbers"
    reseeded = [output(run(node, DRAW % "import malefiz.bridge; malefiz.bridge.reseed()", SITE / SNAPSHOT))]
    reseeded.append(output(run(node, DRAW % "import malefiz.bridge; malefiz.bridge.reseed()", SITE / SNAPSHOT)))
    assert reseeded[0] != reseeded[1]
    assert plain[0] not in reseeded


def test_a_snapshot_of_another_runtime_is_refused(node: str, tmp_path: Path) -> None:
    runtime, gzipped = read_snapshot((SITE / SNAPSHOT).read_bytes())
    other = tmp_path / "other.bin"
    other.write_bytes(snapshot_header(f"{int(runtime, 16) ^ 1:016x}") + gzipped)
    refused = run(node, "print('started')", other)
    assert refused.returncode == 3 and "not a snapshot of runtime" in refused.stderr
    assert "started" not in refused.stdout
    (tmp_path / "none.bin").write_bytes(gzipped)
    assert run(node, "print('started')", tmp_path / "none.bin").returncode == 3
    with pytest.raises(ValueError):
        read_snapshot(gzipped)
