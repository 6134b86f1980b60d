"""Hand-built positions for the rules a first audit did not check by hand: the fast board's rest fields, village and
forest, barricade placement (with its options), and Mensch ärgere Dich nicht's neutral colour and two colours each.

Fast board (see boards/malefiz-fast.txt): goal 5.0, village rows 1..3, forest exit 5.5, rest fields
4.2 6.2 2.4 8.4 5.5 0.7 2.7 5.7 8.7 10.7, bottom row 8, red's exit 1.8. Rows 7 and 8 meet only at
x = 0, 2, 5, 8, 10. Cross board of Mensch ärgere Dich nicht: yellow's A is track 0, green's 10,
red's 20, black's 30; a colour's place p is track (A + p) mod 40, goal fields 40..43.
"""

from __future__ import annotations

import pytest

from malefiz.core.actions import PASS
from malefiz.core.errors import IllegalActionError
from malefiz.games.maedn import rules as md
from malefiz.games.maedn.state import Phase as MdPhase
from malefiz.games.malefiz import rules as mf
from malefiz.games.malefiz.board import FOREST, HOUSE, field
from malefiz.games.malefiz.state import Move, Phase, Place, Roll
from tests.maedn import helpers as mdh
from tests.malefiz.helpers import FAST_START, actions, play, pos

B = -1  # a Mensch ärgere Dich nicht piece waiting on its B fields

# ---------------------------------------------------------------------------------------------
# 1. Das schnelle Malefiz: rest fields


def test_fast_empty_rest_fields_are_ordinary_ends() -> None:
    # RULES: "blue rest fields, where a pawn is safe" -- an empty rest field may be moved onto
    s = pos(f"fast r:1.8,h,h,h y:h,h,h,h x:{FAST_START} r2")
    assert actions(s, "1.8") == {"1.8-0.7", "1.8-2.7", "1.8-3.8"}


def test_fast_occupied_rest_field_is_no_end_but_may_be_passed() -> None:
    # RULES: "only one pawn may stand" on a rest field; "Pawns (any colour) may be passed over"
    s = pos(f"fast r:1.8,h,h,h y:2.7,h,h,h x:{FAST_START} r2")
    assert actions(s, "1.8") == {"1.8-0.7", "1.8-3.8"}
    s = pos(f"fast r:1.8,h,h,h y:2.7,h,h,h x:{FAST_START} r4")
    # 2.7 (via 0.8 0.7 1.7) is refused; 3.5 and 4.7 pass yellow on 2.7
    assert actions(s, "1.8") == {"1.8-0.7", "1.8-3.5", "1.8-4.7", "1.8-5.8"}


def test_fast_rest_field_in_the_village_protects_its_pawn() -> None:
    # RULES: "a pawn is safe (no capture)" on a rest field, also inside the village
    s = pos(f"fast r:2.2,h,h,h y:4.2,h,h,h x:{FAST_START} r2")
    assert actions(s, "2.2") == {"2.2-1.1"}
    s = pos(f"fast r:2.2,h,h,h y:4.2,h,h,h x:{FAST_START} r3")
    assert actions(s, "2.2") == {"2.2-2.1", "2.2-5.2"}  # 5.2 past yellow on 4.2, ending on the barricade


def test_fast_pawn_leaves_a_rest_field_freely() -> None:
    # RULES: "A pawn moves along connected fields in any direction"
    s = pos(f"fast r:2.7,h,h,h y:h,h,h,h x:{FAST_START} r1")
    assert actions(s, "2.7") == {"2.7-1.7", "2.7-2.8", "2.7-3.7"}


def test_fast_occupied_forest_exit_blocks_a_one_but_not_a_two() -> None:
    # RULES: the forest exit 5.5 is a rest field: "only one pawn may stand", but pawns may be passed
    s = pos(f"fast r:f,f,f,f y:5.5,h,h,h x:{FAST_START} r1")
    assert mf.legal_actions(s) == [PASS]
    s = play(s, "pass")
    assert s.current == "yellow" and s.phase is Phase.ROLL
    s = pos(f"fast r:f,f,f,f y:5.5,h,h,h x:{FAST_START} r2")
    assert actions(s) == {"f-4.5", "f-5.4", "f-6.5"}


# ---------------------------------------------------------------------------------------------
# 1. Das schnelle Malefiz: the village and the forest


