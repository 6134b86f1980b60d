"""What is chosen before a game starts, and the page address that says it: seats, board, options, pace.

A :class:`Setup` is validated once, when it is made; :meth:`Setup.from_query` reads a page
address and :meth:`Setup.to_query` writes one, so the address has one owner (the page never
edits it itself: :meth:`Setup.with_pace` and :func:`setup_address` are the edits it needs).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal
from urllib.parse import parse_qs, quote, unquote, urlencode

from ..i18n import Amount, Translator
from .document import quote as quoted
from .errors import ColourName, MalefizError, Said, Term
from .game import Game

__all__ = [
    "LEVELS",
    "MAX_NAME",
    "MAX_SEED",
    "PACES",
    "Seat",
    "Setup",
    "Tempo",
    "asked_in",
    "check_asked",
    "chosen_in",
    "nearest_setup",
    "player_label",
    "seat_label",
    "setup_address",
]

Kind = Literal["human", "bot", "remote"]
"""Who plays a seat: a person here, the computer, or a person on another device (:mod:`malefiz.together`)."""


@dataclass(frozen=True)
class Tempo:
    """How fast a pace plays, in milliseconds: the waits before a computer's step (or a person's move made for
    them), and the time a walking piece stays on each field."""

    roll: int
    """Before a roll: the last move is seen, then the die goes."""
    act: int
    """Before any other action: the die's face (or the taken barricade) is seen first."""
    step: int
    """Each field of a walk."""

    @property
    def still(self) -> bool:
        """Nothing waits and nothing walks (``instant``)."""
        return self.roll == self.act == self.step == 0


PACES: Final[dict[str, Tempo]] = {
    "slow": Tempo(roll=1200, act=1200, step=160),
    "normal": Tempo(roll=100, act=250, step=60),
    "fast": Tempo(roll=40, act=120, step=35),
    "instant": Tempo(roll=0, act=0, step=0),
}
"""Each pace by name. *normal* is brisk enough for a family: a round of three computers on the cross takes about
two seconds (tests/core/test_pace.py); *slow* is for watching every step."""

MAX_NAME: Final = 24
"""The longest player name kept (longer ones are cut)."""

MAX_SEED: Final = 10**18
"""Seeds are whole numbers below this: at most 18 digits, as a page address (and a save file's setup) carries
them."""

Games = Mapping[str, Game[Any, Any]]
"""Games by name (the registry, :data:`malefiz.games.GAMES`)."""


@dataclass(frozen=True)
class Seat:
    """One player: its (first) colour, a name, a person or the computer (at a level)."""

    colour: str
    name: str
    kind: Kind = "human"
    level: str = "medium"
    """The bot's name in the game's bots (for computer seats; *medium* in both games unless chosen)."""

    @property
    def named(self) -> bool:
        """True when the seat has a name of its own, not its colour's (the default: ``Red``).

        >>> Seat("red", "Anna").named, Seat("red", "Red").named
        (True, False)
        """
        return self.name != self.colour.capitalize()


def seat_label(seat: Seat, colours: Sequence[str], t: Translator | None = None) -> str:
    """A seat for messages: its name, and its colours when the name is not the colour (``Anna (red)``).

    A seat named after its colour in English (the default name) is called by its colour in ``t``'s language, a
    seat of two colours without a name by both (``Yellow with red``).

    >>> seat_label(Seat("yellow", "Yellow"), ("yellow", "red")), seat_label(Seat("yellow", "Anna"), ("yellow", "red"))
    ('Yellow with red', 'Anna (yellow, red)')
    """
    t = t or Translator()
    unnamed = seat.name == colours[0].capitalize()
    if unnamed and len(colours) == 2:
        return t("name.pair", first=t.colour(colours[0], capital=True), second=t.colour(colours[1]))
    name = t.colour(colours[0], capital=True) if unnamed else seat.name
    if len(colours) == 1 and name.lower() == t.colour(colours[0]):
        return name
    return t("name.colours", name=name, colours=", ".join(t.colour(c) for c in colours))


def _boards(game: Game[Any, Any]) -> tuple[Said, ...]:
    """A game's boards as an address names them, each with its name in the player's language."""
    return tuple(Said(board, f"board.{board}") for board in game.boards)


def _got(text: str) -> str:
    """A value of an address as an error tells it: quoted, and cut to 40 characters, so that a message stays a
    line however long the address is (:func:`~malefiz.core.document.quote`, the errors' one quoting)."""
    return quoted(text[:40])


def _check_options(game: Game[Any, Any], names: Iterable[str]) -> None:
    """Refuses an option ``game`` does not have, naming the first such and those it has."""
    unknown = sorted(set(names) - set(game.option_names))
    if unknown:
        raise MalefizError.keyed("error.option", got=_got(unknown[0]), known=", ".join(game.option_names))


