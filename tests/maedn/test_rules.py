"""One test per rule of RULES.md ("Mensch ärgere Dich nicht") and per variant, positions in one-line notation.

Cross board: 40 track fields; yellow's A field is track index 0, green's 10, red's 20,
black's 30, so yellow's place 15 is green's 5, red's 35 and black's 25. Goal fields a..d
are places 40..43. Star board: 48 track fields, A fields 8 apart (yellow, black, blue,
red, green, purple), goal fields 48..51.
"""

from __future__ import annotations

import pytest

from malefiz.core.actions import PASS, ROLLS
from malefiz.core.errors import IllegalActionError, InvalidPositionError
from malefiz.games.maedn.notation import parse_position
from malefiz.games.maedn.rules import apply, legal_actions, may_roll_three_times, new_game, penalty
from malefiz.games.maedn.state import Action, Options, Phase, move
from tests.maedn.helpers import actions, play, pos

# Rule 1: four pieces each, one on A, three on B.


@pytest.mark.parametrize(
    ("board", "players", "text"),
    [
        ("cross", 2, "maedn cross y:0,B,B,B r:0,B,B,B y?"),
        ("cross", 3, "maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B y?"),
        ("cross", 4, "maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:0,B,B,B y?"),
        ("star", 2, "maedn star y:0,B,B,B r:0,B,B,B y?"),
        ("star", 3, "maedn star y:0,B,B,B b:0,B,B,B g:0,B,B,B y?"),
        ("star", 6, "maedn star y:0,B,B,B k:0,B,B,B b:0,B,B,B r:0,B,B,B g:0,B,B,B p:0,B,B,B y?"),
    ],
)
def test_setup_one_piece_on_a_three_on_b(board: str, players: int, text: str) -> None:
    s = new_game(board, players)
    assert str(s) == text
    assert s.is_chance and not s.is_over and s.ranking == ()
    assert len(s.seats) == players


def test_player_counts_are_checked() -> None:
    for board, players in [("cross", 1), ("cross", 5), ("star", 7), ("star", 1)]:
        with pytest.raises(InvalidPositionError):
            new_game(board, players)


def test_players_are_a_count_or_the_seats_colours() -> None:
    assert new_game() == new_game("cross", 2) == new_game("cross", ("yellow", "red"))
    assert str(new_game("star", ["red", "yellow"])) == "maedn star y:0,B,B,B r:0,B,B,B seats:r,y r?"
    assert str(new_game("star", ["red", "yellow"], first="yellow")).endswith(" y?")
    assert new_game("cross", ["green", "yellow"], two_colours=True).seats == (("green", "black"), ("yellow", "red"))
    assert new_game("cross", ["red", "green", "black"], neutral=True).neutral == "yellow"
    for players in (["yellow"], ["yellow", "yellow"], ["yellow", "purple"], "yellow", ["yellow", "green", "red"]):
        with pytest.raises(InvalidPositionError):
            new_game("cross", players, two_colours=players == ["yellow", "green", "red"])


# Rule 2: who starts (set before the game) and clockwise play.


def test_play_goes_clockwise_from_the_first_colour() -> None:
    s = new_game("star", 3, first="blue")
    assert s.current == "blue"
    s = play(s, "d2", "b:0-2")
    assert s.current == "green"
    s = play(s, "d1", "g:0-1")
    assert s.current == "yellow"
    with pytest.raises(InvalidPositionError):
        new_game("star", 3, first="red")


# Rule 3: move by the roll; pieces are passed over and counted.


def test_pieces_are_passed_over_and_counted() -> None:
    s = pos("maedn cross y:10,B,B,B g:2,3,B,B y5")  # green's 2 and 3 are yellow's 12 and 13
    assert actions(s) == {"y:10-15"}
    assert str(apply(s, move("yellow", 10, 15))) == "maedn cross y:15,B,B,B g:2,3,B,B g?"


# Rule 4: capturing; never forced; not on an own piece.


def test_ending_on_an_opponent_captures_it() -> None:
    s = play(pos("maedn cross y:10,B,B,B g:2,B,B,B y2"), "y:10-12")
    assert str(s) == "maedn cross y:12,B,B,B g:B,B,B,B g?"


def test_capturing_is_never_forced() -> None:
    assert actions(pos("maedn cross y:3,10,B,B g:2,B,B,B y2")) == {"y:3-5", "y:10-12"}


