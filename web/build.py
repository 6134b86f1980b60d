"""Build the offline site into ``site/``: ``python web/build.py [--out DIR]``.

What goes in, and nothing else:

- ``pyodide/``: the five Pyodide runtime files from ``node_modules/pyodide``;
- ``pyscript/``: PyScript's ``dist/`` from ``node_modules/@pyscript/core``,
  without source maps (and without the comments pointing at them);
- ``malefiz.zip``: the ``malefiz`` package, unpacked by PyScript's ``files`` config;
- the page from ``web/``: ``index.html`` (with the start boards pre-rendered by
  :func:`malefiz.games.malefiz.view.board_svg`, the setup form and the PyScript config filled
  in), ``style.css`` and ``main.py``.

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

from malefiz.games.malefiz.board import BOARD_NAMES, COLOURS  # noqa: E402
from malefiz.games.malefiz.bots import BOTS  # noqa: E402
from malefiz.games.malefiz.rules import Options  # noqa: E402
from malefiz.games.malefiz.view import board_svg  # noqa: E402

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

OPTION_LABELS: Final = {
    "extra_roll_on_six": "Roll again after a 6",
    "protect_own_pawns": "No landing on your own pawns",
    "protect_two_rows": "Keep barricades off the bottom two rows",
}
"""Plain-language labels of the rule options (``roll_for_start`` is a choice of who starts)."""

DEFAULT_LEVELS: Final = ("medium", "greedy")
"""The computer level the setup form offers first (the first of these that exists)."""

BOARD_LABELS: Final = {"classic": "Classic", "fast": "Fast (shorter game)"}

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


def _option_label(name: str) -> str:
    return OPTION_LABELS.get(name, name.replace("_", " ").capitalize())


def setup_form() -> str:
    """The setup screen's form fields: board, one row per colour, who starts, rule options."""
    e = html.escape
    parts = ['<fieldset class="boards"><legend>Board</legend>']
    for i, name in enumerate(BOARD_NAMES):
        checked = " checked" if i == 0 else ""
        parts.append(
            f'<label><input type="radio" name="board" value="{e(name)}"{checked}> {e(BOARD_LABELS.get(name, name))}'
            "</label>"
        )
    parts.append("</fieldset>")
    parts.append('<fieldset class="seats"><legend>Players <small>(2 to 4)</small></legend>')
    kinds = [("", "Not playing"), ("human", "Human")] + [(f"bot:{level}", f"Computer ({level})") for level in BOTS]
    level = next((name for name in DEFAULT_LEVELS if name in BOTS), next(iter(BOTS)))
    default_kind = {COLOURS[0]: "human", COLOURS[2]: f"bot:{level}"}
    for colour in COLOURS:
        options = "".join(
            f'<option value="{e(value)}"{" selected" if value == default_kind.get(colour, "") else ""}>'
            f"{e(label)}</option>"
            for value, label in kinds
        )
        parts.append(
            f'<div class="seat seat-{colour}" data-seat="{colour}">'
            f'<span class="swatch" aria-hidden="true"></span>'
            f'<input type="text" name="name-{colour}" maxlength="16" placeholder="{colour.capitalize()}" '
            f'aria-label="Name of {colour}">'
            f'<select name="kind-{colour}" aria-label="Who plays {colour}">{options}</select></div>'
        )
    parts.append("</fieldset>")
    parts.append('<fieldset class="first"><legend>Who starts</legend><select name="first" aria-label="Who starts">')
    parts.append('<option value="">The first player</option><option value="roll">Roll for start (highest)</option>')
    parts.extend(f'<option value="{colour}">{colour.capitalize()}</option>' for colour in COLOURS)
    parts.append("</select></fieldset>")
    parts.append('<fieldset class="rules"><legend>Rules</legend>')
    for name in Options.names():
        if name == "roll_for_start":
            continue
        parts.append(f'<label><input type="checkbox" name="option" value="{e(name)}"> {e(_option_label(name))}</label>')
    parts.append("</fieldset>")
    return "".join(parts)


def render_index(template: str) -> str:
    """Fill the page template: config, pre-rendered boards, setup form."""
    boards = "".join(f'<div class="pre" data-pre="{name}">{board_svg(name)}</div>' for name in BOARD_NAMES)
    config = html.escape(json.dumps(CONFIG, separators=(",", ":")), quote=True)
    filled = template
    for key, value in (("{{CONFIG}}", config), ("{{BOARDS}}", boards), ("{{SETUP}}", setup_form())):
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