def _colours(colours: Iterable[str]) -> tuple[Said, ...]:
    """A board's colours among an error's values: each as the address takes it and, in German, its name
    (``red (rot)``)."""
    return tuple(Said(colour, f"colour.{colour}") for colour in colours)


LEVELS: Final = ("easy", "medium", "hard")
"""The computer's levels a player picks from, in the setup form and during a game (further bots, every game's
:attr:`~.game.Game.bots`, are for the command line and the address)."""


def player_label(choice: str, t: Translator) -> str:
    """Who plays a seat in the player's words: ``human`` or a computer's level (``Computer (easy)``; a bot only the
    command line and the address know by its name, ``Computer (greedy)``).

    >>> player_label("hard", Translator("de")), player_label("greedy", Translator("en"))
    ('Computer (schwer)', 'Computer (greedy)')
    """
    return t(f"kind.{choice}") if choice in ("human", *LEVELS) else t("tally.computer", level=choice)


def _levels(game: Game[Any, Any]) -> tuple[Said, ...]:
    """A game's computer levels among an error's values: each as the address takes it and, in German, the page's
    name of the three levels a player picks (``hard (schwer)``)."""
    return tuple(Said(b, f"cli.level.{b}" if b in LEVELS else "") for b in game.bots)


MAX_ADDRESS = 100_000
"""The longest page address read, in characters (a real one, a position in it, is well under two thousand)."""


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

    game: Game[Any, Any]
    """The game's rules (and its face)."""
    board: str = ""
    """The board's name ("": the game's first)."""
    seats: tuple[Seat, ...] = ()
    """The players in seat order (empty: a person and the computer on the game's usual colours)."""
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
    forced: bool | None = None
    """Whether a person's only possible move is played for them (``forced=on``/``off``; None: the game's
    custom, :attr:`~malefiz.core.face.Face.plays_forced`)."""
    chances: bool = False
    """Whether everyone's chance to win is shown from the start (``chances=on``); otherwise from the first *Hint*."""

    def __post_init__(self) -> None:
        game = self.game
        if not self.board:
            object.__setattr__(self, "board", game.boards[0])
        if self.board not in game.boards:
            raise MalefizError.keyed("error.board", known=_boards(game), got=_got(self.board))
        _check_options(game, self.options)
        if not self.seats:
            colours = game.seat_colours(self.board, 2, self.options)
            seats = (
                Seat(colours[0], colours[0].capitalize()),
                Seat(colours[1], colours[1].capitalize(), "bot", game.face.default_level),
            )
            object.__setattr__(self, "seats", seats)
        for seat in self.seats:
            if seat.kind == "bot" and seat.level not in game.bots:
                raise MalefizError.keyed("error.level", got=_got(seat.level), known=_levels(game))
        if self.pace not in PACES:
            raise MalefizError.keyed(
                "error.pace", known=tuple(Said(p, f"pace.{p}") for p in PACES), got=_got(self.pace)
            )
        if len(set(self.colours)) != len(self.colours):
            raise MalefizError.keyed("error.colours_twice")
        state = self.start_position() or game.new_game(self.board, self.colours, self.options)
        if self.first is not None and self.first not in self.colours_of(state):
            raise MalefizError.keyed("error.first_absent", got=ColourName(self.first))

    @property
    def colours(self) -> tuple[str, ...]:
        """Each seat's (first) colour."""
        return tuple(s.colour for s in self.seats)

    def spoken(self, name: str) -> str:
        """A player's ``name`` to put in words: a seat nobody named (its colour's English name, the default) as its
        colour, which each language says its own way (:class:`~malefiz.core.errors.ColourName`).

        >>> from malefiz.games import GAMES
        >>> setup = Setup(GAMES["malefiz"], "classic", (Seat("red", "Red"), Seat("blue", "Ben")))
        >>> type(setup.spoken("Red")).__name__, setup.spoken("Ben")
        ('ColourName', 'Ben')
        """
        colour = next((s.colour for s in self.seats if not s.named and s.name == name), None)
        return name if colour is None else ColourName(colour)

    def facing(self, here: Iterable[int]) -> int | None:
        """Of the seats played on one device (``here``), the one whose side of the board it draws nearest the
        viewer: the one seat, or of several the one a person plays (the others computers'); None for none or for
        several people (the board as printed)."""
        seats = sorted(here)
        people = [i for i in seats if self.seats[i].kind != "bot"] or seats
        return people[0] if len(people) == 1 else None

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
        board = self.game.board_of(state)
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
    def from_query(cls, query: str, games: Games) -> Setup | None:
        """The setup a page address asks for, or None when it names no seats.

        ``?game=maedn&board=star&seats=human,bot:hard&seed=3&pace=instant&options=three_rolls&first=yellow&names=Ann,Bob``;
        A seat is ``human``, ``remote``, ``bot`` (the game's default level), ``bot:<level>`` or the level alone
        (``hard``, as the command line's ``--seats`` reads it);
        ``game`` defaults to the first of ``games``; ``position=<one-line notation>`` starts from
        that position; ``colours=red,blue`` picks the seats' colours (default: the game's usual ones).

        Raises:
            MalefizError: for any malformed value, saying which.
        """
        if len(query) > MAX_ADDRESS:  # refused before it is read: unquoting megabytes takes seconds in a browser
            raise MalefizError.keyed("error.address_long", n=Amount(len(query)), most=Amount(MAX_ADDRESS))
        params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
        if not params.get("seats"):
            return None
        game, board = _game_and_board(params, games)
        kinds = params["seats"].split(",")
        counts = game.player_counts(board)
        if len(kinds) not in counts:
            raise MalefizError.keyed(
                "error.players",
                game=game.title,
                board=Term(f"view.board.{board}"),
                low=counts[0],
                high=counts[-1],
                got=len(kinds),
            )
        option_names = frozenset(n for n in params.get("options", "").split(",") if n)
        _check_options(game, option_names)
        names = params.get("names", "").split(",") if params.get("names") else []
        colours = game.seat_colours(board, len(kinds), option_names)
        if params.get("colours"):
            wanted = params["colours"].split(",")
            known = game.colours(board)
            if len(wanted) != len(kinds) or any(w not in known for w in wanted):
                raise MalefizError.keyed(
                    "error.colours", n=len(kinds), known=_colours(known), got=_got(params["colours"])
                )
            colours = tuple(wanted)
        seats = []
        for i, (text, colour) in enumerate(zip(kinds, colours, strict=True)):
            kind, colon, level = ("bot", ":", text) if text in game.bots else text.partition(":")
            if kind not in ("human", "bot", "remote") or (colon and (kind != "bot" or not level)):
                raise MalefizError.keyed("error.seat", known=_levels(game), got=_got(text))
            name = names[i].strip() if i < len(names) and names[i].strip() else colour.capitalize()
            name = name.encode("utf-8", "replace").decode("utf-8")  # no lone surrogates from elsewhere
            level = level or game.face.default_level
            seats.append(
                Seat(
                    colour,
                    name[:MAX_NAME],
                    "bot" if kind == "bot" else "remote" if kind == "remote" else "human",
                    level,
                )
            )
        seed_text = params.get("seed")
        if seed_text is not None and not (seed_text.isascii() and seed_text.isdigit() and len(seed_text) <= 18):
            raise MalefizError.keyed("error.seed", got=_got(seed_text))
        first = params.get("first") or None
        if first is not None and first not in game.colours(board):
            if any(first in game.colours(other) for other in game.boards):  # a colour of the other board: by its name
                raise MalefizError.keyed("error.first_absent", got=ColourName(first))
            raise MalefizError.keyed("error.first", known=_colours(game.colours(board)), got=_got(first))
        undo_text = params.get("undo", "on")
        if undo_text not in ("on", "off"):
            raise MalefizError.keyed("error.undo", got=_got(undo_text))
        forced_text = params.get("forced")
        if forced_text not in (None, "on", "off"):
            raise MalefizError.keyed("error.forced", got=_got(str(forced_text)))
        chances_text = params.get("chances", "off")
        if chances_text not in ("on", "off"):
            raise MalefizError.keyed("error.chances", got=_got(chances_text))
        return cls(
            game=game,
            undo=undo_text == "on",
            chances=chances_text == "on",
            forced=None if forced_text is None else forced_text == "on",
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
            "seats": ",".join(f"bot:{s.level}" if s.kind == "bot" else s.kind for s in self.seats),
            "colours": ",".join(s.colour for s in self.seats),
            "names": ",".join(s.name if s.named else "" for s in self.seats),  # none: the colour's, in any language
            "pace": self.pace,
        }
        if not any(s.named for s in self.seats):
            del params["names"]
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
        if self.chances:
            params["chances"] = "on"
        if self.forced is not None:
            params["forced"] = "on" if self.forced else "off"
        return "?" + urlencode(params, safe=",:", quote_via=quote)

    def with_pace(self, pace: str) -> Setup:
        """The same setup at another pace (the address changes with it; the game does not).

        Raises:
            MalefizError: for a pace that is not one of :data:`PACES`.
        """
        return dataclasses.replace(self, pace=pace)

    def seeded(self, seed: int) -> Setup:
        """The setup with its seed fixed (``seed`` when it has none), so a reload finds the same game."""
        return self if self.seed is not None else dataclasses.replace(self, seed=seed % MAX_SEED)

    def rematch(self) -> Setup:
        """The next game with the same players (*Rematch with the same players*): from the start, with new dice.
        Where the seats' order decides who starts (no roll for it: Malefiz unless ``roll_for_start``), the seat
        after the one that started this game starts the next, so that over an evening each starts in turn; where a
        roll decides (Mensch ärgere Dich nicht), it decides again.

        >>> from malefiz.games import GAMES
        >>> setup = Setup.from_query("?seats=human,human,bot&names=Ann,Ben,Cleo", GAMES)
        >>> assert setup is not None
        >>> second = setup.rematch()
        >>> setup.first, second.first, second.rematch().first, second.rematch().rematch().first
        (None, 'green', 'yellow', 'red')
        >>> maedn = Setup.from_query("?game=maedn&seats=human,human", GAMES)
        >>> assert maedn is not None
        >>> maedn.rematch().first is None
        True
        """
        fresh = dataclasses.replace(self, seed=None, position=None)
        if self.game.start_rollers(self.game.new_game(self.board, self.colours, self.options)):
            return fresh
        colours = self.colours
        started = colours.index(self.first) if self.first in colours else 0
        return dataclasses.replace(fresh, first=colours[(started + 1) % len(colours)])