def test_a_piece_may_not_end_on_an_own_piece() -> None:
    assert actions(pos("maedn cross y:3,5,B,B r:B,B,B,B y2")) == {"y:5-7"}


# Rule 5: while pieces wait on B, the piece on A leaves A as soon as it can.


def test_the_a_piece_must_leave_a_with_any_roll() -> None:
    assert actions(pos("maedn cross y:0,17,B,B r:B,B,B,B y4")) == {"y:0-4"}


def test_the_a_duty_lapses_when_the_a_piece_is_blocked() -> None:
    assert actions(pos("maedn cross y:0,4,B,B r:B,B,B,B y4")) == {"y:4-8"}


def test_no_a_duty_once_nothing_waits_on_b() -> None:
    assert actions(pos("maedn cross y:0,17,25,33 r:B,B,B,B y4")) == {"y:0-4", "y:17-21", "y:25-29", "y:33-37"}


# Rule 6: a 6 brings a piece from B onto A; the own piece on A moves first.


def test_a_six_must_bring_a_waiting_piece_in() -> None:
    assert actions(pos("maedn cross y:12,B,B,B r:B,B,B,B y6")) == {"y:B-0"}


def test_entering_captures_an_opponent_on_a() -> None:
    s = play(pos("maedn cross y:12,B,B,B r:20,B,B,B y6"), "y:B-0")  # red's 20 is yellow's A field
    assert str(s) == "maedn cross y:0,12,B,B r:B,B,B,B y?"


def test_with_a_six_the_own_piece_on_a_moves_first() -> None:
    assert actions(pos("maedn cross y:0,12,B,B r:B,B,B,B y6")) == {"y:0-6"}


def test_no_six_no_entering() -> None:
    assert actions(pos("maedn cross y:B,B,B,B r:5,B,B,B y5")) == {"pass"}


# Rule 7: a 6 gives another roll, again and again; not after bringing the last piece home.


def test_a_six_gives_another_roll() -> None:
    s = play(pos("maedn cross y:0,12,B,B r:B,B,B,B y6"), "y:0-6")
    assert str(s) == "maedn cross y:6,12,B,B r:B,B,B,B y?"
    s = play(s, "d6", "y:B-0", "d6", "y:12-18")  # the A piece is blocked by the piece on 6
    assert str(s) == "maedn cross y:0,6,18,B r:B,B,B,B y?"


def test_a_six_that_allows_no_move_still_gives_another_roll() -> None:
    s = pos("maedn cross y:37,41,42,43 r:5,B,B,B y6")
    assert actions(s) == {"pass"}
    assert str(apply(s, PASS)) == "maedn cross y:37,41,42,43 r:5,B,B,B y?"


def test_no_further_roll_after_the_six_that_brings_the_last_piece_home() -> None:
    s = play(pos("maedn cross y:37,40,41,42 g:5,B,B,B r:5,B,B,B y6"), "y:37-43")
    assert str(s) == "maedn cross y:40,41,42,43 g:5,B,B,B r:5,B,B,B finished:y g?"


# Rule 8: the goal.


def test_the_goal_is_entered_field_by_field_after_a_full_lap() -> None:
    assert actions(pos("maedn cross y:38,B,B,B r:B,B,B,B y3")) == {"y:38-41"}
    assert actions(pos("maedn cross y:39,B,B,B r:B,B,B,B y1")) == {"y:39-40"}


def test_pieces_may_pass_each_other_in_the_goal() -> None:
    assert actions(pos("maedn cross y:39,40,B,B r:B,B,B,B y3")) == {"y:39-42", "y:40-43"}


def test_a_roll_that_overshoots_the_goal_cannot_be_used() -> None:
    assert actions(pos("maedn cross y:39,B,B,B r:B,B,B,B y5")) == {"pass"}


def test_goal_pieces_move_up_by_exact_count_only() -> None:
    assert actions(pos("maedn cross y:41,B,B,B r:5,B,B,B y2")) == {"y:41-43"}
    assert actions(pos("maedn cross y:41,B,B,B r:5,B,B,B y3")) == {"pass"}


def test_no_piece_enters_another_colours_goal() -> None:
    # green's 28 is track 38, just before yellow's goal: green walks on along the track
    assert actions(pos("maedn cross y:B,B,B,B g:28,B,B,B g4")) == {"g:28-32"}


