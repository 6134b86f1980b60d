"""The page as plain Python: what a person did comes in, one :class:`~malefiz.core.screen.Screen` goes out.

The browser glue (``web/page.js``, through :mod:`malefiz.bridge` in the worker) only turns DOM events into calls of
:class:`App` and writes the
screens it returns into the page; every decision lives here, with unit tests: which opening a page
address leads to (a shared link, a game in the address, the game kept in the browser, the setup
screen), what the address becomes, when a game is kept, what a key does, whether leaving asks.

Nothing here touches the browser. What the page keeps between visits goes through a
:class:`Storage` (``localStorage`` on the page, a dictionary in the tests).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Final, Literal, TypedDict
from urllib.parse import parse_qs

from .between import Address, BetweenDevices
from .core import savefile
from .core.errors import MalefizError
from .core.face import Marks
from .core.screen import NoticeTone, Screen, compare_html, players_html, result
from .core.session import Session
from .core.setup import PACES, Games, Setup, asked_in, check_asked, nearest_setup
from .games import GAMES
from .i18n import EN, LANGUAGES, Translator, language_of
from .one_tab import OneTab
from .setting_up import SHOWN_KEY, SettingUp, game_address
from .settings import LANGUAGE_KEY, MOTION_KEY, SHAKE_KEY, SOUND_KEY, Settings
from .shelf import (
    GAME_PREFIX,
    MemoryStorage,
    Shelf,
    Storage,
    new_id,
    valid_id,
)
from .tab_view import VIEW_KEY, take_view, view_of
from .tally import TALLY_KEY
from .together import JOIN, PLAY, REPLY, STUN, Together
from .together_view import invite_html

__all__ = [
    "KEEP_KEY",
    "LANGUAGE_KEY",
    "MOTION_KEY",
    "SHAKE_FORCE",
    "SHAKE_KEY",
    "SHAKE_PAUSE",
    "SHOWN_KEY",
    "SOUND_KEY",
    "VIEW_KEY",
    "Address",
    "App",
    "MemoryStorage",
    "Storage",
    "game_address",
    "id_in",
    "key_command",
]

KEEP_KEY: Final = "malefiz.last-game"
"""Where earlier versions kept the one game in progress: moved onto the shelf (:mod:`malefiz.shelf`) at start."""
SHAKE_FORCE: Final = 15.0
"""How hard a shake must be to roll the die: the device's acceleration, gravity left out, in m/s² (a phone picked up
or put down stays well below it; a shake of the hand reaches 20 and more)."""
SHAKE_PAUSE: Final = 1.0
"""Seconds the device must be still before a shake rolls again: a shake is many readings, and one roll."""
MAX_FILE: Final = 5_000_000
"""The largest file read as a saved game, in bytes."""

Command = Literal["roll", "hint", "act", "cancel", "up", "down", "left", "right", "undo", "redo"]


KEYS: Final[dict[str, Command]] = {
    **dict.fromkeys(("r", "R", "w", "W"), "roll"),
    **dict.fromkeys(("h", "H", "t", "T"), "hint"),
    "Escape": "cancel",
    **dict.fromkeys(("Enter", " "), "act"),
    **{"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right"},
}
"""Every key the game screen knows, and what it does (a roll and a hint only without Ctrl, Cmd or Alt:
:func:`key_command`)."""

WITH_CTRL: Final[dict[str, Command]] = {"z": "undo", "Z": "redo", "y": "redo", "Y": "redo"}
"""Keys with Ctrl (Cmd on a Mac; Strg on a German keyboard), as everywhere else: Z takes the last move back,
Shift+Z or Y plays it again."""


class Question(TypedDict):
    """What the page asks before a step that leaves or deletes something: the question and its two buttons' words."""

    text: str
    yes: str
    no: str


