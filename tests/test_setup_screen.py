"""The setup screen and the end of a game as a family meets them (issue 25, points 2, 3, 9, 17 and 18): messages where
they are seen, the game left for the rules pages shown again, the last setup remembered per game, the partner
colours of two colours each, the podium and the rematch."""

from __future__ import annotations

import random
import re

import pytest

from malefiz.app import SHOWN_KEY, App, MemoryStorage
from malefiz.core.screen import result
from malefiz.core.session import Session
from malefiz.core.setup import Seat, Setup, seat_label
from malefiz.core.stats import podium_html
from malefiz.games import GAMES
from malefiz.i18n import Translator
from malefiz.page import form_fields, form_steps, query_from_form, seat_notes
from malefiz.shelf import SETUPS_KEY, remember_setup, remembered_setups
from tests.playing import played

GAME = "?game=maedn&board=cross&seats=human,human&names=Anna,Ben&first=yellow&seed=4"


def app(storage: MemoryStorage | None = None, tab: MemoryStorage | None = None, language: str = "en") -> App:
    return App(storage or MemoryStorage(), [language], rng=random.Random(1), tab=tab)


def play(a: App, actions: int) -> None:
    """Roll, or play the first choice, ``actions`` times."""
    s = a.session
    assert s is not None
    for _ in range(actions):
        if s.state.is_chance:
            assert a.roll() is not None
        else:
            choice = s.choices()[0]
            if choice.piece is not None and s.selected != choice.piece:
                a.click(choice.piece)
            assert a.click(choice.field) is not None


def fields(**rows: str) -> list[tuple[str, str]]:
    """The cross's setup form with ``rows`` (``kind_yellow="human"``, ``name_yellow="Anna"``, ``form=...``)."""
    found = [("game", "maedn"), ("board", "cross")]
    for colour in ("yellow", "green", "red", "black"):
        found += [
            (f"name-{colour}", rows.get(f"name_{colour}", "")),
            (f"kind-{colour}", rows.get(f"kind_{colour}", "")),
        ]
    return [*found, ("form", rows.get("form", "")), ("first", "")]


def notes(steps: tuple[tuple[str, str, str], ...]) -> dict[str, str]:
    return {selector.split('"')[1]: value for selector, _, value in steps if value}


# -- point 2: a message is said where it is seen ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "fragment", "words"),
    [
        ("", "#game=eNpLz", "link"),
        ("?seats=human,human&position=classic%20r:h,h", "", "position"),
        ("?seats=human,bot&seed=x", "", "seed"),
    ],
)
def test_a_link_or_address_that_cannot_be_read_is_said_at_the_top(query: str, fragment: str, words: str) -> None:
    screen = app().open(query, fragment)
    assert screen.view == "setup" and words in screen.error.lower() and screen.form_error == ""


def test_a_setup_that_does_not_fit_is_said_beside_start_in_the_players_language() -> None:
    a = app(language="de")
    a.open("?game=maedn")
    screen = a.start_from_form(fields(kind_yellow="human", kind_red="human", form="two_colours"))
    assert screen is not None and screen.view == "setup" and screen.error == ""
    assert "Gelb" in screen.form_error and screen.game == "maedn"


# -- point 3: back to the game, and the latest game's Continue at the top ---------------------------------------------


def test_the_bare_page_in_the_tab_that_showed_a_game_shows_that_game_again() -> None:
    storage, tab = MemoryStorage(), MemoryStorage()
    a = app(storage, tab)
    a.open(GAME)
    play(a, 3)
    game_id, actions = a.game_id, a.session.record.actions() if a.session else ()
    assert tab.get(SHOWN_KEY) is not None and f"id={game_id}" in str(tab.get(SHOWN_KEY))
    back = app(storage, tab)  # the rules page's "Back to the game": a plain link to the bare page, same tab
    screen = back.arrive("", "")
    assert screen.view == "play" and back.game_id == game_id and back.session is not None
    assert back.session.record.actions() == actions
    assert back.address is not None and back.address.how == "replace" and f"id={game_id}" in back.address.query
    other = app(storage)  # another tab: the setup screen, with the latest game to continue at the top
    screen = other.arrive("", "")
    assert screen.view == "setup" and f'data-action="continue" data-id="{game_id}"' in screen.latest
    assert "Anna" in screen.latest


def test_a_game_not_played_yet_comes_back_the_same_from_the_rules_pages() -> None:
    tab = MemoryStorage()
    a = app(tab=tab)
    a.open(GAME)
    assert a.session is not None
    position, game_id = a.session.state, a.game_id
    back = app(tab=tab)
    screen = back.arrive("", "")
    assert screen.view == "play" and back.game_id == game_id and back.session is not None
    assert back.session.state == position


