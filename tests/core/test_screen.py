"""One Screen value per change (malefiz.core.screen): every field, for both games."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html import escape
from typing import get_args
from urllib.parse import quote

import pytest

from malefiz.core.actions import Roll
from malefiz.core.errors import MalefizError
from malefiz.core.screen import BUZZ, LOG_LINES, SOUNDS, Screen, Sound, die_face, play_screen
from malefiz.core.session import Session
from malefiz.core.setup import PACES, Setup
from malefiz.core.svg import COLOUR_FILL, COLOUR_TINT
from malefiz.games import GAMES
from malefiz.games.maedn.notation import parse_position

SVG = "{http://www.w3.org/2000/svg}"

ADDRESSES = {
    "malefiz": "?game=malefiz&seats=human,human&names=Ann,Bob&seed=5",
    "maedn": "?game=maedn&seats=human,human&names=Ann,Bob&first=yellow&seed=5",
}


def session(game: str, extra: str = "") -> Session:
    return Session.from_address(ADDRESSES[game] + extra, GAMES)


def screen(s: Session, **changes: object) -> Screen:
    values: dict[str, object] = {"shown": None, "face_before": None, "fresh": False, "motion": True, "pace": "normal"}
    values.update(changes)
    return play_screen(s, **values)  # type: ignore[arg-type]


def to_move(s: Session) -> None:
    """Roll until a person has a choice to make."""
    while not s.is_person_to_choose():
        assert s.roll()


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_the_start_of_a_game(game: str) -> None:
    s = session(game)
    found = screen(s)
    assert found.view == "play" and found.game == game and found.board == GAMES[game].boards[0]
    assert found.title == GAMES[game].title and found.board_svg.startswith("<svg")
    assert found.can_roll and not found.can_hint and not found.can_undo and not found.can_redo and found.undo_shown
    assert found.die is None and found.die_label == "Roll!" and found.die_aria == "Roll the die"
    assert "Ann" in found.status and found.news == "" and found.winner == "" and found.report == ""
    assert found.frames == () and found.announce == "" and found.sound is None and found.labels == ()
    assert found.bot_delay is None and found.pace == "normal" and found.language == "en"
    assert json.loads(found.position)["game"] == game
    assert found.chances == "" and found.standings == ""  # no chances until asked for (a hint, or chances=on)
    assert screen(session(game, "&chances=on")).chances.startswith("Chances:")


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_a_roll_shows_its_face_tumbling_is_announced_and_sounds(game: str) -> None:
    s = session(game)
    shown = s.record.line_count
    to_move(s)
    found = screen(s, shown=shown, fresh=True)
    roll = next(e.action for e in reversed(s.record.entries) if isinstance(e.action, Roll))
    assert found.die == roll.value == die_face(s) and found.tumble and not found.can_roll
    assert found.die_label == f"Rolled {roll.value}" and found.can_hint
    assert found.announce and found.sound in ("roll", "move") and found.labels
    assert all(key and name for key, name in found.labels)
    quiet = screen(s, shown=s.record.line_count, face_before=roll.value)
    assert not quiet.tumble and quiet.announce == "" and quiet.sound is None


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_a_move_walks_with_motion_and_jumps_without(game: str) -> None:
    s = session(game)
    to_move(s)
    choice = s.choices()[0]
    if choice.piece is not None and s.selected != choice.piece:
        s.click(choice.piece)
    assert s.click(choice.field)
    last = s.record.last
    assert last is not None and last.is_move
    walking = screen(s, fresh=True)
    assert walking.frame_ms == PACES["normal"].step and len(walking.frames) == len(s.walk_frames())
    assert screen(s, fresh=True, motion=False).frames == ()
    assert screen(s, fresh=True, pace="instant").frames == ()
    assert screen(s, fresh=False).frames == ()
    assert screen(s).can_undo and screen(s).log[-1].notation == str(last.action)


def test_the_move_list_holds_the_latest_lines_oldest_first() -> None:
    s = Session.from_address("?game=maedn&seats=bot,bot,bot,bot&seed=2", GAMES)
    while s.record.line_count < LOG_LINES + 20:
        assert s.bot_step() is not None
    log = screen(s).log
    assert len(log) == LOG_LINES
    assert [line.index for line in log] == list(range(s.record.line_count - LOG_LINES, s.record.line_count))
    assert log[-1].words == s.record.lines()[-1].words


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_an_empty_move_list_says_so_and_where_the_game_starts(game: str) -> None:
    rules = GAMES[game]
    opened = session(game, "&position=" + rules.format_position(rules.new_game(rules.boards[0], 2)).replace("?", "%3F"))
    found = screen(opened)
    assert found.log == () and found.log_note == "No moves yet: the game starts from the position shown."
    opened.set_language("de")
    assert screen(opened).log_note == "Noch keine Züge: das Spiel beginnt mit der gezeigten Stellung."
    assert opened.roll()
    assert screen(opened).log != () and screen(opened).log_note == ""
    fresh = session(game)  # the board's start, no roll for who starts (the setup says who begins)
    assert fresh.record.line_count == 0 and screen(fresh).log_note == "No moves yet."
    roll = "&options=roll_for_start" if game == "malefiz" else ""  # Mensch ärgere Dich nicht always rolls for it
    rolled_for = Session.from_address(
        f"?game={game}&seats=human,human,human&seed=5{roll}", GAMES
    )  # the roll for who starts is the list's first lines
    assert screen(rolled_for).log != () and screen(rolled_for).log_note == ""


@pytest.mark.parametrize(
    "position",
    [
        "classic r:0.12,6.13,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r4",
        "maedn cross y:0,B,B,B r:B,B,B,B y4",
    ],
)
def test_a_position_opened_with_its_roll_made_shows_that_roll_on_the_die(position: str) -> None:
    game = position.split()[0] if position.startswith("maedn") else "malefiz"
    setup = Setup.from_query(f"?game={game}&seats=human,human&seed=1&position=" + position.replace(" ", "+"), GAMES)
    assert setup is not None
    found = screen(Session(setup))
    assert found.die == 4 and found.die_label == "Rolled 4" and not found.can_roll


@pytest.mark.parametrize(
    ("position", "move"),
    [
        ("classic r:8.1,h,h,h,h y:h,h,h,h,h x:8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11,8.7 r1", "8.1-8.0"),
        ("maedn cross y:37,41,42,43 r:5,B,B,B y3", "y:37-40"),
    ],
)
def test_a_position_won_with_its_first_move_still_shows_the_roll_that_won(position: str, move: str) -> None:
    game = position.split()[0] if position.startswith("maedn") else "malefiz"
    s = Session.from_address(f"?game={game}&seats=human,human&seed=1&position=" + position.replace(" ", "+"), GAMES)
    s.play(s.game.parse_action(move))
    assert s.state.is_over
    found = screen(s)
    assert found.die == int(position[-1]) and found.die_label == f"Rolled {position[-1]}"


def test_a_computer_to_act_sets_the_delay_of_its_pace() -> None:
    s = Session.from_address("?seats=bot,human&seed=3&pace=fast", GAMES)
    found = screen(s, pace="fast")
    assert found.bot_delay == PACES["fast"].roll and not found.can_roll and "thinking" in found.status.lower()
    assert s.bot_step() is not None  # the computer rolled: its move waits the longer time, its die seen first
    assert screen(s, pace="fast").bot_delay == PACES["fast"].act > PACES["fast"].roll


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_a_computers_wait_is_one_until_the_game_or_its_pace_changes(game: str) -> None:
    # The page keeps the time waited while screens ask the same wait (a child pressing Notation through the slow
    # pace held the computer back: every click started its wait again).
    s = Session.from_address(f"?game={game}&seats=bot,bot&seed=3&pace=slow", GAMES)
    first = screen(s, pace="slow")
    assert first.bot_wait and screen(s, pace="slow", notation=True, shown=0, fresh=True).bot_wait == first.bot_wait
    assert screen(s, pace="fast").bot_wait not in ("", first.bot_wait)  # another pace: a wait of its own
    seen = {first.bot_wait}
    while not s.state.is_over and len(seen) < 60:
        s.bot_step()
        wait = screen(s, pace="slow").bot_wait
        assert wait not in seen  # every step of the computer waits anew
        seen.add(wait)
    before = screen(s, pace="slow").bot_wait
    s.take_back(len(s.record) - 2)
    assert screen(s, pace="slow").bot_wait not in ("", before)  # steps taken back: waited anew too
    people = session(game)
    assert screen(people).bot_delay is None and screen(people).bot_wait == ""  # nobody to wait for


def test_the_end_names_the_winner_and_reports() -> None:
    s = Session.from_address("?game=maedn&seats=bot:hard,bot:hard&seed=3", GAMES)
    while not s.state.is_over:
        s.bot_step()
    found = screen(s, shown=s.record.line_count - 1, fresh=True)
    assert found.winner and "wins" in found.winner and "stats-report" in found.report
    assert found.status == "" and found.news == "" and found.sound == "win" and found.bot_delay is None
    assert not found.can_roll and not found.can_hint and found.standings == ""
    assert found.turn_fill == found.turn_tint == ""  # nobody's turn


@pytest.mark.parametrize(
    "address",
    [
        "?game=maedn&board=star&seats=human,bot:easy,human,bot:easy,human,bot:easy&seed=4",
        "?game=malefiz&seats=human,human,bot:easy,human&seed=4",
    ],
)
def test_the_colour_to_act_is_shown_as_its_pieces_are_drawn(address: str) -> None:
    # People sharing a device (a child who cannot read "Mia (yellow): roll the die" yet) see whose turn it is by its
    # colour: the die waiting for the roll and a dot before the status line wear it, a computer's turn too.
    s = Session.from_address(address, GAMES)
    seen = set()
    for _ in range(40):
        found = screen(s)
        assert found.turn_fill == COLOUR_FILL[s.state.current] and found.turn_tint == COLOUR_TINT[s.state.current]
        seen.add(s.state.current)
        if s.is_bot_turn():
            s.bot_step()
        elif s.state.is_chance:
            s.roll()
        else:
            s.play(s.legal()[0])
    assert len(seen) >= 4


def test_undo_off_hides_undo_and_a_storage_that_keeps_nothing_says_so() -> None:
    s = session("malefiz", "&undo=off")
    found = play_screen(s, shown=None, face_before=None, fresh=False, motion=True, pace="normal", saving=False)
    assert not found.undo_shown and found.save_note.startswith("Saving is off")


def test_a_german_screen_speaks_german() -> None:
    s = session("malefiz", "&chances=on")
    s.set_language("de")
    found = screen(s)
    assert found.language == "de" and found.die_label == "Würfeln!" and found.chances.startswith("Gewinnchancen")


@pytest.mark.parametrize(
    ("position", "action", "sound"),
    [
        ("maedn cross y:3,B,B,B r:27,B,B,B y4", "y:3-7", "capture"),  # red's piece goes back: it falls
        ("maedn cross y:3,20,B,B r:27,B,B,B y4 +forced", "y:20-24", "capture"),  # the penalty sends one back too
        ("maedn cross y:3,B,B,B r:27,B,B,B y2", "y:3-5", "move"),
        (
            "classic r:0.13,h,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r2",
            "0.13-0.11",
            "barricade",
        ),
    ],
)
def test_a_capture_and_a_barricade_taken_sound_as_they_are(position: str, action: str, sound: str) -> None:
    game = GAMES[position.split()[0] if position.startswith("maedn") else "malefiz"]
    address = f"?game={game.name}&seats=human,human&position={quote(position)}"
    s = Session.from_address(address, GAMES)
    s.play(game.parse_action(action))
    assert screen(s, shown=0, fresh=True).sound == sound and sound in SOUNDS


def test_between_devices_the_turn_come_here_chimes_and_names_the_tab() -> None:
    # Friends on their own devices look away while the others play: the tab's title says "Your turn" (a tab in the
    # background shows it) and a chime sounds when the turn comes to this device's person from another device.
    s = Session.from_address("?game=maedn&seats=human,remote&names=Ann,Bob&first=yellow&seed=5", GAMES)
    s.mine = frozenset({1})  # Bob's device (his seat a remote one in the host's setup); Ann's actions arrive
    assert not s.turn_here() and screen(s).tab_title == "Mensch ärgere Dich nicht" == screen(s).title
    while s.state.current == "yellow":  # Ann's turn, played on her device
        marks = s.marks()  # her choices are marked on her device only: Bob's board does not look like his turn
        assert not marks.movable and not marks.targets and screen(s).labels == ()
        s.play(s.game.roll(3) if s.state.is_chance else s.legal()[0])
    found = screen(s, shown=s.record.line_count - 1, fresh=True)
    assert s.turn_here() and found.sound == "turn" and found.tab_title == "Your turn · Mensch ärgere Dich nicht"
    assert found.buzz == BUZZ  # felt in a pocket too, and with the sound off
    assert found.title == "Mensch ärgere Dich nicht"  # the page's heading stays the game's name
    assert s.roll()  # Bob rolls here: no chime for his own roll
    assert screen(s, shown=s.record.line_count - 1, fresh=True).sound == "roll"
    assert screen(s, shown=s.record.line_count - 1, fresh=True).buzz == ()  # his own roll: no buzz
    s.mine = None  # one device for both: the turn never comes from elsewhere
    assert not s.turn_here() and screen(s).tab_title == screen(s).title
    german = Session.from_address("?game=malefiz&seats=human,human&seed=5", GAMES, "de")
    german.mine = frozenset({0})
    assert screen(german).tab_title == "Du bist dran · Malefiz"


def test_every_sound_has_notes() -> None:
    assert set(SOUNDS) == set(get_args(Sound)) and all(SOUNDS.values())


def test_the_places_decided_so_far_are_shown_while_the_others_play_on() -> None:
    s = Session.from_address("?game=maedn&seats=human,human,human&names=Ann,Bob,Cid&first=yellow&seed=5", GAMES)
    s.state = parse_position("maedn cross y:0,17,B,B g:40,41,42,43 r:25,B,B,B finished:g y?")
    found = screen(s)
    assert found.standings == "Places: 1. Bob (green)" and found.winner == "" and found.can_roll
    assert found.frame_ms == PACES["normal"].step and not s.people_placed()


def test_once_every_person_has_a_place_the_computers_play_out_the_rest_at_once() -> None:
    query = "?game=maedn&seats=bot:easy,human,bot:easy&names=,Bob,&first=yellow&seed=5&pace=slow"
    s = Session.from_address(query, GAMES)
    s.state = parse_position("maedn cross y:0,17,B,B g:40,41,42,43 r:25,B,B,B finished:g y?")
    assert s.people_placed() and s.is_bot_turn()
    found = play_screen(s, shown=None, face_before=None, fresh=True, motion=True, pace="slow")
    assert found.bot_delay == 0 and found.frame_ms == 0 and not found.frames
    assert found.standings == "Places: 1. Bob (green). Everyone has a place: the computers play out the rest at once."
    while not s.state.is_over:  # and they do, to the end
        assert s.is_bot_turn()
        for _ in s.bot_turn():
            pass
    assert not s.people_placed() and len(s.state.ranking) == 3
    s.state = parse_position("maedn cross y:0,17,B,B g:40,41,42,43 r:25,B,B,B finished:g y?")
    s.setup = Session.from_address(query.replace("bot:easy,human", "human,human"), GAMES).setup
    assert not s.people_placed()  # Ann (yellow) still plays


def test_a_roll_that_could_not_be_used_stays_on_the_die_until_the_next_roll() -> None:
    s = session("maedn", "&position=maedn+cross+y:B,B,B,B+r:B,B,B,B+y%3F")  # all in the house: only a 6 helps
    for _ in range(30):
        if not s.state.is_chance:
            s.play(s.choices()[0].action)
            continue
        assert s.roll()
        if s.state.is_chance and not s.record.entries[-1].is_move:
            break
    else:
        raise AssertionError("no unused roll in 30 rolls")
    value = next(e.action.value for e in reversed(s.record.entries) if isinstance(e.action, Roll))
    found = screen(s, shown=s.record.line_count, fresh=True)
    assert found.can_roll and found.die == value != 6 and found.die_label == "Roll!"
    s2 = session("malefiz")
    to_move(s2)
    choice = s2.choices()[0]
    s2.play(choice.action)
    while not s2.state.is_chance:
        s2.play(s2.choices()[0].action)
    assert screen(s2).die is None  # a roll that was used: blank for the next roll


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_chances_show_after_a_hint_in_seat_order(game: str) -> None:
    s = session(game)
    to_move(s)
    assert screen(s).chances == ""
    assert s.hint()
    shown = screen(s).chances
    assert shown.index("Ann") < shown.index("Bob")  # seat order, whoever is likelier
    s.new_game()
    assert screen(s).chances == ""


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_a_hint_stands_on_its_own_line_in_the_language_spoken_until_the_person_acts(game: str) -> None:
    s = session(game)
    to_move(s)
    before = screen(s)
    assert before.hint == "" and s.hint_text() == ""
    assert s.hint()
    found = screen(s)
    lines = s.hint_lines()
    assert 1 <= len(lines) <= 3 and all(line.endswith("%)") for line in lines)
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    assert found.hint == f'<p class="hint-head">Best moves:</p><ol>{items}</ol>'
    assert s.hint_text() == f"Best moves: {'; '.join(lines)}." and "Chances" not in s.hint_text()
    assert found.news == before.news and found.status == before.status  # what happened and what to do stay put
    assert found.chances.startswith("Chances: ")
    s.set_language("de")
    assert screen(s).hint.startswith('<p class="hint-head">Die besten Züge:</p><ol><li>')
    assert s.hint_text().startswith("Die besten Züge: ") and "%)" in s.hint_text()
    s.play(s.choices()[0].action)
    assert screen(s).hint == "" and screen(s).chances.startswith("Gewinnchancen: ")


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_the_board_numbers_the_hints_moves_as_its_list_does(game: str) -> None:
    s = session(game)
    to_move(s)
    assert 'class="rank"' not in s.svg()
    assert s.hint()
    best = s.rated()[:3]
    fields = [s.face.choice(s.state, r.action)[1] for r in best]
    root = ET.fromstring(s.svg())
    ranks = [g for g in root.iter(f"{SVG}g") if g.get("class") == "rank"]
    assert len(ranks) == len(set(fields)) >= 1
    assert all(g.get("aria-hidden") == "true" and g.get("pointer-events") == "none" for g in ranks)
    labels = sorted("".join(g.itertext()) for g in ranks)
    assert labels == sorted(",".join(str(i) for i, f in enumerate(fields, 1) if f == field) for field in set(fields))
    assert list(root)[-1].get("class") == "rank"  # drawn last: above the pieces
    s.play(s.choices()[0].action)
    assert 'class="rank"' not in s.svg()  # gone with the hint


def test_the_form_asks_for_the_chances() -> None:
    from malefiz.page import query_from_form, setup_form

    assert 'name="chances" value="on"' in setup_form()
    query = query_from_form([("game", "malefiz"), ("kind-red", "human"), ("kind-yellow", "human"), ("chances", "on")])
    setup = Setup.from_query(query, GAMES)
    assert setup is not None and setup.chances and Setup.from_query(setup.to_query(), GAMES) == setup
    with pytest.raises(MalefizError, match="chances"):
        Setup.from_query("?seats=human,human&chances=maybe", GAMES)


def test_the_form_offers_forced_moves_as_each_game_has_them() -> None:
    from malefiz.page import query_from_form

    seats = [("kind-yellow", "human"), ("kind-red", "human")]
    plain = query_from_form([("game", "maedn"), *seats, ("forced", "off"), ("forced", "on")])
    off = query_from_form([("game", "maedn"), *seats, ("forced", "off")])
    assert "forced" not in plain and "forced=off" in off
    on = query_from_form(
        [("game", "malefiz"), ("kind-red", "human"), ("kind-blue", "human"), ("forced", "off"), ("forced", "on")]
    )
    setup = Setup.from_query(on, GAMES)
    assert "forced=on" in on and setup is not None and setup.forced is True
    assert Setup.from_query(setup.to_query(), GAMES) == setup


def test_a_choice_of_place_is_aimed_at_the_moving_piece_and_its_targets() -> None:
    position = "classic r:0.12,h,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r1"
    s = Session.from_address(f"?seats=human,human&seed=1&position={position}", GAMES)
    assert screen(s).aim == ()  # two pawns could move: no place to choose yet
    assert s.click("0.12")
    assert screen(s).aim == ("0.12", "0.11", "0.13")
    assert s.click("0.11")  # onto the barricade: it is taken and waits for its field
    found = screen(s).aim
    assert found[0] == "0.11" and len(found) > 40
    assert not any(key.endswith(".13") for key in found[1:])  # never the bottom row
    assert set(found[1:]) == {c.field for c in s.choices()}


def test_a_hint_before_a_piece_is_chosen_is_aimed_at_the_fields_it_numbers() -> None:
    position = "classic r:0.12,h,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r1"
    s = Session.from_address(f"?seats=human,human&seed=1&position={position}", GAMES)
    assert s.hint() and s.selected is None
    numbered = tuple(dict.fromkeys(s.marks().ranked))
    assert screen(s).aim == numbered and len(numbered) >= 2  # a phone zooms round them: their numbers can be read
    assert s.click("0.12")  # a piece chosen: its targets, as without the hint
    assert screen(s).aim == ("0.12", "0.11", "0.13")


def test_nothing_is_aimed_at_before_the_roll_and_once_the_piece_is_chosen_for_its_target() -> None:
    s = session("maedn", "&forced=off")
    assert screen(s).aim == ()
    to_move(s)
    found = screen(s).aim
    assert found == () or (found[0] == s.selected and set(found[1:]) <= {c.field for c in s.choices()})


def test_a_roll_that_cannot_be_moved_is_said_once() -> None:
    """The move list has the roll and the pass; a screen reader hears "rolled a 2 and cannot move" once."""
    for seed in range(1, 30):
        s = session("maedn", f"&position=maedn cross y:B,B,B,B r:0,B,B,B y?&seed={seed}")
        shown = s.record.line_count
        assert s.roll()
        if s.state.current == "red":  # not a 6: nothing to move, and the turn has passed
            break
    words = [line.words for line in screen(s).log]
    found = screen(s, shown=shown, fresh=True)
    assert words[-1].endswith(" and cannot move") and words[-2] in words[-1]  # both lines listed
    assert found.announce == words[-1] and found.announce.count("rolled") == 1
