"""The page's glue: DOM events in, :class:`malefiz.games.malefiz.session.Session` calls, SVG and text out.

Runs only in PyScript (main thread). The game logic lives in ``malefiz``;
this module wires one delegated click listener on ``#app``, reads
``location.search``, writes the board, status, log and position into the
page, and runs computer turns with ``setTimeout`` at the chosen pace.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import document
from pyscript.ffi import is_none

from malefiz.core.errors import MalefizError
from malefiz.games.malefiz.board import COLOURS
from malefiz.games.malefiz.rules import Move, Phase, Roll
from malefiz.games.malefiz.session import PACES, Session, Setup
from malefiz.games.malefiz.view import board_svg

LOG_LINES = 300
"""How many of the latest events the log shows."""


def _element(selector: str) -> Any:
    return document.querySelector(selector)


def setup_query(form: Any) -> str:
    """The game's query string from the setup form's fields (``?board=...&seats=...``)."""
    data = js.FormData.new(form)
    seats: list[str] = []
    names: list[str] = []
    colours: list[str] = []
    for colour in COLOURS:
        kind = data.get(f"kind-{colour}") or ""
        if kind:
            seats.append(kind)
            colours.append(colour)
            names.append((data.get(f"name-{colour}") or "").strip().replace(",", " "))
    params = js.URLSearchParams.new()
    params.set("board", data.get("board") or "classic")
    params.set("seats", ",".join(seats))
    params.set("colours", ",".join(colours))
    if any(names):
        params.set("names", ",".join(names))
    options = [str(o) for o in data.getAll("option")]
    first = data.get("first") or ""
    if first == "roll":
        options.append("roll_for_start")
    elif first:
        params.set("first", first)
    if options:
        params.set("options", ",".join(options))
    params.set("pace", _element("[data-pace]").value)
    return "?" + str(params.toString())


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
        self.thinking: Iterator[None] | None = None
        self.frames: list[str] = []
        self._bot_step = create_proxy(self.bot_step)
        self._walk = create_proxy(self.walk)

    # Screens

    def open(self, query: str) -> None:
        """Show the game the query describes, or the setup screen when it has no seats.

        ``position=`` (one-line notation) starts from that position instead of
        the start (its board and colours must be the setup's).
        """
        try:
            setup = Setup.from_query(query)
        except MalefizError as error:
            self.show_setup(str(error))
            return
        if setup is None:
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

    def preview(self) -> None:
        """Draw the start position of the board chosen in the setup form."""
        checked = _element('#setup input[name="board"]:checked')
        name = "classic" if is_none(checked) else str(checked.value)
        document.documentElement.dataset.board = name
        self.board.innerHTML = board_svg(name)

    def start(self, setup: Setup) -> None:
        """A new game with ``setup``."""
        self.stop_timer()
        self.pace = setup.pace if setup.pace in PACES else self.pace
        _element("[data-pace]").value = self.pace
        self.session = Session(setup)
        self.shown_events = 0
        self.log.innerHTML = ""
        document.documentElement.dataset.board = setup.board
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
        if not is_none(target.closest('#setup input[name="board"]')):
            self.preview()
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
        """The pace selector (and the board choice, for keyboard users)."""
        target = event.target
        if target.matches("[data-pace]"):
            self.pace = str(target.value)
            params = js.URLSearchParams.new(js.location.search)
            if params.has("seats"):
                params.set("pace", self.pace)
                js.history.replaceState(None, "", "?" + str(params.toString()))
            self.schedule()
        elif target.matches('#setup input[name="board"]'):
            self.preview()

    def on_popstate(self, event: Any) -> None:
        """Back and forward between the setup screen and a game."""
        self.open(str(js.location.search))

    def act(self, action: str) -> None:
        """A button: roll, start, new game, back to the setup screen."""
        if action == "roll":
            if self.session is not None and not self.session.is_bot_turn() and self.session.roll():
                self.render()
                self.schedule()
        elif action == "start":
            query = setup_query(_element("#setup"))
            try:
                setup = Setup.from_query(query)
            except MalefizError as error:
                self.show_setup(str(error))
                return
            if setup is None:
                self.show_setup("Choose 2 to 4 players.")
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

    # Computer turns

    def schedule(self) -> None:
        """Start the timer for the next computer step, when a computer is to act."""
        self.stop_timer()
        if self.session is not None and not self.session.state.is_over and self.session.is_bot_turn():
            self.timer = js.setTimeout(self._bot_step, PACES[self.pace])

    def stop_timer(self) -> None:
        """Cancel a pending computer step (and its thinking or walking)."""
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None
        self.thinking = None
        self.frames = []

    def bot_step(self) -> None:
        """A slice of the computer's turn; when it has acted, its pawn walks, then the next step at the pace.

        The hard level thinks in slices (:meth:`Session.bot_turn`), each
        followed by ``setTimeout(0)`` so the browser paints in between.
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
        last = session.history[-1][1] if session.history else None
        if isinstance(last, Move) and PACES[self.pace] > 0:
            self.frames = session.walk_frames()
        self.walk()

    def walk(self) -> None:
        """The moved pawn's next step on its route; the full position once it has arrived."""
        self.timer = None
        if self.frames:
            self.board.innerHTML = self.frames.pop(0)
            self.timer = js.setTimeout(self._walk, min(160, PACES[self.pace] // 3))
            return
        self.render()
        self.schedule()

    # Drawing

    def render(self) -> None:
        """Write the session into the page: board, die, status, log, position, winner."""
        session = self.session
        if session is None:
            return
        self.frames = []  # a walk still under way would draw an old position over this one
        state = session.state
        self.board.innerHTML = session.svg()
        last = session.history[-1][1] if session.history else None
        face = next((str(a.value) for _, a in reversed(session.history) if isinstance(a, Roll)), "")
        can_roll = state.phase is Phase.ROLL and not session.is_bot_turn()
        self.die.disabled = not can_roll
        self.die.dataset.face = face
        self.die_label.textContent = "Roll!" if can_roll else (f"Rolled {face}" if face else "Die")
        self.die.setAttribute("aria-label", "Roll the die" if can_roll else self.die_label.textContent)
        # What just happened, unless the status says it already (a roll it asks to use).
        hinting = session.hinted is not None
        self.message.textContent = "" if not hinting and (last is None or isinstance(last, Roll)) else session.message
        self.hint_button.disabled = session.is_bot_turn() or state.is_over or state.phase is Phase.ROLL
        chances = session.chances()
        self.chances.textContent = "Chances: " + ", ".join(
            f"{session.names[c]} {p:.0%}" for c, p in sorted(chances.items(), key=lambda kv: -kv[1])
        )
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
