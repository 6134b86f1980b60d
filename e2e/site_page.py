"""The game page as the browser tests drive it: open, read the position, click by ``data-key``.

Waits are on page state only (``html[data-ready]``, the ``[data-position]``
JSON, visibility of elements), never on time.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlsplit

from playwright.sync_api import Page

from malefiz.core.dice import roll_value
from malefiz.core.session import Session
from malefiz.games import GAMES
from malefiz.games.malefiz.board import Colour, Field, location_name
from malefiz.games.malefiz.document import from_json
from malefiz.games.malefiz.state import Phase, State

SHOTS = os.environ.get("MALEFIZ_SHOTS", "")

CLASSIC_START = "8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11"
"""The classic board's barricades at the start, in notation (for positions in links)."""


def near_the_end(query: str, left: int, seats: int = 1) -> str:
    """A position of the game ``query`` sets up, played by its computers in CPython until ``seats`` seats have at
    most ``left`` fields to walk, at a roll (for a page address's ``position=``)."""
    session = Session.from_address(query, GAMES)
    while not (session.state.is_chance and sorted(session.face.progress(session.state))[seats - 1] <= left):
        for _ in session.bot_turn():
            pass
    return quote(session.game.format_position(session.state), safe="")


def seed_rolling(*values: int) -> int:
    """A seed whose first rolls are ``values``."""
    return next(n for n in range(100_000) if all(roll_value(n, i) == v for i, v in enumerate(values)))


"""Folder for screenshots (taken only when this environment variable names one)."""

WAIT_FOR_HUMAN_OR_END = """
() => document.querySelector('[data-action="roll"]:not([disabled])') !== null
   || !document.querySelector('[data-winner]').hidden
"""

CENTER_OF = """
(selector) => {
  const element = document.querySelector(selector);
  if (element === null) return null;
  element.scrollIntoView({block: "nearest", inline: "nearest"});
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 ? {x: box.x + box.width / 2, y: box.y + box.height / 2} : null;
}
"""


SETTLED = "html[data-ready]:not([data-waiting]):not([data-zooming])"
"""The page has had every answer from Python it asked for (it sets ``data-waiting`` while a call is under way) and
drawn the board's zoom (``data-zooming``)."""

STILL = SETTLED + ":not([data-acting])"
"""Settled, and the game does not go on by itself (``data-acting``: a computer's turn or a person's forced move is
due)."""


PRESS_AS_IT_THINKS = """
({click = '[data-action="notation"]', always = false, moving = false}) => {
  // A person clicks ``click`` (Notation) the moment a computer's thinking is asked for (html[data-waiting] comes while
  // it acts; ``moving``: its die rolled): the action is sure to reach Python after that slice of thinking and before
  // its screen comes back. Once, or at every slice (``always``). window.pressed: how often; window.pressedAt: how many
  // lines the move list had at the last click.
  const root = document.documentElement;
  delete window.pressedAt;
  const watcher = new MutationObserver(() => {
    if (!root.hasAttribute("data-acting") || !root.hasAttribute("data-waiting")) return;
    if (moving && JSON.parse(document.querySelector("[data-position]").textContent).phase !== "move") return;
    if (!always) watcher.disconnect();
    window.pressed = (window.pressed || 0) + 1;
    window.pressedAt = document.querySelectorAll("[data-log] li").length;
    document.querySelector(click).click();
  });
  watcher.observe(root, {attributes: true, attributeFilter: ["data-waiting"]});
}
"""
"""Click exactly as the computer thinks (no timing: the page's own ``data-waiting`` says when)."""


def settle(page: Page) -> None:
    """Wait until the page has drawn what Python answered to everything done so far."""
    page.wait_for_selector(SETTLED, state="attached")


@dataclass
class Watch:
    """Requests that left 127.0.0.1 (aborted) and console or page errors, as they happened."""

    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def assert_clean(self) -> None:
        """Fail when any request left 127.0.0.1 or anything was logged as an error."""
        assert self.outside == [], f"requests outside 127.0.0.1: {self.outside}"
        assert self.errors == [], f"console or page errors: {self.errors}"


