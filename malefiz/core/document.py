"""The document envelope: which game a position text belongs to, and reading it with that game.

A position is either a JSON document whose ``"game"`` key names the game, or a
one-line notation whose first word does (``maedn ...``); a notation that names
no game belongs to the default game (Malefiz's starts with its board name).
This is also the core of save files later.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import MalefizError, NotationError
from .game import Game

__all__ = ["read_position"]

MAX_TEXT = 1_000_000
"""The longest position text read (a real one is well under a kilobyte)."""


def read_position(
    text: str, games: Mapping[str, Game[Any, Any]], default: str, where: str = "position"
) -> tuple[Game[Any, Any], Any]:
    """The game and the position that ``text`` (a JSON document or one-line notation) describes.

    Raises:
        MalefizError: for text that is not valid JSON or notation, names an unknown game,
            or describes an impossible position; the message says what and where.
    """
    if len(text) > MAX_TEXT:
        raise NotationError(f"{where}: the text is too long ({len(text)} characters) to be a position")
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        try:
            doc = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise MalefizError(f"{where}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
        except RecursionError:
            raise MalefizError(f"{where}: not valid JSON: nested too deeply") from None
        name = doc.get("game", default) if isinstance(doc, dict) else default
        game = _game(name, games, f"{where}: game")
        return game, game.from_json(doc)
    first = stripped.split(None, 1)[0] if stripped else ""
    game = games[first] if first in games else games[default]
    return game, game.parse_position(stripped)


def _game(name: object, games: Mapping[str, Game[Any, Any]], where: str) -> Game[Any, Any]:
    if isinstance(name, str) and name in games:
        return games[name]
    raise MalefizError(f"{where}: unknown game {name!r}; expected one of {', '.join(games)}")
