"""The built ``site/`` holds the runtime, the game and the page, and nothing else."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
PYODIDE = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}


@pytest.fixture(scope="module")
def files() -> set[str]:
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run `make site` first")
    return {p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()}


def test_site_holds_exactly_the_runtime_the_package_and_the_page(files: set[str]) -> None:
    dist = {f"pyscript/{p.name}" for p in DIST.iterdir() if p.is_file() and not p.name.endswith(".map")}
    pictures = {"thumb-malefiz.svg", "thumb-maedn.svg"}
    offline = {"sw.js", "release.json", "manifest.webmanifest", "icon.svg"}
    rules = {"rules-malefiz.html", "rules-maedn.html", "regeln-malefiz.html", "regeln-maedn.html", "rules.css"}
    expected = (
        {"index.html", "style.css", "main.py", "zoom.js", "sound.js", "malefiz.zip"}
        | {"panzoom/panzoom.min.js"}
        | pictures
        | offline
        | rules
        | {f"pyodide/{n}" for n in PYODIDE}
        | dist
    )
    assert files == expected


def test_no_source_maps_and_no_outside_urls_in_the_page(files: set[str]) -> None:
    assert not [f for f in files if f.endswith(".map")]
    for name in ("index.html", "style.css", "main.py", "zoom.js", "sound.js"):
        text = (SITE / name).read_text(encoding="utf-8")
        # Only namespace names (never fetched) may look like URLs.
        urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"'<>)]*", text)) - {"http://www.w3.org/2000/svg"}
        assert urls == set(), f"{name} refers to {urls}"
        assert "sourceMappingURL" not in text
    for name in files:
        if name.endswith((".js", ".mjs")):
            assert "sourceMappingURL" not in (SITE / name).read_text(encoding="utf-8"), name


def test_the_package_zip_holds_every_module_of_every_subpackage(files: set[str]) -> None:
    with zipfile.ZipFile(SITE / "malefiz.zip") as archive:
        names = set(archive.namelist())
    assert names == {p.relative_to(ROOT).as_posix() for p in (ROOT / "malefiz").rglob("*.py")}
    assert {
        "malefiz/core/game.py",
        "malefiz/core/session.py",
        "malefiz/core/screen.py",
        "malefiz/app.py",
        "malefiz/games/maedn/game.py",
        "malefiz/games/maedn/__init__.py",
    } <= names