def setup_address(query: str) -> str:
    """The address of the setup screen for the page address ``query``: the same game and board chosen,
    no seats (so no game starts) and no game identity. ``""`` when nothing is left.

    >>> setup_address("?game=maedn&board=star&seats=human,bot&seed=4&id=k3f9a2bq7x")
    '?game=maedn&board=star&seed=4'
    >>> setup_address("?seats=human,bot")
    ''
    """
    params = parse_qs(query.lstrip("?"), keep_blank_values=True).items()
    kept = [(k, v) for k, v in params if k not in ("seats", "id")]
    return "?" + urlencode([(k, v[-1]) for k, v in kept], safe=",:", quote_via=quote) if kept else ""


def chosen_in(query: str, games: Games) -> tuple[str, str]:
    """The game and board a page address without seats asks the setup screen to show (known ones only;
    else the first game and its first board).

    >>> from malefiz.games import GAMES
    >>> chosen_in("?game=maedn&board=star", GAMES), chosen_in("?game=chess&board=x", GAMES)
    (('maedn', 'star'), ('malefiz', 'classic'))
    """
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    name = params.get("game", "")
    game = games.get(name) or next(iter(games.values()))
    board = params.get("board", "")
    return game.name, board if board in game.boards else game.boards[0]


def asked_in(query: str, games: Games) -> tuple[str | None, str | None]:
    """The game and board a page address names (known ones only; None for what it leaves open).

    >>> from malefiz.games import GAMES
    >>> asked_in("?game=maedn&board=star", GAMES), asked_in("?game=maedn", GAMES), asked_in("?board=x", GAMES)
    (('maedn', 'star'), ('maedn', None), (None, None))
    """
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    game = games.get(params.get("game", ""))
    board = params.get("board", "")
    known = game or next(iter(games.values()))
    return game.name if game else None, board if board in known.boards else None


