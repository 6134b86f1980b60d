"""The page's glue: DOM events in, :class:`malefiz.core.session.Session` calls, SVG and text out.

Runs only in PyScript (main thread). The games live in ``malefiz``; this
module wires one delegated click and change listener on ``#app``, reads
``location.search``, writes the board, status, log and position into the page,
and runs computer turns with ``setTimeout`` at the chosen pace. It knows no
game: every game goes through its table (:data:`malefiz.games.tables.TABLES`).
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import document
from pyscript.ffi import is_none

from malefiz.core.actions import Roll
from malefiz.core.errors import MalefizError
from malefiz.core.session import PACES, Session, Setup
from malefiz.games.tables import TABLES
from malefiz.page import GAME_TITLES, query_from_form

LOG_LINES = 300
"""How many of the latest events the log shows."""


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
        self.thinking: Iterator[None] | None = None
        self.frames: list[str] = []
        self._bot_step = create_proxy(self.bot_step)
        self._walk = create_proxy(self.walk)

    # Screens

    def open(self, query: str) -> None:
        """Show the game the query describes, or the setup screen when it has no seats."""
        try:
            setup = Setup.from_query(query, TABLES)
        except MalefizError as error:
            self.show_setup(str(error))
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
        self.board.innerHTML = table.board_svg(board)

    def set_game(self, game: str, board: str) -> None:
        """The page's title and the ``html`` element's ``data-game`` and ``data-board``."""
        root = document.documentElement
        root.dataset.game = game
        root.dataset.board = board
        title = GAME_TITLES.get(game, game)
        _element("[data-title]").textContent = title
        document.title = title

    def start(self, setup: Setup) -> None:
        """A new game with ``setup``."""
        self.stop_timer()
        self.pace = setup.pace if setup.pace in PACES else self.pace
        _element("[data-pace]").value = self.pace
        self.session = Session(setup)
        self.shown_events = 0
        self.log.innerHTML = ""
        self.set_game(setup.game.name, setup.board)
        _element("#setup").hidden = True
        _element("#play").hidden = False
        _element('header [data-action="setup"]').hidden = False
        self.render()
        self.schedule()

    # Events

    def on_click(self, event: Any) -> None:
        """The one click listener: buttons by ``data-action``, board elements by ``data-key``."""
        target = event.target
        action = target.closest("[data-action]")
        if not is_none(action):
            self.act(str(action.dataset.action))
            return
        keyed = target.closest("#board [data-key]")
        session = self.session
        if (
            not is_none(keyed)
            and session is not None
            and not session.is_bot_turn()
            and session.click(str(keyed.dataset.key))
        ):
            self.render()
            self.schedule()

    def on_change(self, event: Any) -> None:
        """The pace selector, and the game and board choice on the setup screen."""
        target = event.target
        if target.matches("[data-pace]"):
            self.pace = str(target.value)
            params = js.URLSearchParams.new(js.location.search)
            if params.has("seats"):
                params.set("pace", self.pace)
                js.history.replaceState(None, "", "?" + str(params.toString()))
            self.schedule()
        elif target.matches('#setup input[name="game"]'):
            self.preview(game_changed=True)
        elif target.matches('#setup input[name="board"]'):
            self.preview()

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
            try:
                setup = Setup.from_query(query, TABLES)
            except MalefizError as error:
                self.show_error(str(error))
                return
            if setup is None:
                self.show_error("Choose who plays: at least two players.")
                return
            js.history.pushState(None, "", setup.to_query())
            self.start(setup)
        elif action == "hint":
            if self.session is not None and self.session.hint():
                self.render()
        elif action == "new-game" and self.session is not None:
            self.stop_timer()
            self.session.new_game()
            self.shown_events = 0
            self.log.innerHTML = ""
            self.render()
            self.schedule()
        elif action == "setup":
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
        if PACES[self.pace] > 0:
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
        state = session.state
        self.board.innerHTML = session.svg()
        last = session.history[-1][1] if session.history else None
        face = next((str(a.value) for _, a in reversed(session.history) if isinstance(a, Roll)), "")
        can_roll = state.is_chance and not state.is_over and not session.is_bot_turn()
        self.die.disabled = not can_roll
        self.die.dataset.face = face
        self.die_label.textContent = "Roll!" if can_roll else (f"Rolled {face}" if face else "Die")
        self.die.setAttribute("aria-label", "Roll the die" if can_roll else self.die_label.textContent)
        # What just happened, unless the status says it already (a roll it asks to use).
        hinting = session.hinted is not None
        self.message.textContent = "" if not hinting and (last is None or isinstance(last, Roll)) else session.message
        self.hint_button.disabled = session.is_bot_turn() or state.is_over or state.is_chance
        self.chances.textContent = session.chances_text()
        standings = session.standings()
        self.standings.textContent = f"Places: {standings}" if standings and not state.is_over else ""
        self.status.textContent = session.status()
        self.position.textContent = session.position_json()
        events = session.events
        if len(events) < self.shown_events:
            self.log.innerHTML = ""
            self.shown_events = 0
        for line in events[self.shown_events :]:
            self.log.insertAdjacentHTML("afterbegin", f"<li>{html.escape(line)}</li>")
        self.shown_events = len(events)
        while self.log.childElementCount > LOG_LINES:
            self.log.lastElementChild.remove()
        self.winner.hidden = not state.is_over
        if state.is_over:
            self.winner_text.textContent = session.status()


def main() -> None:
    """Wire the listeners, show the game or the setup screen, mark the page ready."""
    page = Page()
    app = _element("#app")
    app.addEventListener("click", create_proxy(page.on_click))
    app.addEventListener("change", create_proxy(page.on_change))
    js.addEventListener("popstate", create_proxy(page.on_popstate))
    page.open(str(js.location.search))
    document.documentElement.dataset.ready = "true"


main()