# Rule 9: the first home wins; the others play on for a full ranking.


def test_finished_colours_are_skipped_and_the_others_play_on() -> None:
    s = play(pos("maedn cross y:40,41,42,43 g:5,B,B,B r:7,B,B,B finished:y r3"), "r:7-10")
    assert s.current == "green" and s.ranking == ((0,),)
    s = play(s, "d1", "g:5-6")
    assert s.current == "red"


def test_the_game_ends_when_one_player_is_left() -> None:
    s = play(pos("maedn cross y:40,41,42,43 g:39,41,42,43 r:5,B,B,B finished:y g1"), "g:39-40")
    assert str(s) == "maedn cross y:40,41,42,43 g:40,41,42,43 r:5,B,B,B finished:y,g g*"
    assert s.is_over and s.ranking == ((0,), (1,), (2,))
    assert legal_actions(s) == []


def test_two_players_end_when_the_first_is_home() -> None:
    s = play(pos("maedn star y:47,48,49,50 r:5,B,B,B y4"), "y:47-51")
    assert s.is_over and s.ranking == ((0,), (1,))


# Reading ties: a roll with no legal move passes the turn.


def test_no_legal_move_passes() -> None:
    s = pos("maedn cross y:B,B,B,B r:5,B,B,B y3")
    assert legal_actions(s) == [PASS]
    assert str(apply(s, PASS)) == "maedn cross y:B,B,B,B r:5,B,B,B r?"


# Bad input is refused and the position stays as it was.


def test_illegal_actions_are_refused_with_the_action_the_reason_and_the_position() -> None:
    text = "maedn cross y:3,10,B,B g:2,B,B,B y2"
    s = pos(text)
    cases: list[tuple[Action, str]] = [
        (move("yellow", 3, 6), "not among the legal moves"),
        (move("green", 2, 4), "not among the legal moves"),
        (PASS, "may not pass"),
        (ROLLS[2], "must move a piece"),
    ]
    for bad, why in cases:
        with pytest.raises(IllegalActionError, match=why) as info:
            apply(s, bad)
        assert str(bad) in str(info.value) and text in str(info.value)
    assert str(s) == text
    with pytest.raises(IllegalActionError, match="must roll"):
        apply(pos("maedn cross y:3,10,B,B g:2,B,B,B y?"), PASS)
    with pytest.raises(IllegalActionError, match="over"):
        apply(pos("maedn star y:48,49,50,51 r:5,B,B,B finished:y y*"), ROLLS[0])


# Variant: fewer than 4 players, two colours each.


def test_two_colours_each_take_turns_colour_by_colour() -> None:
    s = new_game("cross", 2, two_colours=True)
    assert s.seats == (("yellow", "red"), ("green", "black"))
    assert str(s) == "maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:0,B,B,B seats:yr,gk y?"
    order = []
    for colour in "ygrk":
        order.append((s.current, s.current_seat))
        s = play(s, "d1", f"{colour}:0-1")
    assert order == [("yellow", 0), ("green", 1), ("red", 0), ("black", 1)]
    with pytest.raises(InvalidPositionError):
        new_game("cross", 3, two_colours=True)
    with pytest.raises(InvalidPositionError):
        new_game("star", 2, two_colours=True)


def test_two_colours_the_partner_colour_can_be_captured() -> None:
    s = play(pos("maedn cross y:15,B,B,B g:B,B,B,B r:38,B,B,B k:B,B,B,B seats:yr,gk y3"), "y:15-18")
    assert s.pieces_of("red") == (-1, -1, -1, -1)


def test_two_colours_a_player_is_placed_when_both_colours_are_home() -> None:
    s = pos("maedn cross y:40,41,42,43 g:5,B,B,B r:39,41,42,43 k:5,B,B,B seats:yr,gk finished:y r4")
    assert s.ranking == ()
    s = apply(s, PASS)
    assert s.current == "black"
    s = play(s, "d1", "k:5-6", "d1", "g:5-6")
    assert s.current == "red"  # yellow is home and skipped
    s = play(s, "d1", "r:39-40")
    assert s.is_over and s.finished_colours == ("yellow", "red") and s.ranking == ((0,), (1,))


# Variant: three players, the fourth colour neutral.