def test_fast_capture_from_the_forest_into_the_village_restarts_from_the_forest() -> None:
    # RULES: "a pawn captured in the village (the marked upper area) restarts from the forest"
    # f > 5.5 > 5.4 > 6.4 > 7.4 > 8.4 > 8.3 (row 3, village); 7.4's barricade moved to 1.1
    s = pos("fast r:f,h,h,h y:8.3,h,h,h x:5.1,5.2,4.3,6.3,3.4,1.1 r6")
    assert actions(s, "f") == {"f-1.7", "f-2.8", "f-5.7", "f-8.3", "f-8.8", "f-9.7"}
    s = play(s, "f-8.3")
    assert s.pawns_of("yellow") == (FOREST, HOUSE, HOUSE, HOUSE)
    assert s.pawns_of("red") == (HOUSE, HOUSE, HOUSE, field(8, 3))


def test_fast_village_boundary_row_three_forest_row_four_house() -> None:
    # RULES: captured "in the village" -> forest; elsewhere "it returns to its owner's house" (village = rows 1..3)
    s = play(pos("fast r:8.3,h,h,h y:7.3,h,h,h x:5.1,5.2,4.3,6.3,3.4,1.1 r1"), "8.3-7.3")
    assert s.pawns_of("yellow") == (FOREST, HOUSE, HOUSE, HOUSE)
    s = play(pos(f"fast r:5.4,h,h,h y:6.4,h,h,h x:{FAST_START} r1"), "5.4-6.4")
    assert s.pawns_of("yellow") == (HOUSE,) * 4


def test_fast_own_pawn_captured_in_the_village_goes_to_the_forest() -> None:
    # RULES: "own pawns may be captured too" and a pawn captured in the village "restarts from the forest"
    s = pos(f"fast r:7.3,8.3,h,h y:h,h,h,h x:{FAST_START} r1")
    assert actions(s, "7.3") == {"7.3-6.3", "7.3-8.3"}
    s = play(s, "7.3-8.3")
    assert s.pawns_of("red") == (FOREST, HOUSE, HOUSE, field(8, 3))


def test_fast_several_pawns_in_the_forest_first_step_counts() -> None:
    # RULES: "The forest may hold several pawns"; "from the forest the first step out counts as step 1"
    s = pos(f"fast r:f,f,f,h y:h,h,h,h x:{FAST_START} r3")
    assert actions(s, "f") == {"f-3.5", "f-4.4", "f-6.4", "f-7.5"}
    s = pos(f"fast r:f,f,f,h y:h,h,h,h x:{FAST_START} r4")
    assert actions(s, "f") == {"f-3.4", "f-3.7", "f-7.4", "f-7.7"}


def test_fast_forest_is_never_a_move_destination() -> None:
    # RULES: the forest "is not a move destination"
    s = pos(f"fast r:5.4,h,h,h y:h,h,h,h x:{FAST_START} r2")
    assert actions(s, "5.4") == {"5.4-3.4", "5.4-4.5", "5.4-6.5", "5.4-7.4"}
    assert all(isinstance(a, Move) and a.end != FOREST for a in mf.legal_actions(s))


def test_fast_forest_takes_no_barricade() -> None:
    # RULES: the forest "takes no barricade"
    s = pos("fast r:5.1,h,h,h y:h,h,h,h x:5.2,4.3,6.3,3.4,7.4 r!")
    for where in (FOREST, HOUSE):
        with pytest.raises(IllegalActionError):
            mf.apply(s, Place(where))
    assert all(isinstance(a, Place) and a.field >= 0 for a in mf.legal_actions(s))


# ---------------------------------------------------------------------------------------------
# 1. Das schnelle Malefiz: no field twice on the short loops


def test_fast_loop_of_six_never_returns_to_the_start() -> None:
    # RULES: "A move never visits the same field twice" (1.8 0.8 0.7 1.7 2.7 2.8 is a loop of six)
    s = pos(f"fast r:1.8,h,h,h y:h,h,h,h x:{FAST_START} r6")
    assert actions(s, "1.8") == {"1.8-3.5", "1.8-3.8", "1.8-4.7", "1.8-5.5", "1.8-5.8", "1.8-6.7", "1.8-7.8"}
    for a in mf.legal_actions(s):
        assert isinstance(a, Move)
        if a.start == field(1, 8):
            steps = mf.route(s, a)
            assert len(steps) == 6 and len(set(steps)) == 6 and field(1, 8) not in steps


