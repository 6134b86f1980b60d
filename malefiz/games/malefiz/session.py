"""One game as the page plays it: setup, seats, dice and the click state machine.

Everything here is plain Python (no browser): the page only forwards clicks
(the ``data-key`` of the clicked SVG element) and writes out :meth:`Session.svg`,
:meth:`Session.status` and :meth:`Session.position_json`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final, Literal
from urllib.parse import parse_qs, urlencode

from ...core.dice import Dice, roll_for_start
from ...core.errors import MalefizError
from . import view
from .board import BOARD_NAMES, COLOURS, FOREST, HOUSE, Colour, Field, location_name
from .bots import BOTS, Search, hint, win_chances
from .notation import parse_location, parse_position, to_json
from .rules import (
    PASS,
    SEAT_COLOURS,
    Action,
    Move,
    Options,
    Pass,
    Phase,
    Place,
    Roll,
    State,
    apply,
    legal_actions,
    new_game,
    route,
)

__all__ = ["PACES", "SEAT_COLOURS", "Seat", "Session", "Setup"]

Kind = Literal["human", "bot"]

PACES: Final[dict[str, int]] = {"slow": 1200, "normal": 600, "fast": 200, "instant": 0}
"""Milliseconds between two steps of a computer seat, by pace name."""


@dataclass(frozen=True)
class Seat:
    """One player: a colour, a name, a person or the computer (at a bot level)."""

    colour: Colour
    name: str
    kind: Kind = "human"
    level: str = "greedy"
    """The bot's name in :data:`malefiz.games.malefiz.bots.BOTS` (for computer seats)."""


def _default_seats() -> tuple[Seat, ...]:
    return (Seat("red", "Red"), Seat("yellow", "Yellow", "bot"))


