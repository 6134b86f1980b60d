"""The click state machine, without a browser."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from malefiz.core.dice import roll_value
from malefiz.core.errors import MalefizError
from malefiz.core.face import Marks
from malefiz.core.screen import status
from malefiz.core.session import Session
from malefiz.core.setup import PACES, Seat, Setup
from malefiz.games import GAMES
from malefiz.games.malefiz.board import FOREST, HOUSE, field, location_name
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.notation import parse_action, parse_location, parse_position
from malefiz.games.malefiz.rules import apply, legal_actions, new_game
from malefiz.games.malefiz.state import Move, Options, Phase, Place, Roll
from malefiz.i18n import Translator
from tests.malefiz.helpers import CLASSIC_START

NS = "{http://www.w3.org/2000/svg}"
T = Translator("en")
TWO_HUMANS = Setup(MALEFIZ, seats=(Seat("red", "Anna"), Seat("yellow", "Ben")), seed=1)


def session_at(text: str, setup: Setup = TWO_HUMANS) -> Session:
    """A session whose game is at the position written in notation."""
    s = Session(setup)
    s.state = parse_position(text)
    return s


def board_marks(svg: str) -> dict[str, set[str]]:
    """The classes of every field circle in ``svg``, by its ``data-field``."""
    return {
        c.get("data-field") or "": set(c.get("class", "").split())
        for c in ET.fromstring(svg).iter(f"{NS}circle")
        if c.get("data-field")
    }


def house_pawns(svg: str, colour: str) -> int:
    """How many pawns ``svg`` draws in the house of ``colour``."""
    house = next(g for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("data-house") == colour)
    return sum("pawn" in g.get("class", "").split() for g in house.iter(f"{NS}g"))


def snapshot(s: Session) -> tuple[object, ...]:
    return (s.state, s.selected, s.dice, len(s.record))


def test_a_human_turn_by_clicks() -> None:
    s = Session(TWO_HUMANS)
    assert status(s) == "Anna (red): roll the die"
    assert s.click("2.13") is False  # nothing to click before the roll
    assert s.roll()
    roll = s.state.roll
    assert roll is not None and status(s).startswith(f"Anna (red): you rolled a {roll}")
    assert s.marks().movable == frozenset({"h"})
    assert s.selected == "h"  # the only movable pawn is chosen at once
    target = sorted(s.marks().targets)[0]
    assert s.click(target)
    assert s.state.current == "yellow" and s.state.phase is Phase.ROLL
    assert parse_location(target) in s.state.pawns_of("red")
    assert list(s.marks().trail)[-1] == target and len(list(s.marks().trail)) == roll


def test_select_deselect_and_switch() -> None:
    s = session_at(f"classic r:2.13,6.13,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    assert s.marks().movable == frozenset({"2.13", "6.13", "h"})
    assert s.click("2.13") and s.selected == "2.13"
    assert s.marks().targets == frozenset({"0.13", "4.13"})
    assert s.click("6.13") and s.selected == "6.13"  # switch
    assert s.click("6.13") and s.selected is None  # deselect
    assert s.marks().targets == frozenset()
    assert s.click("h") and s.selected == "h"


def test_bad_clicks_change_nothing() -> None:
    s = session_at(f"classic r:2.13,h,h,h,h y:10.13,h,h,h,h x:{CLASSIC_START} r2")
    before = snapshot(s)
    for key in ["", "x", "9.9.9", "10.13", "99.99", "f", "8.0", "-1.-1", "2.13.4", "2,13"]:
        assert s.click(key) is False
        assert snapshot(s) == before
    assert s.roll() is False  # not the time to roll
    assert snapshot(s) == before


def test_barricade_capture_and_placement() -> None:
    s = session_at(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    assert s.click("0.13") and s.click("0.11")
    assert s.state.phase is Phase.PLACE and s.state.current == "red"
    assert (
        s.message
        == "Anna (red) moves a pawn 2 steps to the 1st field from the left on row 2 and takes the barricade there"
    )
    marked = board_marks(s.svg())
    assert {f for f, c in marked.items() if "target" in c} == set(s.marks().targets)
    before = snapshot(s)
    for key in ["0.13", "8.0", "8.1", "h", "f", "0.11"]:  # a pawn, the goal, a barricade, not fields
        assert s.click(key) is False and snapshot(s) == before
    assert status(s) == "Anna (red): put the barricade on a free field"
    assert "0.12" in s.marks().targets and "5.13" not in s.marks().targets
    assert s.roll() is False and s.click("5.13") is False  # the turn waits for the barricade
    assert s.click("7.7")
    placed = s.state
    assert field(7, 7) in placed.barricade_fields and placed.current == "yellow"


def test_capture_is_told() -> None:
    s = session_at(f"classic r:3.13,h,h,h,h y:5.13,h,h,h,h x:{CLASSIC_START} r2")
    assert s.click("3.13") and s.click("5.13")
    assert "sends a pawn of Ben (yellow) back to its house" in s.message
    assert s.state.pawns_of("yellow") == (HOUSE,) * 5


def test_capture_in_the_village_goes_to_the_forest() -> None:
    setup = Setup(MALEFIZ, board="fast", seats=(Seat("red", "Anna"), Seat("yellow", "Ben")), seed=1)
    s = session_at("fast r:6.3,h,h,h y:5.3,h,h,h x:5.1,5.2,4.3,1.1,3.4,7.4 r1", setup)
    assert s.selected is None
    assert s.click("6.3") and s.click("5.3")
    assert "back to the forest" in s.message
    assert FOREST in s.state.pawns_of("yellow")


def test_no_move_passes_with_a_message() -> None:
    text = (
        "classic r:9.1,8.3,8.5,11.11,15.13 g:12.7,12.8,11.9,12.9,13.9 y:5.1,4.9,3.11,7.11,14.11"
        " b:1.1,6.7,5.11,13.11,12.13 x:2.1,3.3,6.6,11.7,10.9,14.9,14.10,2.11,4.11,6.11,12.12 g?"
    )
    seats = (Seat("red", "A"), Seat("green", "B"), Seat("yellow", "C"), Seat("blue", "D"))
    # Find a seed whose first roll is a 6 for green (green cannot move with a 6 here).
    seed = next(n for n in range(100) if roll_value(n, 0) == 6)
    s = session_at(text, Setup(MALEFIZ, seats=seats, seed=seed))
    assert s.roll()
    assert s.message == "B (green) rolled a 6 and cannot move: the turn passes"
    assert s.state.current == "yellow" and s.state.phase is Phase.ROLL


@pytest.mark.parametrize("board_name", ["classic", "fast"])
def test_bot_game_plays_to_the_end(board_name: str) -> None:
    setup = Setup(
        MALEFIZ,
        board=board_name,
        seats=(Seat("red", "R", "bot"), Seat("green", "G", "bot"), Seat("blue", "B", "bot")),
        seed=4,
    )
    s = Session(setup)
    steps = 0
    while s.is_bot_turn():
        assert s.bot_step() is not None
        steps += 1
    assert s.state.is_over and status(s).endswith("wins!")
    assert "reaches the goal and wins!" in s.record.lines()[-1].words
    assert s.bot_step() is None
    again = Session(setup)
    while again.is_bot_turn():
        again.bot_step()
    assert again.state == s.state  # the same seed replays the same game


def test_bot_waits_for_the_human() -> None:
    s = Session(Setup(MALEFIZ, seats=(Seat("red", "Anna"), Seat("yellow", "Bot", "bot")), seed=3))
    assert not s.is_bot_turn() and s.bot_step() is None
    assert s.roll() and s.selected == "h"
    target = sorted(s.marks().targets)[0]
    assert s.click(target)
    assert s.is_bot_turn() and status(s) == "Bot (yellow) is thinking…"
    assert isinstance(s.bot_step(), Roll)


def test_roll_for_start_is_told() -> None:
    setup = Setup(
        MALEFIZ, seats=(Seat("red", "Anna"), Seat("yellow", "Ben")), options=frozenset({"roll_for_start"}), seed=5
    )
    s = Session(setup)
    assert s.record.lines()[0].words.startswith("Roll for start: ")
    assert s.message.endswith("rolled highest and starts")
    assert s.state.current in ("red", "yellow")


def test_new_game_keeps_the_setup_and_goes_on_with_the_dice() -> None:
    s = Session(TWO_HUMANS)
    s.roll()
    dice = s.dice
    s.new_game()
    assert s.state.phase is Phase.ROLL and len(s.record) == 0 and s.dice == dice


def test_position_json_is_the_document() -> None:
    s = Session(TWO_HUMANS)
    doc = s.game.to_json(s.state)
    assert doc["game"] == "malefiz" and doc["players"] == ["red", "yellow"] and doc["phase"] == "roll"


def test_setup_from_query_and_back() -> None:
    setup = Setup.from_query(
        "?board=fast&seats=human,bot:greedy,bot&seed=3&pace=instant&options=extra_roll_on_six&first=yellow&names=Ann,Bob",
        GAMES,
    )
    assert setup is not None
    assert setup.board == "fast" and setup.seed == 3 and setup.pace == "instant" and setup.first == "yellow"
    assert [(s.colour, s.name, s.kind) for s in setup.seats] == [
        ("red", "Ann", "human"),
        ("green", "Bob", "bot"),
        ("yellow", "Yellow", "bot"),
    ]
    assert setup.options == frozenset({"extra_roll_on_six"})
    assert Setup.from_query(setup.to_query(), GAMES) == setup
    levels = Setup.from_query("?seats=human,hard,bot,bot:easy", GAMES)  # a level alone, as --seats takes it
    assert levels is not None
    assert [(s.kind, s.level) for s in levels.seats] == [
        ("human", "medium"),
        ("bot", "hard"),
        ("bot", "medium"),
        ("bot", "easy"),
    ]
    assert Setup.from_query(levels.to_query(), GAMES) == levels
    chosen = Setup.from_query("?seats=human,bot&colours=green,blue", GAMES)
    assert chosen is not None and [s.colour for s in chosen.seats] == ["green", "blue"]
    assert Setup.from_query("?board=fast", GAMES) is None
    assert Setup.from_query("", GAMES) is None
    assert set(PACES) == {"slow", "normal", "fast", "instant"} and PACES["instant"].still


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?seats=human", "2 to 4 players"),
        (
            "?seats=human,alien",
            r"expected human, remote, bot, bot:<level> or a level \(easy, medium, hard, greedy, random\), got 'alien'",
        ),
        ("?seats=human,Hard", "got 'Hard'"),
        ("?seats=human:hard,bot", "got 'human:hard'"),  # only the computer has a level
        ("?seats=human,remote:easy", "got 'remote:easy'"),
        ("?seats=human,bot:", "got 'bot:'"),
        ("?seats=human,bot:genius", "unknown computer level"),
        ("?seats=human,bot&board=round", "Board"),
        ("?seats=human,bot&seed=abc", "Seed"),
        ("?seats=human,bot&pace=warp", "Pace"),
        ("?seats=human,bot&options=fly", "unknown option 'fly'"),
        ("?seats=human,bot&first=pink", "first"),
        ("?seats=human,bot&first=blue", r"\(first\): blue is not playing"),
        ("?seats=human,bot&colours=red", "Colours: expected 2"),
        ("?seats=human,bot&colours=red,red", "every seat needs its own colour"),
        ("?seats=human,bot&colours=red,pink", "Colours"),
    ],
)
def test_malformed_queries_are_refused(query: str, message: str) -> None:
    with pytest.raises(MalefizError, match=message):
        Setup.from_query(query, GAMES)


def test_hard_bot_thinks_in_slices_and_plays_what_the_hard_bot_plays() -> None:
    from malefiz.games.malefiz.bots import hard

    setup = Setup(MALEFIZ, seats=(Seat("red", "Anna"), Seat("yellow", "Hal", "bot", "hard")), seed=2)
    s = session_at(f"classic r:2.9,6.13,h,h,h y:10.9,12.9,14.13,h,h x:{CLASSIC_START} y4", setup)
    expected = hard(s.state, legal_actions(s.state), random.Random(0))
    slices = sum(1 for _ in s.bot_turn())
    assert slices >= 2  # the page gets to paint between slices
    assert s.record.entries[-1].action == expected


def test_hint_marks_the_best_move_and_tells_the_chances() -> None:
    s = session_at(f"classic r:2.9,6.13,h,h,h y:10.9,h,h,h,h x:{CLASSIC_START} r4")
    assert s.hint()
    hinted = s.hinted
    assert isinstance(hinted, Move)
    best = s.rated()[:3]
    assert best[0].action == hinted and len(best) == 3 and best[0].chance >= best[1].chance >= best[2].chance
    assert s.hint_text().startswith("Best moves: ") and s.hint_text().count("%);") == 2
    assert "Chances: " not in s.hint_text() and s.chances_shown().startswith("Chances: ")  # said once, on its own line
    assert s.svg().count(" hint") >= 2  # the pawn and its destination
    assert abs(sum(s.chances()) - 1) < 1e-9
    start = location_name(hinted.start)
    assert s.click(start) or s.selected == start
    assert s.click(location_name(hinted.end))
    assert s.hinted is None and hinted.end in s.state.pawns_of("red")


def test_walk_frames_show_each_step() -> None:
    s = session_at(f"classic r:2.9,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r4")
    assert s.click("2.9") and s.click("4.7")
    frames = s.walk_frames()
    assert len(frames) == 3  # the pawn on the three fields before its end
    assert all('data-field="2.9"' in f for f in frames)


def test_a_malefiz_board_never_turns_every_player_starts_at_the_bottom() -> None:
    s = session_at(f"classic r:2.9,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r4")
    assert s.click("2.9") and s.click("4.7")
    printed = (s.svg(motion=True), s.walk_frames())
    s.mine = frozenset({1})
    assert s.marks().facing == 1
    assert (s.svg(motion=True), s.walk_frames()) == printed


def pawn_marks(svg: str) -> list[tuple[str, set[str]]]:
    """Each pawn's ``data-key`` and classes."""
    return [
        (g.get("data-key") or "", set(g.get("class", "").split()))
        for g in ET.fromstring(svg).iter(f"{NS}g")
        if "pawn" in g.get("class", "").split()
    ]