def check_asked(query: str, games: Games) -> None:
    """Refuse a page address that names a game, or a board of its game, that there is not (one without seats
    would otherwise open the setup screen as if it named none).

    Raises:
        MalefizError: (keyed) for the unknown game or board.
    """
    _game_and_board({k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}, games)


def _game_and_board(params: Mapping[str, str], games: Games) -> tuple[Game[Any, Any], str]:
    """The game and board a page address's ``params`` name (the first game, its first board: the defaults).

    Raises:
        MalefizError: (keyed) for a game or a board of that game that there is not.
    """
    name = params.get("game") or next(iter(games))
    if name not in games:
        raise MalefizError.keyed("error.game", known=", ".join(games), got=_got(name))
    game = games[name]
    board = params.get("board") or game.boards[0]
    if board not in game.boards:
        raise MalefizError.keyed("error.board", known=_boards(game), got=_got(board))
    return game, board


def nearest_setup(query: str, games: Games) -> Setup | None:
    """The setup a page address :meth:`Setup.from_query` refuses asks for with the one value that broke it left
    out (a bad seed, name list, option, colours, who starts...), to fill the setup form in with all the rest; None
    when no single value can be left out to make it one (its seats are what is wrong).

    >>> from malefiz.games import GAMES
    >>> nearest_setup("?board=fast&seats=human,bot:hard&seed=abc&names=Zoe", GAMES).seats[0].name
    'Zoe'
    """
    params = [(k, v[-1]) for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()]
    for i, (key, _) in enumerate(params):
        if key in ("game", "board", "seats"):
            continue
        try:
            return Setup.from_query("?" + urlencode(params[:i] + params[i + 1 :]), games)
        except MalefizError:
            continue
    return None
