"""Who won how often (malefiz.tally): each finished game counts once, by the players' names, kept on the device."""

from __future__ import annotations

import random

import pytest

from malefiz.app import App, MemoryStorage
from malefiz.core.session import Session
from malefiz.games import GAMES
from malefiz.i18n import Translator
from malefiz.tally import MAX_COUNTED, TALLY_KEY, Row, Tally, counted, players_line, read_tally, tally_html

CLASSIC_START = "8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11"
ONE_STEP = f"classic r:8.1,h,h,h,h y:6.6,h,h,h,h x:{CLASSIC_START.replace('8.1,', '2.11,')} r1".replace(" ", "+")
"""Red's pawn one step below the goal, with a 1 rolled: red wins with its next click."""
TITLES = {name: game.title for name, game in GAMES.items()}


def finished(query: str) -> Session:
    s = Session.from_address(query, GAMES)
    while not s.state.is_over:
        if s.is_bot_turn():
            assert s.bot_step() is not None
        elif s.state.is_chance:
            assert s.roll()
        else:
            s.play(s.game.legal_actions(s.state)[0])
    return s


def test_a_finished_game_counts_once_for_each_named_player_and_the_computer_by_its_level() -> None:
    s = finished("?game=maedn&seats=human,bot:hard,human&names=Anna,,Red&seed=4")
    winner = s.state.ranking[0]
    once = counted(Tally(), "g1", s)
    assert once is not None and once.counted == ("g1",)
    rows = {r.name: (r.played, r.won) for r in once.rows}
    assert set(rows) == {"Anna", "bot:hard"}  # the third seat kept its colour's name: nobody in particular
    assert rows["Anna"] == (1, int(0 in winner)) and rows["bot:hard"] == (1, int(1 in winner))
    assert counted(once, "g1", s) is None  # never twice
    twice = counted(once, "g2", s)
    assert twice is not None and {r.name: r.played for r in twice.rows} == {"Anna": 2, "bot:hard": 2}
    lower = counted(once, "g3", finished("?game=maedn&seats=human,bot:hard&names=anna&seed=4"))
    assert lower is not None and {r.name: r.played for r in lower.rows} == {"Anna": 2, "bot:hard": 2}  # one Anna


def test_a_game_in_progress_or_without_a_named_person_counts_nothing() -> None:
    assert counted(Tally(), "g1", Session.from_address("?game=maedn&seats=human,bot&names=Anna&seed=4", GAMES)) is None
    assert counted(Tally(), "g1", finished("?game=maedn&seats=bot:easy,bot:hard&seed=4")) is None
    assert counted(Tally(), "g1", finished("?game=maedn&seats=human,bot:easy&seed=4")) is None  # "Yellow"


def test_several_computers_at_one_level_are_one_player_of_the_game() -> None:
    s = finished("?game=malefiz&seats=human,bot:easy,bot:easy,bot:easy&names=Ben&seed=2")
    found = counted(Tally(), "g", s)
    assert found is not None
    rows = {r.name: (r.played, r.won) for r in found.rows}
    assert rows["bot:easy"] == (1, int(bool(set(s.state.ranking[0]) & {1, 2, 3})))
    assert rows["Ben"] == (1, int(0 in s.state.ranking[0]))


def test_the_table_reads_back_and_anything_else_reads_as_an_empty_table() -> None:
    tally = Tally((Row("malefiz", "Zoë <3", 4, 1), Row("maedn", "bot:hard", 2, 2)), ("a", "b"))
    assert read_tally(tally.to_text()) == tally
    for broken in ("", "[]", "{", '{"format": "malefiz-tally"}', '{"format": "malefiz-tally", "rows": 3}',
                   '{"format": "malefiz-tally", "rows": [["maedn", "A", 1, 2]], "counted": []}',
                   '{"format": "malefiz-tally", "rows": [["maedn", "", 1, 0]], "counted": []}',
                   '{"format": "malefiz-tally", "rows": [["maedn", "A", true, 0]], "counted": []}',
                   '{"format": "malefiz-tally", "rows": [], "counted": [1]}', "[" * 10_000):  # fmt: skip
        assert read_tally(broken) == Tally(), broken


def test_only_the_latest_games_are_remembered_as_counted() -> None:
    s = finished("?game=maedn&seats=human,bot:hard&names=Anna&seed=4")
    tally = Tally(counted=tuple(str(i) for i in range(MAX_COUNTED)))
    found = counted(tally, "new", s)
    assert found is not None and len(found.counted) == MAX_COUNTED and found.counted[-1] == "new"


