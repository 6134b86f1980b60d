"""Deeply nested inputs through every reader of outside text; prints one line per case (what was refused and how).

Run by tests/test_deep_inputs.py under CPython and under Pyodide, where a deep ``json.loads`` used to end the
interpreter: both must print the same lines.
"""

from __future__ import annotations

import base64
import zlib

from malefiz.core import savefile
from malefiz.core.document import read_position
from malefiz.core.errors import MalefizError
from malefiz.games import GAMES

DEPTHS = (1_000, 20_000, 200_000, 1_000_000)


def nested(depth: int, kind: str) -> str:
    if kind == "array":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def link_of(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def outcome(read: object, text: str) -> str:
    try:
        read(text)  # type: ignore[operator]
    except MalefizError as error:
        return f"refused: {error}"
    return "read"


def main() -> None:
    readers = {
        "save file": lambda text: savefile.load(text, GAMES),
        "link": lambda text: savefile.from_link(link_of(text), GAMES),
        "position": lambda text: read_position(text, GAMES, "malefiz"),
    }
    for name, read in readers.items():
        for kind in ("array", "object"):
            for depth in DEPTHS:
                print(name, kind, depth, outcome(read, nested(depth, kind)))


if __name__ == "__main__":
    main()
