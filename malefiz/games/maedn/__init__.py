"""Mensch ärgere Dich nicht (Schmidt Spiele): boards, rules, notation and the JSON document.

The modules, named as in the Malefiz package: ``board`` (the boards and the names
of their fields), ``state`` (positions, actions and options), ``notation`` (the one-line
notation both ways), ``rules`` (legal actions, apply and the effects of an action),
``check`` (whether a position can occur), ``document`` (the JSON position document and the command
line's action JSON), ``words`` (what happened and what to do, for people), ``view``
(the board as SVG), ``odds``, ``bots`` and ``game`` (the game object and its face, for the page).
Its :class:`~malefiz.games.maedn.game.Maedn` object (``MAEDN``) is the game's
entry for :data:`malefiz.games.GAMES`.

>>> s = new_game("cross", 2)
>>> str(s)
'maedn cross y:0,B,B,B r:0,B,B,B y?'
>>> s = apply(apply(s, ROLLS[2]), parse_action("y:0-3"))
>>> str(s)
'maedn cross y:3,B,B,B r:0,B,B,B r?'
"""

from __future__ import annotations

from ...core.actions import PASS, ROLLS, Pass, Roll
from .board import BOARD_NAMES, BOARDS, COLOUR_LETTERS, Board, board
from .check import check_position
from .document import action_from_json, action_to_json, from_json, moves_document, to_json
from .game import MAEDN, SEAT_FORMS, Maedn
from .notation import format_position, parse_action, parse_position
from .rules import (
    apply,
    captures,
    effects,
    legal_actions,
    legal_moves,
    may_roll_three_times,
    new_game,
    penalty,
)
from .state import Action, B, Move, Options, Phase, Seating, State, move, seating

__all__ = [
    "BOARDS",
    "BOARD_NAMES",
    "COLOUR_LETTERS",
    "MAEDN",
    "PASS",
    "ROLLS",
    "SEAT_FORMS",
    "Action",
    "B",
    "Board",
    "Maedn",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "Roll",
    "Seating",
    "State",
    "action_from_json",
    "action_to_json",
    "apply",
    "board",
    "captures",
    "check_position",
    "effects",
    "format_position",
    "from_json",
    "legal_actions",
    "legal_moves",
    "may_roll_three_times",
    "move",
    "moves_document",
    "new_game",
    "parse_action",
    "parse_position",
    "penalty",
    "seating",
    "to_json",
]