def test_leaving_for_the_setup_screen_forgets_the_game_the_tab_showed() -> None:
    storage, tab = MemoryStorage(), MemoryStorage()
    a = app(storage, tab)
    a.open(GAME)
    play(a, 2)
    a.to_setup(GAME)
    assert tab.get(SHOWN_KEY) is None
    assert app(storage, tab).arrive("", "").view == "setup"
    assert app(storage, tab).arrive("?game=maedn", "").view == "setup"  # an address of its own is followed


def test_the_latest_game_is_the_last_played_in_progress() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    play(a, 2)
    first = a.game_id
    a.open("?game=malefiz&seats=human,human&names=Cleo,Dan&seed=2")
    play(a, 2)
    screen = a.to_setup("?game=malefiz")
    assert first is not None and first not in screen.latest
    assert "Cleo" in screen.latest and screen.latest.count('data-action="continue"') == 1
    assert app(MemoryStorage()).open("").latest == ""


# -- point 18: the last setup started, per game ---------------------------------------------------------------------


def test_the_last_setup_started_from_the_form_fills_the_form_of_its_game_next_time() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open("")
    started = a.start_from_form(
        [*fields(kind_yellow="human", name_yellow="Anna", kind_green="bot:hard"), ("option", "barriers")]
    )
    assert started is not None and started.view == "play"
    again = app(storage).open("")  # a new visit: the game started last, filled in
    assert again.game == "maedn" and again.board == "cross"
    steps = {(selector, value) for selector, _, value in again.form}
    assert ('[name="name-yellow"]', "Anna") in steps and ('[name="kind-green"]', "bot:hard") in steps
    assert ('[name="kind-red"]', "") in steps and ('input[name="option"][value="barriers"]', "on") in steps
    assert ('input[name="game"][value="maedn"]', "on") in steps
    # The other game has no setup remembered: only its choice; the same visit keeps the form as it is left.
    b = app(storage)
    b.open("")
    assert len(b.preview("malefiz", "", game_changed=True).form) == 2
    assert len(b.preview("maedn", "", game_changed=True).form) == 2
    assert len(b.set_language("de").form) == 2


def test_the_setup_screen_after_a_game_is_filled_in_again_and_keeps_the_board_shown() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open("")
    a.start_from_form(
        [("game", "maedn"), ("board", "star"), ("kind-yellow", "human"), ("kind-blue", "bot:easy"), ("form", "")]
    )
    screen = a.to_setup("?game=maedn&board=star&seats=human,bot:easy")
    assert screen.board == "star" and ('[name="kind-blue"]', "value", "bot:easy") in screen.form
    assert a.preview("malefiz", "", game_changed=True).board == "classic"
    assert a.preview("maedn", "", game_changed=True).board == "star"  # the board it showed before


def test_what_is_remembered_that_cannot_be_read_is_left_out() -> None:
    for text in ("{", "[]", '{"maedn": "?seats=human", "latest": 3}', '{"malefiz": "?game=maedn&seats=human,bot"}'):
        storage = MemoryStorage()
        storage.set(SETUPS_KEY, text)
        assert remembered_setups(storage, GAMES) == (None, {})
        assert app(storage).open("").view == "setup"


def test_a_remembered_setup_has_no_seed_position_or_pace() -> None:
    storage = MemoryStorage()
    setup = Setup.from_query("?game=malefiz&board=fast&seats=human,bot:hard&seed=7&pace=fast", GAMES)
    assert setup is not None
    remember_setup(storage, setup, GAMES)
    latest, found = remembered_setups(storage, GAMES)
    assert latest == "malefiz" and found["malefiz"].seed is None and found["malefiz"].pace == "normal"
    assert found["malefiz"].seats == setup.seats


@pytest.mark.parametrize(
    "query",
    [
        "?game=maedn&seats=human,bot:hard&colours=yellow,green&names=Anna,Green&options=two_colours,barriers&first=green",
        "?game=maedn&seats=human,bot:easy,human&colours=yellow,green,red&options=neutral&chances=on&forced=off",
        "?game=maedn&board=star&seats=human,bot:medium,bot:hard&colours=yellow,blue,red&options=three_rolls",
        "?game=malefiz&board=fast&seats=human,bot:easy,bot:medium&options=roll_for_start,extra_roll_on_six",
        "?game=malefiz&seats=human,human,human,human&names=A,B,C,D&first=blue&forced=on",
    ],
)
def test_the_form_filled_in_with_a_setup_gives_that_setup_back(query: str) -> None:
    setup = Setup.from_query(query, GAMES)
    assert setup is not None
    assert Setup.from_query(query_from_form(form_fields(setup)), GAMES) == setup
    steps = form_steps(setup)
    assert all(name in ("value", "checked") for _, name, _ in steps)


