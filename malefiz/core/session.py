"""One game as people play it, for every game: the click state machine, the dice, computer turns, undo.

Everything here is plain Python (no browser). The page sends what a person did (a click on the
board element with ``data-key`` ``key``, the die, undo...) through :class:`malefiz.app.App`, which
asks the screen (:mod:`malefiz.core.screen`) to draw the session after each change.

What differs between games is the game's rules (:class:`~malefiz.core.game.Game`) and its face
(:class:`~malefiz.core.face.Face`): keys, pictures and words. The mechanism is shared:

- a person rolls with :meth:`Session.roll`; a roll that leaves no move passes by itself, and when
  only one piece can move it is chosen at once;
- a click on a movable piece chooses it (or, where the face says so with ``one_click``, moves it
  at once when it has a single move); a click on one of the chosen piece's targets moves it; a
  click on a target of an action that needs no piece (a Malefiz barricade's new field) plays it;
- computer seats act through :meth:`Session.bot_turn`, in slices where the face offers a sliced
  search, so a page can paint between them;
- every action is made once (:meth:`Session.play`): the rules apply it, its effects and words are
  worked out, and the record (:mod:`malefiz.core.record`) grows by one entry.

Bad clicks and buttons pressed at the wrong time return False and change nothing; nothing here
raises on what a person does.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final, NamedTuple

from ..i18n import DEFAULT_LANGUAGE, Translator
from .actions import PASS, Pass, Roll
from .dice import Dice, roll_for_start
from .effects import NONE as NONE_EFFECTS
from .errors import MalefizError
from .face import Face, Marks, ranked_fields
from .game import Game
from .handing import Handover, WhoPlays
from .record import Entry, Record
from .review import Reviewer
from .reviewing import REVIEW_AT_ONCE, Reviewing
from .setup import Games, Seat, Setup, seat_label

__all__ = ["MAX_FRAMES", "MAX_KEY", "REVIEW_AT_ONCE", "Choice", "Handover", "Session"]

MAX_KEY: Final = 40
"""The longest ``data-key`` a click may name (anything longer is no key of ours)."""
MAX_FRAMES: Final = 120
"""The most boards one walk shows (the moves since a player's last turn, opened from a link)."""


class Choice(NamedTuple):
    """One legal action as clicks: its piece's key (None for a barricade's field), its field's key, the action."""

    piece: str | None
    field: str
    action: Any


class Session(WhoPlays, Reviewing):
    """One game in progress, driven by clicks and by the computer seats (any game, through its face)."""

    def __init__(
        self, setup: Setup, seed: int | None = None, dice: int = 0, games: int = 0, language: str = DEFAULT_LANGUAGE
    ) -> None:
        """A new game of ``setup``; ``seed`` (default: the setup's, else a random one) fixes the dice.

        ``dice`` (rolls already taken from the seed) and ``games`` (games played before in this
        session) are for loading a saved game (:mod:`malefiz.core.savefile`).
        """
        self.setup = setup
        self.game: Game[Any, Any] = setup.game
        self.face: Face[Any, Any] = setup.game.face
        self.t = Translator(language)
        if seed is None:
            seed = setup.seed if setup.seed is not None else random.randrange(2**31)
        self.seed: int = seed
        self.dice = Dice(seed, dice)
        self.games = games
        self.mine: frozenset[int] | None = None
        """The seats played on this device (None: every seat). In a game between devices
        (:mod:`malefiz.core.remote`) the others' seats are played there and arrive as messages."""
        self.seen_from: frozenset[int] = frozenset()
        """The seats whose side this device draws nearest while it plays none (a tab following another tab's game)."""
        self.rolls_ready = True
        """False while the die waits for another device's part (:mod:`malefiz.core.fair`)."""
        self.reviewer = Reviewer(self.game, self.face)
        """Every action's chance to win and the chart's chances, worked out once (:mod:`malefiz.core.review`)."""
        self._start()

    @classmethod
    def from_address(cls, address: str, games: Games, language: str = DEFAULT_LANGUAGE) -> Session:
        """A new game of the setup a page address asks for (``?game=maedn&seats=human,bot:hard&seed=3``, as
        :meth:`~malefiz.core.setup.Setup.from_query` reads it), told in ``language``.

        >>> from malefiz import GAMES
        >>> s = Session.from_address("?game=maedn&seats=human,hard&names=Ann&seed=4", GAMES)
        >>> s.game.name, s.seat_name(0), s.setup.seats[1].kind
        ('maedn', 'Ann (yellow)', 'bot')
        >>> Session.from_address("?game=maedn", GAMES)
        Traceback (most recent call last):
        malefiz.core.errors.MalefizError: Address: no seats given (for example seats=human,bot)

        Raises:
            MalefizError: for any malformed value, or an address that names no seats (keyed: its
                :attr:`~malefiz.core.errors.MalefizError.key` tells it in any language).
        """
        setup = Setup.from_query(address, games)
        if setup is None:
            raise MalefizError.keyed("error.address_seats")
        return cls(setup, language=language)

    def _start(self) -> None:
        self.start_dice = self.dice
        self.start_rolls: tuple[str, list[Any]] | None = None
        self.redo_stack: list[list[Any]] = []
        self.selected: str | None = None
        self.pointed: tuple[Any, Any, frozenset[str]] | None = None
        """A field several pieces can go to was clicked in this position: the position, that field and those pieces
        (the board marks the field and only those pieces as movable until the next click)."""
        self.hinted: Any = None
        self.hint_asked = False
        """A hint was asked for in this game: the chances are shown from then on (:meth:`chances_shown`)."""
        self.reviewing = False
        """The review is shown while the game goes on (it always is once the game is over)."""
        self.forced_waits = False
        """A forced move waits for the person: right after an undo, and in a game just resumed (a reload, a
        file, a link) until someone acts."""
        self._memo: tuple[Any, dict[str, Any]] = (None, {})
        self.handed: list[Handover] = []
        """Each change of who plays a seat in this game (:meth:`hand_over`), in order (:meth:`played_by_person`,
        :meth:`handed_words`)."""
        setup = self.setup
        start = setup.start_position() if self.games == 0 else None
        first = setup.first
        state = start or self.game.new_game(setup.board, setup.colours, setup.options, first)
        if start is None and first is None:
            rollers = self.game.start_rollers(state)
            if rollers:
                first, rounds, self.dice = roll_for_start(list(rollers), self.dice)
                self.start_rolls = (first, rounds)
                state = self.game.new_game(setup.board, setup.colours, setup.options, first)
        self.record: Record[Any, Any] = Record(state)
        self.record = Record(state, self._opening())
        self.message = self.record.opening[-1] if self.record.opening else ""

    def _opening(self) -> tuple[str, ...]:
        """The roll for start, in words, or who starts where the setup named it (a Malefiz rematch's next player:
        :meth:`~malefiz.core.setup.Setup.rematch`); empty otherwise (the first seat starts, or a position was
        given)."""
        if self.start_rolls is None:
            first, start = self.setup.first, self.record.start
            if first is None or self.games or self.setup.position is not None or self.game.start_rollers(start):
                return ()
            return (self.t("start.first", who=self.name(first)),)
        first, rounds = self.start_rolls
        t = self.t
        lines = [
            t("start.rolls", rolls=", ".join(t("start.roll", who=self.name(c), value=v) for c, v in rolls))
            for rolls in rounds
        ]
        return (*lines, t("start.highest", who=self.name(first)))

    @property
    def state(self) -> Any:
        """The position now."""
        return self.record.state

    @state.setter
    def state(self, state: Any) -> None:
        """Go on from ``state`` with a record that starts there (tests and tools set up positions so)."""
        self.record = Record(state)
        self.selected = None
        self._memo = (None, {})

    @property
    def language(self) -> str:
        """The language of every text the session makes (``en`` or ``de``)."""
        return self.t.language

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on, the move list and the message line included (they are told again)."""
        self.t = Translator(language)
        entries = tuple(_retold(e, self._tell(e)) for e in self.record)
        self.record = Record(self.record.start, self._opening(), entries)
        lines = self.record.lines()
        self.message = lines[-1].words if lines else ""  # nothing left said in the language before

    # -- who is who -------------------------------------------------------

    def seat(self, index: int | None = None) -> Seat:
        """The seat at ``index`` (default: the one to act)."""
        return self.setup.seats[self.state.current_seat if index is None else index]

    def seat_name(self, index: int) -> str:
        """Seat ``index`` for messages (``Anna (red)``, ``Anna (yellow, red)``)."""
        return seat_label(self.setup.seats[index], self.state.seats[index], self.t)

    @property
    def names(self) -> dict[str, str]:
        """Seat names by colour (every colour a seat plays; a seat without a name is called by each colour's, in the
        session's language: ``Rot`` in German)."""
        found: dict[str, str] = {}
        for seat, colours in zip(self.setup.seats, self.state.seats, strict=True):
            for c in colours:
                found[c] = seat.name if seat.named else self.t.colour(c, capital=True)
        return found

    def name(self, colour: str) -> str:
        """``colour``'s player for messages: ``Anna (red)``, or the colour alone when it is nobody's (neutral)."""
        t = self.t
        name = self.names.get(colour)
        if name is None:
            return t.colour_noun(colour)  # the neutral colour stands for itself: German "und schlägt Schwarz"
        return t("name.colours", name=name, colours=t.colour(colour)) if name.lower() != t.colour(colour) else name

    def plays_here(self, seat: int | None = None) -> bool:
        """True when seat ``seat`` (default: the one to act) is played on this device (see :attr:`mine`)."""
        return self.mine is None or (self.state.current_seat if seat is None else seat) in self.mine

    def turn_here(self) -> bool:
        """True in a game between devices while a person at this device is to act (roll, or choose): the other
        devices' people wait for them (the page says so in the tab's title and with a chime when the turn comes)."""
        # A seat of this device that is not its computer's (a guest's own seat reads "remote" in the setup).
        return self.mine is not None and not self.state.is_over and self.plays_here() and self.seat().kind != "bot"

    def people_placed(self) -> bool:
        """True while computers play on for the last places after every person of the game has one: nothing is
        left for a person to decide (the page then lets the computers play it out at once)."""
        people = {i for i, seat in enumerate(self.setup.seats) if seat.kind != "bot"}
        placed = {i for tied in self.state.ranking for i in tied}
        return bool(people) and people <= placed and not self.state.is_over

    def is_bot_turn(self) -> bool:
        """True when a computer seat of this device is to act and the game is not over (and, for a roll, the die
        is ready)."""
        state = self.state
        if state.is_over or self.seat().kind != "bot" or not self.plays_here():
            return False
        return self.rolls_ready or not state.is_chance

    def forced(self) -> Any | None:
        """The only action a person can take now, when the setup plays it for them (None otherwise, and while it
        waits: :attr:`forced_waits`)."""
        setup = self.setup
        plays = setup.forced if setup.forced is not None else self.face.plays_forced
        if not plays or self.forced_waits or not self.is_person_to_choose():
            return None
        legal = self.legal()
        return legal[0] if len(legal) == 1 else None

    def acts_by_itself(self) -> bool:
        """True when the session will act without a person: a computer's turn, or a person's forced move."""
        return self.is_bot_turn() or self.forced() is not None

    def play_forced(self) -> bool:
        """Play the person's forced move (see :meth:`forced`); False when there is none."""
        action = self.forced()
        if action is None:
            return False
        self._chosen(action)
        return True

    def is_person_to_choose(self) -> bool:
        """True when a person is to choose a move or a barricade's field (not a roll, not the end)."""
        return not (self.is_bot_turn() or self.state.is_over or self.state.is_chance) and self.plays_here()

    # -- what may happen now (worked out once per position) ------------------

    def _memo_of(self) -> dict[str, Any]:
        state, found = self._memo
        if state is not self.state:
            found = {}
            self._memo = (self.state, found)
        return found

    def legal(self) -> list[Any]:
        """The legal actions now (worked out once per position)."""
        memo = self._memo_of()
        if "legal" not in memo:
            memo["legal"] = list(self.game.legal_actions(self.state))
        found: list[Any] = memo["legal"]
        return found

    def choices(self) -> list[Choice]:
        """The legal actions as clicks (none while a roll is due or once over)."""
        memo = self._memo_of()
        if "choices" not in memo:
            state = self.state
            actions = [] if state.is_chance or state.is_over else self.legal()
            memo["choices"] = [Choice(*self.face.choice(state, a), a) for a in actions if a != PASS]
        found: list[Choice] = memo["choices"]
        return found

    # -- acting -------------------------------------------------------------

    def play(self, action: Any) -> Entry[Any, Any]:
        """Make ``action`` (legal now): the one step every action goes through, people's, computers' and a
        loaded game's alike. Its effects and words are worked out here, once.

        Raises:
            IllegalActionError: when ``action`` is not legal now.
        """
        self.hinted = None
        before = self.state
        after = self.game.apply(before, action)
        effects = NONE_EFFECTS if isinstance(action, Roll | Pass) else self.game.effects(before, action)
        entry: Entry[Any, Any] = Entry(before, action, after, effects)
        entry = _retold(entry, self._tell(entry))
        self.record = self.record.then(entry)
        self.message = entry.words
        return entry

    def told(self, entry: Entry[Any, Any], language: str) -> str:
        """What ``entry``'s action did, in ``language`` (the shelf keeps the last move's words in every language)."""
        own, self.t = self.t, Translator(language)
        try:
            return self._tell(entry)
        finally:
            self.t = own

    def _tell(self, entry: Entry[Any, Any]) -> str:
        """What the entry's action did, in the session's language."""
        if isinstance(entry.action, Roll):
            return self.t("rolled", who=self.name(entry.before.current), value=entry.action.value)
        return self.face.event(entry, self.name, self.t)

    def roll(self) -> bool:
        """The die button, for a person whose turn it is to roll."""
        if self.is_bot_turn() or not self.state.is_chance or self.state.is_over or not self.can_roll():
            return False
        self._roll_die()
        return True

    def can_roll(self) -> bool:
        """True when a roll is due, this device plays the seat to roll, and the die is ready."""
        return self.state.is_chance and not self.state.is_over and self.plays_here() and self.rolls_ready

    def _roll_die(self) -> None:
        self.forced_waits = False
        value, self.dice = self.dice.roll()
        self.play(self.game.roll(value))
        if self.seat().kind == "human" and self.legal() == [PASS]:
            self.play(PASS)
        self.choose_the_only_piece()

    def click(self, key: str) -> bool:
        """A click on the board element with ``data-key`` ``key``; True if it did something.

        Legality is decided once, from :meth:`choices`: the chosen action is played as it is. A field the piece
        picked cannot go to (or with none picked) that exactly one of the player's pieces can picks that piece
        (its targets shown, that field among them: a second click moves it); one several can go to marks only
        those as movable (:attr:`pointed`), one to be picked.
        """
        self.pointed = None
        if not self.is_person_to_choose() or len(key) > MAX_KEY:
            return False
        try:
            piece, where = self.face.locate(self.state, key)
        except MalefizError:
            return False
        choices = self.choices()
        if self.selected is not None and where is not None:
            chosen = [c.action for c in choices if c.piece == self.selected and c.field == where]
            if chosen:
                self._chosen(chosen[0])
                return True
        free = [c.action for c in choices if c.piece is None and c.field == where]
        if free and where is not None:
            self._chosen(free[0])
            return True
        mine = [c.action for c in choices if c.piece is not None and c.piece == piece]
        if not mine:
            goers = {str(c.piece) for c in choices if c.piece is not None and c.field == where}
            if piece is not None or where is None or not goers:
                return False
            if len(goers) > 1:  # the field a child counted to: the pieces that can go there are marked
                self.pointed = (self.state, where, frozenset(goers))
                self.selected = None
                self.message = self.t("why.pick_first", pieces=self.noun(many=True))
            else:  # the one piece that can go there is picked
                self.selected = goers.pop()
                self.message = self.t("why.picked", piece=self.noun())
            return True
        only = len({c.piece for c in choices}) == 1
        if (self.face.one_click or (only and piece == self.selected)) and len(mine) == 1:
            self._chosen(mine[0])
        elif only and piece == self.selected:
            return False  # the only piece that can move stays chosen: its targets are where to click
        else:
            self.selected = None if piece == self.selected else piece
        return True

    def noun(self, many: bool = False) -> str:
        """What this game calls a piece, in the session's language: ``pawn`` in Malefiz, ``piece`` in Mensch ärgere
        Dich nicht (``many``: ``pawns``, ``pieces``; German *Figur*, *Figuren*)."""
        return self.t(f"{'nouns' if many else 'noun'}.{self.game.name}")

    def why_not(self, key: str, empty: bool = True) -> str:
        """Why a click on the board element ``key`` did nothing (:meth:`click` False), for the person whose turn it
        is on this device: the die is to be rolled first, or the piece is another player's or one the rules stop
        (the game's words: ``A piece leaves the house only with a 6``), or with a piece picked, a field it may not go
        to (Malefiz: ``With a 3 this pawn cannot land there``); else, for a field none of theirs stands on (``empty``
        False: not this) that none of their pieces can go to: ``With a 3 none of your pieces can go there``. ""
        when there is nothing to tell (a piece that can move, a field a click plays, or where a piece of theirs can
        go, whose click picks or marks it; not a person's turn here)."""
        state = self.state
        if state.is_over or len(key) > MAX_KEY or self.is_bot_turn() or not self.plays_here():
            return ""
        if state.is_chance:
            return self.t("why.roll_first") if self.can_roll() else ""
        if not self.is_person_to_choose():
            return ""
        try:
            why = self.face.stuck(state, key, self.name, self.t, self.selected)
            piece, where = self.face.locate(state, key)
        except MalefizError:
            return ""
        if not empty or piece is not None or where is None or state.roll is None:
            return why
        if any(c.field == where for c in self.choices()):
            return ""  # a click plays it (a barricade's field, the picked piece's), or picks or marks what goes there
        return why or self.t("why.nowhere", n=state.roll, pieces=self.noun(many=True))

    def _chosen(self, action: Any) -> None:
        self.selected = None
        self.forced_waits = False
        self.redo_stack = []
        self.play(action)

    def fixed_piece(self) -> str | None:
        """The only piece that can move, chosen already, when it has several targets: a click on it does nothing
        (its targets are where to click), so it is not marked movable nor named as a button."""
        choices = self.choices()
        pieces = {c.piece for c in choices}
        if self.selected is not None and pieces == {self.selected} and len(choices) > 1:
            return self.selected
        return None

    def cancel(self) -> bool:
        """Escape: let go of the chosen piece (or the pieces marked for a field, :attr:`pointed`)."""
        if (self.selected is None and self.pointed is None) or self.is_bot_turn():
            return False
        self.selected = self.pointed = None
        return True

    def choose_the_only_piece(self) -> None:
        """After a person's roll: when a single piece can move, it is chosen at once."""
        self.selected = None
        if not self.is_person_to_choose():
            return
        starts = {c.piece for c in self.choices()}
        if len(starts) == 1 and None not in starts:
            self.selected = starts.pop()

    # -- computers and hints ---------------------------------------------------

    def bot_turn(self) -> Iterator[None]:
        """Play one action for the computer seat to act, in slices.

        Each ``next()`` does a small piece of the thinking (so a page can paint in between); when the
        iterator is exhausted the action has been played (see :attr:`record`). Nothing happens on a
        person's turn.
        """
        if not self.is_bot_turn():
            return
        self.hinted = None
        if self.state.is_chance:
            self._roll_die()
            return
        yield from self.review_last()  # the people's last decisions are valued first
        actions = self.legal()
        level = self.seat().level
        search = self.face.search(level, self.state, actions) if len(actions) > 1 else None
        if search is not None:
            yield
            while search.step():
                yield
            action = search.best
        else:
            rng = random.Random(self.seed * 1_000_003 + len(self.record))
            action = self.game.bots[level](self.state, actions, rng)
        if action not in actions:  # a bot written elsewhere must never break the game
            action = actions[0]
        self.play(action)

    def bot_step(self) -> Any:
        """Play one action for the computer seat to act (its roll, or its choice); None if a person is to act."""
        done = len(self.record)
        for _ in self.bot_turn():
            pass
        last = self.record.last
        return last.action if len(self.record) > done and last is not None else None

    # -- undo and redo ------------------------------------------------------

    def _undo_point(self) -> int | None:
        """Where undo goes back to (see :meth:`Record.undo_point`); None when undo is off, the game is over (a win
        is never taken back) or there is nothing to undo."""
        if not self.setup.undo or self.state.is_over:
            return None
        return self.record.undo_point(lambda seat: self.setup.seats[seat].kind == "human")

    def can_undo(self) -> bool:
        """True when a person's move can be taken back now."""
        return self._undo_point() is not None

    def undo_whose(self) -> str | None:
        """Whose move :meth:`undo` takes back now (``Anna (red)``), or None when there is none to take back: at one
        device for several people, not always the one who taps it."""
        point = self._undo_point()
        return None if point is None else self.name(self.record.entries[point].before.current)

    def can_redo(self) -> bool:
        """True right after an undo, until somebody acts."""
        return self.setup.undo and bool(self.redo_stack) and not self.is_bot_turn()

    def undo(self) -> bool:
        """Take back the person's last move (and the computers' after it), back to just after the roll."""
        point = self._undo_point()
        if point is None:
            return False
        undone = self.record.entries[point:]
        rolls = sum(isinstance(e.action, Roll) for e in undone)
        self.take_back(point)
        self.dice = Dice(self.dice.seed, self.dice.count - rolls)
        self.redo_stack.append([e.action for e in undone if self.setup.seats[e.before.current_seat].kind == "human"])
        return True

    def take_back(self, point: int) -> None:
        """Cut the game back to its first ``point`` actions, the person then to act told so (:meth:`undo` on one
        device; between devices the match decides the point and the dice, ``Table.take_back``)."""
        self.record = self.record.upto(point)
        self.handed = [h._replace(played=min(h.played, point)) for h in self.handed]  # in force now
        self.forced_waits = True
        self.hinted = None
        self.message = self.t("took_back", who=self.name(self.state.current))
        self.choose_the_only_piece()

    def redo(self) -> bool:
        """Play again what the last undo took back of the person's moves (the computers then play on)."""
        if not self.can_redo():
            return False
        self.forced_waits = False
        for action in self.redo_stack.pop():
            if action not in self.legal():
                self.redo_stack = []
                return False
            if isinstance(action, Roll):
                value, self.dice = self.dice.roll()
                action = self.game.roll(value)
            self.play(action)
        self.selected = None
        return True

    def new_game(self) -> None:
        """A new game with the same setup; the die goes on from where it is."""
        self.games += 1
        self._start()

    # -- what the board shows --------------------------------------------------

    @property
    def facing(self) -> int | None:
        """The seat whose side of the board this device draws nearest the viewer: the one seat it plays between
        devices (see :attr:`mine`), or of several the one a person plays (the others its computers': the host's
        own, or those of a device that left); None on a single device, for a watcher, or for several people here
        (the board as printed)."""
        return None if self.mine is None else self.setup.facing(self.mine or self.seen_from)

    def marks(self) -> Marks[Any]:
        """What the board marks for the person to act: movable pieces, the chosen one, its targets, the
        hint, and the last move's trail."""
        last = self.record.last
        trail = last.effects.trail if last is not None and last.is_move else ()
        if self.is_bot_turn() or not self.plays_here():  # the computer's turn, or another device's person's
            return Marks(trail=trail, facing=self.facing)
        choices = self.choices()
        selected = self.selected
        fixed = self.fixed_piece()
        movable = frozenset(c.piece for c in choices if c.piece is not None and c.piece != fixed)
        targets = frozenset(c.field for c in choices if c.piece is None or (selected and c.piece == selected))
        if self.pointed is not None and self.pointed[0] is self.state and selected is None:
            _, field, goers = self.pointed  # a field several pieces can go to was clicked: it, and those pieces
            movable &= goers
            targets |= {field}
        return Marks(
            movable=movable,
            selected=selected,
            targets=targets,
            hint=self.hinted,
            ranked=ranked_fields(self.face, self.state, [r.action for r in self._hint_best()]),
            trail=trail,
            facing=self.facing,
        )

    def svg(self, motion: bool = False) -> str:
        """The board as SVG, with the marks the person to act needs; with ``motion``, the last action's
        motion plays (the page asks for it once, right after the action)."""
        last = self.record.last if motion else None
        return self.face.render(self.state, self.marks(), self.names, self.t, last)

    def walk_frames(self, since: int | None = None) -> list[str]:
        """The board as SVG with the last moved piece on each field of its way in turn (for animation); with
        ``since``, every move from the record's ``since``-th entry on, each landing before the next walks (at
        most :data:`MAX_FRAMES` boards, the latest moves)."""
        if since is None:
            last = self.record.last
            return self.face.frames(last, self.names, self.t, self.facing) if last is not None and last.is_move else []
        moves = [e for e in list(self.record)[since:] if e.is_move]
        frames: list[str] = []
        for n, entry in enumerate(reversed(moves)):  # the latest first, so that a long absence shows its end
            landed = (
                [
                    self.face.render(
                        entry.after, Marks(trail=entry.effects.trail, facing=self.facing), self.names, self.t
                    )
                ]
                if n
                else []
            )
            walked = self.face.frames(entry, self.names, self.t, self.facing) + landed
            if len(frames) + len(walked) > MAX_FRAMES:
                break
            frames[:0] = walked
        return frames


def _retold(entry: Entry[Any, Any], words: str) -> Entry[Any, Any]:
    return Entry(entry.before, entry.action, entry.after, entry.effects, words)