def key_command(key: str, ctrl: bool = False, meta: bool = False, alt: bool = False) -> Command | None:
    """What a key does on the game screen: R (W in German: *Würfeln*) rolls, H (T: *Tipp*) asks for a hint,
    Enter and Space act on the focused element, the arrows go to the nearest element that way on the board
    (:func:`malefiz.core.spatial.toward`), Escape lets go of a chosen piece, Ctrl+Z (Cmd+Z) undoes and Ctrl+Y or
    Ctrl+Shift+Z redoes.

    >>> key_command("r"), key_command("r", ctrl=True), key_command("t"), key_command("ArrowUp"), key_command("x")
    ('roll', None, 'hint', 'up', None)
    >>> key_command("z"), key_command("z", ctrl=True), key_command("Z", meta=True), key_command("z", alt=True)
    (None, 'undo', 'redo', None)
    """
    if key in WITH_CTRL and (ctrl or meta or alt):
        return WITH_CTRL[key] if ctrl or meta else None
    command = KEYS.get(key)
    return None if command in ("roll", "hint") and (ctrl or meta or alt) else command


def id_in(query: str) -> str | None:
    """The game identity a page address names (``&id=``), or None (none, or not one this page makes).

    >>> id_in("?seats=human,human&id=k3f9a2bq7x"), id_in("?id=../x"), id_in("")
    ('k3f9a2bq7x', None, None)
    """
    found = parse_qs(query.lstrip("?")).get("id", [""])[-1]
    return found if valid_id(found) else None


def file_name(session: Session, when: float) -> str:
    """A saved game's file name: the game, the players and the day (``maedn-Anna-Ben-2026-11-25.json``); a name's
    characters that a file name cannot hold become ``_``, a seat without a name is its colour in the session's
    language.

    >>> from malefiz.games import GAMES
    >>> file_name(Session.from_address("?seats=human,human&names=Anna,B/en", GAMES), 43_200)
    'malefiz-Anna-B_en-1970-01-01.json'
    >>> file_name(Session.from_address("?seats=human,bot&names=Anna", GAMES, "de"), 43_200)
    'malefiz-Anna-Gelb-1970-01-01.json'
    """
    shown = [seat.name if seat.named else session.t.colour(seat.colour, capital=True) for seat in session.setup.seats]
    names = "-".join(re.sub(r"[^\w]+", "_", name).strip("_")[:24] for name in shown)
    return f"{session.game.name}-{names}-{time.strftime('%Y-%m-%d', time.localtime(when))}.json"


