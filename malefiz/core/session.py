"""One game as the page plays it, for every game: setup, seats, dice and the click state machine.

Everything here is plain Python (no browser). The page forwards clicks (the
``data-key`` of the clicked SVG element) to :meth:`Session.click` and writes
out :meth:`Session.svg`, :meth:`Session.status` and :meth:`Session.position_json`.

What differs between games is behind a :class:`Table` (one per game, in its
subpackage's ``table`` module): how a key names a piece or a field, how a
position is drawn, and the words for what happens. The mechanism is shared:

- a person rolls with :meth:`Session.roll`; a roll that leaves no move passes
  by itself, and when only one piece can move it is chosen at once;
- a click on a movable piece chooses it (or, where the table says so with
  :attr:`Table.one_click`, moves it at once when it has a single move); a click
  on one of the chosen piece's targets moves it; a click on a target of an
  action that needs no piece (a Malefiz barricade's new field) plays it;
- computer seats act through :meth:`Session.bot_turn`, in slices where the
  table offers a sliced search, so a page can paint between them.

Bad clicks and buttons pressed at the wrong time return False and change
nothing; nothing here raises on what a player does.
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol
from urllib.parse import parse_qs, quote, unquote, urlencode

from ..i18n import DEFAULT_LANGUAGE, Translator
from .actions import PASS, Pass, Roll
from .dice import Dice, roll_for_start
from .errors import MalefizError
from .game import Game

__all__ = ["MAX_NAME", "PACES", "Search", "Seat", "Session", "Setup", "Table", "seat_label"]

Kind = Literal["human", "bot"]

PACES: Final[dict[str, int]] = {"slow": 1200, "normal": 600, "fast": 200, "instant": 0}
"""Milliseconds between two steps of a computer seat, by pace name."""

MAX_NAME: Final = 24
"""The longest player name kept (longer ones are cut)."""

MAX_SEED: Final = 2**63
"""Seeds are whole numbers below this."""

SAVE_FORMAT: Final = "malefiz-site-game"
"""The ``format`` of a saved game (:meth:`Session.save`)."""
SAVE_VERSION: Final = 1
MAX_SAVE: Final = 5_000_000
"""The longest saved game read, in characters."""
MAX_ROLLS: Final = 1_000_000
"""More actions (or rolls) than any game has."""


class Search(Protocol):
    """A computer's thinking in slices: :meth:`step` does one and says whether more remain; then :attr:`best`."""

    def step(self) -> bool:
        """Think a little more; False once the choice is made."""
        ...

    @property
    def best(self) -> Any:
        """The chosen action (valid once :meth:`step` returned False)."""
        ...


Namer = Callable[[str], str]
"""A colour's player for messages: ``"Anna (red)"``."""


