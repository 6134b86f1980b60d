"""Mensch ärgere Dich nicht through the shared session and click machine, without a browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from malefiz.core.dice import roll_value
from malefiz.core.errors import MalefizError
from malefiz.core.face import Marks
from malefiz.core.screen import status
from malefiz.core.session import Session
from malefiz.core.setup import Seat, Setup
from malefiz.games import GAMES
from malefiz.games.maedn import view
from malefiz.games.maedn.game import MAEDN
from malefiz.games.maedn.notation import parse_action, parse_position
from malefiz.games.maedn.state import Move, Phase

NS = "{http://www.w3.org/2000/svg}"
TWO = Setup(MAEDN, seats=(Seat("yellow", "Anna"), Seat("red", "Ben")), first="yellow", seed=1)


def at(text: str, setup: Setup = TWO) -> Session:
    """A session whose game is at the position written in notation."""
    s = Session(setup)
    s.state = parse_position(text)
    return s


def seed_rolling(*values: int) -> int:
    """A seed whose first rolls are ``values``."""
    return next(n for n in range(100_000) if all(roll_value(n, i) == v for i, v in enumerate(values)))


def snapshot(s: Session) -> tuple[object, ...]:
    return (s.state, s.selected, s.dice, len(s.record), s.message)


def classes(svg: str, attribute: str) -> dict[str, set[str]]:
    """The classes of every element of ``svg`` with ``attribute``, by its value (the last one wins)."""
    return {
        e.get(attribute) or "": set(e.get("class", "").split())
        for e in ET.fromstring(svg).iter()
        if e.get(attribute) is not None
    }


def test_a_six_enters_a_piece_and_rolls_again() -> None:
    setup = Setup(MAEDN, seats=TWO.seats, first="yellow", seed=seed_rolling(6, 3))
    s = Session(setup)
    assert status(s) == "Anna (yellow): roll the die"
    assert s.roll()
    # With a piece on A and the others on B, a 6 must first clear the A field: the A piece moves.
    assert s.marks().movable == frozenset({"y:0"}) and s.selected == "y:0"
    assert s.click("y:0")
    assert s.message == "Anna (yellow) moves a piece 6 fields; rolls again"
    assert s.record.lines()[-1].notation == "y:0-6"
    assert status(s) == "Anna (yellow): you rolled a 6: roll again"
    assert s.roll() and s.state.roll == 3


def test_entering_from_b_is_said() -> None:
    s = at("maedn cross y:9,B,B,B r:B,B,B,B y6")
    assert s.marks().movable == frozenset({"y:B"})
    targets_before = s.marks().targets
    assert s.click("y:B")  # one move: the click plays it
    assert targets_before == frozenset()  # nothing chosen yet: no targets shown
    assert s.message == "Anna (yellow) brings a piece onto the start field with the 6; rolls again"
    assert s.state.pieces_of("yellow") == (-1, -1, 0, 9)
    assert status(s) == "Anna (yellow): you rolled a 6: roll again"


def test_a_click_on_the_target_field_plays_the_chosen_piece() -> None:
    s = at("maedn cross y:3,9,B,B r:B,B,B,B y2")
    assert s.marks().movable == frozenset({"y:3", "y:9"}) and s.selected is None
    assert s.click("t3")  # a click on the field under a piece is a click on the piece: one move, so it plays
    assert s.state.pieces_of("yellow") == (-1, -1, 5, 9)


def test_a_capture_sends_the_piece_back_to_b_visibly() -> None:
    s = at("maedn cross y:3,B,B,B r:27,B,B,B y4")  # red's place 27 is track field 47 % 40 = 7
    assert s.click("y:3")
    assert s.message == "Anna (yellow) moves a piece 4 fields and captures a piece of Ben (red): it goes back to B"
    assert s.state.pieces_of("red") == (-1, -1, -1, -1)
    pieces = classes(s.svg(), "data-key")
    assert "r:B" in pieces and "r:27" not in pieces


def test_a_piece_with_two_moves_shows_both_targets() -> None:
    # Backward capture: yellow on 10 may go forward to 13 or back to 7, where red stands alone.
    s = at("maedn cross y:10,B,B,B r:27,B,B,B y3 +back")
    assert s.click("y:10") and s.selected == "y:10"
    assert s.marks().targets == frozenset({"t13", "t7"})
    marked = classes(s.svg(), "data-field")
    assert {f for f, c in marked.items() if "target" in c} == {"t13", "t7"}
    assert s.click("r:27")  # a click on the victim is a click on its field
    assert s.state.pieces_of("yellow") == (-1, -1, -1, 7) and s.state.pieces_of("red") == (-1,) * 4
    assert "3 fields back" in s.message and "captures a piece of Ben (red)" in s.message


def test_three_tries_are_counted_in_the_status() -> None:
    setup = Setup(
        MAEDN, seats=TWO.seats, first="yellow", seed=seed_rolling(2, 4, 6), options=frozenset({"three_rolls"})
    )
    s = Session(setup)
    s.state = parse_position("maedn cross y:B,B,B,B r:B,B,B,B y? +three")
    assert status(s) == "Anna (yellow): roll the die (up to three tries for a 6)"
    assert s.roll()
    assert s.message == "Anna (yellow) rolled a 2 and cannot move: roll 2 of 3 next"
    assert status(s) == "Anna (yellow): no 6 yet: roll again (try 2 of 3)"
    assert s.roll() and status(s) == "Anna (yellow): no 6 yet: roll again (try 3 of 3)"
    assert s.roll() and s.state.roll == 6 and s.marks().movable == frozenset({"y:B"})


def test_the_forced_capture_penalty_is_told_and_shown() -> None:
    # Yellow could capture red on 7 with the piece on 3 (a 4), but moves the piece on 20 instead.
    s = at("maedn cross y:3,20,B,B r:27,B,B,B y4 +forced")
    assert s.click("y:20")
    said = "Anna (yellow) moves a piece 4 fields. Penalty: a capture was possible, so their own piece 3 fields past"
    assert said in s.message
    assert s.state.pieces_of("yellow") == (-1, -1, -1, 24)
    assert "t3" in s.marks().trail  # where the piece was taken from is marked


def test_bad_clicks_change_nothing() -> None:
    s = at("maedn cross y:3,9,B,B r:27,B,B,B y2")
    before = snapshot(s)
    for key in ["", "x", "t99", "y:7", "r:27", "r:B", "y:B", "t0", "y:a", "k:B0", "z:1", "y:3-5", "t" + "9" * 500]:
        assert s.click(key) is False, key
        assert snapshot(s) == before
    assert s.roll() is False and snapshot(s) == before


def test_the_neutral_colour_is_moved_by_the_player_to_act() -> None:
    seats = (Seat("yellow", "Anna"), Seat("green", "Ben"), Seat("red", "Cem"))
    setup = Setup(MAEDN, seats=seats, options=frozenset({"neutral"}), first="yellow", seed=1)
    s = Session(setup)
    s.state = parse_position("maedn cross y:6,B,B,B g:B,B,B,B r:B,B,B,B k:12,B,B,B neutral:k y3")
    assert s.marks().movable == frozenset({"y:6", "k:12"})
    assert s.click("k:12")
    assert s.message == "Anna (yellow) moves the neutral black piece 3 fields"
    assert s.names == {"yellow": "Anna", "green": "Ben", "red": "Cem"}
    assert len(s.chances()) == 3


def test_two_colours_each() -> None:
    setup = Setup(
        MAEDN,
        seats=(Seat("yellow", "Anna"), Seat("green", "Ben", "bot", "medium")),
        options=frozenset({"two_colours"}),
        first="yellow",
        seed=3,
    )
    s = Session(setup)
    assert s.state.seats == (("yellow", "red"), ("green", "black"))
    assert s.names == {"yellow": "Anna", "red": "Anna", "green": "Ben", "black": "Ben"}
    assert s.seat_name(0) == "Anna (yellow, red)"


@pytest.mark.parametrize(
    ("board", "forms", "players"),
    [("cross", "", 4), ("star", "", 6), ("star", "", 3), ("cross", "two_colours", 2), ("cross", "neutral", 3)],
)
def test_computers_play_whole_games_with_every_option(board: str, forms: str, players: int) -> None:
    options = frozenset({"backward_capture", "three_rolls", "no_jump_in_goal", "barriers", "forced_capture"})
    options |= {forms} - {""}
    colours = MAEDN.seat_colours(board, players, options)
    levels = ["easy", "medium", "hard"]
    seats = tuple(Seat(c, c.capitalize(), "bot", levels[i % 3]) for i, c in enumerate(colours))
    setup = Setup(MAEDN, board=board, seats=seats, options=options, seed=7)
    s = Session(setup)
    while s.is_bot_turn():
        before = s.state
        action = s.bot_step()
        assert action is not None and (s.record.entries[-1].before, s.record.entries[-1].action) == (before, action)
        assert s.marks().movable == frozenset() and s.marks().targets == frozenset()
    assert s.state.is_over and len(s.state.ranking) == players
    assert status(s).split("!")[0].endswith(("wins", "win"))
    if players > 2:
        assert "2. " in status(s)
    again = Session(setup)
    while again.is_bot_turn():
        again.bot_step()
    assert again.state == s.state  # deterministic per seed


def test_walk_frames_show_each_step() -> None:
    s = at("maedn cross y:3,B,B,B r:B,B,B,B y4")
    assert s.click("y:3")
    frames = s.walk_frames()
    assert len(frames) == 3
    for n, frame in enumerate(frames, start=4):
        on = {e.get("data-on") for e in ET.fromstring(frame).iter() if e.get("data-key") == f"y:{n}"}
        assert on == {f"t{n}"}
    assert s.marks().trail == ("t3", "t4", "t5", "t6", "t7")


def centres(svg: str) -> dict[str, tuple[str | None, str | None]]:
    """Where ``svg`` draws each field, by name."""
    return {e.get("data-field") or "": (e.get("cx"), e.get("cy")) for e in ET.fromstring(svg).iter(f"{NS}circle")}


def test_a_device_playing_one_seat_between_devices_sees_its_board_and_walk_turned_alike() -> None:
    s = at("maedn cross y:3,B,B,B r:B,B,B,B y4")
    assert s.click("y:3")
    printed, printed_frames = s.svg(), s.walk_frames()
    s.mine = frozenset({1})  # red's device
    board, frames = s.svg(), s.walk_frames()
    assert MAEDN.face.render(s.state, Marks(trail=s.marks().trail), s.names, s.t, None) == printed
    assert board == MAEDN.face.render(s.state, s.marks(), s.names, s.t) != printed
    assert board == view.render(s.state, trail=s.marks().trail, names=s.names, facing="red")
    assert len(frames) == len(printed_frames) == 3 and frames != printed_frames
    for frame in frames:  # the walk on the board as it is drawn: no jump when the walk ends
        assert centres(frame) == centres(board)
    assert centres(board)["r:B0"] != centres(printed)["r:B0"]
    s.mine = frozenset({0, 1})
    assert s.svg() == printed and s.walk_frames() == printed_frames


def test_hint_marks_the_piece_and_its_field() -> None:
    s = at("maedn cross y:3,20,B,B r:27,B,B,B y4")
    assert s.hint()
    assert isinstance(s.hinted, Move)
    best = s.rated()
    assert [r.action for r in best] == [s.hinted, parse_action("y:20-24")]  # both moves, the hinted one first
    assert best[0].chance >= best[1].chance
    words = [
        "the piece 3 fields along: 4 fields ahead, capturing the red piece",
        "the piece 20 fields along: 4 fields ahead",
    ]
    listed = "; ".join(f"{w} ({round(r.chance * 100)}%)" for w, r in zip(words, best, strict=True))
    assert s.hint_text() == f"Best moves: {listed}."
    svg = s.svg()
    assert "hint" in classes(svg, "data-key")["y:3"] and "hint" in classes(svg, "data-field")["t7"]
    assert abs(sum(s.chances()) - 1) < 1e-9


def test_chances_favour_the_player_ahead() -> None:
    s = at("maedn cross y:35,38,40,41 r:B,B,B,2 y?")
    yellow, red = s.chances()
    assert yellow > 0.9 > 0.1 > red


def test_setup_from_the_address() -> None:
    setup = Setup.from_query(
        "?game=maedn&board=star&seats=human,bot:hard,bot&names=Ann&options=three_rolls,barriers&seed=5", GAMES
    )
    assert setup is not None and setup.game is MAEDN and setup.board == "star"
    assert [(s.colour, s.name, s.kind, s.level) for s in setup.seats] == [
        ("yellow", "Ann", "human", "medium"),
        ("blue", "Blue", "bot", "hard"),
        ("green", "Green", "bot", "medium"),
    ]
    assert setup.options == frozenset({"three_rolls", "barriers"})
    assert Setup.from_query(setup.to_query(), GAMES) == setup
    s = Session(setup)
    doc = s.game.to_json(s.state)
    assert doc["game"] == "maedn" and doc["board"] == "star"
    assert s.record.lines()[0].words.startswith("Roll for start: ")  # no first colour: the highest roll starts


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?game=maedn&seats=human,bot,bot,bot,bot", "2 to 4 players"),
        ("?game=maedn&board=star&seats=" + ",".join(["human"] * 7), "2 to 6 players"),
        ("?game=maedn&board=square&seats=human,bot", "Board"),
        ("?game=ludo&seats=human,bot", "Game: expected one of malefiz, maedn"),
        ("?game=maedn&seats=human,bot&options=two_colours,neutral", "cannot both be on"),
        ("?game=maedn&seats=human,bot,bot&options=two_colours", r"\(two_colours\): only with 2 players"),
        ("?game=maedn&seats=human,bot&options=neutral", r"\(neutral\): only with 3 players"),
        ("?game=maedn&seats=human,bot&colours=yellow,purple", "Colours"),
        ("?game=maedn&seats=human,bot&colours=yellow,yellow", "own colour"),
        ("?game=maedn&seats=human,bot&first=purple", r"\(first\): purple is not playing"),  # a colour of the star
        ("?game=maedn&seats=human,bot&first=pink", r"\(first\): expected one of yellow, green, red, black, got 'pink'"),
        ("?game=maedn&seats=human,bot&first=green", r"\(first\): green is not playing"),
        ("?game=maedn&seats=human,bot&options=roll_for_start", "unknown option"),
        ("?game=maedn&seats=human,bot&seed=" + "9" * 5000, "Seed"),
        # A long value is told cut, so that the message stays a line (the address is the person's to mend).
        ("?game=maedn&seats=human,bot&first=" + "x" * 5000, "got 'x{40}'$"),
        ("?game=maedn&seats=human,bot&colours=" + "x" * 5000, "got 'x{40}'$"),
        ("?game=maedn&seats=human,bot&options=" + "x" * 5000, "unknown option 'x{40}';"),
        ("?game=maedn&seats=human,bot&pace=" + "x" * 5000, "got 'x{40}'$"),
        ("?game=maedn&seats=human,bot:" + "x" * 5000, "unknown computer level 'x{40}';"),
        ("?game=maedn&seats=human,bot&seed=²", "Seed"),
    ],
)
def test_malformed_addresses_are_refused(query: str, message: str) -> None:
    with pytest.raises(MalefizError, match=message):
        Setup.from_query(query, GAMES)


def test_a_person_cannot_act_for_a_computer() -> None:
    s = Session(Setup(MAEDN, seats=(Seat("yellow", "Bot", "bot"), Seat("red", "Ben")), first="yellow", seed=2))
    before = snapshot(s)
    assert s.roll() is False and s.click("y:0") is False and s.hint() is False
    assert snapshot(s) == before and status(s) == "Bot (yellow) is thinking…"


def test_a_roll_without_a_move_passes_by_itself() -> None:
    s = Session(Setup(MAEDN, seats=TWO.seats, first="yellow", seed=seed_rolling(5)))
    s.state = parse_position("maedn cross y:43,B,B,B r:0,B,B,B y?")  # only a 6 would do
    assert s.roll()
    assert s.message == "Anna (yellow) rolled a 5 and cannot move"
    assert s.state.current == "red" and s.state.phase is Phase.ROLL