class App(Settings, SettingUp, BetweenDevices, OneTab):
    """The page's state: the session shown (or the setup screen), pace, motion, and what the page showed last."""

    def __init__(
        self,
        storage: Storage,
        languages: Iterable[str] = (),
        games: Games = GAMES,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
        tab: Storage | None = None,
    ) -> None:
        """``languages``: the browser's preferred languages (used when none was chosen on this page before);
        ``clock``: seconds since 1970 (when a game was last played); ``tab``: what this tab alone keeps (the game
        it shows, :data:`SHOWN_KEY`)."""
        self.storage = storage
        self.tab: Storage = tab if tab is not None else MemoryStorage()
        self.games = games
        self.rng = rng or random.Random()
        self.clock = clock
        self.shelf = Shelf(storage, games)
        self.game_id: str | None = None
        """The identity of the game shown (its key on the shelf, its ``&id=`` in the address)."""
        self._revision = 0
        """The shelf revision the game shown was read at or last written as."""
        self._kept: dict[str, object] | None = None
        """The save document last written (nothing is written again while it is the same)."""
        self._kept_valued = 0
        """How many of the people's decisions the review had valued when the game was last written (written again,
        at the same revision, once it has more)."""
        self._move_old_slot()
        kept = storage.get(LANGUAGE_KEY)
        self.t = Translator(kept if kept in LANGUAGES else language_of(",".join(languages)))
        self.session: Session | None = None
        self.pace = "normal"
        self.motion = True
        self.saving = True
        self.notice = ""
        self.address: Address | None = None
        """The address change the last call asks for (the page applies it and sets this to None)."""
        self._shown: int | None = None
        self._face: int | None = None
        self._thinking: Iterator[None] | None = None
        self._reviewing: Iterator[None] | None = None
        """The review's work under way (:meth:`malefiz.core.session.Session.review_work`)."""
        self._review_waits = False
        """The screen last made shows the review waiting for :meth:`work` (:meth:`worked` then shows it whole)."""
        self.chosen: tuple[str | None, str | None] = (None, None)
        """The game and board last shown on the setup screen."""
        self._boards: dict[str, str] = {}
        """The board each game showed last on the setup screen (a game chosen again shows it again)."""
        self.together: Together | None = None
        """This device's part in a game between devices (None: a game on this device alone)."""
        self.stun_server = STUN
        """The STUN server a game between devices names and asks once its host chooses to play across networks
        (a page address's ``stun=host:port`` names another)."""
        self.inviting = False
        """The choices of *Play with other devices* are shown (a game on this device only)."""
        self.choosing_players = False
        """*Who plays* is open: the choice of who plays each colour is shown (:meth:`players_menu`)."""
        self._shaken = float("-inf")
        """When the device was last shaken (:meth:`shake`)."""
        self._filled: set[str] = set()
        """The games whose form the setup screen has filled in since it was entered (then it stays as the person
        leaves it)."""

    # -- openings -------------------------------------------------------------

    def arrive(self, query: str, fragment: str = "") -> Screen:
        """The page loaded at ``query``: the bare page in a tab that showed a game when it left (for a rules page,
        say) shows that game again; any other address as :meth:`open` says."""
        shown = self.tab.get(SHOWN_KEY)
        if not query.lstrip("?") and not fragment and shown is not None and id_in(shown) is not None:
            self.address = Address("replace", shown)
            return self.open(shown)
        return self.open(query, fragment)

    def open(self, query: str, fragment: str = "") -> Screen:
        """The screen a page address leads to: the game a link's fragment holds (added to the shelf), else the
        game the query describes (the one kept under its ``id`` when there is one), else the setup screen."""
        problem = ""
        self.stun_server = parse_qs(query.lstrip("?")).get("stun", [STUN])[0]
        if fragment.startswith((JOIN, PLAY)) or "together=" in query:
            return self.open_together(query, fragment)
        if fragment.startswith(REPLY):
            return self.relay(fragment)
        if fragment.startswith("#game="):
            self.address = Address("replace", query)
            try:
                linked = savefile.from_link(fragment.removeprefix("#game="), self.games)
            except MalefizError as error:
                problem = self.t.error(error)
            else:
                return self.adopt(linked, "replace")
        try:
            setup = Setup.from_query(query, self.games)
            if setup is None:
                check_asked(query, self.games)
        except MalefizError as error:
            said = f"{problem} {self.t.error(error)}".strip()
            return self.setup_screen(said, *asked_in(query, self.games), filled=nearest_setup(query, self.games))
        if setup is None:
            game, board, filled = self.form_in_progress(query)
            return self.setup_screen(problem, game, board, filled=filled)
        game_id = id_in(query)
        if game_id is not None:
            try:
                found = self.shelf.load(game_id)
            except MalefizError as error:
                return self.setup_screen(self.t("shelf.open_failed", error=self.t.error(error)))
            if found is not None and found[0].setup.with_pace("normal") == setup.with_pace("normal"):
                return self.resume(found[0], game_id, found[1], notice=problem)
            if found is not None:
                game_id = None  # the address was changed: a new game, the kept one stays
        return self.start(setup, notice=problem, game_id=game_id)

    def _move_old_slot(self) -> None:
        """The one game earlier versions kept goes onto the shelf (as it is, when it cannot be read)."""
        text = self.storage.get(KEEP_KEY)
        if text is None:
            return
        game_id = new_id()
        try:
            session = savefile.load(text, self.games)
        except MalefizError:
            moved = self.storage.set(GAME_PREFIX + game_id, text)
        else:
            moved = self.shelf.put(game_id, session, 1, self.clock())
        if moved:
            self.storage.remove(KEEP_KEY)

    def start(self, setup: Setup, notice: str = "", game_id: str | None = None) -> Screen:
        """A new game with ``setup`` under ``game_id`` (or a new identity); its seed and identity go into the
        address, so a reload finds it (it is kept from its first action on)."""
        pushed = self.address is not None and self.address.how == "push"
        if Together.remote_seats(setup):
            self.together = Together.host(setup, self.games, self.stun_server)
            self.session, self.game_id = None, None
            self.pace = setup.pace if setup.pace in PACES else self.pace  # the address's pace, as for a game here
            return self.together_screen()
        if setup.seed is None:
            setup = setup.seeded(self.rng.randrange(2**31))
        game_id = game_id or new_id()
        self.address = Address("push" if pushed else "replace", game_address(setup, game_id))
        screen = self.resume(Session(setup), game_id, 0, notice)
        return dataclasses.replace(screen, announce=screen.news)  # who starts ("rolled highest"), to a screen reader

    def adopt(self, session: Session, how: Literal["push", "replace"], notice: str = "") -> Screen:
        """A game from a link or a file: a new game on the shelf (it never overwrites one), kept at once."""
        game_id = new_id()
        self.address = Address(how, game_address(session.setup, game_id))
        return self.resume(session, game_id, 0, notice, keep_now=True)

    def resume(
        self,
        session: Session,
        game_id: str,
        revision: int,
        notice: str = "",
        keep_now: bool = False,
        tone: NoticeTone = "alert",
    ) -> Screen:
        """Show ``session``, kept as ``game_id`` at ``revision`` (0: not kept yet), ``notice`` said in ``tone``."""
        self.pace = session.setup.pace if session.setup.pace in PACES else self.pace
        if session.language != self.t.language:
            session.set_language(self.t.language)
        self.session = session
        if game_id != self.following_game:
            self.following_game = ""
        session.mine = frozenset() if self.following_game else None  # another tab plays it: no seat of it here
        self._filled = set()  # the setup screen fills its form in anew once it is entered again
        session.forced_waits = bool(session.record)  # a game taken up again shows where it was left
        take_view(session, game_id, self.tab.get(VIEW_KEY))  # what this tab showed of it before a reload
        self.game_id = game_id
        self._revision = revision
        self._kept = None if keep_now or revision == 0 else savefile.save(session)
        self._kept_valued = session.review_valued()
        self._thinking = self._reviewing = None
        self.notice, self.notice_tone = notice, tone
        self._shown = None
        self._face = None
        return self.screen(keep=keep_now or bool(session.record))

    # -- files and links ----------------------------------------------------------

    def load_file(self, text: str | None, size: int) -> Screen:
        """A saved game chosen with the file field (``text`` None: too large to read), added to the shelf; the
        game in progress stays as it is when it does not load."""
        if text is None or size > MAX_FILE:
            return self.refuse(self.t("page.big_file"))
        try:
            session = savefile.load(text, self.games)
        except MalefizError as error:
            return self.refuse(self.t("page.bad_file", error=self.t.error(error)))
        return self.adopt(session, "push")

    def refuse(self, text: str) -> Screen:
        """A message about a file, a link or the device, on whichever screen is showing."""
        if self.session is None and self.together is not None:
            return self.together_screen(text)  # a game between devices before its first roll
        if self.session is None:
            return dataclasses.replace(self.setup_screen(), error=text)
        self.notice = text
        return self.screen()

    @property
    def notice(self) -> str:
        """The message above the game (:attr:`Screen.notice`): a file, a link or another tab's moves, or what an item
        of the board's key means (:meth:`about`)."""
        return self._notice

    @notice.setter
    def notice(self, text: str) -> None:
        self._notice = text
        self.notice_tone: NoticeTone = "alert"  # a warning, unless about() tells it as information

    def about(self, name: str) -> Screen | None:
        """A tap on an item of the board's key (``data-about``: the fast board's village, forest and rest fields):
        what it means, above the game until it goes on (a finger has no hover to show the ``<title>``), told as
        information, not as a warning; the game stays as it is. None: no game, or no such item."""
        if self.session is None or f"key.{name}_about" not in EN:
            return None
        self.notice = self.t(f"key.{name}_about")
        self.notice_tone = "info"
        return self.screen(keep=False)

    def close_notice(self) -> Screen:
        """The notice's close button (a file or link refused, another tab's moves): it goes; the game stays as it is."""
        self.notice = ""
        return self.screen(keep=False)

    def save_file(self) -> tuple[str, str] | None:
        """*Save file*: the file's name and its text (None without a game)."""
        s = self.session
        if s is None:
            return None
        return file_name(s, self.clock()), json.dumps(savefile.save(s), indent=1)

    def link(self, page: str) -> str | None:
        """*Share link*: the address of ``page`` (origin and path) with the whole game in its fragment."""
        if self.session is None:
            return None
        return f"{page}#game={savefile.link(self.session)}"

    def link_said(self) -> str:
        """What a phone's share sheet says with *Share link*, in this page's language: the game as far as it went, or
        at its end who won and the places ("" without a game)."""
        s = self.session
        if s is None:
            return ""
        game = s.setup.game.title
        return self.t("share.over", result=result(s), game=game) if s.state.is_over else self.t("share.game", game=game)

    # -- playing --------------------------------------------------------------------

    def in_progress(self) -> bool:
        """True while a game has started and is not over (leaving it asks first)."""
        s = self.session
        return s is not None and bool(s.record) and not s.state.is_over

    def question(self, action: str) -> Question | None:
        """What to ask before ``action`` (*New game*, *Setup*, *Delete* on the shelf, *Clear the table* of wins), with
        the words of its two buttons; None: nothing to ask."""
        if action == "delete":
            return self._question("shelf.ask_delete", "shelf.delete", "page.keep")
        if action == "forget-tally":
            return self._question("tally.ask_forget", "tally.forget", "page.keep")
        together = self.together
        if together is not None:  # not on the shelf: kept under its own key, and the others wait (from the start on)
            s = together.session
            if together.role == "watcher" or s is None or s.state.is_over:
                return None
            return self._question(f"together.ask_leave_{together.role}")
        if not self.in_progress():
            return None
        return self._question("page.ask_new" if action == "rematch" else "page.ask_setup")

    def _question(self, text: str, yes: str = "page.leave", no: str = "page.stay") -> Question:
        return {"text": self.t(text), "yes": self.t(yes), "no": self.t(no)}

    def leave(self, action: str, game_id: str, query: str) -> Screen | None:
        """*Rematch*, *Setup* or *New game* (from the address ``query``), *Delete* of ``game_id`` or *Clear the table*
        of wins, once asked."""
        if action == "delete":
            return self.delete(game_id)
        if action == "forget-tally":
            self.storage.remove(TALLY_KEY)
            return self.setup_screen()
        return self.rematch() if action == "rematch" else self.to_setup(query)

    def leaving_asks(self) -> bool:
        """Closing the tab asks first only when the game in progress could not be kept."""
        return not self.saving and self.in_progress()

    def click(self, key: str) -> Screen | None:
        """A person's click (or Enter) on the board element ``key`` (``""``: the board's ground, between its fields);
        None when it did nothing."""
        s = self.session
        if s is None:
            return None
        done, said = len(s.record), s.message
        if self.played is None or not key or not s.click(key):
            # where the turn is played elsewhere (another tab, another device), that it is; else a piece that cannot
            # move: the rule that stops it, in the message line (the ground: nothing)
            return self._told(s, self.why_not(key) if key else self.not_here())
        if len(s.record) == done and s.message != said:  # a field's piece picked, or its pieces marked: said so
            return dataclasses.replace(self.screen(), announce=s.message)
        return self.screen(fresh=len(s.record) > done)

    def why_not(self, key: str, empty: bool = True) -> str:
        """What a click on the board element ``key`` would be told: where nobody in this tab plays the turn, that
        (:meth:`not_here`), else :meth:`malefiz.core.session.Session.why_not` (``empty`` False: nothing for a field
        nothing stands on while no piece is picked)."""
        return "" if self.session is None else self.not_here() or self.session.why_not(key, empty)

    def _told(self, s: Session, why: str) -> Screen | None:
        """Why an action did nothing, in the message line and to a screen reader; None when there is nothing to
        tell or it was told already."""
        if not why or why == s.message:
            return None
        s.message = why
        return dataclasses.replace(self.screen(), announce=why)

    def roll(self) -> Screen | None:
        """The die (or its key); None when it is not a person's turn to roll. Where nobody in this tab plays the
        turn, the key is told why (:meth:`not_here`)."""
        s = self.session
        if s is None:
            return None
        why = self.not_here()
        if why:
            return self._told(s, why)
        return self.screen(fresh=True) if s.roll() else None

    def shake(self, force: float) -> Screen | None:
        """The device was moved with ``force`` (m/s², gravity left out): a roll as the die's button rolls, where
        rolling by shaking is turned on (:meth:`shake_setting`), the movement is a shake (:data:`SHAKE_FORCE`) and
        the device was still for :data:`SHAKE_PAUSE` before it (one shake rolls once, even where the turn passes
        at once to another person on this device)."""
        if not self.shake_setting() or not force >= SHAKE_FORCE:  # (not NaN either)
            return None
        now, before = self.clock(), self._shaken
        self._shaken = now
        here = not self.not_here()  # (the turn played elsewhere: no roll to feel, nothing told)
        screen = self.roll() if here and now - before >= SHAKE_PAUSE else None
        # The roll felt in the hand (SHAKEN_BUZZ), a roll that moves nothing (passed at once) too.
        return None if screen is None else dataclasses.replace(screen, sound="shaken")

    def hint(self) -> Screen | None:
        """*Hint*: the strongest computer's move, marked and told."""
        s = self.played
        if s is None or not s.hint():
            return None
        return dataclasses.replace(self.screen(), announce=s.hint_text())  # a screen reader hears it

    def review(self) -> Screen | None:
        """*Review*: show (or hide) everyone's chance turn by turn and the people's mistakes while the game goes on."""
        if self.session is None or not self.session.toggle_review():
            return None
        return self.screen()

    def players_menu(self) -> Screen | None:
        """*Who plays*: show (or hide) the choice of who plays each colour."""
        if self.played is None:
            return None
        self.choosing_players = not self.choosing_players
        return self.screen(keep=False)

    def hand_over(self, seat: int, choice: str) -> Screen | None:
        """Seat ``seat`` is played by ``choice`` from now on (:meth:`malefiz.core.session.Session.hand_over`): the
        game goes on (a computer whose turn it is now acts); the game's address says who plays. A seat or choice
        that is not one is refused with a notice, the game as it was."""
        s = self.played
        if s is None:
            return None
        try:
            if not s.hand_over(seat, choice):
                return self.screen(keep=False)
        except MalefizError as error:
            self.notice = self.t.error(error)
            return self.screen(keep=False)
        self._thinking = None  # a computer's turn under way is thought anew (or no more: a person took it over)
        if self.game_id is not None:
            self.address = Address("replace", game_address(s.setup, self.game_id))
        return dataclasses.replace(self.screen(fresh=True), announce=s.message)  # a screen reader hears it

    def cancel(self) -> Screen | None:
        """Escape: let go of the chosen piece."""
        if self.session is None or not self.session.cancel():
            return None
        return self.screen()

    def undo(self) -> Screen | None:
        """Undo (None: nothing to take back); between devices :meth:`take_back`."""
        if self.together is not None:
            return self.take_back()
        s = self.played
        if s is None or not s.undo():
            return None
        screen = self.screen()
        return dataclasses.replace(screen, announce=screen.news)  # "took back a move", to a screen reader too

    def redo(self) -> Screen | None:
        """Redo (None: nothing to play again)."""
        s = self.played
        if s is None or not s.redo():
            return None
        return self.screen(fresh=True)

    def rematch(self) -> Screen | None:
        """*Rematch with the same players*: a new game with the same setup and a new seed, from the start (the next
        seat starts it where the seats' order decides: :meth:`~malefiz.core.setup.Setup.rematch`), under a new
        identity (the last one stays on the shelf)."""
        s = self.played
        if s is None:
            return None
        if self.together is not None:
            try:
                asked = self.together.rematch()
            except MalefizError as error:
                return self._together_now(self.t.error(error))
            return self._together_now() if asked else None
        self.keep()
        self.address = Address("push", "")
        return self.start(s.setup.rematch())

    def set_pace(self, pace: str) -> Screen | None:
        """Another pace for the computers; the game's address follows it."""
        if pace not in PACES:
            return None
        self.pace = pace
        if self.session is None:
            return None
        setup = self.session.setup.with_pace(pace)
        self.session.setup = setup
        if self.game_id is not None:
            self.address = Address("replace", game_address(setup, self.game_id))
        return self.screen(keep=True)

    def think(self) -> Screen | None:
        """One slice of the computer's turn: None while it thinks on (call again after a paint), its
        screen once it has acted."""
        s = self.session
        if s is None:
            return None
        if s.play_forced():
            return self.screen(fresh=True)
        if not s.is_bot_turn():
            return None
        if self._thinking is None:
            self._thinking = s.bot_turn()
        if next(self._thinking, False) is None:
            return None
        self._thinking = None
        return self.screen(fresh=True)

    def thinking(self) -> bool:
        """True while a computer's thinking is under way (:meth:`think` goes on with it)."""
        return self._thinking is not None

    def work(self) -> bool:
        """One slice of the worker's own work, which changes nothing shown: the review values a person's decision
        (:meth:`malefiz.core.session.Session.review_work`). False once there is none left (for now)."""
        s = self.session
        if s is None or s.is_bot_turn():
            self._reviewing = None
            return False
        if self._reviewing is None:
            self._reviewing = s.review_work()
        if next(self._reviewing, False) is None:
            return True
        self._reviewing = None
        self.keep()  # the values with the game: a reload shows the review at once
        return False

    def worked(self) -> Screen | None:
        """The screen again once :meth:`work` is done when the screen shown waited for it (a review shown before
        its decisions were valued, :meth:`malefiz.core.session.Session.review_so_far`); else None."""
        s = self.session
        if s is None or not self._review_waits or s.review_waiting() is not None:
            return None
        return self.screen(keep=False)  # nothing moved: the page draws the review and the move list anew

    def line(self, index: int) -> tuple[str, str] | None:
        """The board after line ``index`` of the move list and the words that say so, without changing the game."""
        s = self.session
        if s is None:
            return None
        lines = s.record.lines()
        if not 0 <= index < len(lines):
            return None
        self._thinking = None
        mistake = s.review_so_far().mistakes().get(index - len(s.record.opening)) if s.review_shown() else None
        if mistake is not None:
            return compare_html(s, mistake), self.t("review.viewing", n=index + 1)
        board = s.face.render(lines[index].state, Marks(facing=s.facing), s.names, s.t)
        return board, self.t("page.viewing", n=index + 1, words=lines[index].words)

    # -- the screen ---------------------------------------------------------------

    def keep(self) -> bool:
        """Keep the game shown on the shelf when it changed (``saving`` says whether the browser let it).

        False when another tab has kept a newer state of this game since this tab read it: nothing is written
        then (:meth:`screen` catches up instead)."""
        s, game_id = self.session, self.game_id
        if s is None or game_id is None or self.elsewhere:  # (another tab plays it: that tab keeps it)
            return True
        if not s.record and self._revision == 0:
            return True  # nothing to lose yet: the address starts the same game again
        document = savefile.save(s)
        valued = s.review_valued()
        if document == self._kept and valued <= self._kept_valued:
            return True
        if self.shelf.newer(game_id, self._revision):
            return False
        step = document != self._kept  # the review's values alone: the same revision (no other tab catches up)
        self.saving = self.shelf.put(game_id, s, self._revision + step, self.clock(), document)
        if self.saving:
            self._revision += step
            self._kept, self._kept_valued = document, valued
            self.count_win(game_id)
        return True

    def screen(self, fresh: bool = False, keep: bool = True) -> Screen:
        """The game's screen now (``fresh``: an action was just made, so its motion plays); the game is kept."""
        s = self.session
        if s is None and self.together is not None:
            return self.together_screen()
        if s is None:
            return self.setup_screen()
        if self.together is not None:
            return self._between_devices(fresh)
        if keep and not self.keep():
            return self.catch_up()
        found = self._play_screen(s, fresh, self.saving)
        if self.game_id is not None:
            self.tab.set(SHOWN_KEY, game_address(s.setup, self.game_id))
            self.tab.set(VIEW_KEY, view_of(s, self.game_id))
        fields = {"invite": invite_html(s, self.inviting, self.t), "players": players_html(s, self.choosing_players)}
        return dataclasses.replace(found, **(fields | self.tab_fields()))