def test_fast_loop_five_steps_round_the_corner() -> None:
    # RULES: "may turn within a move, but a move never visits the same field twice"
    s = pos(f"fast r:1.8,h,h,h y:h,h,h,h x:{FAST_START} r5")
    assert actions(s, "1.8") == {"1.8-0.8", "1.8-2.8", "1.8-3.7", "1.8-4.5", "1.8-5.7", "1.8-6.8"}
    s = pos(f"fast r:0.7,h,h,h y:h,h,h,h x:{FAST_START} r6")
    assert actions(s, "0.7") == {"0.7-3.5", "0.7-4.7", "0.7-5.5", "0.7-5.8", "0.7-6.7"}


# ---------------------------------------------------------------------------------------------
# 2. Barricade placement

# Fast board: every field but the goal, the ten rest fields and the bottom row (row 8).
_FAST_PLACEABLE = (
    [f"{x}.1" for x in range(1, 10)]
    + ["1.2", "2.2", "3.2", "5.2", "7.2", "8.2", "9.2"]
    + [f"{x}.3" for x in range(2, 9)]
    + ["3.4", "4.4", "5.4", "6.4", "7.4"]
    + ["3.5", "4.5", "6.5", "7.5"]
    + ["1.7", "3.7", "4.7", "6.7", "7.7", "9.7"]
)


def test_fast_placement_exact_fields() -> None:
    # RULES: "any field that holds no pawn and no barricade, except the bottom row and the goal"; no rest field
    assert len(_FAST_PLACEABLE) == 38
    s = pos("fast r:5.1,h,h,h g:4.2,h,h,h y:9.1,h,h,h b:6.7,h,h,h x:5.2,4.3,6.3,3.4,7.4 r!")
    taken = {"5.1", "9.1", "6.7", "5.2", "4.3", "6.3", "3.4", "7.4"}
    assert actions(s) == {f"@{f}" for f in _FAST_PLACEABLE if f not in taken}
    assert len(actions(s)) == 30


def test_fast_placement_bottom_two_rows_protected() -> None:
    # RULES: "(option: the bottom two rows are protected)": rows 8 and 7 on the fast board
    s = pos("fast r:5.1,h,h,h g:4.2,h,h,h y:9.1,h,h,h b:6.7,h,h,h x:5.2,4.3,6.3,3.4,7.4 r! +rows2")
    taken = {"5.1", "9.1", "6.7", "5.2", "4.3", "6.3", "3.4", "7.4"}
    assert actions(s) == {f"@{f}" for f in _FAST_PLACEABLE if f not in taken and not f.endswith(".7")}
    assert len(actions(s)) == 25


def test_classic_placement_bottom_two_rows_exact_count() -> None:
    # RULES: option "the bottom two rows are protected" (rows 13 and 12 on the classic board)
    s = pos("classic r:0.11,4.12,h,h,h y:7.7,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,4.11,8.11,12.11,16.11 r! +rows2")
    places = actions(s)
    assert not any(p.endswith((".13", ".12")) for p in places)
    assert "@8.0" not in places and "@0.11" not in places and "@7.7" not in places and "@8.3" not in places
    assert len(places) == 112 - 1 - 17 - 5 - 2 - 10  # goal, row 13, row 12, pawns 0.11 and 7.7, barricades


def test_illegal_places_are_refused_and_change_nothing() -> None:
    # RULES: never "on a field with a pawn or a barricade, ... the bottom row and the goal"; rest fields excluded
    s = pos("fast r:5.1,h,h,h y:9.1,h,h,h x:5.2,4.3,6.3,3.4,7.4 r!")
    before = str(s)
    for x, y in [(5, 1), (9, 1), (5, 2), (5, 0), (4, 8), (4, 2), (5, 5), (0, 7)]:
        with pytest.raises(IllegalActionError):
            mf.apply(s, Place(field(x, y)))
    assert str(s) == before


def test_game_cannot_go_on_until_the_barricade_is_placed() -> None:
    # RULES: "The barricade is placed before the turn passes; the game cannot continue until it is placed."
    s = play(pos(f"fast r:f,h,h,h y:h,h,h,h x:{FAST_START} r4"), "f-3.4")
    assert s.phase is Phase.PLACE and s.current == "red" and s.roll is None
    assert field(3, 4) not in s.barricade_fields and len(s.barricade_fields) == 5
    assert all(isinstance(a, Place) for a in mf.legal_actions(s))
    for bad in (Roll(3), PASS, Move(HOUSE, field(1, 8)), Move(field(3, 4), field(3, 5))):
        with pytest.raises(IllegalActionError):
            mf.apply(s, bad)
    s = play(s, "@1.1")
    assert s.current == "yellow" and s.phase is Phase.ROLL and field(1, 1) in s.barricade_fields