class Table(Protocol):
    """What the shared session needs to know of one game beyond its rules: keys, pictures and words.

    Keys are the ``data-key`` strings of the SVG (a piece or a field); a piece's
    key stands for its place (every piece in a Malefiz house has the key
    ``house``; every waiting MÄDN piece of yellow ``y:B``).
    """

    @property
    def game(self) -> Game[Any, Any]:
        """The game's rules."""
        ...

    @property
    def one_click(self) -> bool:
        """True: a click on a piece with one move plays it; False: it only chooses the piece."""
        ...

    @property
    def default_level(self) -> str:
        """The computer level a seat written as plain ``bot`` plays at."""
        ...

    def colours(self, board: str) -> tuple[str, ...]:
        """Every colour a seat may take on ``board``, in the board's order."""
        ...

    def seat_colours(self, board: str, players: int, options: frozenset[str]) -> tuple[str, ...]:
        """The (first) colour of each seat when the setup names none.

        Raises:
            MalefizError: for a player count the board does not take.
        """
        ...

    def new_state(self, board: str, colours: tuple[str, ...], options: frozenset[str], first: str | None) -> Any:
        """The start of a game with one seat per colour of ``colours`` (each seat's first colour).

        Raises:
            MalefizError: for colours, options or a ``first`` that do not fit together.
        """
        ...

    def board_of(self, state: Any) -> str:
        """The name of ``state``'s board."""
        ...

    def locate(self, state: Any, key: str) -> tuple[str | None, str | None]:
        """What a clicked ``key`` can stand for: (the key of the acting player's piece, the key of a field)."""
        ...

    def choice(self, state: Any, action: Any) -> tuple[str | None, str]:
        """The clicks that play ``action`` (a move or a placement): (its piece's key or None, its field's key)."""
        ...

    def event(self, before: Any, action: Any, after: Any, name: Namer, t: Translator) -> str:
        """What ``action`` did, in words, for the message line and the log (a roll is told by the session)."""
        ...

    def prompt(self, state: Any, selected: str | None, again: bool, t: Translator) -> str:
        """What the person to act does now (after ``"Anna (red): "``); ``again``: the same colour acts again."""
        ...

    def words(self, state: Any, action: Any, t: Translator) -> str:
        """An action in a few words, for a hint (``"move a pawn out of the house to red's start field"``)."""
        ...

    def label(self, state: Any, key: str, action: Any, t: Translator) -> str:
        """The accessible name of the board element ``key``: a movable piece (``action`` None) or the
        target of ``action`` (``"red pawn on a field on row 2, on the left"``, ``"move here: the goal"``)."""
        ...

    def way(self, before: Any, action: Any) -> list[str]:
        """The field keys ``action`` walked, start and end included (the trail drawn after it)."""
        ...

    def frames(self, before: Any, action: Any, names: Mapping[str, str], t: Translator) -> list[str]:
        """The board as SVG with the moved piece on each field of its way but the last (for animation)."""
        ...

    def render(
        self,
        state: Any,
        *,
        movable: frozenset[str],
        selected: str | None,
        targets: frozenset[str],
        hint: Any,
        trail: Sequence[str],
        names: Mapping[str, str],
        t: Translator,
        last: tuple[Any, Any] | None = None,
    ) -> str:
        """The board as SVG with the person's marks (keys as :meth:`locate` and :meth:`choice` use them),
        its titles in ``t``'s language; with ``last`` (a position and the action made in it) it plays
        that action's motion once (a piece sent home, a barricade lifted or put down)."""
        ...

    def board_svg(self, board: str, t: Translator) -> str:
        """The board with every colour at the start (the setup screen's picture)."""
        ...

    def chances(self, state: Any) -> list[float]:
        """Each seat's estimated chance to win, in seat order."""
        ...

    def hint(self, state: Any, rng: random.Random) -> Any:
        """The strongest computer's choice for the player to act (None while a roll is due)."""
        ...

    def search(self, level: str, state: Any, actions: Sequence[Any]) -> Search | None:
        """A sliced search for ``level``'s choice, or None to call the level's bot at once."""
        ...

    def progress(self, state: Any) -> list[float]:
        """Each seat's distance to the goal (the steps or fields its pieces still walk), in seat order.

        A move changes another seat's value only when it sends that seat's pieces back (a capture,
        which makes it grow): :mod:`malefiz.core.stats` spots captures so.
        """
        ...


@dataclass(frozen=True)
class Seat:
    """One player: its (first) colour, a name, a person or the computer (at a level)."""

    colour: str
    name: str
    kind: Kind = "human"
    level: str = "greedy"
    """The bot's name in the game's bots (for computer seats)."""


def seat_label(seat: Seat, colours: Sequence[str], t: Translator | None = None) -> str:
    """A seat for messages: its name, and its colours when the name is not the colour (``Anna (red)``).

    A seat named after its colour in English (the default name) is called by its colour in ``t``'s language.
    """
    t = t or Translator()
    name = t.colour(colours[0], capital=True) if seat.name == colours[0].capitalize() else seat.name
    if len(colours) == 1 and name.lower() == t.colour(colours[0]):
        return name
    return t("name.colours", name=name, colours=", ".join(t.colour(c) for c in colours))


def _position_param(query: str) -> str:
    """The ``position=`` value of a page address, where a ``+`` is the notation's option mark, not a space.

    Addresses this page makes write spaces as ``%20``; one typed or made elsewhere may
    have a literal ``+own``. An old-style value with ``+`` for every space and no other
    space is read the usual way.
    """
    raw = next(
        (part[len("position=") :] for part in reversed(query.lstrip("?").split("&")) if part.startswith("position=")),
        "",
    )
    literal = unquote(raw)
    return literal if " " in literal else unquote(raw.replace("+", " "))