def test_the_board_shows_what_the_session_offers() -> None:
    s = session_at(f"classic r:2.13,6.13,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    pawns = pawn_marks(s.svg())
    assert sorted(k for k, c in pawns if "movable" in c) == ["2.13", "6.13", "h", "h", "h"]
    assert not any("selected" in c for _, c in pawns)
    assert not any("target" in c for c in board_marks(s.svg()).values())
    assert s.click("2.13")
    assert [k for k, c in pawn_marks(s.svg()) if "selected" in c] == ["2.13"]
    assert {f for f, c in board_marks(s.svg()).items() if "target" in c} == {"0.13", "4.13"}
    assert s.click("4.13")
    svg = s.svg()
    assert not any({"movable", "selected"} & c for _, c in pawn_marks(svg))  # yellow is to roll
    assert not any("target" in c for c in board_marks(svg).values())
    assert {f for f, c in board_marks(svg).items() if "trail" in c} == {"3.13", "4.13"}  # the route just walked
    assert list(s.marks().trail) == ["3.13", "4.13"]
    assert s.record.lines()[-1].words == "Anna (red) moves a pawn 2 steps to the 5th field from the left on row 1"
    assert s.record.lines()[-1].notation == "2.13-4.13"


def test_clicking_the_only_pawn_chosen_for_you_acts_rather_than_letting_go() -> None:
    many = session_at(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r4")
    many.choose_the_only_piece()
    before = many.state
    assert many.selected == "h" and len(many.marks().targets) == 3
    assert not many.click("h") and many.selected == "h" and many.state == before  # it stays chosen
    assert many.cancel() and many.selected is None  # Escape still lets go
    one = session_at(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r1")
    one.choose_the_only_piece()
    assert one.selected == "h" and len(one.marks().targets) == 1
    assert one.click("h") and one.record.last is not None and one.record.last.is_move  # the one move is made


def test_capture_back_to_the_house_shows_the_pawn_in_its_house() -> None:
    s = session_at(f"classic r:3.13,h,h,h,h y:5.13,h,h,h,h x:{CLASSIC_START} r2")
    assert s.click("3.13") and s.click("5.13")
    svg = s.svg()
    assert house_pawns(svg, "yellow") == 5 and house_pawns(svg, "red") == 4
    on_5_13 = [g for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("data-field") == "5.13"]
    assert [g.get("class") for g in on_5_13] == ["pawn pawn-red"]


def test_a_six_with_the_extra_roll_option_keeps_the_turn() -> None:
    setup = Setup(MALEFIZ, seats=TWO_HUMANS.seats, options=frozenset({"extra_roll_on_six"}), seed=1)
    s = session_at(f"classic r:2.9,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r6", setup)
    s.state = s.state._replace(options=Options(extra_roll_on_six=True))
    assert s.click("2.9")
    target = min(set(map(parse_location, s.marks().targets)) - set(s.state.barricade_fields))
    assert s.click(location_name(target))
    assert s.state.current == "red" and s.state.phase is Phase.ROLL
    assert status(s) == "Anna (red): roll again"  # the same player rolls again after the 6


@pytest.mark.parametrize("board_name", ["classic", "fast"])
@pytest.mark.parametrize("level", ["random", "greedy"])
def test_two_computers_play_a_whole_game(board_name: str, level: str) -> None:
    setup = Setup(
        MALEFIZ, board=board_name, seats=(Seat("red", "A", "bot", level), Seat("yellow", "B", "bot", level)), seed=9
    )
    s = Session(setup)
    while s.is_bot_turn():
        before = s.state
        action = s.bot_step()
        assert action is not None and (s.record.entries[-1].before, s.record.entries[-1].action) == (before, action)
        assert status(s).endswith("is thinking…") or s.state.is_over
        assert s.marks().movable == frozenset() and s.marks().targets == frozenset()
    winner = s.state.winner
    assert winner is not None
    assert status(s) == f"{s.seat(s.state.players.index(winner)).name} ({winner}) wins!"
    assert any("sends" in e for e in (line.words for line in s.record.lines())) or board_name == "fast"
    assert s.roll() is False and s.click("h") is False


def test_new_game_is_not_the_same_game_again() -> None:
    setup = Setup(MALEFIZ, seats=(Seat("red", "A", "bot"), Seat("yellow", "B", "bot")), seed=11)
    s = Session(setup)
    while s.is_bot_turn():
        s.bot_step()
    first = s.record.actions()
    s.new_game()
    assert s.state.phase is Phase.ROLL and s.record.lines() == [] and list(s.marks().trail) == []
    while s.is_bot_turn():
        s.bot_step()
    assert s.record.actions() != first


def test_a_person_cannot_act_for_a_computer() -> None:
    s = Session(Setup(MALEFIZ, seats=(Seat("red", "Bot", "bot"), Seat("yellow", "Ben")), seed=2))
    before = snapshot(s)
    assert s.roll() is False and s.click("h") is False and s.hint() is False
    assert snapshot(s) == before and status(s) == "Bot (red) is thinking…"


def keyed(svg: str, mark: str) -> set[str | None]:
    """The ``data-key`` of every element of ``svg`` with the class ``mark``."""
    return {el.get("data-key") for el in ET.fromstring(svg).iter() if mark in el.get("class", "").split()}


@pytest.mark.parametrize(
    ("start", "seed"),
    [
        (str(new_game("classic", 2)), 1),
        (str(new_game("classic", 4)), 2),
        (str(new_game("fast", 4)), 3),
        ("fast r:f,f,1.8,h g:h,h,h,h y:f,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 r?", 4),  # pawns in the forest
    ],
)
def test_the_keys_read_off_the_page_are_the_move_in_notation(start: str, seed: int) -> None:
    """For every legal move of random games, the keys the table gives its pawn and its target (the ``data-key``
    of the marked pawn and target on the board), joined by ``-``, read as that move."""
    rng = random.Random(seed)
    state = parse_position(start)
    seen: set[str] = set()
    for _ in range(300):
        if state.is_over:
            break
        actions = legal_actions(state)
        moves = [a for a in actions if isinstance(a, Move)]
        if moves:
            starts = frozenset(location_name(m.start) for m in moves)
            ends = frozenset(location_name(m.end) for m in moves)
            svg = MALEFIZ.face.render(state, Marks(movable=starts, targets=ends), {}, T)
            movable, targets = keyed(svg, "movable"), keyed(svg, "target")
            for m in moves:
                pawn_key, target_key = MALEFIZ.face.choice(state, m)
                assert pawn_key is not None and pawn_key in movable and target_key in targets
                assert parse_action(f"{pawn_key}-{target_key}") == m
                seen.add(pawn_key)
        for a in actions:
            if isinstance(a, Place):
                assert MALEFIZ.face.choice(state, a) == (None, str(a)[1:])
        state = apply(state, rng.choice(actions))
    assert "h" in seen and len(seen) > 1
    assert "f" in seen or not any(FOREST in pawns for pawns in parse_position(start).pawns)


@pytest.mark.parametrize(("language", "then"), [("en", "then"), ("de", "dann")])
def test_a_hint_to_take_a_barricade_says_where_it_goes_best(language: str, then: str) -> None:
    s = session_at(f"classic r:4.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    s.t = Translator(language)
    assert s.hint()
    taking = [r for r in s.rated() if r.then]
    assert [str(r.action) for r in taking] == ["4.13-4.11"]  # two steps up onto the barricade
    for r in taking:
        lifted = apply(s.state, r.action)
        assert len(r.then) == 1 and isinstance(r.then[0], Place) and apply(lifted, r.then[0]) == r.after
        words = MALEFIZ.face.hint_words(s.state, r.action, s.t)
        place = MALEFIZ.face.hint_words(lifted, r.then[0], s.t)
        shown = s.rated_words(r)
        assert shown.startswith(f"{words}, {then} {place} (") and f"{round(r.chance * 100)}" in shown
    assert all(f", {then} " not in s.rated_words(r) for r in s.rated() if not r.then)
    near = session_at(f"classic r:7.1,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r1")  # beside the goal's barricade
    near.t = s.t
    assert near.hint()
    best = near.rated()[0]
    assert str(best.action) == "7.1-8.1" and best.then and near.rated_words(best) in near.hint_text()


@pytest.mark.parametrize(("language", "alike", "apart"), [("en", "(54.6%)", "(56%)"), ("de", "(54,6 %)", "(56 %)")])
def test_a_hint_whose_whole_percents_would_look_alike_shows_a_decimal(language: str, alike: str, apart: str) -> None:
    # Rolled a 4 at the start: the best three are 54.64%, 54.53% and 54.53%: "55%, 55%, 55%" hid why one is first.
    four = session_at(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r4")
    four.t = Translator(language)
    assert four.hint()
    chances = [r.chance for r in four.rated()[:3]]
    assert len({round(c * 100) for c in chances}) == 1 and len({round(c * 1000) for c in chances}) == 2
    assert four.hint_lines()[0].endswith(alike)
    # Rolled a 5: 56%, 55%, 54% are told apart in whole percents.
    five = session_at(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r5")
    five.t = Translator(language)
    assert five.hint()
    assert five.hint_lines()[0].endswith(apart) and all(re.search(r"\(\d+ ?%\)$", line) for line in five.hint_lines())
