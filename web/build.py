"""Build the offline site into ``site/``: ``python web/build.py [--out DIR]``.

What goes in, and nothing else:

- ``pyodide/``: the five Pyodide runtime files from ``node_modules/pyodide``;
- ``pyscript/``: PyScript's ``dist/`` from ``node_modules/@pyscript/core``,
  without source maps (and without the comments pointing at them);
- ``malefiz.zip``: the ``malefiz`` package, unpacked by PyScript's ``files`` config;
- the page from ``web/``: ``index.html`` (with every game's start boards pre-rendered by
  its table's ``board_svg``, the setup form of :mod:`malefiz.page` and the PyScript config
  filled in), ``style.css`` and ``main.py``;
- ``thumb-<game>.svg``: each game's picture on the setup screen.

Every URL in the site is relative, so it works under any sub-path (GitHub Pages).
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
WEB: Final = ROOT / "web"
sys.path.insert(0, str(ROOT))

from malefiz.games.tables import TABLES  # noqa: E402
from malefiz.page import setup_form  # noqa: E402

PYODIDE_FILES: Final = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The runtime files Pyodide loads (everything else in its npm package is for node or docs)."""

PAGE_FILES: Final = ("style.css", "main.py")
"""Copied from ``web/`` as they are (``index.html`` is a template)."""

CONFIG: Final = {
    "interpreter": "./pyodide/pyodide.mjs",
    "files": {"./malefiz.zip": "./*"},
}
"""The PyScript config: the local Pyodide, the game package unpacked next to ``main.py``."""

_SOURCE_MAP: Final = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")


def _copy_without_map(source: Path, target: Path) -> None:
    data = source.read_bytes()
    if source.suffix in (".js", ".mjs", ".css"):
        data = _SOURCE_MAP.sub(b"\n", data)
    target.write_bytes(data)


def copy_runtime(node_modules: Path, out: Path) -> None:
    """Copy Pyodide's five files and PyScript's dist (no ``.map``) into ``out``."""
    pyodide = out / "pyodide"
    pyodide.mkdir()
    for name in PYODIDE_FILES:
        _copy_without_map(node_modules / "pyodide" / name, pyodide / name)
    dist = node_modules / "@pyscript" / "core" / "dist"
    pyscript = out / "pyscript"
    pyscript.mkdir()
    for source in sorted(dist.iterdir()):
        if source.is_file() and not source.name.endswith(".map"):
            _copy_without_map(source, pyscript / source.name)


def pack_package(out: Path) -> None:
    """Zip the ``malefiz`` package's modules, subpackages included (no caches, no tests), as ``malefiz.zip``."""
    package = ROOT / "malefiz"
    with zipfile.ZipFile(out / "malefiz.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for source in sorted(package.rglob("*.py")):
            archive.write(source, source.relative_to(ROOT).as_posix())


THUMBNAILS: Final = {name: f"./thumb-{name}.svg" for name in TABLES}
"""The setup screen's picture of each game: its first board at the start."""


def thumbnail(svg: str) -> str:
    """A board's SVG as a picture file: no hooks for tests or clicks, no titles."""
    svg = re.sub(r' data-(?:key|field|on)="[^"]*"', "", svg)
    return re.sub(r"<title>[^<]*</title>", "", svg)


def render_index(template: str) -> str:
    """Fill the page template: config, pre-rendered boards, setup form."""
    boards = "".join(
        f'<div class="pre" data-pre="{name}">{table.board_svg(name)}</div>'
        for table in TABLES.values()
        for name in table.game.boards
    )
    config = html.escape(json.dumps(CONFIG, separators=(",", ":")), quote=True)
    filled = template
    for key, value in (("{{CONFIG}}", config), ("{{BOARDS}}", boards), ("{{SETUP}}", setup_form(TABLES, THUMBNAILS))):
        if key not in filled:
            raise SystemExit(f"web/index.html: placeholder {key} is missing")
        filled = filled.replace(key, value)
    return filled


def build(out: Path, node_modules: Path = ROOT / "node_modules") -> None:
    """Build the whole site into ``out`` (emptied first)."""
    if not (node_modules / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit(f"{node_modules}: no pyodide here; run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_runtime(node_modules, out)
    pack_package(out)
    for name in PAGE_FILES:
        shutil.copyfile(WEB / name, out / name)
    for name, table in TABLES.items():
        (out / THUMBNAILS[name]).write_text(thumbnail(table.board_svg(table.game.boards[0])), encoding="utf-8")
    index = render_index((WEB / "index.html").read_text(encoding="utf-8"))
    (out / "index.html").write_text(index, encoding="utf-8")


def main() -> None:
    """Command line: build the site."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    args = parser.parse_args()
    build(args.out)
    size = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file())
    print(f"built {args.out} ({size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