@dataclass(frozen=True)
class Setup:
    """Everything chosen before a game starts.

    Raises:
        MalefizError: for anything that does not fit (board, seats, levels, options, first, pace, position).
    """

    table: Table
    board: str = ""
    """The board's name ("": the game's first)."""
    seats: tuple[Seat, ...] = ()
    """The players in seat order (empty: a person and the computer on the table's usual colours)."""
    options: frozenset[str] = frozenset()
    """The names of the options switched on."""
    first: str | None = None
    """Who starts (a colour); None: as the rules say (a roll for start where the game has one, else the first seat)."""
    seed: int | None = None
    pace: str = "normal"
    position: str | None = None
    """A position in one-line notation to start from instead of the start (board and colours must match)."""
    undo: bool = True
    """Whether people may take back their moves (``undo=off`` in the address turns it off)."""

    def __post_init__(self) -> None:
        game = self.table.game
        if not self.board:
            object.__setattr__(self, "board", game.boards[0])
        if self.board not in game.boards:
            raise MalefizError.keyed("error.board", known=" or ".join(game.boards), got=repr(self.board))
        unknown = sorted(self.options - set(game.option_names))
        if unknown:
            raise MalefizError.keyed("error.option", got=repr(unknown[0]), known=", ".join(game.option_names))
        if not self.seats:
            colours = self.table.seat_colours(self.board, 2, self.options)
            seats = (
                Seat(colours[0], colours[0].capitalize()),
                Seat(colours[1], colours[1].capitalize(), "bot", self.table.default_level),
            )
            object.__setattr__(self, "seats", seats)
        for seat in self.seats:
            if seat.kind == "bot" and seat.level not in game.bots:
                raise MalefizError.keyed("error.level", got=repr(seat.level), known=", ".join(game.bots))
        if self.pace not in PACES:
            raise MalefizError.keyed("error.pace", known=", ".join(PACES), got=repr(self.pace))
        if len(set(self.colours)) != len(self.colours):
            raise MalefizError.keyed("error.colours_twice")
        state = self.start_position() or self.table.new_state(self.board, self.colours, self.options, None)
        if self.first is not None and self.first not in self.colours_of(state):
            raise MalefizError.keyed("error.first_absent", got=repr(self.first))

    @property
    def game(self) -> Game[Any, Any]:
        """The game's rules."""
        return self.table.game

    @property
    def colours(self) -> tuple[str, ...]:
        """Each seat's (first) colour."""
        return tuple(s.colour for s in self.seats)

    def colours_of(self, state: Any) -> set[str]:
        """The colours the seats play in ``state`` (a neutral colour is nobody's)."""
        return {c for seat in state.seats for c in seat}

    def start_position(self) -> Any:
        """The position to start from (None: the board's start).

        Raises:
            MalefizError: if :attr:`position` cannot be read or does not fit the board and seats.
        """
        if self.position is None:
            return None
        state = self.game.parse_position(self.position)
        got = tuple(seat[0] for seat in state.seats)
        board = self.table.board_of(state)
        if board != self.board or got != self.colours:
            raise MalefizError.keyed(
                "error.position_setup",
                board=self.board,
                colours=", ".join(self.colours),
                got_board=board,
                got=", ".join(got),
            )
        return state

    @classmethod
    def from_query(cls, query: str, tables: Mapping[str, Table]) -> Setup | None:
        """The setup a page address asks for, or None when it names no seats.

        ``?game=maedn&board=star&seats=human,bot:hard&seed=3&pace=instant&options=three_rolls&first=yellow&names=Ann,Bob``;
        ``game`` defaults to the first of ``tables``; ``position=<one-line notation>`` starts from
        that position; ``colours=red,blue`` picks the seats' colours (default: the table's usual ones).

        Raises:
            MalefizError: for any malformed value, saying which.
        """
        params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
        if not params.get("seats"):
            return None
        game_name = params.get("game") or next(iter(tables))
        if game_name not in tables:
            raise MalefizError.keyed("error.game", known=", ".join(tables), got=repr(game_name))
        table = tables[game_name]
        board = params.get("board") or table.game.boards[0]
        if board not in table.game.boards:
            raise MalefizError.keyed("error.board", known=" or ".join(table.game.boards), got=repr(board))
        kinds = params["seats"].split(",")
        counts = table.game.player_counts(board)
        if len(kinds) not in counts:
            raise MalefizError.keyed(
                "error.players", game=table.game.title, board=board, low=counts[0], high=counts[-1], got=len(kinds)
            )
        option_names = frozenset(n for n in params.get("options", "").split(",") if n)
        unknown = sorted(option_names - set(table.game.option_names))
        if unknown:
            raise MalefizError.keyed("error.option", got=repr(unknown[0]), known=", ".join(table.game.option_names))
        names = params.get("names", "").split(",") if params.get("names") else []
        colours = table.seat_colours(board, len(kinds), option_names)
        if params.get("colours"):
            wanted = params["colours"].split(",")
            known = table.colours(board)
            if len(wanted) != len(kinds) or any(w not in known for w in wanted):
                raise MalefizError.keyed(
                    "error.colours", n=len(kinds), known=", ".join(known), got=repr(params["colours"])
                )
            colours = tuple(wanted)
        seats = []
        for i, (text, colour) in enumerate(zip(kinds, colours, strict=True)):
            kind, _, level = text.partition(":")
            if kind not in ("human", "bot"):
                raise MalefizError.keyed("error.seat", got=repr(text))
            name = names[i].strip() if i < len(names) and names[i].strip() else colour.capitalize()
            name = name.encode("utf-8", "replace").decode("utf-8")  # no lone surrogates from elsewhere
            level = level or table.default_level
            seats.append(Seat(colour, name[:MAX_NAME], "bot" if kind == "bot" else "human", level))
        seed_text = params.get("seed")
        if seed_text is not None and not (seed_text.isascii() and seed_text.isdigit() and len(seed_text) <= 18):
            raise MalefizError.keyed("error.seed", got=repr(seed_text[:40]))
        first = params.get("first") or None
        if first is not None and first not in table.colours(board):
            raise MalefizError.keyed("error.first", got=repr(first))
        undo_text = params.get("undo", "on")
        if undo_text not in ("on", "off"):
            raise MalefizError.keyed("error.undo", got=repr(undo_text[:40]))
        return cls(
            table=table,
            undo=undo_text == "on",
            board=board,
            seats=tuple(seats),
            options=option_names,
            first=first,
            seed=int(seed_text) if seed_text is not None else None,
            pace=params.get("pace", "normal"),
            position=_position_param(query) or None,
        )

    def to_query(self) -> str:
        """The page address query that gives this setup back (see :meth:`from_query`)."""
        params: dict[str, str] = {
            "game": self.game.name,
            "board": self.board,
            "seats": ",".join(s.kind if s.kind == "human" else f"bot:{s.level}" for s in self.seats),
            "colours": ",".join(s.colour for s in self.seats),
            "names": ",".join(s.name for s in self.seats),
            "pace": self.pace,
        }
        if self.options:
            params["options"] = ",".join(n for n in self.game.option_names if n in self.options)
        if self.first is not None:
            params["first"] = self.first
        if self.seed is not None:
            params["seed"] = str(self.seed)
        if self.position is not None:
            params["position"] = self.position
        if not self.undo:
            params["undo"] = "off"
        return "?" + urlencode(params, safe=",:", quote_via=quote)


