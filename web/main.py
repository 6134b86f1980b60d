"""The page's glue: DOM events in, :class:`malefiz.core.session.Session` calls, SVG and text out.

Runs only in PyScript (main thread). The games live in ``malefiz``; this
module wires one delegated click and change listener on ``#app``, reads
``location.search``, writes the board, status, log and position into the page,
and runs computer turns with ``setTimeout`` at the chosen pace. It knows no
game: every game goes through its table (:data:`malefiz.games.tables.TABLES`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import html
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import js
from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js
from pyscript import document
from pyscript.ffi import is_none

from malefiz.core.actions import Roll
from malefiz.core.errors import MalefizError
from malefiz.core.session import PACES, Session, Setup
from malefiz.core.stats import report_html
from malefiz.games.tables import TABLES
from malefiz.i18n import LANGUAGES, Translator, language_of
from malefiz.page import GAME_TITLES, players_range, query_from_form

LOG_LINES = 300
"""How many of the latest events the log shows."""

REACH = 16
"""Pixels from a piece's or field's centre within which a tap still reaches it (hit areas of 32 px)."""

SOUND_KEY = "malefiz.sound"
"""Where the sound setting is remembered (off unless the player turns it on)."""
MOTION_KEY = "malefiz.motion"
"""Where the motion setting is remembered (on, unless the system asks for reduced motion)."""

LANGUAGE_KEY = "malefiz.language"
"""Where the chosen language is remembered in ``localStorage``."""

STORAGE_KEY = "malefiz.last-game"
"""Where the game in progress is kept in the browser's ``localStorage`` (:meth:`Session.save` as JSON)."""


def _element(selector: str) -> Any:
    return document.querySelector(selector)


def _all(selector: str) -> list[Any]:
    return list(document.querySelectorAll(selector))


def form_fields(form: Any) -> list[tuple[str, str]]:
    """The (name, value) pairs of the form's enabled fields, as the browser would send them."""
    return [(str(entry[0]), str(entry[1])) for entry in js.FormData.new(form).entries()]


