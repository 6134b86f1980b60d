"""No markup from a name: every screen of both games has the same elements and attributes whatever the
players are called (names are user input: from the address, a link, a file)."""

from __future__ import annotations

import random
from html.parser import HTMLParser
from urllib.parse import urlencode

from hypothesis import given, settings
from hypothesis import strategies as st

from malefiz.app import App, MemoryStorage
from malefiz.core.screen import Screen, play_screen
from malefiz.core.session import Session
from malefiz.core.setup import MAX_NAME, Seat, Setup
from malefiz.games import GAMES

HOSTILE = st.text(alphabet=st.sampled_from("<>\"'&=/ ;:-!?[]{}()abcABC\u00e4\u2028"), min_size=1, max_size=MAX_NAME)


LAID_OUT = {"font-size"}
"""Attributes a name's width may add (a long name in a chart's key is set smaller: ``stats.py``), not its markup."""


class Shape(HTMLParser):
    """The elements and attribute names of a piece of HTML or SVG, in order (text and values left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, tuple[str, ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, tuple(name for name, _ in attrs if name not in LAID_OUT)))

    def handle_endtag(self, tag: str) -> None:
        self.found.append(("/" + tag, ()))


def shape(markup: str) -> list[tuple[str, tuple[str, ...]]]:
    parser = Shape()
    parser.feed(markup)
    parser.close()
    return parser.found


def screens(game: str, names: tuple[str, str], seed: int) -> list[Screen]:
    """The screens of a seeded game between two computers, played to the end, with a hint on the way."""
    colours = GAMES[game].seat_colours(GAMES[game].boards[0], 2)
    seats = tuple(Seat(c, n, "bot", "greedy") for c, n in zip(colours, names, strict=True))
    s = Session(Setup(GAMES[game], seats=seats, seed=seed))
    found = []
    rng = random.Random(seed)
    while not s.state.is_over:
        s.bot_step()
        if rng.random() < 0.05:
            found.append(play_screen(s, shown=0, face_before=None, fresh=True, motion=True, pace="normal"))
    found.append(play_screen(s, shown=0, face_before=None, fresh=True, motion=True, pace="normal"))
    return found


def markup(screen: Screen) -> list[str]:
    return [screen.board_svg, *screen.frames, screen.report, *(line.html for line in screen.log)]


def shelf(game: str, names: tuple[str, str]) -> str:
    """The setup screen's game in progress (its card and list), one game of ``names`` after a few actions."""
    a = App(MemoryStorage(), ["en"], rng=random.Random(2))
    a.open("?" + urlencode({"game": game, "seats": "bot:greedy,bot:greedy", "names": ",".join(names), "seed": 5}))
    for _ in range(6):
        while a.think() is None and a.thinking():
            pass
    screen = a.setup_screen()
    return screen.latest + screen.shelf


@settings(max_examples=6, deadline=None)
@given(HOSTILE, HOSTILE, st.sampled_from(sorted(GAMES)))
def test_hostile_names_make_no_element_and_no_attribute(first: str, second: str, game: str) -> None:
    plain = screens(game, ("Annabel", "Bobby"), 3)
    assert any("Annabel" in x for screen in plain for x in markup(screen))  # names are in the markup
    hostile = screens(game, (first, second), 3)
    assert len(plain) == len(hostile)
    for a, b in zip(plain, hostile, strict=True):
        for x, y in zip(markup(a), markup(b), strict=True):
            assert shape(x) == shape(y)


@settings(max_examples=6, deadline=None)
@given(HOSTILE, HOSTILE, st.sampled_from(sorted(GAMES)))
def test_hostile_names_make_nothing_in_the_list_of_games_in_progress(first: str, second: str, game: str) -> None:
    plain = shelf(game, ("Annabel", "Bobby"))
    assert "Annabel" in plain
    hostile = shelf(game, (first.replace(",", ";"), second.replace(",", ";")))
    assert shape(plain) == shape(hostile)
