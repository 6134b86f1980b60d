"""Malefiz (Barricade): an exact rules engine, pure Python, standard library only.

>>> from malefiz import new_game, legal_actions, apply, Roll
>>> state = apply(new_game("classic", ["red", "blue"]), Roll(3))
>>> [str(a) for a in legal_actions(state)]
['h-0.13', 'h-4.13']
"""

from .core.dice import Dice
from .core.errors import IllegalActionError, InvalidPositionError, MalefizError, NotationError
from .core.game import Game, GameState
from .games import GAMES, get_game
from .games.malefiz.board import BOARD_NAMES, COLOURS, FOREST, HOUSE, Board, Colour, Field, board, field, xy
from .games.malefiz.document import from_json, to_json
from .games.malefiz.notation import format_position, parse_action, parse_position
from .games.malefiz.rules import apply, legal_actions, new_game
from .games.malefiz.state import PASS, Action, Move, Options, Pass, Phase, Place, Roll, State

__all__ = [
    "BOARD_NAMES",
    "COLOURS",
    "FOREST",
    "GAMES",
    "HOUSE",
    "PASS",
    "Action",
    "Board",
    "Colour",
    "Dice",
    "Field",
    "Game",
    "GameState",
    "IllegalActionError",
    "InvalidPositionError",
    "MalefizError",
    "Move",
    "NotationError",
    "Options",
    "Pass",
    "Phase",
    "Place",
    "Roll",
    "State",
    "apply",
    "board",
    "field",
    "format_position",
    "from_json",
    "get_game",
    "legal_actions",
    "new_game",
    "parse_action",
    "parse_position",
    "to_json",
    "xy",
]
__version__ = "0.1.0"