class GamePage:
    """One browser page showing the Malefiz site."""

    def __init__(self, page: Page, site_url: str, watch: Watch) -> None:
        self.page = page
        self.site_url = site_url
        self.watch = watch

    def open(self, query: str = "") -> None:
        """Load the page with ``query`` (like ``"?seats=human,bot&seed=3"``) and wait until it is interactive."""
        self.page.goto(self.site_url + query)
        self.page.wait_for_selector("html[data-ready]")

    # Reading the page

    def game_id(self) -> str:
        """The identity of the game shown (``&id=`` in the address)."""
        return parse_qs(urlsplit(self.page.url).query)["id"][-1]

    def kept(self) -> dict[str, Any]:
        """The game shown as the browser keeps it (the shelf's wrapper around the save document)."""
        settle(self.page)
        text = self.page.evaluate("(key) => localStorage.getItem(key)", f"malefiz.game.{self.game_id()}")
        assert text is not None, "the game is not kept"
        return dict(json.loads(text))

    def position_text(self) -> str:
        """The text of ``[data-position]`` (the JSON position document)."""
        settle(self.page)
        return self.page.locator("[data-position]").text_content() or ""

    def position(self) -> dict[str, Any]:
        """The current position as the parsed JSON document."""
        doc: dict[str, Any] = json.loads(self.position_text())
        return doc

    def state(self) -> State:
        """The current position as a rules state."""
        return from_json(self.position())

    def status(self) -> str:
        """The status line."""
        settle(self.page)
        return self.page.locator("[data-status]").text_content() or ""

    def keys(self, selector: str) -> list[str]:
        """The ``data-key`` of every board element matching ``selector``, in document order."""
        settle(self.page)
        keys: list[str] = self.page.locator(f"#board {selector}").evaluate_all("els => els.map(e => e.dataset.key)")
        return keys

    def roll_enabled(self) -> bool:
        """True while the die button waits for a human's roll."""
        settle(self.page)
        return self.page.locator('[data-action="roll"]').is_enabled()

    # Acting

    def wait_for_position_change(self, before: str) -> None:
        """Wait until ``[data-position]`` differs from ``before``."""
        self.page.wait_for_function(
            "before => document.querySelector('[data-position]').textContent !== before", arg=before
        )

    def roll(self) -> None:
        """Click the die and wait for the position to change, or for the game the browser keeps to (a 6 that allows
        no move leaves the position as it was: the same colour rolls again)."""
        before = self.position_text()
        key = f"malefiz.game.{self.game_id()}"
        kept = self.page.evaluate("(key) => localStorage.getItem(key)", key)
        self.page.locator('[data-action="roll"]').click()
        self.page.wait_for_function(
            "([before, key, kept]) => document.querySelector('[data-position]').textContent !== before"
            " || localStorage.getItem(key) !== kept",
            arg=[before, key, kept],
        )

    def human_moves(self, human: Colour, limit: int) -> Iterator[State]:
        """Roll for ``human`` on each of its turns until the game ends; yield the state whenever it has a move.

        The caller makes the move before asking for the next one. Rolls the
        page passes (no move) and the computers' turns are waited through.
        """
        for _ in range(limit):
            self.page.wait_for_function(WAIT_FOR_HUMAN_OR_END)
            if self.page.locator("[data-winner]").is_visible():
                return
            self.roll()
            state = self.state()
            # Not our move: the page passed for us, and a computer may already be playing.
            if state.phase is Phase.MOVE and state.current == human:
                yield state
        raise AssertionError(f"the game does not end in {limit} turns")

    def click_key(self, key: str, selector: str = "[data-key]") -> None:
        """Click, like a person, on the first board element matching ``selector`` with ``data-key`` ``key``."""
        self.click_center(f'#board {selector}[data-key="{key}"]')

    def click_center(self, selector: str) -> None:
        """A real mouse click in the middle of the first element matching ``selector``: whatever is on top gets it.

        The page finds, scrolls to and measures the element in one step, once it is there:
        a re-render of the board cannot detach it between finding and measuring.
        """
        point = self.page.wait_for_function(CENTER_OF, arg=selector).json_value()
        self.page.mouse.click(point["x"], point["y"])

    def select(self, start: Field) -> None:
        """Choose the pawn on ``start`` (a click, unless the page chose it already) and wait for its targets."""
        key = location_name(start)
        if self.page.locator(f'#board .pawn.selected[data-key="{key}"]').count() == 0:
            self.click_key(key, ".pawn.movable")
        self.page.wait_for_selector(f'#board .pawn.selected[data-key="{key}"]')
        self.page.wait_for_selector("#board .target")

    def move(self, start: Field, end: Field) -> None:
        """Choose the pawn on ``start``, then click the target ``end``; wait for the move to happen."""
        before = self.position_text()
        self.select(start)
        self.click_key(location_name(end), ".target")
        self.wait_for_position_change(before)

    def place(self, f: Field) -> None:
        """Click field ``f`` to put the captured barricade there; wait for it."""
        before = self.position_text()
        self.click_key(location_name(f), ".target")
        self.wait_for_position_change(before)

    def take_a_barricade(self) -> None:
        """Open a two-person classic game where red moves 0.13 to 0.11 with a 2 and takes the barricade there."""
        position = f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2"
        self.open("?" + urlencode({"seats": "human,human", "position": position, "seed": 1}))
        self.click_key("0.13", ".pawn.movable")
        self.page.wait_for_selector("#board .field.target")
        before = self.position_text()
        self.click_key("0.11", ".target")
        self.wait_for_position_change(before)

    def shot(self, name: str) -> None:
        """Save a screenshot as ``<MALEFIZ_SHOTS>/<name>.png`` when that variable is set: what the page shows once
        its animations have played (the end's podium risen, the die landed), as a person sees it a moment later."""
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True, animations="disabled")
