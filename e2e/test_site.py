"""The built ``site/`` holds the runtime, the game and the page, and nothing else."""

from __future__ import annotations

import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
sys.path.insert(0, str(ROOT / "web"))

from build import PAGE_FILES  # noqa: E402
from runtime import DATA, SAFETY, data_files, runtime_id  # noqa: E402


@pytest.fixture(scope="module")
def files() -> set[str]:
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run `make site` first")
    return {p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()}


def test_site_holds_exactly_the_runtime_the_package_and_the_page(files: set[str]) -> None:
    pictures = {"thumb-malefiz.svg", "thumb-maedn.svg"}
    offline = {"sw.js", "release.json", "manifest.webmanifest", "icon.svg"} | {f"icon-{n}.png" for n in (180, 192, 512)}
    rules = {"rules-malefiz.html", "rules-maedn.html", "regeln-malefiz.html", "regeln-maedn.html"}
    rules |= {"rules.css", "rules.js"}  # their style sheet and their one script
    expected = (
        {"index.html", "style.css", "page.js", "keys.js", "device.js", "texts.js", "zoom.js", "sound.js", "net.js"}
        | {"together.js"}
        | {"malefiz.zip"}
        | {f"{DATA}/{name}" for name in data_files(ROOT)}
        | {"boot.mjs", "snapshot.bin", "worker.js"}
        | {"panzoom/panzoom.min.js", "qrcode/qrcode.js"}
        | pictures
        | offline
        | rules
        | {f"pyodide/{n}" for n in PYODIDE}
    )
    assert files == expected


def test_no_source_maps_and_no_outside_urls_in_the_page(files: set[str]) -> None:
    assert not [f for f in files if f.endswith(".map")]
    for name in (
        "index.html",
        "style.css",
        "page.js",
        "keys.js",
        "device.js",
        "worker.js",
        "boot.mjs",
        "zoom.js",
        "sound.js",
        "net.js",
        "together.js",
    ):
        text = (SITE / name).read_text(encoding="utf-8")
        # Only namespace names (never fetched) may look like URLs.
        urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"'<>)]*", text)) - {"http://www.w3.org/2000/svg"}
        assert urls == set(), f"{name} refers to {urls}"
        assert "sourceMappingURL" not in text
    for name in files:
        if name.endswith((".js", ".mjs")):
            assert "sourceMappingURL" not in (SITE / name).read_text(encoding="utf-8"), name


def test_the_page_scripts_are_served_minified_with_the_names_they_share_kept(files: set[str]) -> None:
    scripts = [name for name in PAGE_FILES if name.endswith(".js")]
    assert scripts and set(scripts) <= files
    for name in scripts:
        source, served = (ROOT / "web" / name).read_text(encoding="utf-8"), (SITE / name).read_text(encoding="utf-8")
        assert len(served) < 0.7 * len(source), name
        comments = [line.strip() for line in source.splitlines() if line.strip().startswith("//")]
        assert comments and not any(comment in served for comment in comments), name
        for shared in re.findall(r"window\.(\w+) = ", source):  # what the scripts hand each other keeps its name
            assert f"window.{shared}=" in served, (name, shared)


def test_the_package_zip_holds_every_module_of_every_subpackage_compiled(files: set[str]) -> None:
    with zipfile.ZipFile(SITE / "malefiz.zip") as archive:
        entries = archive.infolist()
        names = {e.filename for e in entries}
        headers = {archive.read(e)[:16] for e in entries}
    assert names == {p.relative_to(ROOT).as_posix() + "c" for p in (ROOT / "malefiz").rglob("*.py")}
    assert {
        "malefiz/core/game.pyc",
        "malefiz/core/session.pyc",
        "malefiz/core/screen.pyc",
        "malefiz/app.pyc",
        "malefiz/games/maedn/game.pyc",
        "malefiz/games/maedn/__init__.pyc",
    } <= names
    assert {e.date_time for e in entries} == {(1980, 1, 1, 0, 0, 0)}
    # one Python's magic number (Pyodide's, not this machine's), then flags 1: hash-based and unchecked (no time in
    # it, no source to check)
    assert len({h[:4] for h in headers}) == 1 and {h[4:8] for h in headers} == {b"\x01\0\0\0"}
    assert all(h[2:4] == b"\r\n" for h in headers)


def test_the_package_data_files_are_beside_the_zip_as_they_are(files: set[str]) -> None:
    """Not in the zip, which every visit downloads: the worker fetches one when a game first reads it."""
    data = data_files(ROOT)
    assert "malefiz/games/maedn/learned/endgame_cross.bin" in data
    assert all((SITE / DATA / name).read_bytes() == path.read_bytes() for name, path in data.items())


def test_pyodide_runs_from_its_own_files_a_trimmed_library_and_no_packages(files: set[str]) -> None:
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"):
        assert (SITE / "pyodide" / name).read_bytes() == (NODE_PYODIDE / name).read_bytes()
    lock = json.loads((SITE / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    original = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock == {"info": original["info"], "packages": {}}
    lean, whole = SITE / "pyodide" / "python_stdlib.zip", NODE_PYODIDE / "python_stdlib.zip"
    with zipfile.ZipFile(lean) as trimmed, zipfile.ZipFile(whole) as original_library:
        kept = set(trimmed.namelist())
        # Every module kept is compiled for the runtime's Python (sourceless): a plain start compiles nothing.
        assert not [n for n in kept if n.endswith(".py")]
        assert {n.removesuffix("c") for n in kept} < set(original_library.namelist())
        with zipfile.ZipFile(SITE / "malefiz.zip") as package:
            magic = package.read("malefiz/app.pyc")[:4]  # Pyodide's Python's, as the package's
        assert {trimmed.read(n)[:4] for n in kept if n.endswith(".pyc")} == {magic}
    for module in ("random", "json", "json.decoder", "dataclasses", "html", "urllib.parse", "_pyodide._base", *SAFETY):
        path = module.replace(".", "/")
        assert {f"{path}.pyc", f"{path}/__init__.pyc"} & kept, module
    for module in ("unittest", "email", "xml", "http", "sqlite3", "tkinter", "pydoc", "doctest"):
        assert not [n for n in kept if n.split("/")[0] in (module, module + ".pyc")], module
    assert lean.stat().st_size < 0.75 * whole.stat().st_size


def test_the_snapshot_and_the_worker_name_the_runtime_they_belong_to(files: set[str]) -> None:
    runtime = runtime_id(SITE)
    assert re.fullmatch(r"[0-9a-f]{16}", runtime)
    assert (SITE / "snapshot.bin").read_bytes().startswith(f"malefiz-snapshot {runtime}\n".encode("ascii"))
    worker = (SITE / "worker.js").read_text(encoding="utf-8")
    assert worker.startswith(f'const RUNTIME = "{runtime}";\n')
    source = ROOT / "web" / "worker.js"
    if source.exists():
        assert worker.removeprefix(f'const RUNTIME = "{runtime}";\n') == source.read_text(encoding="utf-8")
    assert (SITE / "boot.mjs").read_bytes() == (ROOT / "web" / "boot.mjs").read_bytes()
