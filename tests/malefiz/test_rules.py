"""One test per rule of RULES.md, positions in one-line notation.

Classic board: x 0..16, y 0..13, goal 8.0, red's exit 2.13, yellow's 10.13.
Fast board: goal 5.0, village rows 1..3, forest exit 5.5, red's exit 1.8.
"""

from __future__ import annotations

import pytest

from malefiz.core.dice import Dice, roll_for_start
from malefiz.core.effects import NONE, Effects, Sent
from malefiz.core.errors import IllegalActionError, InvalidPositionError
from malefiz.games.malefiz.board import FOREST, HOUSE, field, location_name
from malefiz.games.malefiz.notation import parse_action
from malefiz.games.malefiz.rules import SEAT_COLOURS, apply, effects, legal_actions, new_game, route
from malefiz.games.malefiz.state import PASS, Move, Options, Phase, Place, Roll
from tests.malefiz.helpers import CLASSIC_START, FAST_START, actions, play, pos

# Rule 1: 2-4 players, colours, 5 pawns in the house, the exit field.


def test_start_position_has_every_pawn_in_its_house() -> None:
    s = new_game("classic", ["red", "green", "yellow", "blue"])
    assert s.pawns == ((HOUSE,) * 5,) * 4
    assert s.phase is Phase.ROLL and s.current == "red"


@pytest.mark.parametrize(
    "players", [["red"], ["red", "green", "yellow", "blue", "red"], ["red", "red"], ["red", "pink"]]
)
def test_player_count_and_colours_are_checked(players: list[str]) -> None:
    with pytest.raises(InvalidPositionError):
        new_game("classic", players)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_a_player_count_seats_the_usual_colours(count: int) -> None:
    assert new_game("fast", count) == new_game("fast", SEAT_COLOURS[count])
    assert new_game("classic", count, first=SEAT_COLOURS[count][-1]).current == SEAT_COLOURS[count][-1]


@pytest.mark.parametrize("count", [0, 1, 5])
def test_a_player_count_outside_two_to_four_is_refused(count: int) -> None:
    with pytest.raises(InvalidPositionError, match=f"players: Malefiz is for 2 to 4 players, got {count}"):
        new_game("classic", count)


def test_step_one_from_the_house_is_the_exit_field() -> None:
    s = play(new_game("classic", ["red", "yellow"]), "d1")
    assert actions(s) == {"h-2.13"}
    s = play(new_game("classic", ["yellow", "red"]), "d1")
    assert actions(s) == {"h-10.13"}


# Rule 2: 11 barricades on the 11 barricade fields.


