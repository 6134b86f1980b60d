"""Deeply nested inputs through every reader of outside text; prints one line per case (what was refused and how).

Run by tests/test_deep_inputs.py under CPython and under Pyodide, where a deep ``json.loads`` used to end the
interpreter: both must print the same lines.
"""

from __future__ import annotations

import base64
import zlib
from urllib.parse import quote

from malefiz.core import savefile
from malefiz.core.document import read_position
from malefiz.core.errors import MalefizError
from malefiz.core.setup import Setup
from malefiz.games import GAMES
from malefiz.shelf import read

DEPTHS = (1_000, 20_000, 200_000, 1_000_000)


def nested(depth: int, kind: str) -> str:
    if kind == "array":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def link_of(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def outcome(reader: object, text: str) -> str:
    try:
        reader(text)  # type: ignore[operator]
    except MalefizError as error:
        return f"refused: {error}"
    return "read"


def stored(text: str) -> None:
    """A game kept in the browser (the shelf), read as the setup screen lists it and as Continue replays it."""
    problem = read("aaaaaaaaaa", text, GAMES).problem
    if problem is not None:
        raise problem


def address(text: str) -> None:
    """A page address whose position is ``text``."""
    setup = Setup.from_query(f"?seats=human,human&position={quote(text)}", GAMES)
    assert setup is not None
    setup.start_position()


def at_the_limit(kind: str) -> str:
    """A text of :data:`~malefiz.core.savefile.MAX_SAVE` characters: nested all the way, or one wide array."""
    half = savefile.MAX_SAVE // 2
    if kind == "array":
        return "[" * half + "]" * half
    return "[" + "0," * (half - 2) + "0]"


def main() -> None:
    readers = {
        "save file": lambda text: savefile.load(text, GAMES),
        "link": lambda text: savefile.from_link(link_of(text), GAMES),
        "position": lambda text: read_position(text, GAMES, "malefiz"),
        "stored game": stored,
        "address": address,
    }
    for name, reader in readers.items():
        for kind in ("array", "object"):
            for depth in DEPTHS:
                print(name, kind, depth, outcome(reader, nested(depth, kind)))
        for kind in ("array", "wide"):
            print(name, "at the size limit", kind, outcome(reader, at_the_limit(kind))[:120])


if __name__ == "__main__":
    main()