def test_extra_roll_on_six_comes_after_placing_the_barricade() -> None:
    # RULES: "option: extra roll on 6"; "The barricade is placed before the turn passes"
    s = pos("fast r:f,h,h,h g:h,h,h,h y:h,h,h,h x:5.1,5.2,4.3,6.3,3.4,8.3 r? +six")
    s = play(s, "d6", "f-8.3")  # 5.5 5.4 6.4 7.4 8.4 8.3: onto the barricade with a 6
    assert s.phase is Phase.PLACE and s.current == "red" and s.roll_again and str(s).split()[-2] == "r!6"
    assert all(isinstance(a, Place) for a in mf.legal_actions(s))
    with pytest.raises(IllegalActionError):
        mf.apply(s, Roll(2))
    s = play(s, "@1.1")
    assert s.phase is Phase.ROLL and s.current == "red" and not s.roll_again
    s = play(s, "d2", "h-2.8")
    assert s.current == "green" and s.phase is Phase.ROLL  # one extra roll per 6


def test_six_onto_a_barricade_without_the_option_passes_after_placing() -> None:
    # RULES: "A 6 gives no extra roll (option: extra roll on 6...)"
    s = play(pos("fast r:f,h,h,h g:h,h,h,h y:h,h,h,h x:5.1,5.2,4.3,6.3,3.4,8.3 r6"), "f-8.3")
    assert s.phase is Phase.PLACE and not s.roll_again
    s = play(s, "@1.1")
    assert s.current == "green" and s.phase is Phase.ROLL


def test_extra_roll_option_but_not_a_six_onto_a_barricade() -> None:
    # RULES: the extra roll is "on 6" only
    s = play(pos(f"fast r:f,h,h,h g:h,h,h,h y:h,h,h,h x:{FAST_START} r4 +six"), "f-7.4")
    assert s.phase is Phase.PLACE and not s.roll_again
    s = play(s, "@1.1")
    assert s.current == "green" and s.phase is Phase.ROLL


# ---------------------------------------------------------------------------------------------
# 3. Mensch ärgere Dich nicht, three players and a neutral colour (black)


def test_neutral_a_six_duty_for_each_colour() -> None:
    # RULES: "the player chooses to move his own colour or the neutral one, with that colour's duties"
    s = mdh.pos("maedn cross y:5,B,B,B g:15,B,B,B r:24,B,B,B k:12,B,B,B neutral:k y6")
    assert mdh.actions(s) == {"y:B-0", "k:B-0"}
    s = mdh.play(s, "k:B-0")
    assert s.pieces_of("black") == (B, B, 0, 12)
    assert s.current == "yellow" and s.phase is MdPhase.ROLL  # "Every 6 gives another roll"


def test_neutral_clear_a_duty_binds_only_the_colour_moved() -> None:
    # RULES: "while own pieces wait on B, the piece on A must leave A" -- per colour, neutral free here
    s = mdh.pos("maedn cross y:0,B,B,B g:15,B,B,B r:24,B,B,B k:5,9,B,B neutral:k y3")
    assert mdh.actions(s) == {"y:0-3", "k:5-8", "k:9-12"}


def test_neutral_duty_lapses_when_it_cannot_be_met() -> None:
    # RULES: "A duty that cannot be met lapses (an own piece blocked 6 ahead of A: another piece moves the 6)"
    s = mdh.pos("maedn cross y:5,B,B,B g:15,B,B,B r:24,B,B,B k:0,6,B,B neutral:k y6")
    assert mdh.actions(s) == {"y:B-0", "k:6-12"}


def test_neutral_piece_may_capture_the_movers_own_colour() -> None:
    # RULES: "neutral pieces capture and are captured like any colour" (black's 13 is yellow's 3)
    s = mdh.pos("maedn cross y:3,B,B,B g:15,B,B,B r:24,B,B,B k:10,B,B,B neutral:k y3")
    assert mdh.actions(s) == {"y:3-6", "k:10-13"}
    s = mdh.play(s, "k:10-13")
    assert s.pieces_of("yellow") == (B, B, B, B) and s.pieces_of("black") == (B, B, B, 13)