def test_neutral_the_player_moves_his_colour_or_the_neutral_one() -> None:
    s = new_game("cross", 3, neutral=True)
    assert str(s) == "maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:0,B,B,B neutral:k y?"
    assert actions(play(s, "d3")) == {"y:0-3", "k:0-3"}
    s = play(s, "d3", "k:0-3")
    assert s.current == "green" and s.current_seat == 1


def test_neutral_pieces_capture_and_are_captured() -> None:
    # black's 0 is track 30; green's 23 is track 33
    s = play(pos("maedn cross y:5,B,B,B g:23,B,B,B r:B,B,B,B k:0,B,B,B neutral:k y3"), "k:0-3")
    assert s.pieces_of("green") == (-1, -1, -1, -1)
    s = play(pos("maedn cross y:27,B,B,B g:B,B,B,B r:B,B,B,B k:0,B,B,B neutral:k y3"), "y:27-30")
    assert s.pieces_of("black") == (-1, -1, -1, -1)


def test_neutral_a_player_whose_colour_is_home_keeps_moving_neutral_pieces() -> None:
    s = pos("maedn cross y:40,41,42,43 g:5,B,B,B r:7,B,B,B k:10,B,B,B neutral:k finished:y y3")
    assert actions(s) == {"k:10-13"}
    assert s.ranking == ()  # not placed before the neutral pieces are home
    s = play(s, "k:10-13", "d1", "g:5-6", "d1", "r:7-8")
    assert s.current == "yellow"


def test_neutral_the_one_who_brings_the_last_neutral_piece_home_is_placed_first() -> None:
    s = pos("maedn cross y:40,41,42,43 g:40,41,42,43 r:7,B,B,B k:39,41,42,43 neutral:k finished:y,g g1")
    s = play(s, "k:39-40")
    assert str(s) == "maedn cross y:40,41,42,43 g:40,41,42,43 r:7,B,B,B k:40,41,42,43 neutral:k finished:g,y g*"
    assert s.ranking == ((1,), (0,), (2,))


def test_neutral_the_others_are_placed_clockwise_from_the_one_who_brings_it_home() -> None:
    s = pos("maedn cross y:40,41,42,43 g:40,41,42,43 r:7,B,B,B k:39,41,42,43 neutral:k finished:g,y r1")
    s = play(s, "k:39-40")
    assert s.is_over and s.finished_colours == ("yellow", "green") and s.ranking == ((0,), (1,), (2,))


def test_neutral_bringing_the_last_neutral_piece_home_with_a_six() -> None:
    # a player still playing his own colour rolls again; one whose colour is home has nothing left to move
    s = play(pos("maedn cross y:5,B,B,B g:5,B,B,B r:8,B,B,B k:37,40,41,42 neutral:k y6"), "k:37-43")
    assert str(s) == "maedn cross y:5,B,B,B g:5,B,B,B r:8,B,B,B k:40,41,42,43 neutral:k y?"
    s = pos("maedn cross y:40,41,42,43 g:5,B,B,B r:8,B,B,B k:37,40,41,42 neutral:k finished:y y6")
    s = play(s, "k:37-43")
    assert s.current == "green" and s.ranking == ((0,),) and not s.is_over


def test_neutral_three_rolls_only_when_neither_colour_could_move() -> None:
    s = pos("maedn cross y:B,B,B,B g:5,B,B,B r:7,B,B,B k:B,B,B,B neutral:k y3 +three")
    assert may_roll_three_times(s) and str(apply(s, PASS)).endswith("y?/2 +three")
    s = pos("maedn cross y:B,B,B,B g:5,B,B,B r:7,B,B,B k:41,B,B,B neutral:k y3 +three")
    assert not may_roll_three_times(s) and apply(s, PASS).current == "green"


def test_neutral_only_with_three_players_on_the_cross() -> None:
    for board, players in [("cross", 4), ("cross", 2), ("star", 3)]:
        with pytest.raises(InvalidPositionError):
            new_game(board, players, neutral=True)


# Variant: backward capture.


def test_backward_capture_of_a_lone_opponent_behind() -> None:
    s = pos("maedn cross y:15,B,B,B r:32,B,B,B y3 +back")  # red's 32 is track 12
    assert actions(s) == {"y:15-12", "y:15-18"}
    assert play(s, "y:15-12").pieces_of("red") == (-1, -1, -1, -1)
    assert actions(pos("maedn cross y:15,B,B,B r:32,B,B,B y3")) == {"y:15-18"}  # option off


