"""Malefiz positions, actions and options (:mod:`.notation` writes and reads them as one line of text)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from ...core.actions import PASS, ROLLS, Pass, Roll
from ...core.errors import Term
from ...core.options import Flags
from .board import Board, Colour, Field, location_name

__all__ = [
    "DEFAULT_OPTIONS",
    "PASS",
    "ROLLS",
    "Action",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "Place",
    "Roll",
    "State",
    "board_term",
    "display_order",
]


class Phase(StrEnum):
    """What the game waits for."""

    ROLL = "roll"
    """The player to move must roll the die."""
    MOVE = "move"
    """The die shows ``State.roll``: a pawn must move (or the player passes)."""
    PLACE = "place"
    """A barricade was taken: the same player must put it on a free field."""
    OVER = "over"
    """A pawn reached the goal; ``State.current`` is the winner."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Options(Flags):
    """Rule variants, all off by default (the printed rules).

    Raises:
        InvalidPositionError: from :meth:`from_dict` for unknown names or non-bool values.
    """

    extra_roll_on_six: bool = False
    """A 6 gives another roll after the turn (a common house rule)."""
    roll_for_start: bool = False
    """The highest roll starts (ties roll again) instead of the setup order."""
    protect_own_pawns: bool = False
    """A pawn may not end on a pawn of its own colour (no capturing oneself)."""
    protect_two_rows: bool = False
    """No barricade may be put on the bottom two rows (instead of the bottom row)."""


DEFAULT_OPTIONS: Final = Options()


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """A pawn moves from ``start`` (a field, HOUSE or FOREST) to field ``end``.

    Notation: ``2.13-2.9``; ``h-2.13`` from the house, ``f-5.5`` from the forest.
    Which route the pawn takes does not matter to the rules, only where it ends.
    """

    start: Field
    end: Field

    def __str__(self) -> str:
        return f"{location_name(self.start)}-{location_name(self.end)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Place:
    """The captured barricade is put on ``field``. Notation: ``@8.7``."""

    field: Field

    def __str__(self) -> str:
        return f"@{location_name(self.field)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


Action = Roll | Move | Place | Pass
"""Anything that can happen in a game."""


class State(NamedTuple):
    """A position: everything that decides what can happen next.

    Build one with :func:`~malefiz.games.malefiz.rules.new_game` or read one with
    :func:`parse_position` / :func:`malefiz.games.malefiz.document.from_json`.
    It is immutable: every step returns a new state. (A named tuple rather than
    a frozen dataclass: it is built several times per turn, and a frozen
    dataclass costs five times as much to build, which search bots feel.)
    """

    board: Board
    players: tuple[Colour, ...]
    """Colours in play, in turn order."""
    pawns: tuple[tuple[Field, ...], ...]
    """Each player's pawns (same order as ``players``), sorted."""
    barricades: int
    """Bit mask of the fields holding a barricade (bit ``f`` for field ``f``)."""
    turn: int
    """Index in ``players`` of the player to act (the winner once over)."""
    phase: Phase
    roll: int | None = None
    """The die value, in phase MOVE only."""
    options: Options = DEFAULT_OPTIONS
    roll_again: bool = False
    """In phase PLACE: the move was made with a 6 and ``extra_roll_on_six`` is on."""

    @property
    def current(self) -> Colour:
        """The colour to act (the winner once the game is over)."""
        return self.players[self.turn]

    @property
    def seats(self) -> tuple[tuple[Colour, ...], ...]:
        """The players in turn order, each playing its one colour."""
        return tuple((c,) for c in self.players)

    @property
    def current_seat(self) -> int:
        """The index of the player to act (the winner's once over)."""
        return self.turn

    @property
    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Once over: the winner's seat, then every other seat sharing second place; before: ``()``."""
        if self.phase is not Phase.OVER:
            return ()
        return ((self.turn,), tuple(i for i in range(len(self.players)) if i != self.turn))

    @property
    def moves_again(self) -> bool:
        """True when the player to act rolls again once its turn ends (a 6 with ``extra_roll_on_six``)."""
        return self.roll_again or (self.roll == 6 and self.options.extra_roll_on_six)

    @property
    def is_chance(self) -> bool:
        """True while the die must be rolled."""
        return self.phase is Phase.ROLL

    @property
    def is_over(self) -> bool:
        """True once a pawn has reached the goal."""
        return self.phase is Phase.OVER

    @property
    def winner(self) -> Colour | None:
        """The colour whose pawn reached the goal, or None while the game goes on."""
        return self.players[self.turn] if self.phase is Phase.OVER else None

    @property
    def barricade_fields(self) -> tuple[Field, ...]:
        """The fields holding a barricade, in board order (top row first)."""
        mask = self.barricades
        return tuple(f for f in self.board.ordered if mask >> f & 1)

    def pawns_of(self, colour: Colour) -> tuple[Field, ...]:
        """The pawns of ``colour`` (which must be in play)."""
        return self.pawns[self.players.index(colour)]

    def occupant(self, f: Field) -> Colour | None:
        """The colour of the pawn on field ``f``, or None."""
        for colour, pawns in zip(self.players, self.pawns, strict=True):
            if f in pawns:
                return colour
        return None

    def __str__(self) -> str:
        from .notation import format_position  # the notation reads positions into this class

        return format_position(self)

    def __repr__(self) -> str:
        return f"parse_position({str(self)!r})"


def display_order(pawns: tuple[Field, ...]) -> list[Field]:
    """Pawns on fields first (top to bottom), then the forest, then the house."""
    return sorted(pawns, key=lambda p: (p < 0, -p if p < 0 else p))


def board_term(b: Board) -> Term:
    """A board's name for an error, in the player's language (``classic``, ``klassisch``)."""
    return Term(f"view.board.{b.name}")