@dataclass(frozen=True)
class Setup:
    """Everything chosen before a game starts."""

    board: str = "classic"
    seats: tuple[Seat, ...] = field(default_factory=_default_seats)
    options: Options = field(default_factory=Options)
    first: Colour | None = None
    """Who starts (None: the first seat); ignored with the roll-for-start option."""
    seed: int | None = None
    pace: str = "normal"
    position: str | None = None
    """A position in one-line notation to start from instead of the start (board and colours must match)."""

    def __post_init__(self) -> None:
        if self.board not in BOARD_NAMES:
            raise MalefizError(f"board: expected classic or fast, got {self.board!r}")
        if not 2 <= len(self.seats) <= 4:
            raise MalefizError(f"seats: Malefiz is for 2 to 4 players, got {len(self.seats)}")
        if len({s.colour for s in self.seats}) != len(self.seats):
            raise MalefizError("seats: every seat needs its own colour")
        for seat in self.seats:
            if seat.kind == "bot" and seat.level not in BOTS:
                raise MalefizError(f"seats: unknown computer level {seat.level!r}; known: {', '.join(BOTS)}")
        if self.first is not None and self.first not in [s.colour for s in self.seats]:
            raise MalefizError(f"first: {self.first!r} is not playing")
        if self.pace not in PACES:
            raise MalefizError(f"pace: expected one of {', '.join(PACES)}, got {self.pace!r}")
        if self.position is not None:
            self.start_position()

    def start_position(self) -> State | None:
        """The position to start from (None: the board's start).

        Raises:
            MalefizError: if :attr:`position` cannot be read or does not fit the board and seats.
        """
        if self.position is None:
            return None
        state = parse_position(self.position)
        colours = tuple(seat.colour for seat in self.seats)
        if state.board.name != self.board or state.players != colours:
            raise MalefizError(
                f"position: expected the {self.board} board with {', '.join(colours)} in this order, "
                f"got the {state.board.name} board with {', '.join(state.players)}"
            )
        return state

    @classmethod
    def from_query(cls, query: str) -> Setup | None:
        """The setup a page address asks for, or None when it names no seats.

        ``?board=fast&seats=human,bot:greedy&seed=3&pace=instant&options=extra_roll_on_six&first=yellow&names=Ann,Bob``;
        ``position=<one-line notation>`` starts from that position;
        ``colours=red,blue`` picks the seats' colours (default: opposite houses for two, see :data:`SEAT_COLOURS`).

        Raises:
            MalefizError: for any malformed value, saying which.
        """
        params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
        if not params.get("seats"):
            return None
        kinds = params["seats"].split(",")
        if not 2 <= len(kinds) <= 4:
            raise MalefizError(f"seats: Malefiz is for 2 to 4 players, got {len(kinds)}")
        names = params.get("names", "").split(",") if params.get("names") else []
        colours: tuple[Colour, ...] = SEAT_COLOURS[len(kinds)]
        if params.get("colours"):
            wanted = params["colours"].split(",")
            colours = tuple(c for w in wanted for c in COLOURS if c == w)
            if len(colours) != len(wanted) or len(wanted) != len(kinds):
                raise MalefizError(
                    f"colours: expected {len(kinds)} of red, green, yellow, blue, got {params['colours']!r}"
                )
        seats = []
        for i, (text, colour) in enumerate(zip(kinds, colours, strict=True)):
            kind, _, level = text.partition(":")
            if kind not in ("human", "bot"):
                raise MalefizError(f"seats: expected human, bot or bot:<level>, got {text!r}")
            name = names[i].strip() if i < len(names) and names[i].strip() else colour.capitalize()
            seats.append(Seat(colour, name[:24], "bot" if kind == "bot" else "human", level or "greedy"))
        option_names = [n for n in params.get("options", "").split(",") if n]
        options = Options.from_dict(dict.fromkeys(option_names, True), where="options")
        seed_text = params.get("seed")
        if seed_text is not None and not seed_text.isdigit():
            raise MalefizError(f"seed: expected a whole number, got {seed_text!r}")
        first_text = params.get("first") or None
        first = next((c for c in COLOURS if c == first_text), None)
        if first_text is not None and first is None:
            raise MalefizError(f"first: expected a colour, got {first_text!r}")
        return cls(
            board=params.get("board", "classic"),
            seats=tuple(seats),
            options=options,
            first=first,
            seed=int(seed_text) if seed_text is not None else None,
            pace=params.get("pace", "normal"),
            position=params.get("position") or None,
        )

    def to_query(self) -> str:
        """The page address query that gives this setup back (see :meth:`from_query`)."""
        params: dict[str, str] = {
            "board": self.board,
            "seats": ",".join(s.kind if s.kind == "human" else f"bot:{s.level}" for s in self.seats),
            "colours": ",".join(s.colour for s in self.seats),
            "names": ",".join(s.name for s in self.seats),
            "pace": self.pace,
        }
        if self.options.to_dict():
            params["options"] = ",".join(self.options.to_dict())
        if self.first is not None:
            params["first"] = self.first
        if self.seed is not None:
            params["seed"] = str(self.seed)
        if self.position is not None:
            params["position"] = self.position
        return "?" + urlencode(params, safe=",:")


def _where(location: Field) -> str:
    """A location for messages: ``house``, ``forest`` or the field as ``x.y``."""
    return {HOUSE: "house", FOREST: "forest"}.get(location, location_name(location))