def test_neutral_colour_takes_no_turn_of_its_own() -> None:
    # RULES: "3 players ... the fourth colour is neutral"; play goes clockwise among the players
    s = mdh.pos("maedn cross y:3,B,B,B g:15,B,B,B r:24,B,B,B k:10,B,B,B neutral:k y3")
    order = []
    for text in ("k:10-13", "d1", "g:15-16", "d1", "r:24-25"):
        s = mdh.play(s, text)
        order.append(s.current)
    assert order == ["green", "green", "red", "red", "yellow"]


def test_neutral_finished_player_keeps_moving_neutral_pieces_with_their_duties() -> None:
    # RULES: "a player whose pieces are home keeps moving neutral pieces"; every 6 gives another roll
    s = mdh.pos("maedn cross y:40,41,42,43 g:15,B,B,B r:24,B,B,B k:B,B,B,B neutral:k finished:y y6")
    assert mdh.actions(s) == {"k:B-0"}
    s = mdh.play(s, "k:B-0")
    assert s.current == "yellow" and s.phase is MdPhase.ROLL and s.ranking == ()
    s = mdh.pos("maedn cross y:40,41,42,43 g:15,B,B,B r:24,B,B,B k:B,B,B,B neutral:k finished:y y3")
    assert md.legal_actions(s) == [PASS]
    assert mdh.play(s, "pass").current == "green"


def test_neutral_all_three_home_the_one_bringing_the_last_neutral_piece_wins() -> None:
    # RULES: "if several have finished, the one who brought the last neutral piece home wins"
    s = mdh.pos("maedn cross y:40,41,42,43 g:40,41,42,43 r:40,41,42,43 k:39,41,42,43 neutral:k finished:y,g,r r1")
    assert mdh.actions(s) == {"k:39-40"}
    s = mdh.play(s, "k:39-40")
    assert s.is_over and s.finished_colours == ("red", "yellow", "green")
    assert s.ranking == ((2,), (0,), (1,))


def test_neutral_brought_home_by_an_unfinished_player_places_the_others_clockwise() -> None:
    # RULES: "placed when the last neutral piece is home (the one who brings it home first, then the others
    # clockwise from him)"; green is not home, so red then yellow, and green is last
    s = mdh.pos("maedn cross y:40,41,42,43 g:5,B,B,B r:40,41,42,43 k:39,41,42,43 neutral:k finished:y,r g1")
    s = mdh.play(s, "k:39-40")
    assert s.is_over and s.finished_colours == ("red", "yellow")
    assert s.ranking == ((2,), (0,), (1,))


def test_neutral_home_places_the_finished_player_and_play_goes_on() -> None:
    # RULES: "a player who has finished wins only once the neutral pieces are home too"; then he is skipped
    s = mdh.pos("maedn cross y:5,B,B,B g:40,41,42,43 r:24,B,B,B k:39,41,42,43 neutral:k finished:g y1")
    assert s.ranking == ()
    s = mdh.play(s, "k:39-40")
    assert not s.is_over and s.ranking == ((1,),)
    assert s.current == "red" and s.phase is MdPhase.ROLL  # green is home and the neutral pieces too


def test_neutral_own_last_piece_home_with_a_six_gives_no_second_roll() -> None:
    # RULES: "Every 6 gives another roll ...; not the 6 that brings the last piece home"
    s = mdh.pos("maedn cross y:37,40,41,42 g:15,B,B,B r:24,B,B,B k:5,B,B,B neutral:k y6")
    s = mdh.play(s, "y:37-43")
    assert s.finished_colours == ("yellow",) and s.ranking == ()  # neutral pieces are not home yet
    assert s.current == "green" and not s.is_over


# ---------------------------------------------------------------------------------------------
# 3. Mensch ärgere Dich nicht, two players with two opposite colours each (yellow+red, green+black)


def test_two_colours_a_six_enters_only_the_colour_whose_turn_it_is() -> None:
    # RULES: "every colour is a side of its own for every rule (own turn in clockwise order, own duties)"
    s = mdh.pos("maedn cross y:5,B,B,B g:15,B,B,B r:0,B,B,B k:12,B,B,B seats:yr,gk y6")
    assert mdh.actions(s) == {"y:B-0"}
    s = mdh.play(s, "y:B-0")
    assert s.current == "yellow" and s.phase is MdPhase.ROLL  # the 6's second roll is yellow's, not red's
    s = mdh.play(s, "d2", "y:0-2")
    assert s.current == "green"


def test_two_colours_clear_a_duty_of_the_colour_to_move() -> None:
    # RULES: "the piece on A must leave A with any roll whenever it can"
    s = mdh.pos("maedn cross y:0,B,B,B g:15,B,B,B r:7,B,B,B k:12,B,B,B seats:yr,gk y4")
    assert mdh.actions(s) == {"y:0-4"}