class Page:
    """The running page: the current session and the timer of the next computer step."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.timer: Any = None
        self.pace = "normal"
        self.shown_events = 0
        self.board = _element("#board")
        self.log = _element("[data-log]")
        self.die = _element('[data-action="roll"]')
        self.die_label = _element("[data-die-label]")
        self.message = _element("[data-message]")
        self.status = _element("[data-now]")
        self.position = _element("[data-position]")
        self.winner = _element("[data-winner]")
        self.winner_text = _element("[data-winner-text]")
        self.hint_button = _element('[data-action="hint"]')
        self.chances = _element("[data-chances]")
        self.standings = _element("[data-ranking]")
        self.undo_button = _element('[data-action="undo"]')
        self.redo_button = _element('[data-action="redo"]')
        self.viewing = _element("[data-viewing]")
        self.notice = _element("[data-notice]")
        self.save_note = _element("[data-save-note]")
        self.link_box = _element("[data-link]")
        self.saving = True
        self.pending: Callable[[], None] | None = None
        self.thinking: Iterator[None] | None = None
        self.frames: list[str] = []
        self.focus_keys: list[str] = []
        self.rendered = 0
        self.t = Translator(self.chosen_language())
        self.stats = _element("[data-stats]")
        self.announce = _element("[data-announce]")
        self.sound = _element("[data-sound]")
        self.motion = _element("[data-motion-switch]")
        self.audio: Any = None
        self._bot_step = create_proxy(self.bot_step)
        self._walk = create_proxy(self.walk)

    # Screens

    def open(self, query: str) -> None:
        """Show the game a link's fragment holds, else the game the query describes (resumed when it is
        the one kept in the browser), else the setup screen."""
        fragment = str(js.location.hash)
        problem = ""
        if fragment.startswith("#game="):
            js.history.replaceState(None, "", str(js.location.pathname) + query)
            try:
                linked = Session.from_link(fragment.removeprefix("#game="), TABLES)
            except MalefizError as error:
                problem = self.t.error(error)
            else:
                js.history.replaceState(None, "", linked.setup.to_query())
                self.resume(linked)
                return
        try:
            setup = Setup.from_query(query, TABLES)
        except MalefizError as error:
            self.show_setup(f"{problem} {self.t.error(error)}".strip())
            return
        if setup is not None:
            kept = self.kept()
            if kept is not None and kept.setup == setup:
                self.resume(kept)
            else:
                self.start(setup)
            self.tell(problem)
            return
        if problem:
            self.show_setup(problem)
            return
        if setup is None:
            params = js.URLSearchParams.new(query)
            for name in ("game", "board"):
                wanted = params.get(name)
                radio = None if is_none(wanted) else _element(f'#setup input[name="{name}"][value="{wanted}"]')
                if radio is not None and not is_none(radio):
                    radio.checked = True
                    self.preview(game_changed=name == "game")
            self.show_setup()
        else:
            self.start(setup)

    def show_setup(self, error: str = "") -> None:
        """The setup screen: the form, and the chosen board's start position beside it."""
        self.stop_timer()
        self.session = None
        message = _element("[data-setup-error]")
        message.textContent = error
        message.hidden = not error
        _element("#setup").hidden = False
        _element("#play").hidden = True
        _element('header [data-action="setup"]').hidden = True
        kept = self.kept()
        _element('[data-action="continue"]').hidden = kept is None or kept.state.is_over
        self.preview()

    def chosen(self, name: str, fallback: str) -> str:
        """The value of the checked radio button ``name`` in the setup form."""
        checked = _element(f'#setup input[name="{name}"]:checked:not(:disabled)')
        return fallback if is_none(checked) else str(checked.value)

    def preview(self, game_changed: bool = False) -> None:
        """Enable the chosen game's and board's fields (only they count) and draw that board's start."""
        game = self.chosen("game", next(iter(TABLES)))
        table = TABLES.get(game, next(iter(TABLES.values())))
        for block in _all("#setup [data-game]"):
            same = str(block.dataset.game) == game
            block.disabled = not same
            block.hidden = not same
        board = self.chosen("board", "")
        if game_changed or board not in table.game.boards:
            board = table.game.boards[0]
            radio = _element(f'#setup input[name="board"][value="{board}"]')
            if not is_none(radio):
                radio.checked = True
        for block in _all("#setup [data-game][data-board]"):
            same = str(block.dataset.game) == game and str(block.dataset.board) == board
            block.disabled = not same
            block.hidden = not same
        self.set_game(game, board)
        self.board.innerHTML = table.board_svg(board, self.t)

    def set_game(self, game: str, board: str) -> None:
        """The page's title and the ``html`` element's ``data-game`` and ``data-board``."""
        root = document.documentElement
        root.dataset.game = game
        root.dataset.board = board
        title = GAME_TITLES.get(game, game)
        _element("[data-title]").textContent = title
        document.title = title

    def start(self, setup: Setup) -> None:
        """A new game with ``setup`` (its seed fixed in the address, so a reload finds the game kept)."""
        if setup.seed is None:
            setup = dataclasses.replace(setup, seed=random.randrange(2**31))
            js.history.replaceState(None, "", setup.to_query())
        self.resume(Session(setup))

    def resume(self, session: Session) -> None:
        """Show ``session`` (a new game, or one kept, loaded or linked) and let it go on."""
        self.stop_timer()
        setup = session.setup
        self.pace = setup.pace if setup.pace in PACES else self.pace
        _element("[data-pace]").value = self.pace
        if session.language != self.t.language:
            session.set_language(self.t.language)
        self.session = session
        self.tell("")
        self.link_box.hidden = True
        self.shown_events = 0
        self.rendered = len(session.history)  # what happened before is shown still, not played again
        self.log.innerHTML = ""
        self.set_game(setup.game.name, setup.board)
        _element("#setup").hidden = True
        _element("#play").hidden = False
        _element('header [data-action="setup"]').hidden = False
        self.render()
        self.schedule()

    # Sound

    def play_sounds(self, events: list[str]) -> None:
        """Short tones made by Web Audio (no files) for a roll, a move and the end, when the player turned sound on."""
        if not self.sound.checked or self.session is None:
            return
        last = self.session.history[-1][1] if self.session.history else None
        if self.session.state.is_over:
            notes = [523.0, 659.0, 784.0, 1047.0]
        elif isinstance(last, Roll):
            notes = [330.0]
        else:
            notes = [440.0, 554.0]
        try:
            if self.audio is None:
                self.audio = js.AudioContext.new()
            now = float(self.audio.currentTime)
            for i, frequency in enumerate(notes):
                tone = self.audio.createOscillator()
                level = self.audio.createGain()
                tone.frequency.value = frequency
                level.gain.setValueAtTime(0.08, now + i * 0.12)
                level.gain.exponentialRampToValueAtTime(0.001, now + i * 0.12 + 0.11)
                tone.connect(level)
                level.connect(self.audio.destination)
                tone.start(now + i * 0.12)
                tone.stop(now + i * 0.12 + 0.12)
        except JsException:
            self.sound.checked = False  # no audio here: the box says so by going off

    # Language

    def chosen_language(self) -> str:
        """The language chosen on this page before, else the browser's first that the page speaks."""
        try:
            kept = js.localStorage.getItem(LANGUAGE_KEY)
        except JsException:
            kept = None
        if kept is not None and not is_none(kept) and str(kept) in LANGUAGES:
            return str(kept)
        return language_of(",".join(str(code) for code in js.navigator.languages))

    def set_language(self, language: str) -> None:
        """Speak ``language`` on the whole page at once (mid-game too), and remember it."""
        self.t = Translator(language)
        with contextlib.suppress(JsException):  # storage off: the choice lasts as long as the page
            js.localStorage.setItem(LANGUAGE_KEY, self.t.language)
        self.apply_language()
        if self.session is not None:
            self.session.set_language(self.t.language)
            self.shown_events = 0
            self.log.innerHTML = ""
            self.render()

    def apply_language(self) -> None:
        """Every text of the page marked ``data-i18n`` (and the attributes marked ``data-i18n-<attribute>``)
        in the current language; the page's ``lang`` follows."""
        t = self.t
        document.documentElement.lang = t.language
        _element("[data-language]").value = t.language
        for element in _all("[data-i18n]"):
            element.textContent = t(str(element.getAttribute("data-i18n")), **self._values(element))
        for attribute in ("aria-label", "title", "placeholder"):
            for element in _all(f"[data-i18n-{attribute}]"):
                key = str(element.getAttribute(f"data-i18n-{attribute}"))
                element.setAttribute(attribute, t(key, **self._values(element)))

    def _values(self, element: Any) -> dict[str, str]:
        """The placeholders' values an element carries as ``data-i18n-<name>`` (a colour told in the language)."""
        values: dict[str, str] = {}
        for attribute in element.attributes:
            name = str(attribute.name)
            if name.startswith("data-i18n-") and name[10:] not in ("aria-label", "title", "placeholder"):
                value = str(attribute.value)
                values[name[10:]] = self.t.colour(value) if name == "data-i18n-colour" else value
        return values

    # Keeping the game

    def kept(self) -> Session | None:
        """The game kept in the browser, or None (nothing kept, storage off, or a record that does not load)."""
        try:
            text = js.localStorage.getItem(STORAGE_KEY)
        except JsException:
            return None
        if is_none(text):
            return None
        try:
            return Session.load(str(text), TABLES)
        except MalefizError:
            return None

    def keep(self) -> None:
        """Store the game in progress in the browser; when that fails, say that saving is off."""
        if self.session is None:
            return
        try:
            js.localStorage.setItem(STORAGE_KEY, json.dumps(self.session.save(), separators=(",", ":")))
            self.saving = True
        except JsException:
            self.saving = False
        self.save_note.textContent = "" if self.saving else self.t("page.saving_off")
        self.save_note.hidden = self.saving

    def in_progress(self) -> bool:
        """True while a game has started and is not over (leaving it asks first)."""
        return self.session is not None and bool(self.session.history) and not self.session.state.is_over

    def ask(self, question: str, then: Callable[[], None]) -> None:
        """Ask before leaving the game in progress; ``then`` runs if the player confirms."""
        if not self.in_progress():
            then()
            return
        self.pending = then
        _element("[data-confirm-text]").textContent = question
        _element("[data-confirm]").showModal()

    def tell(self, text: str) -> None:
        """A notice above the game (a link or file that could not be read); empty hides it."""
        self.notice.textContent = text
        self.notice.hidden = not text

    def on_before_unload(self, event: Any) -> None:
        """Closing the tab asks first only when the game could not be kept (otherwise it resumes on return)."""
        if not self.saving and self.in_progress():
            event.preventDefault()
            event.returnValue = ""

    def on_file(self, event: Any) -> None:
        """A saved game chosen with a file field: read it; the game in progress stays if it does not load."""
        target = event.target
        files = target.files
        if is_none(files) or files.length == 0:
            return
        chosen = files.item(0)
        target.value = ""
        if chosen.size > 5_000_000:
            self.refuse(self.t("page.big_file"))
            return
        chosen.text().then(create_once_callable(self.loaded))

    def loaded(self, text: Any) -> None:
        """The text of a chosen file: a saved game, or a clear message (nothing else changes)."""
        try:
            session = Session.load(str(text), TABLES)
        except MalefizError as error:
            self.refuse(self.t("page.bad_file", error=self.t.error(error)))
            return
        js.history.pushState(None, "", session.setup.to_query())
        self.resume(session)

    def refuse(self, text: str) -> None:
        """A message about a file or link, on whichever screen is showing."""
        if self.session is None:
            self.show_error(text)
        else:
            self.tell(text)

    def download(self) -> None:
        """Save the game as a JSON file."""
        if self.session is None:
            return
        text = json.dumps(self.session.save(), indent=1)
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        anchor = document.createElement("a")
        anchor.href = url
        anchor.download = f"{self.session.game.name}-game.json"
        anchor.click()
        js.URL.revokeObjectURL(url)

    def share(self) -> None:
        """Show (and copy, where the browser allows) a link that holds the whole game."""
        if self.session is None:
            return
        url = f"{js.location.origin}{js.location.pathname}#game={self.session.link()}"
        self.link_box.value = url
        self.link_box.hidden = False
        self.link_box.focus()
        self.link_box.select()
        clipboard = js.navigator.clipboard
        if not is_none(clipboard):
            clipboard.writeText(url).catch(create_once_callable(lambda _error: None))

    def show_event(self, index: int) -> None:
        """Show the position after event ``index`` of the move list, without changing the game."""
        session = self.session
        if session is None or not 0 <= index < len(session.event_states):
            return
        self.stop_timer()
        state = session.event_states[index]
        self.board.innerHTML = session.table.render(
            state,
            movable=frozenset(),
            selected=None,
            targets=frozenset(),
            hint=None,
            trail=(),
            names=session.names,
            t=self.t,
        )
        self.viewing.hidden = False
        _element("[data-viewing-text]").textContent = self.t("page.viewing", n=index + 1)

    # Events

    def on_click(self, event: Any) -> None:
        """The one click listener: buttons by ``data-action``, board elements by ``data-key``."""
        target = event.target
        action = target.closest("[data-action]")
        if not is_none(action):
            self.act(str(action.dataset.action))
            return
        entry = target.closest("[data-log] li[data-index]")
        if not is_none(entry):
            self.show_event(int(entry.dataset.index))
            return
        if not self.viewing.hidden:
            return  # an earlier position is showing: the board is not for playing
        if self.frames:
            return  # a piece is walking: the board shows the way, not the game
        session = self.session
        if session is None or session.is_bot_turn() or is_none(target.closest("#board")):
            return
        keyed = target.closest("#board [data-key]")
        if is_none(keyed) or str(keyed.dataset.key) not in self.focus_keys:
            keyed = self.nearest(float(event.clientX), float(event.clientY))
        if keyed is not None and not is_none(keyed):
            self.person_clicks(str(keyed.dataset.key))

    def nearest(self, x: float, y: float) -> Any:
        """The piece or field to act on nearest to a tap that missed every one, within :data:`REACH` pixels.

        On a phone the fields are drawn small; this gives each one a hit area of at least 2 x REACH.
        """
        best, best_distance = None, REACH * REACH
        for key in self.focus_keys:
            element = self.keyed(key)
            if is_none(element):
                continue
            box = element.getBoundingClientRect()
            dx, dy = box.x + box.width / 2 - x, box.y + box.height / 2 - y
            if dx * dx + dy * dy <= best_distance:
                best, best_distance = element, dx * dx + dy * dy
        return best

    def person_clicks(self, key: str) -> None:
        """A person's click (or Enter) on a board element: a move walks its way, then the board shows the game."""
        session = self.session
        if session is None:
            return
        done = len(session.history)
        if not session.click(key):
            return
        if len(session.history) > done and PACES[self.pace] > 0 and not self.reduced_motion():
            self.stop_timer()
            self.frames = session.walk_frames()
            self.walk()
            return
        self.render()
        self.schedule()

    def reduced_motion(self) -> bool:
        """True when the player turned motion off (the default when the system asks for reduced motion):
        pieces jump instead of walking, and nothing on the page moves by itself."""
        return not self.motion.checked

    def set_motion(self, on: bool, keep: bool = True) -> None:
        """Turn motion on or off (``html[data-motion]`` stills the page's CSS animations), remembered with ``keep``."""
        self.motion.checked = on
        document.documentElement.dataset.motion = "on" if on else "off"
        if keep:
            with contextlib.suppress(JsException):
                js.localStorage.setItem(MOTION_KEY, "on" if on else "off")

    def on_change(self, event: Any) -> None:
        """The pace selector, and the game and board choice on the setup screen."""
        target = event.target
        if target.matches("[data-pace]"):
            self.pace = str(target.value)
            params = js.URLSearchParams.new(js.location.search)
            if params.has("seats"):
                params.set("pace", self.pace)
                js.history.replaceState(None, "", "?" + str(params.toString()))
            if self.frames or self.thinking is not None:
                # A computer is walking or thinking: let it finish its move at the new pace.
                return
            self.schedule()
        elif target.matches('#setup input[name="game"]'):
            self.preview(game_changed=True)
        elif target.matches('#setup input[name="board"]'):
            self.preview()
        elif target.matches("[data-load-file]"):
            self.on_file(event)
        elif target.matches("[data-language]"):
            self.set_language(str(target.value))
        elif target.matches("[data-motion-switch]"):
            self.set_motion(bool(target.checked))
        elif target.matches("[data-sound]"):
            with contextlib.suppress(JsException):
                js.localStorage.setItem(SOUND_KEY, "on" if target.checked else "off")

    def on_popstate(self, event: Any) -> None:
        """Back and forward between the setup screen and a game."""
        self.open(str(js.location.search))

    def act(self, action: str) -> None:
        """A button: roll, start, hint, new game, back to the setup screen."""
        if action == "roll":
            if self.session is not None and not self.session.is_bot_turn() and self.session.roll():
                self.render()
                self.schedule()
        elif action == "start":
            query = query_from_form(form_fields(_element("#setup")), str(_element("[data-pace]").value))
            wanted = players_range(query)
            if wanted is not None:
                self.show_error(self.t("page.no_players", low=wanted[0], high=wanted[1]))
                return
            try:
                setup = Setup.from_query(query, TABLES)
            except MalefizError as error:
                self.show_error(self.t.error(error))
                return
            if setup is None:
                return
            js.history.pushState(None, "", setup.to_query())
            self.start(setup)
        elif action == "hint":
            if self.session is not None and self.session.hint():
                self.render()
        elif action == "new-game" and self.session is not None:
            self.ask(self.t("page.ask_new"), self.new_game)
        elif action == "setup":
            self.ask(self.t("page.ask_setup"), self.to_setup)
        elif action == "continue":
            kept = self.kept()
            if kept is not None:
                js.history.pushState(None, "", kept.setup.to_query())
                self.resume(kept)
        elif action in ("confirm-yes", "confirm-no"):
            _element("[data-confirm]").close()
            then, self.pending = self.pending, None
            if action == "confirm-yes" and then is not None:
                then()
        elif action in ("undo", "redo") and self.session is not None:
            self.stop_timer()
            changed = self.session.undo() if action == "undo" else self.session.redo()
            if changed:
                self.render()
            self.schedule()
        elif action == "download":
            self.download()
        elif action == "link":
            self.share()
        elif action == "back-to-game":
            self.render()
            self.schedule()

    def new_game(self) -> None:
        """Another game with the same setup."""
        if self.session is None:
            return
        self.stop_timer()
        self.session.new_game()
        self.shown_events = 0
        self.log.innerHTML = ""
        self.render()
        self.schedule()

    def to_setup(self) -> None:
        """Back to the setup screen (the game stays kept)."""
        self.keep()
        params = js.URLSearchParams.new(js.location.search)
        params.delete("seats")
        query = str(params.toString())
        js.history.pushState(None, "", "?" + query if query else js.location.pathname)
        self.show_setup()

    def show_error(self, error: str) -> None:
        """A message on the setup screen, the form as the player left it."""
        message = _element("[data-setup-error]")
        message.textContent = error
        message.hidden = False

    # Computer turns

    def schedule(self) -> None:
        """Start the timer for the next computer step, when a computer is to act."""
        self.stop_timer()
        if self.session is not None and self.session.is_bot_turn():
            self.timer = js.setTimeout(self._bot_step, PACES[self.pace])

    def stop_timer(self) -> None:
        """Cancel a pending computer step (and its thinking or walking)."""
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None
        self.thinking = None
        self.frames = []

    def bot_step(self) -> None:
        """A slice of the computer's turn; when it has acted, its piece walks, then the next step at the pace.

        A sliced search (:meth:`Session.bot_turn`) is followed by
        ``setTimeout(0)`` after each slice so the browser paints in between.
        """
        self.timer = None
        session = self.session
        if session is None or not session.is_bot_turn():
            return
        if self.thinking is None:
            self.thinking = session.bot_turn()
        if next(self.thinking, False) is None:
            self.timer = js.setTimeout(self._bot_step, 0)
            return
        self.thinking = None
        if PACES[self.pace] > 0 and not self.reduced_motion():
            self.frames = session.walk_frames()
        self.walk()

    def walk(self) -> None:
        """The moved piece's next step on its way; the full position once it has arrived."""
        self.timer = None
        if self.frames:
            self.board.innerHTML = self.frames.pop(0)
            self.timer = js.setTimeout(self._walk, min(160, PACES[self.pace] // 3))
            return
        self.render()
        self.schedule()

    # Drawing

    def render(self) -> None:
        """Write the session into the page: board, die, status, log, position, ranking, winner."""
        session = self.session
        if session is None:
            return
        self.frames = []  # a walk still under way would draw an old position over this one
        self.viewing.hidden = True
        state = session.state
        # A move just made plays its motion once (a piece sent home, a barricade lifted or put down).
        fresh_move = len(session.history) > self.rendered and not isinstance(session.history[-1][1], Roll)
        self.board.innerHTML = session.svg(motion=fresh_move and not self.reduced_motion())
        can_roll = state.is_chance and not state.is_over and not session.is_bot_turn()
        # The die shows the roll being used; blank when it is someone's turn to roll.
        last_roll = next((a for _, a in reversed(session.history) if isinstance(a, Roll)), None)
        face = "" if state.is_chance or last_roll is None else str(last_roll.value)
        self.die.disabled = not can_roll
        rolled = len(session.history) > self.rendered and isinstance(session.history[-1][1], Roll)
        if rolled or (face and self.die.dataset.face != face):
            self.die.classList.remove("rolling")
            _ = self.die.offsetWidth  # restart the tumble
            self.die.classList.add("rolling")
        self.rendered = len(session.history)
        self.die.dataset.face = face
        t = self.t
        self.die_label.textContent = (
            t("page.roll_now") if can_roll else (t("page.rolled", value=face) if face else t("page.die"))
        )
        self.die.setAttribute("aria-label", t("page.roll_label") if can_roll else self.die_label.textContent)
        self.message.textContent = "" if state.is_over else session.news()  # the end is told once, below
        self.hint_button.disabled = session.is_bot_turn() or state.is_over or state.is_chance
        self.undo_button.disabled = not session.can_undo()
        self.redo_button.disabled = not session.can_redo()
        self.undo_button.hidden = self.redo_button.hidden = not session.setup.undo
        self.chances.textContent = session.chances_text()
        standings = session.standings()
        self.standings.textContent = t("page.places", list=standings) if standings and not state.is_over else ""
        self.status.textContent = "" if state.is_over else session.status()
        self.position.textContent = session.position_json()
        events = session.events
        if len(events) < self.shown_events:
            self.log.innerHTML = ""
            self.shown_events = 0
        fresh = events[self.shown_events :]
        if fresh and self.shown_events:  # each turn event is announced once (not a whole list on a reload)
            self.announce.textContent = " ".join(fresh[-3:])
            self.play_sounds(fresh)
        for index in range(self.shown_events, len(events)):
            note = session.event_notes[index]
            notation = f' <code class="notation">{html.escape(note)}</code>' if note else ""
            self.log.insertAdjacentHTML(
                "afterbegin",
                f'<li value="{index + 1}" data-index="{index}" title="{html.escape(t("page.entry_title"))}">'
                f"{html.escape(events[index])}{notation}</li>",
            )
        self.shown_events = len(events)
        while self.log.childElementCount > LOG_LINES:
            self.log.lastElementChild.remove()
        self.winner.hidden = not state.is_over
        if state.is_over:
            self.winner_text.textContent = session.status()
            self.stats.innerHTML = report_html(session)
        else:
            self.stats.innerHTML = ""
        self.mark_for_keyboard(can_roll)
        self.keep()

    # Keyboard

    def keyed(self, key: str) -> Any:
        """The board element with ``data-key`` ``key`` drawn on top (a pawn or barricade over its field; a
        house rather than the pawns in it), or None."""
        found = self.board.querySelectorAll(f'[data-key="{key}"]')
        for index in range(found.length - 1, -1, -1):
            element = found.item(index)
            if is_none(element.parentElement.closest(f'[data-key="{key}"]')):  # a house, not a pawn inside it
                return element
        return None

    def mark_for_keyboard(self, can_roll: bool) -> None:
        """Make what can be acted on focusable and named, then put the focus where the next action is
        (the die to roll, else the first target or movable piece), when the player is at the game."""
        session = self.session
        if session is None:
            return
        self.focus_keys = []
        board = self.board.querySelector("svg")
        labels = session.labels()
        if not is_none(board):  # a picture while there is nothing to do; a group of buttons while there is
            board.setAttribute("role", "group" if labels else "img")
        for key, label in labels.items():
            element = self.keyed(key)
            if is_none(element):
                continue
            element.setAttribute("tabindex", "0")
            element.setAttribute("role", "button")
            element.setAttribute("aria-label", label)
            self.focus_keys.append(key)
        active = document.activeElement
        playing = is_none(active) or active == document.body or not is_none(active.closest("#board, .turn"))
        if not playing:
            return
        if can_roll:
            self.die.focus()
        elif self.focus_keys:
            self.keyed(self.focus_keys[0]).focus()

    def on_key(self, event: Any) -> None:
        """Keys: R rolls, Enter or Space acts on the focused piece or field, the arrows go from one to the
        next, Escape lets go of a chosen piece."""
        target = event.target
        if not is_none(target.closest("input, select, textarea, dialog")) or self.session is None:
            return
        if _element("#play").hidden or not self.viewing.hidden:
            return
        key = str(event.key)
        session = self.session
        if key in ("r", "R", "w", "W") and not (event.ctrlKey or event.metaKey or event.altKey):
            event.preventDefault()
            self.act("roll")
        elif key == "Escape":
            if session.cancel():
                self.render()
        elif key in ("Enter", " "):
            keyed = target.closest("#board [data-key]")
            if not is_none(keyed):
                event.preventDefault()
                if not session.is_bot_turn() and not self.frames:
                    self.person_clicks(str(keyed.dataset.key))
        elif key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp") and self.focus_keys:
            event.preventDefault()
            current = target.closest("#board [data-key]")
            keys = self.focus_keys
            at = keys.index(str(current.dataset.key)) if not is_none(current) and current.dataset.key in keys else -1
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            self.keyed(keys[(at + step) % len(keys)]).focus()


def main() -> None:
    """Wire the listeners, show the game or the setup screen, mark the page ready."""
    page = Page()
    app = _element("#app")
    app.addEventListener("click", create_proxy(page.on_click))
    app.addEventListener("change", create_proxy(page.on_change))
    js.addEventListener("popstate", create_proxy(page.on_popstate))
    js.addEventListener("beforeunload", create_proxy(page.on_before_unload))
    document.addEventListener("keydown", create_proxy(page.on_key))
    page.apply_language()
    with contextlib.suppress(JsException):
        page.sound.checked = str(js.localStorage.getItem(SOUND_KEY)) == "on"
    stored = None
    with contextlib.suppress(JsException):
        stored = str(js.localStorage.getItem(MOTION_KEY))
    calm = bool(js.matchMedia("(prefers-reduced-motion: reduce)").matches)
    page.set_motion(stored == "on" if stored in ("on", "off") else not calm, keep=False)
    page.open(str(js.location.search))
    document.documentElement.dataset.ready = "true"


main()