class Session:
    """One game in progress, driven by clicks and by the computer seats.

    Bad clicks and buttons pressed at the wrong time return False and change
    nothing; nothing here raises on what a player does.
    """

    def __init__(self, setup: Setup, seed: int | None = None) -> None:
        self.setup = setup
        if seed is None:
            seed = setup.seed if setup.seed is not None else random.randrange(2**31)
        self.seed: int = seed
        self.dice = Dice(seed)
        self.games = 0
        self._start()

    def _start(self) -> None:
        self.selected: Field | None = None
        self.hinted: Action | None = None
        self.message = ""
        self.events: list[str] = []
        self.history: list[tuple[State, Action]] = []
        self.last_route: list[Field] = []
        colours = [s.colour for s in self.setup.seats]
        first = self.setup.first
        if self.setup.options.roll_for_start:
            first, rounds, self.dice = roll_for_start(colours, self.dice)
            for rolls in rounds:
                self.events.append("Roll for start: " + ", ".join(f"{self._name(c)} {v}" for c, v in rolls))
            self.message = f"{self._name(first)} rolled highest and starts"
            self.events.append(self.message)
        start = self.setup.start_position() if self.games == 0 else None
        self.state: State = start or new_game(colours, self.setup.board, self.setup.options, first)

    # -- who is who -------------------------------------------------------

    def seat(self, colour: Colour | None = None) -> Seat:
        """The seat of ``colour`` (default: the one to act)."""
        colour = colour or self.state.current
        return next(s for s in self.setup.seats if s.colour == colour)

    def _name(self, colour: Colour) -> str:
        seat = self.seat(colour)
        return f"{seat.name} ({colour})" if seat.name.lower() != colour else seat.name

    @property
    def names(self) -> dict[Colour, str]:
        """Seat names by colour."""
        return {s.colour: s.name for s in self.setup.seats}

    def is_bot_turn(self) -> bool:
        """True when a computer seat is to act and the game is not over."""
        return not self.state.is_over and self.seat().kind == "bot"

    # -- actions ----------------------------------------------------------

    def _apply(self, action: Action) -> None:
        self.hinted = None
        before = self.state
        who = self._name(before.current)
        self.state = apply(before, action)
        self.history.append((before, action))
        if isinstance(action, Roll):
            self.last_route = []
            self.message = f"{who} rolled a {action.value}"
            self.events.append(self.message)
        elif isinstance(action, Pass):
            self.message = f"{who} rolled a {before.roll} and cannot move: turn passes"
            self.events.append(self.message)
        elif isinstance(action, Move):
            self.last_route = route(before, action)
            victim = before.occupant(action.end)
            text = f"{who} moved {_where(action.start)} to {_where(action.end)}"
            if victim is not None:
                where = (
                    "the forest"
                    if self.state.pawns_of(victim).count(FOREST) > before.pawns_of(victim).count(FOREST)
                    else "its house"
                )
                owner = "its own" if victim == before.current else f"{self._name(victim)}'s"
                text += f" and captured {owner} pawn: it goes back to {where}"
            if self.state.phase is Phase.PLACE:
                text += " and took a barricade: put it on a free field"
            if self.state.is_over:
                text = f"{who} reached the goal and wins!"
            self.message = text
            self.events.append(text)
        elif isinstance(action, Place):
            self.message = f"{who} put the barricade on {location_name(action.field)}"
            self.events.append(self.message)

    def _roll_die(self) -> Roll:
        value, self.dice = self.dice.roll()
        action = Roll(value)
        self._apply(action)
        self.selected = None
        if legal_actions(self.state) == [PASS] and self.seat().kind == "human":
            self._apply(PASS)
        else:
            starts = {a.start for a in legal_actions(self.state) if isinstance(a, Move)}
            if len(starts) == 1 and self.seat().kind == "human":
                self.selected = starts.pop()
        return action

    def bot_turn(self) -> Iterator[None]:
        """Play one action for the computer seat to act, in slices.

        Each ``next()`` does a small piece of the thinking (so a page can let
        the browser paint in between); when the iterator is exhausted the
        action has been played (see :attr:`history`). Nothing happens on a
        person's turn.
        """
        if not self.is_bot_turn():
            return
        self.hinted = None
        if self.state.is_chance:
            self._roll_die()
            return
        actions = legal_actions(self.state)
        level = self.seat().level
        if level == "hard" and len(actions) > 1 and isinstance(actions[0], Move):
            search = Search(self.state, actions)  # the same search the hard bot runs, one candidate a slice
            yield
            while search.step():
                yield
            action = search.best
        else:
            rng = random.Random(self.seed * 1_000_003 + len(self.history))
            action = BOTS[level](self.state, actions, rng)
        if action not in actions:  # a bot written elsewhere must never break the game
            action = actions[0]
        self._apply(action)

    def bot_step(self) -> Action | None:
        """Play one action for the computer seat to act (its roll, or its choice); None if a person is to act."""
        done = len(self.history)
        for _ in self.bot_turn():
            pass
        return self.history[-1][1] if len(self.history) > done else None

    def hint(self) -> bool:
        """Ask the hard bot for the best move of the person to act; it is marked on the board and told."""
        if self.is_bot_turn() or self.state.is_over or self.state.is_chance:
            return False
        action, chances = hint(self.state, random.Random(self.seed))
        self.hinted = action
        odds = ", ".join(f"{self._name(c)} {p:.0%}" for c, p in sorted(chances.items(), key=lambda kv: -kv[1]))
        if isinstance(action, Move):
            self.message = f"Hint: {_where(action.start)} to {_where(action.end)}. Chances: {odds}"
        elif isinstance(action, Place):
            self.message = f"Hint: put the barricade on {location_name(action.field)}. Chances: {odds}"
        else:
            self.message = f"Chances: {odds}"
        return True

    def chances(self) -> dict[Colour, float]:
        """Each player's estimated chance to win (the hard bot's evaluation)."""
        return win_chances(self.state)

    def walk_frames(self) -> list[str]:
        """The board as SVG with the last moved pawn on each field of its route in turn (for animation)."""
        if not self.history or not self.last_route:
            return []
        before, action = next((b, a) for b, a in reversed(self.history) if isinstance(a, Move))
        assert isinstance(action, Move)
        frames = []
        mine = list(before.pawns[before.turn])
        index = mine.index(action.start)
        for here in self.last_route[:-1]:
            mine[index] = here
            pawns = list(before.pawns)
            pawns[before.turn] = tuple(mine)
            frames.append(view.render(before._replace(pawns=tuple(pawns)), names=self.names, highlight=self.last_route))
        return frames

    def roll(self) -> bool:
        """The die button, for a person whose turn it is to roll."""
        if self.is_bot_turn() or not self.state.is_chance:
            return False
        self._roll_die()
        return True

    def click(self, key: str) -> bool:
        """A click on the board element with ``data-key`` ``key``; True if it did something."""
        if self.is_bot_turn() or self.state.is_over:
            return False
        try:
            location = parse_location(key.replace(",", "."))
        except MalefizError:
            return False
        if self.state.phase is Phase.PLACE:
            if location in self.targets():
                self._apply(Place(location))
                return True
            return False
        if self.state.phase is not Phase.MOVE:
            return False
        if self.selected is not None and location in self.targets():
            self._apply(Move(self.selected, location))
            self.selected = None
            return True
        if location in self.movable():
            self.selected = None if location == self.selected else location
            return True
        return False

    # -- what the page shows -----------------------------------------------

    def movable(self) -> frozenset[Field]:
        """Locations of the pawns the person to act may move (empty unless choosing a move)."""
        if self.state.phase is not Phase.MOVE or self.is_bot_turn():
            return frozenset()
        return frozenset(a.start for a in legal_actions(self.state) if isinstance(a, Move))

    def targets(self) -> frozenset[Field]:
        """Where the selected pawn may go, or where the taken barricade may be put."""
        if self.is_bot_turn():
            return frozenset()
        if self.state.phase is Phase.PLACE:
            return frozenset(a.field for a in legal_actions(self.state) if isinstance(a, Place))
        if self.state.phase is Phase.MOVE and self.selected is not None:
            return frozenset(
                a.end for a in legal_actions(self.state) if isinstance(a, Move) and a.start == self.selected
            )
        return frozenset()

    def status(self) -> str:
        """Whose turn it is and what to do."""
        state = self.state
        who = self._name(state.current)
        if state.is_over:
            return f"{who} wins!"
        if self.is_bot_turn():
            return f"{who} is thinking…"
        if state.phase is Phase.ROLL:
            return f"{who}: roll the die"
        if state.phase is Phase.PLACE:
            return f"{who}: put the barricade on a free field"
        if self.selected is None:
            return f"{who}: you rolled a {state.roll}, choose a pawn"
        return f"{who}: you rolled a {state.roll}, choose where your pawn goes"

    def svg(self) -> str:
        """The board as SVG, with the marks the person to act needs."""
        return view.render(
            self.state,
            movable=self.movable(),
            targets=self.targets(),
            selected=self.selected,
            names=self.names,
            highlight=self.last_route,
            hint=self.hinted,
        )

    def position_json(self) -> str:
        """The position as the JSON position document."""
        return json.dumps(to_json(self.state))

    def new_game(self) -> None:
        """A new game with the same setup; the die goes on from where it is."""
        self.games += 1
        self._start()