# -- point 9: two colours each ----------------------------------------------------------------------------------------


def test_the_rows_of_the_partner_colours_say_who_plays_them() -> None:
    t = Translator("en")
    two = fields(kind_yellow="human", name_yellow="Anna", kind_green="bot:hard", form="two_colours")
    assert notes(seat_notes(two, t)) == {"red": "Played by Anna with Yellow", "black": "Played together with Green"}
    german = notes(seat_notes(two, Translator("de")))
    assert german == {"red": "Gespielt von Anna mit Gelb", "black": "Gespielt zusammen mit Grün"}
    neutral = fields(kind_yellow="human", kind_green="human", kind_red="human", form="neutral")
    assert notes(seat_notes(neutral, t)) == {"black": "Neutral: whoever is to act may move it"}
    assert notes(seat_notes(fields(kind_yellow="human", kind_red="human"), t)) == {}
    clash = fields(kind_yellow="human", kind_red="human", form="two_colours")  # Start says why
    assert notes(seat_notes(clash, t)) == {} and len(seat_notes(clash, t)) == 4
    assert seat_notes([("game", "chess")], t) == () and seat_notes([("game", "maedn"), ("board", "x")], t) == ()


def test_two_colours_without_names_read_well() -> None:
    s = Session.from_address("?game=maedn&seats=human,bot&colours=yellow,green&options=two_colours&seed=1", GAMES)
    assert s.seat_name(0) == "Yellow with red" and s.name("red") == "Red" and s.name("yellow") == "Yellow"
    assert "Yellow (red)" not in " ".join(line.words for line in s.record.lines())
    s.set_language("de")
    assert s.seat_name(1) == "Grün mit schwarz" and s.name("black") == "Schwarz"
    assert "Yellow" not in " ".join(line.words for line in s.record.lines())
    assert seat_label(Seat("yellow", "Anna"), ("yellow", "red")) == "Anna (yellow, red)"
    named = Setup.from_query(
        "?game=maedn&seats=human,bot&colours=yellow,green&names=Anna,Ben&options=two_colours&seed=1", GAMES
    )
    assert named is not None and Session(named).name("red") == "Anna (red)"


# -- point 17: the end --------------------------------------------------------------------------------------------


def test_the_podium_shows_every_place_best_first_with_names_and_colours() -> None:
    s = played("?game=maedn&seats=bot:greedy,bot:greedy,bot:greedy&names=<b>Ann</b>,Ben,Cleo&seed=3")
    html = podium_html(s)
    ranking = [seat for tied in s.state.ranking for seat in tied]
    assert html.count('class="podium-place podium-') == 3 and "1st" in html and "3rd" in html
    order = [html.index(s.setup.seats[i].name.replace("<", "&lt;").replace(">", "&gt;")) for i in ranking]
    assert order == sorted(order)
    assert "<b>" not in html and "swatch-yellow" in html and 'aria-label="Places"' in html
    assert 'class="confetti" aria-hidden="true"' in html
    s.set_language("de")
    assert "1. Platz" in podium_html(s) and 'aria-label="Platzierung"' in podium_html(s)


def test_in_malefiz_everyone_but_the_winner_shares_second_place() -> None:
    s = played("?game=malefiz&board=fast&seats=bot:greedy,bot:greedy,bot:greedy&seed=2")
    html = podium_html(s)
    assert html.count('class="podium-place podium-') == 2 and html.count('class="podium-who"') == 3
    assert "podium-1" in html and "podium-2" in html and "podium-3" not in html
    assert result(s)


def test_no_podium_while_the_game_goes_on() -> None:
    assert podium_html(Session.from_address(GAME, GAMES)) == ""


def test_a_rematch_is_the_same_setup_with_a_new_seed_from_the_start() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open("?game=malefiz&board=fast&seats=bot:greedy,bot:greedy&names=Ann,Bob&seed=9&pace=instant")
    assert a.session is not None
    while not a.session.state.is_over:
        a.think()
    ended, first = a.session, a.game_id
    assert a.screen().podium and a.question("rematch") is None
    screen = a.rematch()
    assert screen is not None and screen.view == "play" and screen.podium == ""
    s = a.session
    assert s is not None and s is not ended and not s.record.entries[1:]
    assert s.setup.seats == ended.setup.seats and s.setup.options == ended.setup.options
    assert s.setup.seed != 9 and a.game_id != first
    assert a.address is not None and a.address.how == "push" and f"id={a.game_id}" in a.address.query
    assert first is not None and a.shelf.get(first) is not None  # the game that ended stays kept


