"""The games this package plays, one subpackage each, registered by their JSON ``"game"`` name.

>>> sorted(GAMES)
['maedn', 'malefiz']
"""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import MalefizError
from ..core.game import Game
from .maedn.game import MAEDN
from .malefiz.game import MALEFIZ

__all__ = ["DEFAULT_GAME", "GAMES", "get_game"]

GAMES: Final[dict[str, Game[Any, Any]]] = {MALEFIZ.name: MALEFIZ, MAEDN.name: MAEDN}
"""Every registered game by name."""

DEFAULT_GAME: Final = MALEFIZ.name
"""The game a position belongs to when it names none (Malefiz, the first game of the package)."""


def get_game(name: str) -> Game[Any, Any]:
    """The game called ``name``.

    Raises:
        MalefizError: for a name no game has.
    """
    if name not in GAMES:
        raise MalefizError(f"unknown game {name!r}: expected one of {', '.join(GAMES)}")
    return GAMES[name]