def test_backward_only_to_capture() -> None:
    assert actions(pos("maedn cross y:15,B,B,B r:B,B,B,B y3 +back")) == {"y:15-18"}


def test_backward_never_onto_or_over_the_own_a_field() -> None:
    assert actions(pos("maedn cross y:3,B,B,B k:10,B,B,B y3 +back")) == {"y:3-6"}  # black's 10 is track 0
    assert actions(pos("maedn cross y:4,B,B,B k:11,B,B,B y3 +back")) == {"y:4-1", "y:4-7"}


def test_backward_the_duties_come_first() -> None:
    assert actions(pos("maedn cross y:0,15,B,B r:32,B,B,B y3 +back")) == {"y:0-3"}


def test_backward_no_piece_leaves_the_goal() -> None:
    assert actions(pos("maedn cross y:41,B,B,B r:18,B,B,B y3 +back")) == {"pass"}


# Variant: three rolls.


def test_three_rolls_when_no_piece_can_move() -> None:
    s = pos("maedn cross y:B,B,B,B r:5,B,B,B y? +three")
    s = play(s, "d3", "pass")
    assert str(s) == "maedn cross y:B,B,B,B r:5,B,B,B y?/2 +three"
    s = play(s, "d2", "pass")
    assert str(s) == "maedn cross y:B,B,B,B r:5,B,B,B y?/3 +three"
    s = play(s, "d4", "pass")
    assert str(s) == "maedn cross y:B,B,B,B r:5,B,B,B r? +three"


def test_three_rolls_a_six_ends_the_series() -> None:
    s = play(pos("maedn cross y:B,B,B,B r:5,B,B,B y?/2 +three"), "d6", "y:B-0")
    assert str(s) == "maedn cross y:0,B,B,B r:5,B,B,B y? +three"


def test_three_rolls_not_with_a_piece_on_the_track() -> None:
    s = pos("maedn cross y:39,B,B,B r:5,B,B,B y5 +three")
    assert not may_roll_three_times(s) and play(s, "pass").current == "red"
    with pytest.raises(InvalidPositionError, match="attempt"):
        pos("maedn cross y:5,B,B,B r:5,B,B,B y?/2 +three")


def test_three_rolls_not_with_a_goal_piece_that_could_move_up() -> None:
    s = play(pos("maedn cross y:41,B,B,B r:5,B,B,B y3 +three"), "pass")
    assert s.current == "red"
    s = play(pos("maedn cross y:43,B,B,B r:5,B,B,B y3 +three"), "pass")
    assert str(s) == "maedn cross y:43,B,B,B r:5,B,B,B y?/2 +three"


def test_three_rolls_off_by_default() -> None:
    assert apply(pos("maedn cross y:B,B,B,B r:5,B,B,B y3"), PASS).current == "red"


# Variant: no jumping in the goal.


def test_no_jumping_in_the_goal_entering_and_moving_up() -> None:
    assert actions(pos("maedn cross y:38,40,B,B r:B,B,B,B y4 +nojump")) == {"pass"}
    assert actions(pos("maedn cross y:40,42,B,B r:B,B,B,B y3 +nojump")) == {"pass"}
    assert actions(pos("maedn cross y:40,42,B,B r:B,B,B,B y3")) == {"y:40-43"}
    assert actions(pos("maedn cross y:40,42,B,B r:B,B,B,B y1 +nojump")) == {"y:40-41", "y:42-43"}


# Variant: barriers.


def test_barriers_two_pieces_of_a_colour_share_a_field() -> None:
    s = play(pos("maedn star y:B,B,B,B b:5,8,B,B b3 +barriers"), "b:5-8")
    assert s.pieces_of("blue") == (-1, -1, 8, 8)
    with pytest.raises(InvalidPositionError, match="barriers option is off"):
        pos("maedn star y:B,B,B,B b:8,8,B,B b3")


def test_barriers_no_third_piece_joins() -> None:
    assert actions(pos("maedn cross y:5,8,8,B r:B,B,B,B y3 +barriers")) == {"y:8-11"}