def test_two_colours_blocked_a_piece_lets_another_piece_move_the_six() -> None:
    # RULES: "an own piece blocked 6 ahead of A: another piece moves the 6"
    s = mdh.pos("maedn cross y:0,6,B,B g:15,B,B,B r:7,B,B,B k:12,B,B,B seats:yr,gk y6")
    assert mdh.actions(s) == {"y:6-12"}


def test_two_colours_entering_captures_the_partner_colour_on_a() -> None:
    # RULES: "a 6 must bring a piece from B onto A (capturing an opponent there)"; "it may capture its partner"
    s = mdh.pos("maedn cross y:5,B,B,B g:15,B,B,B r:20,B,B,B k:12,B,B,B seats:yr,gk y6")
    assert mdh.actions(s) == {"y:B-0"}
    s = mdh.play(s, "y:B-0")
    assert s.pieces_of("red") == (B, B, B, B) and s.pieces_of("yellow") == (B, B, 0, 5)


def test_two_colours_colour_home_with_a_six_passes_to_the_next_colour() -> None:
    # RULES: "not the 6 that brings the last piece home"; "a player is placed when both colours are home"
    s = mdh.pos("maedn cross y:37,40,41,42 g:15,B,B,B r:7,B,B,B k:12,B,B,B seats:yr,gk y6")
    s = mdh.play(s, "y:37-43")
    assert s.finished_colours == ("yellow",) and s.ranking == () and not s.is_over
    assert s.current == "green"


def test_two_colours_ranking_by_both_colours_home() -> None:
    # RULES: "a player is placed when both colours are home"; "play goes on until one player is left"
    s = mdh.pos("maedn cross y:40,41,42,43 g:40,41,42,43 r:7,B,B,B k:39,41,42,43 seats:yr,gk finished:y,g k1")
    assert s.ranking == ()
    s = mdh.play(s, "k:39-40")
    assert s.is_over and s.finished_colours == ("yellow", "green", "black")
    assert s.ranking == ((1,), (0,))


def test_two_colours_three_rolls_per_colour() -> None:
    # RULES: "every colour is a side of its own for every rule": yellow has nothing on the track, red does
    s = mdh.pos("maedn cross y:B,B,B,B g:15,B,B,B r:7,B,B,B k:12,B,B,B seats:yr,gk y3 +three")
    assert md.may_roll_three_times(s)
    s = mdh.play(s, "pass")
    assert s.current == "yellow" and s.attempt == 2
    s = mdh.play(s, "d2", "pass")
    assert s.current == "yellow" and s.attempt == 3
    s = mdh.play(s, "d4", "pass")
    assert s.current == "green" and s.attempt == 1


def test_neutral_already_home_the_first_finisher_is_placed_at_once() -> None:
    # RULES: "a player who has finished wins only once the neutral pieces are home too" -- here they already are
    s = mdh.pos("maedn cross y:39,41,42,43 g:15,B,B,B r:24,B,B,B k:40,41,42,43 neutral:k y1")
    s = mdh.play(s, "y:39-40")
    assert s.ranking == ((0,),) and not s.is_over and s.current == "green"


def test_neutral_all_three_home_before_the_neutral_play_goes_on() -> None:
    # RULES: "a player whose pieces are home keeps moving neutral pieces and is placed when the last neutral
    # piece is home"
    s = mdh.pos("maedn cross y:40,41,42,43 g:40,41,42,43 r:39,41,42,43 k:5,B,B,B neutral:k finished:y,g r1")
    s = mdh.play(s, "r:39-40")
    assert not s.is_over and s.ranking == () and s.finished_colours == ("yellow", "green", "red")
    assert s.current == "yellow" and s.phase is MdPhase.ROLL
    assert mdh.actions(mdh.play(s, "d2")) == {"k:5-7"}


def test_neutral_home_then_later_finishers_follow_in_order() -> None:
    # RULES: "the others play on for the next places (a full ranking)"
    s = mdh.pos("maedn cross y:39,41,42,43 g:40,41,42,43 r:24,B,B,B k:40,41,42,43 neutral:k finished:g y1")
    assert s.ranking == ((1,),)
    s = mdh.play(s, "y:39-40")
    assert s.is_over and s.finished_colours == ("green", "yellow") and s.ranking == ((1,), (0,), (2,))