def test_barricades_start_on_the_barricade_fields() -> None:
    s = new_game()
    assert s.barricade_fields == pos(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r?").barricade_fields
    assert len(s.barricade_fields) == 11


# Rule 3: who starts.


def test_setup_order_decides_who_starts() -> None:
    s = new_game("classic", ["red", "green", "blue"], first="green")
    assert s.current == "green"
    s = play(s, "d1", "h-6.13")
    assert s.current == "blue"


def test_roll_for_start_highest_starts_and_ties_roll_again() -> None:
    seed = next(seed for seed in range(1000) if len(roll_for_start(["red", "green", "yellow"], Dice(seed))[1]) > 1)
    first, rounds, dice = roll_for_start(["red", "green", "yellow"], Dice(seed))
    top = max(v for _, v in rounds[0])
    tied = [c for c, v in rounds[0] if v == top]
    assert len(tied) > 1
    assert [c for c, _ in rounds[1]] == tied  # only the tied players roll again
    assert dict(rounds[-1])[first] == max(v for _, v in rounds[-1])
    assert dice.count == sum(len(r) for r in rounds)


# Rule 4: one die, exact steps, no extra roll on 6 unless the option is on.


def test_a_six_passes_the_turn_by_default() -> None:
    s = play(new_game("classic", ["red", "yellow"]), "d6", "h-7.13")
    assert s.current == "yellow" and s.phase is Phase.ROLL


def test_option_extra_roll_on_six() -> None:
    s = play(new_game("classic", ["red", "yellow"], options=Options(extra_roll_on_six=True)), "d6", "h-7.13")
    assert s.current == "red" and s.phase is Phase.ROLL
    s = play(s, "d5", "7.13-12.13")  # not a six: the turn passes
    assert s.current == "yellow"


def test_extra_roll_on_six_after_placing_a_barricade() -> None:
    s = pos(f"classic r:2.9,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r6 +six")
    s = play(s, "2.9-6.7")  # 3.9, 4.9, 4.8, 4.7, 5.7 and onto the barricade on 6.7
    assert s.phase is Phase.PLACE and s.roll_again
    s = play(s, "@7.3")
    assert s.current == "red" and s.phase is Phase.ROLL


def test_moves_use_every_pip() -> None:
    s = pos(f"classic r:2.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r3")
    # 2.13 -> 1.13 -> 0.13 -> 0.12, or 3.13 -> 4.13 -> 4.12 / 5.13
    assert actions(s, "2.13") == {"2.13-0.12", "2.13-5.13", "2.13-4.12"}


# Rule 5: any direction, turning allowed, never the same field twice.


def test_a_move_may_turn_but_never_revisits_a_field() -> None:
    s = pos(f"classic r:4.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    # Up 4.12 then 4.11 is a barricade (capture allowed), turning along row 13, never back to 4.13.
    assert actions(s, "4.13") == {"4.13-4.11", "4.13-2.13", "4.13-6.13"}


def test_the_start_field_counts_as_visited() -> None:
    s = pos(f"classic r:1.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    assert "1.13-1.13" not in actions(s)
    assert actions(s, "1.13") == {"1.13-0.12", "1.13-3.13"}


# Rule 6: pawns may be passed and count; barricades may not be passed.


def test_pawns_are_passed_and_counted() -> None:
    s = pos(f"classic r:3.13,h,h,h,h y:4.13,h,h,h,h x:{CLASSIC_START} r2")
    assert actions(s, "3.13") == {"3.13-5.13", "3.13-1.13", "3.13-4.12"}


def test_barricades_are_not_passed() -> None:
    s = pos(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r3")
    assert actions(s, "0.13") == {"0.13-3.13"}  # 0.12 > 0.11 is blocked by the barricade on 0.11
    s = pos(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    assert "0.13-0.11" in actions(s)  # ending on it is allowed


# Rule 7: captures; own pawns too, unless protected.


def test_capture_sends_the_pawn_home() -> None:
    s = pos(f"classic r:3.13,h,h,h,h y:5.13,h,h,h,h x:{CLASSIC_START} r2")
    s = play(s, "3.13-5.13")
    assert s.pawns_of("yellow") == (HOUSE,) * 5
    assert field(5, 13) in s.pawns_of("red")


def test_own_pawns_can_be_captured_by_default() -> None:
    s = pos(f"classic r:3.13,5.13,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    assert "3.13-5.13" in actions(s)
    s = play(s, "3.13-5.13")
    assert sorted(s.pawns_of("red")) == sorted((field(5, 13), HOUSE, HOUSE, HOUSE, HOUSE))


def test_option_own_pawns_protected() -> None:
    s = pos(f"classic r:3.13,5.13,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2 +own")
    assert "3.13-5.13" not in actions(s)
    with pytest.raises(IllegalActionError):
        play(s, "3.13-5.13")


# Rule 8: taking a barricade and putting it back.


def test_ending_on_a_barricade_takes_it_and_the_same_player_places_it() -> None:
    s = pos(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    s = play(s, "0.13-0.11")
    assert s.phase is Phase.PLACE and s.current == "red" and s.roll is None
    assert field(0, 11) not in s.barricade_fields
    with pytest.raises(IllegalActionError, match="must put the captured barricade"):
        apply(s, Roll(3))  # the game cannot go on until it is placed
    s = play(s, "@7.7")
    assert field(7, 7) in s.barricade_fields and s.current == "yellow" and s.phase is Phase.ROLL


def test_where_a_barricade_may_go() -> None:
    s = pos("classic r:0.11,h,h,h,h y:7.7,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,4.11,8.11,12.11,16.11 r!")
    places = actions(s)
    assert "@7.7" not in places  # a pawn
    assert "@0.11" not in places  # the pawn that took it
    assert "@8.3" not in places  # another barricade
    assert "@8.0" not in places  # the goal
    assert not any(p.endswith(".13") for p in places)  # the bottom row
    assert "@0.12" in places and "@3.1" in places
    assert len(places) == 112 - 1 - 17 - 2 - 10


def test_option_bottom_two_rows_protected() -> None:
    s = pos("classic r:0.11,h,h,h,h y:7.7,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,4.11,8.11,12.11,16.11 r! +rows2")
    places = actions(s)
    assert "@0.12" not in places and "@4.12" not in places
    assert "@1.11" in places


# Rule 9: the goal, by exact roll, wins at once.


def test_reaching_the_goal_wins() -> None:
    barricades = CLASSIC_START.replace("8.1,", "3.9,")
    s = pos(f"classic r:7.1,h,h,h,h y:h,h,h,h,h x:{barricades} r2")
    assert "7.1-8.0" in actions(s)
    s = play(s, "7.1-8.0")
    assert s.is_over and s.winner == "red" and legal_actions(s) == []
    with pytest.raises(IllegalActionError, match="game is over"):
        apply(s, Roll(1))


def test_the_goal_needs_an_exact_roll() -> None:
    barricades = CLASSIC_START.replace("8.1,", "3.9,")
    s = pos(f"classic r:7.1,h,h,h,h y:h,h,h,h,h x:{barricades} r3")
    assert "7.1-8.0" not in actions(s)
    assert not any(a.endswith("-8.0") for a in actions(s))


# Rule 10: no legal move loses the turn.


def test_no_move_gives_exactly_one_pass() -> None:
    # Green's pawns are boxed in by barricades and other pawns: a 6 takes none of them anywhere.
    s = pos(
        "classic r:9.1,8.3,8.5,11.11,15.13 g:12.7,12.8,11.9,12.9,13.9 y:5.1,4.9,3.11,7.11,14.11"
        " b:1.1,6.7,5.11,13.11,12.13 x:2.1,3.3,6.6,11.7,10.9,14.9,14.10,2.11,4.11,6.11,12.12 g6"
    )
    assert legal_actions(s) == [PASS]
    s = play(s, "pass")
    assert s.current == "yellow" and s.phase is Phase.ROLL


def test_pass_is_refused_when_a_move_exists() -> None:
    s = play(new_game(), "d2")
    with pytest.raises(IllegalActionError, match="may not pass"):
        apply(s, PASS)


# The fast board.


def test_fast_board_has_four_pawns_and_six_barricades() -> None:
    s = new_game("fast", ["red", "blue"])
    assert s.pawns == ((HOUSE,) * 4,) * 2
    assert len(s.barricade_fields) == 6


def test_rest_field_is_safe_and_holds_one_pawn() -> None:
    # Yellow sits on the rest field 2.7: red may pass it but not end there.
    s = pos(f"fast r:1.8,h,h,h y:2.7,h,h,h x:{FAST_START} r2")
    assert "1.8-2.7" not in actions(s)
    s = pos(f"fast r:1.8,h,h,h y:2.7,h,h,h x:{FAST_START} r3")
    assert "1.8-3.7" in actions(s)  # passing over the rest field is fine
    s = pos(f"fast r:1.8,h,h,h y:3.8,h,h,h x:{FAST_START} r2")
    assert "1.8-3.8" in actions(s)  # an ordinary field: capture


def test_own_pawn_on_a_rest_field_blocks_too() -> None:
    s = pos(f"fast r:1.8,2.7,h,h y:h,h,h,h x:{FAST_START} r2")
    assert "1.8-2.7" not in actions(s)


def test_no_barricade_on_a_rest_field() -> None:
    s = pos("fast r:5.1,h,h,h y:h,h,h,h x:5.2,4.3,6.3,3.4,7.4 r!")
    places = actions(s)
    assert "@4.2" not in places and "@5.5" not in places and "@2.7" not in places
    assert not any(p.endswith(".8") for p in places)
    assert "@1.7" in places


def test_capture_in_the_village_sends_the_pawn_to_the_forest() -> None:
    s = pos("fast r:6.3,h,h,h y:5.3,h,h,h x:5.1,5.2,4.3,1.1,3.4,7.4 r1")
    s = play(s, "6.3-5.3")
    assert s.pawns_of("yellow") == (FOREST, HOUSE, HOUSE, HOUSE)


def test_capture_outside_the_village_sends_the_pawn_home() -> None:
    s = pos(f"fast r:1.8,h,h,h y:3.8,h,h,h x:{FAST_START} r2")
    s = play(s, "1.8-3.8")
    assert s.pawns_of("yellow") == (HOUSE,) * 4


def test_from_the_forest_the_first_step_counts() -> None:
    s = pos(f"fast r:f,f,h,h y:h,h,h,h x:{FAST_START} r2")
    assert actions(s, "f") == {"f-4.5", "f-5.4", "f-6.5"}
    s = pos(f"fast r:f,f,h,h y:h,h,h,h x:{FAST_START} r1")
    assert actions(s, "f") == {"f-5.5"}


def test_the_forest_is_no_destination() -> None:
    s = pos(f"fast r:5.5,h,h,h y:h,h,h,h x:{FAST_START} r1")
    assert actions(s, "5.5") == {"5.5-5.4", "5.5-4.5", "5.5-6.5"}


def test_the_forest_holds_several_pawns() -> None:
    s = pos("fast r:6.3,h,h,h y:5.3,f,h,h x:5.1,5.2,4.3,1.1,3.4,7.4 r1")
    s = play(s, "6.3-5.3")
    assert s.pawns_of("yellow").count(FOREST) == 2


def test_fast_board_has_short_loops_and_no_field_is_visited_twice() -> None:
    # 3.2 > 3.1 > 2.1 > 1.1 > 1.2 > 2.2 > 3.2 would close the loop back on the start.
    s = pos("fast r:3.2,h,h,h y:h,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 r6")
    assert "3.2-3.2" not in actions(s)
    for a in legal_actions(s):
        assert isinstance(a, Move)
        steps = route(s, a)
        assert len(steps) == 6 and len(set(steps)) == 6 and field(3, 2) not in steps


# Bad input leaves the game exactly as it was.


def test_illegal_action_names_the_position_and_changes_nothing() -> None:
    s = play(new_game(), "d3")
    before = str(s)
    with pytest.raises(IllegalActionError) as info:
        apply(s, Move(HOUSE, field(2, 13)))
    assert "h-2.13" in str(info.value) and before in str(info.value)
    assert str(s) == before
    with pytest.raises(IllegalActionError):
        apply(s, Place(field(7, 7)))
    with pytest.raises(IllegalActionError):
        apply(s, Roll(7))


def test_route_follows_the_board() -> None:
    s = play(new_game(), "d4")
    assert [str(f) for f in route(s, Move(HOUSE, field(4, 12)))] == [
        str(field(2, 13)),
        str(field(3, 13)),
        str(field(4, 13)),
        str(field(4, 12)),
    ]


# What an action does (rules.effects), places as page keys.


def test_effects_of_a_capture() -> None:
    s = pos(f"classic r:3.13,h,h,h,h y:5.13,h,h,h,h x:{CLASSIC_START} r2")
    assert effects(s, parse_action("3.13-5.13")) == Effects(
        route=("3.13", "4.13", "5.13"), capture=Sent("yellow", "5.13"), trail=("4.13", "5.13")
    )


def test_effects_of_capturing_ones_own_pawn() -> None:
    s = pos(f"classic r:h,4.13,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r3")
    found = effects(s, parse_action("h-4.13"))
    assert found.route == ("h", "2.13", "3.13", "4.13") and found.capture == Sent("red", "4.13")
    assert found.barricade_taken is None and not found.goal and found.finished is None


def test_effects_of_taking_a_barricade_and_putting_it_down() -> None:
    s = pos(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    take = parse_action("0.13-0.11")
    assert effects(s, take) == Effects(route=("0.13", "0.12", "0.11"), barricade_taken="0.11", trail=("0.12", "0.11"))
    held = apply(s, take)
    assert effects(held, parse_action("@7.7")) == Effects(barricade_placed="7.7", trail=("7.7",))
    assert effects(held, parse_action("@7.7")).trail == ("7.7",)


def test_effects_of_reaching_the_goal() -> None:
    barricades = CLASSIC_START.replace("8.1,", "3.9,")
    s = pos(f"classic r:7.1,h,h,h,h y:h,h,h,h,h x:{barricades} r2")
    assert effects(s, parse_action("7.1-8.0")) == Effects(
        route=("7.1", "8.1", "8.0"), goal=True, finished="red", trail=("8.1", "8.0")
    )


def test_effects_of_leaving_the_forest() -> None:
    s = pos("fast r:f,h,h,h y:h,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 r2")
    move = next(a for a in legal_actions(s) if isinstance(a, Move) and a.start == FOREST)
    found = effects(s, move)
    assert found.route[0] == "f" and found.route[-1] == location_name(move.end) and len(found.route) == 3


def test_a_roll_or_a_pass_has_no_effects() -> None:
    assert effects(new_game(), Roll(4)) is NONE
    assert effects(pos(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r3"), PASS) is NONE