def test_the_table_shows_most_wins_first_each_game_apart_in_the_language_spoken() -> None:
    tally = Tally(
        (Row("malefiz", "Ben", 3, 1), Row("malefiz", "<b>Anna</b>", 3, 2), Row("maedn", "bot:hard", 1, 0)), ("x",)
    )
    html = tally_html(tally, TITLES, Translator("en"))
    assert html.index("&lt;b&gt;Anna&lt;/b&gt;") < html.index("Ben")  # escaped, two wins before one
    assert "<b>" not in html and html.index("Malefiz") < html.index("Mensch ärgere Dich nicht")
    assert "Computer (hard)" in html and "Who won how often" in html and 'data-action="forget-tally"' in html
    german = tally_html(tally, TITLES, Translator("de"))
    assert "Wer wie oft gewonnen hat" in german and "Computer (schwer)" in german and "Siege" in german
    assert tally_html(Tally(), TITLES, Translator("en")) == ""


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_app_counts_a_game_won_on_the_page_once_and_the_table_can_be_cleared(language: str) -> None:
    storage = MemoryStorage()
    a = App(storage, [language], rng=random.Random(1))
    a.open(f"?seats=human,bot:hard&names=Anna&seed=1&position={ONE_STEP}")
    assert a.click("8.1") is not None  # the pawn next to the goal (the house could move too)
    assert a.click("8.0") is not None
    assert a.session is not None and a.session.state.is_over
    kept = read_tally(storage.get(TALLY_KEY))
    assert [(r.game, r.name, r.played, r.won) for r in kept.rows] == [
        ("malefiz", "Anna", 1, 1),
        ("malefiz", "bot:hard", 1, 0),
    ]
    end = a.screen()
    line = "Siege auf diesem Gerät: Anna 1 von 1" if language == "de" else "Wins on this device: Anna 1 of 1"
    assert f'<p class="tally-line">{line}, Computer (' in end.podium  # under the podium
    again = App(storage, [language], rng=random.Random(2))  # a reload shows the finished game: not counted again
    shown = again.open(a.address.query if a.address else "")
    assert read_tally(storage.get(TALLY_KEY)) == kept and line in shown.podium
    setup = again.to_setup("")
    assert "Anna" in setup.tally and ("Siege" if language == "de" else "Wins") in setup.tally
    t = Translator(language)
    assert again.question("forget-tally") == {
        "text": t("tally.ask_forget"),
        "yes": t("tally.forget"),
        "no": t("page.keep"),
    }
    cleared = again.leave("forget-tally", "", "")
    assert cleared is not None and cleared.view == "setup" and "Anna" not in cleared.tally
    assert storage.get(TALLY_KEY) is None


def test_a_game_finished_in_another_tab_shows_in_this_tabs_table() -> None:
    storage = MemoryStorage()
    a = App(storage, ["en"], rng=random.Random(1))
    assert a.open("").tally == ""
    storage.set(TALLY_KEY, Tally((Row("maedn", "Oma", 1, 1),), ("other-tab",)).to_text())  # the other tab's write
    screen = a.changed(TALLY_KEY)
    assert screen is not None and screen.view == "setup" and "Oma" in screen.tally


def test_the_end_says_how_often_each_of_its_players_has_won_here_and_nothing_for_nobody() -> None:
    s = finished("?game=maedn&seats=human,bot:hard,human&names=Anna,,anna&seed=4")
    tally = Tally((Row("maedn", "Anna", 5, 3), Row("maedn", "bot:hard", 4, 1), Row("malefiz", "Anna", 9, 9)), ("x",))
    assert players_line(tally, s, Translator("en")) == (
        '<p class="tally-line">Wins on this device: Anna 3 of 5, Computer (hard) as Green 1 of 4.</p>'
    )  # the podium calls the computer by its colour
    both = finished("?game=maedn&seats=human,bot:hard,bot:hard&names=Anna&seed=4")
    assert "Computer (schwer) als Grün und Rot 1 von 4" in players_line(tally, both, Translator("de"))
    assert players_line(Tally(), s, Translator("en")) == ""
    unnamed = finished("?game=maedn&seats=human,human&seed=4")
    assert players_line(tally, unnamed, Translator("en")) == ""


def test_a_colour_handed_over_during_the_game_counts_for_everyone_who_made_one_of_its_moves() -> None:
    # Mia goes to bed half way and hands yellow to the computer, which plays it to the end: the game counts for her
    # as well as for the computer (it once counted for whoever played the colour at the end alone). Ben hands red
    # to the computer before his first move: only the computer played it.
    s = Session.from_address("?game=maedn&seats=human,human,bot:hard&names=Mia,Ben&seed=4", GAMES)
    assert s.hand_over(1, "medium")  # before Ben made a move
    while not s.state.is_over:
        if len(s.record) > 60 and s.setup.seats[0].kind == "human":
            assert s.hand_over(0, "easy")
        if s.is_bot_turn():
            assert s.bot_step() is not None
        elif s.state.is_chance:
            assert s.roll()
        else:
            s.play(s.legal()[0])
    mia, computer = s.players_of(0)
    assert (mia.kind, mia.name, computer.kind, computer.level) == ("human", "Mia", "bot", "easy")
    assert [(seat.kind, seat.level) for seat in s.players_of(1)] == [("bot", "medium")]
    found = counted(Tally(), "g", s)
    assert found is not None
    rows = {r.name: (r.played, r.won) for r in found.rows}
    yellow = int(0 in s.state.ranking[0])
    assert rows["Mia"] == rows["bot:easy"] == (1, yellow) and "Ben" not in rows
    assert rows["bot:medium"] == (1, int(1 in s.state.ranking[0]))
    line = players_line(found, s, Translator("en"))
    assert f"Mia {yellow} of 1, Computer (easy) as Mia (yellow) {yellow} of 1" in line
