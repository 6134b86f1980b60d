"""The shape the code keeps: one anatomy for both games, small modules, no import circle, page glue that decides
nothing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "malefiz"
CATALOGUES = {PACKAGE / "i18n.py", PACKAGE / "help" / "texts.py"}
GENERATED = "weights_*.py"
"""The learned networks' weights (data, written by ``train/``): held to 100 KB each by their own tests, not to lines."""


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def top_level_imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules ``name`` imports when it is imported (not under TYPE_CHECKING, not inside
    functions); a package's own modules are left out of its ``__init__``'s (it gathers them)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            for alias in node.names:
                found.add(f"{target}.{alias.name}" if f"{target}.{alias.name}" in known else target)
    own = name + "." if path.name == "__init__.py" else None
    return {m for m in found if m in known and m != name and not (own and m.startswith(own))}


def test_no_module_is_over_700_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in PACKAGE.rglob("*.py")
        if p not in CATALOGUES and not p.match(GENERATED)
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 700
    }
    assert long == {}


def test_both_games_have_the_same_modules() -> None:
    games = [p for p in (PACKAGE / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    names = {p.name: sorted(m.stem for m in p.glob("*.py")) for p in games}
    assert len(names) == 2 and len({tuple(n) for n in names.values()}) == 1, names
    assert names["malefiz"] == sorted(
        [
            *("__init__", "board", "state", "notation", "rules", "check", "document"),
            *("words", "view", "odds", "value", "bots", "game"),
        ]
    )


def test_no_import_circle() -> None:
    known = modules()
    graph = {name: top_level_imports(name, path, known) for name, path in known.items()}
    done: set[str] = set()

    def visit(name: str, stack: list[str]) -> None:
        for other in sorted(graph[name]):
            assert other not in stack, " -> ".join([*stack[stack.index(other) :], other])
            if other not in done:
                visit(other, [*stack, other])
        done.add(name)

    for name in sorted(graph):
        visit(name, [name])


def test_the_page_glue_decides_nothing() -> None:
    """The page's thread only draws what Python in the worker decided (malefiz.bridge): it names no game, piece or
    rule, and stays small."""
    source = (ROOT / "web" / "page.js").read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 600
    for name in ("page.js", "keys.js", "device.js", "texts.js", "zoom.js", "sound.js"):
        source = (ROOT / "web" / name).read_text(encoding="utf-8")
        for word in ("maedn", "barricade", "pawn", "capture", "colour", "session."):
            assert word not in source.lower(), (name, word)
    assert not (ROOT / "web" / "main.py").exists()


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_a_start_position_reads_as_its_notation(game: str) -> None:
    from malefiz.games import GAMES

    g = GAMES[game]
    for board in g.boards:
        state = g.new_game(board, g.player_counts(board)[-1])
        assert len(repr(state)) <= 300 and g.format_position(state) in repr(state)