def test_each_malefiz_rematch_is_started_by_the_next_seat_and_a_roll_still_decides_where_it_did() -> None:
    # A family's evening: the same player no longer starts every game. Malefiz goes by the seats' order, so the
    # next seat starts the next game; Mensch ärgere Dich nicht (and Malefiz's roll for the start) rolls again.
    a = app()
    a.open("?game=malefiz&board=fast&seats=bot:greedy,bot:greedy,bot:greedy&names=Ann,Ben,Cleo&seed=9&pace=instant")
    starters = []
    for _ in range(4):
        assert a.session is not None
        starters.append(a.session.setup.seats[a.session.state.turn].name)
        while not a.session.state.is_over:
            a.think()
        assert a.rematch() is not None
        s = a.session
        assert s is not None and s.setup.first is not None  # and the move list says so first
        assert s.record.opening == (f"{s.name(s.setup.first)} starts",)
    assert starters == ["Ann", "Ben", "Cleo", "Ann"]
    a.set_language("de")  # said again in the language chosen
    assert a.session is not None and a.session.record.opening == ("Ben (grün) beginnt",)
    assert a.address is not None and "first=" in a.address.query  # a reload starts it with the same player
    for rolled in ("?game=maedn&seats=bot:greedy,bot:greedy", "?seats=bot:greedy,bot:greedy&options=roll_for_start"):
        a.open(rolled + "&seed=3&pace=instant")
        assert a.session is not None
        while not a.session.state.is_over:
            a.think()
        assert a.rematch() is not None and a.session.setup.first is None and a.session.start_rolls is not None


def test_the_end_says_who_won_above_the_podium_that_shows_the_places() -> None:
    a = app()
    a.open("?game=maedn&seats=bot:greedy,bot:greedy,bot:greedy&names=Ann,Ben,Cleo&seed=3&pace=instant")
    assert a.session is not None
    while not a.session.state.is_over:
        a.think()
    screen = a.screen()
    assert screen.winner.endswith("wins!") and "2." not in screen.winner
    assert screen.podium.count('class="podium-place podium-') == 3 and "2. " in result(a.session)


def colours_drawn(svg: str) -> set[str]:
    """The colours whose pieces a board picture shows (Malefiz pawns, Mensch ärgere Dich nicht pieces)."""
    return set(re.findall(r'class="(?:pawn pawn|piece piece)-(\w+)[" ]', svg))


def fields_of(query: str) -> tuple[tuple[str, str], ...]:
    setup = Setup.from_query(query, GAMES)
    assert setup is not None
    return form_fields(setup)


def test_the_board_beside_the_form_shows_the_colours_that_play() -> None:
    # It showed every colour's pieces whatever the seats said (Green and Blue "Not playing" still had pawns).
    a = app()
    fields = fields_of("?game=malefiz&seats=human,bot:medium&colours=red,yellow&seed=1")
    assert colours_drawn(a.form_board(fields)) == {"red", "yellow"}
    tab = MemoryStorage()
    b = app(tab=tab)
    b.seat_notes(fields)  # the page asks after every change of the form; a reload shows the board as the form is
    assert colours_drawn(b.setup_screen().board_svg) == {"red", "yellow"}
    two = fields_of("?game=maedn&seats=human,human&options=two_colours&seed=1")
    assert colours_drawn(a.form_board(two)) == {"yellow", "green", "red", "black"}  # each plays two colours
    neutral = fields_of("?game=maedn&seats=human,human,bot:easy&options=neutral&seed=1")
    assert colours_drawn(a.form_board(neutral)) == {"yellow", "green", "red", "black"}  # the neutral one too
    wrong = [(k, "" if k == "kind-red" else v) for k, v in neutral]  # two players and neutral: cannot start
    assert colours_drawn(a.form_board(wrong)) == {"yellow", "green", "red", "black"}  # cannot start: all, as before
    alone = [(k, "" if k.startswith("kind") and v != "human" else v) for k, v in fields]  # one player: no game
    assert colours_drawn(a.form_board(alone)) == {"red", "green", "yellow", "blue"}  # every colour, as before
    assert colours_drawn(a.form_board([("game", "nonsense")])) == {"red", "green", "yellow", "blue"}  # the first
    assert colours_drawn(a.setup_screen().board_svg) == {"red", "green", "yellow", "blue"}  # nothing chosen yet