class Session:
    """One game in progress, driven by clicks and by the computer seats (any game, through its :class:`Table`)."""

    def __init__(
        self, setup: Setup, seed: int | None = None, dice: int = 0, games: int = 0, language: str = DEFAULT_LANGUAGE
    ) -> None:
        """A new game of ``setup``; ``seed`` (default: the setup's, else a random one) fixes the dice.

        ``dice`` (rolls already taken from the seed) and ``games`` (games played before in
        this session) are for :meth:`load`.
        """
        self.setup = setup
        self.table = setup.table
        self.game = setup.table.game
        self.t = Translator(language)
        if seed is None:
            seed = setup.seed if setup.seed is not None else random.randrange(2**31)
        self.seed: int = seed
        self.dice = Dice(seed, dice)
        self.games = games
        self._start()

    def _start(self) -> None:
        self.start_dice = self.dice
        self.start_rolls: tuple[str, list[Any]] | None = None
        self.redo_stack: list[list[Any]] = []
        self.selected: str | None = None
        self.hinted: Any = None
        self.message = ""
        self.events: list[str] = []
        self.event_states: list[Any] = []
        """The position after each event (for showing an earlier position from the move list)."""
        self.event_notes: list[str] = []
        """Each event's action in notation (empty for a roll or a message), shown beside its words."""
        self.event_marks: list[int] = []
        """For each action of :attr:`history`, how many events there were before it (undo cuts there)."""
        self.history: list[tuple[Any, Any]] = []
        self.trail: list[str] = []
        self._cache: dict[str, Any] = {}
        self._cache_of: Any = None
        start = self.setup.start_position() if self.games == 0 else None
        first = self.setup.first
        self.state: Any = start or self.table.new_state(self.setup.board, self.setup.colours, self.setup.options, first)
        if start is None and first is None:
            rollers = self.game.start_rollers(self.state)
            if rollers:
                first, rounds, self.dice = roll_for_start(list(rollers), self.dice)
                self.start_rolls = (first, rounds)
                self.state = self.table.new_state(self.setup.board, self.setup.colours, self.setup.options, first)
        self.events = self._start_events()
        self.message = self.events[-1] if self.events else ""
        self.event_states = [self.state] * len(self.events)
        self.event_notes = [""] * len(self.events)

    def _start_events(self) -> list[str]:
        """The roll for start, in words (empty when nobody rolled for it)."""
        if self.start_rolls is None:
            return []
        first, rounds = self.start_rolls
        t = self.t
        lines = [
            t("start.rolls", rolls=", ".join(t("start.roll", who=self.name(c), value=v) for c, v in rolls))
            for rolls in rounds
        ]
        return [*lines, t("start.highest", who=self.name(first))]

    @property
    def language(self) -> str:
        """The language of every text the session makes (``en`` or ``de``)."""
        return self.t.language

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on, the move list and the message line included (they are told again)."""
        self.t = Translator(language)
        self._cache = {}
        events = self._start_events()
        for i, (before, action) in enumerate(self.history):
            after = self.history[i + 1][0] if i + 1 < len(self.history) else self.state
            events.append(self._tell(before, action, after))
        self.events = events
        if self.events:
            self.message = self.events[-1]

    # -- who is who -------------------------------------------------------

    def seat(self, index: int | None = None) -> Seat:
        """The seat at ``index`` (default: the one to act)."""
        return self.setup.seats[self.state.current_seat if index is None else index]

    def seat_name(self, index: int) -> str:
        """Seat ``index`` for messages (``Anna (red)``, ``Anna (yellow, red)``)."""
        return seat_label(self.setup.seats[index], self.state.seats[index], self.t)

    @property
    def names(self) -> dict[str, str]:
        """Seat names by colour (every colour a seat plays)."""
        found: dict[str, str] = {}
        for seat, colours in zip(self.setup.seats, self.state.seats, strict=True):
            for c in colours:
                found[c] = seat.name
        return found

    def _colour_name(self, colour: str, names: Mapping[str, str]) -> str:
        t = self.t
        name = names.get(colour)
        if name is None:
            return t.colour(colour)
        if name == colour.capitalize():  # the default name: the colour, in the session's language
            name = t.colour(colour, capital=True)
        return t("name.colours", name=name, colours=t.colour(colour)) if name.lower() != t.colour(colour) else name

    def name(self, colour: str) -> str:
        """``colour``'s player for messages: ``Anna (red)``, or the colour alone when it is nobody's (neutral)."""
        return self._colour_name(colour, self.names)

    def is_bot_turn(self) -> bool:
        """True when a computer seat is to act and the game is not over."""
        return not self.state.is_over and self.seat().kind == "bot"

    # -- actions ----------------------------------------------------------

    def _memo(self) -> dict[str, Any]:
        """Values computed from the current state (forgotten when the state changes, also from outside)."""
        if self._cache_of is not self.state:
            self._cache_of = self.state
            self._cache = {}
        return self._cache

    def _legal(self) -> list[Any]:
        found = self._memo().get("legal")
        if found is None:
            found = self._cache["legal"] = list(self.game.legal_actions(self.state))
        return found

    def _apply(self, action: Any) -> None:
        self.hinted = None
        before = self.state
        self.state = self.game.apply(before, action)
        self.history.append((before, action))
        self.event_marks.append(len(self.events))
        if isinstance(action, Roll):
            self.trail = []
        elif not isinstance(action, Pass):
            self.trail = self.table.way(before, action)
        self.message = self._tell(before, action, self.state)
        self.events.append(self.message)
        self.event_states.append(self.state)
        self.event_notes.append("" if isinstance(action, Roll) else str(action))

    def _tell(self, before: Any, action: Any, after: Any) -> str:
        """What ``action`` did, in the session's language."""
        if isinstance(action, Roll):
            return self.t("rolled", who=self.name(before.current), value=action.value)
        return self.table.event(before, action, after, self.name, self.t)

    def _roll_die(self) -> Any:
        value, self.dice = self.dice.roll()
        action = self.game.roll(value)
        self._apply(action)
        if self.seat().kind == "human" and self._legal() == [PASS]:
            self._apply(PASS)
        self._choose_the_only_piece()
        return action

    def _choose_the_only_piece(self) -> None:
        """After a person's roll: when a single piece can move, it is chosen at once."""
        self.selected = None
        if self.is_bot_turn() or self.state.is_chance or self.state.is_over:
            return
        starts = {p for p, _, _ in self._choices()}
        if len(starts) == 1 and None not in starts:
            self.selected = starts.pop()

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
        actions = self._legal()
        level = self.seat().level
        search = self.table.search(level, self.state, actions) if len(actions) > 1 else None
        if search is not None:
            yield
            while search.step():
                yield
            action = search.best
        else:
            rng = random.Random(self.seed * 1_000_003 + len(self.history))
            action = self.game.bots[level](self.state, actions, rng)
        if action not in actions:  # a bot written elsewhere must never break the game
            action = actions[0]
        self._apply(action)

    def bot_step(self) -> Any:
        """Play one action for the computer seat to act (its roll, or its choice); None if a person is to act."""
        done = len(self.history)
        for _ in self.bot_turn():
            pass
        return self.history[-1][1] if len(self.history) > done else None

    def hint(self) -> bool:
        """Ask the strongest computer for the best move of the person to act; it is marked on the board and told."""
        if self.is_bot_turn() or self.state.is_over or self.state.is_chance:
            return False
        action = self.table.hint(self.state, random.Random(self.seed))
        self.hinted = action
        odds = self.chances_text()
        if action is not None and action != PASS:
            self.message = self.t("hint", words=self.table.words(self.state, action, self.t), odds=odds)
        else:
            self.message = odds
        return True

    def news(self) -> str:
        """What just happened, for the message line; empty when the status line says it already
        (a roll waiting to be used) or nothing happened yet."""
        if self.hinted is not None:
            return self.message
        last = self.history[-1][1] if self.history else None
        if last is None and not self.events:
            return ""
        if isinstance(last, Roll) and self.events and self.message == self.events[-1]:
            return ""
        return self.message

    def chances(self) -> list[float]:
        """Each seat's estimated chance to win, in seat order."""
        found = self._memo().get("chances")
        if found is None:
            found = self._cache["chances"] = self.table.chances(self.state)
        return found

    def chances_text(self) -> str:
        """``Chances: Anna (red) 60%, Ben (yellow) 40%``, the likeliest first."""
        ranked = sorted(enumerate(self.chances()), key=lambda kv: -kv[1])
        return self.t("chances", list=", ".join(f"{self.seat_name(i)} {p:.0%}" for i, p in ranked))

    def standings(self) -> str:
        """The places decided so far (``1. Anna (yellow), 2. Ben (red)``; ties share a place); empty when none."""
        parts = []
        place = 1
        for tied in self.state.ranking:
            parts.append(self.t("place", place=place, who=" = ".join(self.seat_name(i) for i in tied)))
            place += len(tied)
        return ", ".join(parts)

    def walk_frames(self) -> list[str]:
        """The board as SVG with the last moved piece on each field of its way in turn (for animation)."""
        if not self.history or not self.trail or isinstance(self.history[-1][1], Roll | Pass):
            return []
        before, action = self.history[-1]
        return self.table.frames(before, action, self.names, self.t)

    def roll(self) -> bool:
        """The die button, for a person whose turn it is to roll."""
        if self.is_bot_turn() or not self.state.is_chance:
            return False
        self._roll_die()
        return True

    def _choices(self) -> list[tuple[str | None, str, Any]]:
        found = self._memo().get("choices")
        if found is None:
            found = []
            if not self.state.is_chance and not self.state.is_over:
                for a in self._legal():
                    if a != PASS:
                        found.append((*self.table.choice(self.state, a), a))
            self._cache["choices"] = found
        return found

    def click(self, key: str) -> bool:
        """A click on the board element with ``data-key`` ``key``; True if it did something."""
        if self.is_bot_turn() or self.state.is_over or self.state.is_chance or len(key) > 40:
            return False
        try:
            piece, where = self.table.locate(self.state, key)
        except MalefizError:
            return False
        choices = self._choices()
        if self.selected is not None and where is not None:
            chosen = [a for p, t, a in choices if p == self.selected and t == where]
            if chosen:
                self._play(chosen[0])
                return True
        free = [a for p, t, a in choices if p is None and t == where]
        if free and where is not None:
            self._play(free[0])
            return True
        mine = [a for p, _, a in choices if p is not None and p == piece]
        if mine:
            if self.table.one_click and len(mine) == 1:
                self._play(mine[0])
            else:
                self.selected = None if piece == self.selected else piece
            return True
        return False

    def _play(self, action: Any) -> None:
        self.selected = None
        self.redo_stack = []
        self._apply(action)

    # -- undo and redo ------------------------------------------------------

    def _undo_point(self) -> int | None:
        """The length the history goes back to on undo: just after the person's last roll.

        Computer seats' actions after the person's last decision go with it; a die roll
        is never undone. None when there is nothing to undo.
        """
        if not self.setup.undo:
            return None
        decided = False
        for i in range(len(self.history) - 1, -1, -1):
            before, action = self.history[i]
            human = self.setup.seats[before.current_seat].kind == "human"
            if isinstance(action, Roll):
                if human:
                    return i + 1 if decided else None
                continue
            if human and not isinstance(action, Pass):
                decided = True
        return None

    def can_undo(self) -> bool:
        """True when a person's move can be taken back now."""
        return self._undo_point() is not None

    def can_redo(self) -> bool:
        """True right after an undo, until somebody acts."""
        return self.setup.undo and bool(self.redo_stack) and not self.is_bot_turn()

    def undo(self) -> bool:
        """Take back the person's last move (and the computers' after it), back to just after the roll."""
        point = self._undo_point()
        if point is None:
            return False
        undone = self.history[point:]
        rolls = sum(isinstance(a, Roll) for _, a in undone)
        self.state = undone[0][0]
        self.history = self.history[:point]
        cut = self.event_marks[point]
        del self.event_marks[point:], self.events[cut:], self.event_states[cut:], self.event_notes[cut:]
        self.dice = Dice(self.dice.seed, self.dice.count - rolls)
        self.redo_stack.append([a for b, a in undone if self.setup.seats[b.current_seat].kind == "human"])
        self.trail = []
        self.hinted = None
        self.message = self.t("took_back", who=self.name(self.state.current))
        self._choose_the_only_piece()
        return True

    def redo(self) -> bool:
        """Play again what the last undo took back of the person's moves (the computers then play on)."""
        if not self.can_redo():
            return False
        for action in self.redo_stack.pop():
            if action not in self._legal():
                self.redo_stack = []
                return False
            if isinstance(action, Roll):
                value, self.dice = self.dice.roll()
                action = self.game.roll(value)
            self._apply(action)
        self.selected = None
        return True

    # -- saving -------------------------------------------------------------

    def save(self) -> dict[str, Any]:
        """The game as a JSON-ready document: setup, dice, every action since the start, the position.

        :meth:`load` gives the same game back, in the same phase.
        """
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.name,
            "setup": self.setup.to_query(),
            "seed": self.seed,
            "dice": self.start_dice.count,
            "games": self.games,
            "actions": [str(a) for _, a in self.history],
            "position": self.game.to_json(self.state),
        }

    def link(self) -> str:
        """The game for a link's fragment: :meth:`save` as compressed, URL-safe text (see :meth:`from_link`)."""
        data = json.dumps(self.save(), separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")

    @classmethod
    def from_link(cls, text: str, tables: Mapping[str, Table]) -> Session:
        """The game a :meth:`link` text holds.

        Raises:
            MalefizError: for a text that is not such a link (cut short, changed, from elsewhere).
        """
        if len(text) > MAX_SAVE:
            raise MalefizError.keyed("error.link_long")
        try:
            packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
            decompressor = zlib.decompressobj()
            data = decompressor.decompress(packed, MAX_SAVE)
            if decompressor.unconsumed_tail or not decompressor.eof:
                raise ValueError("incomplete")
            return cls.load(data.decode("utf-8"), tables)
        except (ValueError, zlib.error, binascii.Error) as error:
            if isinstance(error, MalefizError):
                raise MalefizError.keyed("error.link", error=error) from None
            raise MalefizError.keyed("error.link_cut") from None

    @classmethod
    def load(cls, text: str, tables: Mapping[str, Table]) -> Session:
        """The game a :meth:`save` document (as JSON text) holds, replayed and checked.

        Raises:
            MalefizError: for anything that is not such a document, or does not replay to its position
                (a tampered, truncated or foreign file); the message says what and where.
        """
        if len(text) > MAX_SAVE:
            raise MalefizError.keyed("error.save_long", n=f"{len(text):,}", most=f"{MAX_SAVE:,}")
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise MalefizError.keyed("error.save_json", detail=str(error)[:80]) from None
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise MalefizError.keyed("error.save_foreign")
        if doc.get("version") != SAVE_VERSION:
            version = str(doc.get("version"))[:20]
            raise MalefizError.keyed("error.save_version", version=version, known=SAVE_VERSION)
        setup_text = doc.get("setup")
        if not isinstance(setup_text, str):
            raise MalefizError.keyed("error.save_setup_missing")
        try:
            setup = Setup.from_query(setup_text, tables)
        except MalefizError as error:
            raise MalefizError.keyed("error.save_setup", error=error) from None
        if setup is None or setup.game.name != doc.get("game"):
            raise MalefizError.keyed("error.save_setup_other")
        numbers = []
        for key, limit in (("seed", MAX_SEED), ("dice", MAX_ROLLS), ("games", MAX_ROLLS)):
            value = doc.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < limit:
                raise MalefizError.keyed("error.save_number", name=key, most=limit - 1)
            numbers.append(value)
        actions = doc.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise MalefizError.keyed("error.save_actions")
        if len(actions) > MAX_ROLLS:
            raise MalefizError.keyed("error.save_many", most=f"{MAX_ROLLS:,}")
        seed, dice, games = numbers
        session = cls(setup, seed, dice, games)
        for i, text_action in enumerate(actions):
            try:
                action = session.game.parse_action(text_action)
                if isinstance(action, Roll):
                    if session.state.is_chance and action.value != session.dice.peek():
                        raise MalefizError.keyed("error.save_die", value=session.dice.peek())
                    _, session.dice = session.dice.roll()
                session._apply(action)
            except MalefizError as error:
                raise MalefizError.keyed(
                    "error.save_action", n=i + 1, action=repr(text_action[:40]), error=error
                ) from None
        if doc.get("position") != session.game.to_json(session.state):
            raise MalefizError.keyed("error.save_position")
        session._choose_the_only_piece()
        return session

    # -- what the page shows -----------------------------------------------

    def movable(self) -> frozenset[str]:
        """Keys of the pieces the person to act may move (empty unless choosing a move)."""
        if self.is_bot_turn():
            return frozenset()
        return frozenset(p for p, _, _ in self._choices() if p is not None)

    def targets(self) -> frozenset[str]:
        """Where the chosen piece may go, or where an action without a piece (a barricade) may go."""
        if self.is_bot_turn():
            return frozenset()
        selected = self.selected
        return frozenset(t for p, t, _ in self._choices() if p is None or (selected is not None and p == selected))

    def cancel(self) -> bool:
        """Escape: let go of the chosen piece."""
        if self.selected is None or self.is_bot_turn():
            return False
        self.selected = None
        return True

    def labels(self) -> dict[str, str]:
        """What a keyboard or screen reader user can act on now: each movable piece's and target's
        ``data-key`` with its accessible name, in the order to visit them (targets first once a piece is chosen)."""
        if self.is_bot_turn() or self.state.is_over or self.state.is_chance:
            return {}
        found: dict[str, str] = {}
        targets = [(t, a) for p, t, a in self._choices() if p is None or p == self.selected]
        if self.selected is not None or all(p is None for p, _, _ in self._choices()):
            for target, action in targets:
                found.setdefault(target, self.table.label(self.state, target, action, self.t))
        for piece, _, _ in self._choices():
            if piece is not None:
                found.setdefault(piece, self.table.label(self.state, piece, None, self.t))
        return found

    def status(self) -> str:
        """Whose turn it is and what to do."""
        state = self.state
        if state.is_over:
            return self.result()
        who = self.name(state.current)
        if self.is_bot_turn():
            return self.t("thinking", who=who)
        again = (
            bool(self.history)
            and not isinstance(self.history[-1][1], Roll)
            and (self.history[-1][0].current == state.current)
        )
        return self.t("status", who=who, prompt=self.table.prompt(state, self.selected, again, self.t))

    def result(self) -> str:
        """The end: who won (and, with more players, the places of the others)."""
        ranking = self.state.ranking
        if not ranking:
            return ""
        winners = self.t("joint").join(self.seat_name(i) for i in ranking[0])
        text = self.t("wins.one" if len(ranking[0]) == 1 else "wins.other", who=winners)
        if len(ranking) > 2:
            text += " " + self.standings()
        return text

    def svg(self, motion: bool = False) -> str:
        """The board as SVG, with the marks the person to act needs; with ``motion``, the last action's
        motion plays (the page asks for it once, right after the action)."""
        last = self.history[-1] if motion and self.history else None
        return self.table.render(
            self.state,
            movable=self.movable(),
            selected=self.selected,
            targets=self.targets(),
            hint=self.hinted,
            trail=self.trail,
            names=self.names,
            t=self.t,
            last=last,
        )

    def position_json(self) -> str:
        """The position as the game's JSON position document."""
        return json.dumps(self.game.to_json(self.state))

    def new_game(self) -> None:
        """A new game with the same setup; the die goes on from where it is."""
        self.games += 1
        self._start()