def test_barriers_nothing_passes_or_captures_a_barrier() -> None:
    assert actions(pos("maedn cross y:8,B,B,B r:32,32,B,B y4 +barriers")) == {"pass"}  # red's 32 is track 12
    assert actions(pos("maedn cross y:8,B,B,B r:32,32,B,B y5 +barriers")) == {"pass"}
    assert actions(pos("maedn cross y:8,B,B,B r:32,32,B,B y3 +barriers")) == {"y:8-11"}


def test_barriers_stop_backward_moves_too() -> None:
    assert actions(pos("maedn cross y:15,B,B,B r:32,32,B,B y3 +back +barriers")) == {"y:15-18"}


def test_barriers_the_owner_cannot_pass_his_own() -> None:
    assert actions(pos("maedn cross y:7,10,10,B r:B,B,B,B y5 +barriers")) == {"y:10-15"}


def test_barriers_not_on_the_own_a_field() -> None:
    with pytest.raises(InvalidPositionError, match="own A field"):
        pos("maedn cross y:0,0,B,B r:B,B,B,B y3 +barriers")


def test_barriers_another_colours_barrier_on_my_a_stops_entering() -> None:
    assert actions(pos("maedn cross y:B,B,B,B r:20,20,B,B y6 +barriers")) == {"pass"}


# Variant: forced capture.


def test_forced_capture_lists_every_move_and_penalises_the_piece_that_could_have_captured() -> None:
    s = pos("maedn star y:3,20,B,B k:47,B,B,B y4 +forced")  # black's 47 is track 7
    assert actions(s) == {"y:3-7", "y:20-24"}
    m = move("yellow", 20, 24)
    assert penalty(s, m) == ("yellow", 3)
    assert str(apply(s, m)) == "maedn star y:24,B,B,B k:47,B,B,B k? +forced"
    assert penalty(s, move("yellow", 3, 7)) is None
    assert play(s, "y:3-7").pieces_of("black") == (-1, -1, -1, -1)


def test_forced_capture_of_several_the_one_that_has_come_furthest() -> None:
    s = pos("maedn cross y:3,10,20,B r:25,32,B,B y2 +forced")  # red's 25 and 32 are track 5 and 12
    assert penalty(s, move("yellow", 20, 22)) == ("yellow", 10)
    assert play(s, "y:20-22").pieces_of("yellow") == (-1, -1, 3, 22)


def test_forced_capture_the_piece_that_moved_goes_back_from_where_it_arrived() -> None:
    s = pos("maedn cross y:15,B,B,B r:32,B,B,B y3 +back +forced")
    assert penalty(s, move("yellow", 15, 18)) == ("yellow", 18)
    assert play(s, "y:15-18").pieces_of("yellow") == (-1, -1, -1, -1)


def test_forced_capture_the_penalised_six_still_gives_another_roll() -> None:
    s = play(pos("maedn cross y:3,20,30,37 r:29,B,B,B y6 +forced"), "y:20-26")  # red's 29 is track 9
    assert str(s) == "maedn cross y:26,30,37,B r:29,B,B,B y? +forced"


def test_forced_capture_off_by_default() -> None:
    s = pos("maedn star y:3,20,B,B k:47,B,B,B y4")
    assert penalty(s, move("yellow", 20, 24)) is None
    assert play(s, "y:20-24").pieces_of("yellow") == (-1, -1, 3, 24)


def test_every_option_at_once() -> None:
    opts = Options(True, True, True, True, True)
    s = new_game("cross", 4, opts)
    assert str(s).endswith("y? +back +three +nojump +barriers +forced")
    assert s.phase is Phase.ROLL and s.options == opts


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("maedn cross y:40,41,42,43 r:40,41,42,43 finished:y,r r*", "a game ends when one seat is left"),
        ("maedn cross y:40,41,42,43 r:0,B,B,B finished:y r*", "did not end with red's move"),
        ("maedn cross y:40,41,42,43 r:0,B,B,B g:40,41,42,43 finished:y,g y*", "did not end with yellow's move"),
    ],
)
def test_an_end_position_no_move_can_make_is_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        parse_position(text)


def test_end_positions_that_a_move_makes_are_read() -> None:
    assert parse_position("maedn cross y:40,41,42,43 r:0,B,B,B finished:y y*").is_over
    assert parse_position("maedn cross y:40,41,42,43 r:0,B,B,B g:40,41,42,43 finished:y,g g*").is_over
