"""One-line notation: positions and actions, written and read."""

from __future__ import annotations

import json

import pytest

from malefiz.core.errors import InvalidPositionError, NotationError
from malefiz.games.malefiz.board import FOREST, HOUSE, field
from malefiz.games.malefiz.document import from_json, to_json
from malefiz.games.malefiz.notation import format_position, parse_action, parse_location, parse_position
from malefiz.games.malefiz.rules import new_game
from malefiz.games.malefiz.state import PASS, Move, Options, Phase, Place, Roll
from tests.malefiz.helpers import CLASSIC_START, play, pos


def test_start_position_notation() -> None:
    s = new_game("classic", ["red", "blue"])
    assert str(s) == f"classic r:h,h,h,h,h b:h,h,h,h,h x:{CLASSIC_START} r?"
    assert parse_position(str(s)) == s


def test_every_phase_round_trips() -> None:
    s = new_game("classic", ["red", "yellow"], options=Options(extra_roll_on_six=True, protect_own_pawns=True))
    texts = []
    for action in ["d4", "h-4.12", "d2", "h-11.13"]:
        s = play(s, action)
        texts.append(str(s))
        assert parse_position(str(s)) == s
        assert from_json(json.loads(json.dumps(to_json(s)))) == s
    assert texts[0].endswith(" r4 +six +own")


def test_place_phase_with_a_pending_extra_roll_round_trips() -> None:
    s = pos(f"classic r:2.9,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r6 +six")
    s = play(s, "2.9-6.7")
    assert str(s).split()[-2:] == ["r!6", "+six"]
    assert to_json(s)["roll"] is None and to_json(s)["roll_again"] is True
    assert from_json(to_json(s)) == s


def test_actions_round_trip() -> None:
    for action in [
        Roll(4),
        Move(HOUSE, field(2, 13)),
        Move(field(2, 13), field(0, 12)),
        Move(FOREST, field(5, 5)),
        Place(field(7, 7)),
        PASS,
    ]:
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "x", "d7", "2.13", "2.13-", "@", "h-h-h", "roll"])
def test_bad_actions_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


@pytest.mark.parametrize("text", ["2,13", "a.b", "100.1"])
def test_bad_locations_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_location(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "classic",
        "square r:h,h,h,h,h y:h,h,h,h,h x:- r?",
        "classic r:h,h,h,h,h y:h,h,h,h,h r?",
        f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START}",
        f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r9",
        f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r? +fly",
        f"classic r:h,h,h,h,h r:h,h,h,h,h x:{CLASSIC_START} r?",
    ],
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_position(text)


def test_impossible_notation_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="Turn: blue"):
        parse_position(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} b?")


def test_phase_over_names_the_winner() -> None:
    barricades = CLASSIC_START.replace("8.1,", "3.9,")
    s = play(pos(f"classic r:7.1,h,h,h,h y:h,h,h,h,h x:{barricades} r2"), "7.1-8.0")
    assert s.phase is Phase.OVER
    assert format_position(s).endswith(" r*")
    assert to_json(s)["turn"] == "red" and to_json(s)["phase"] == "over"
    assert parse_position(str(s)) == s


# Hardened input (issue 16, point 7).


@pytest.mark.parametrize(
    "text", ["34.12", "17.1", "2.32", "\u0662.\u0661\u0663", "2.1\u0663", "\uff12.13", " 2.13", "+2.13", "02.013"]
)
def test_locations_off_the_grid_or_in_other_digits_are_refused(text: str) -> None:
    with pytest.raises(NotationError, match="Cannot read location"):
        parse_location(text)
    with pytest.raises(NotationError, match="Cannot read location"):
        parse_action(f"h-{text}")


def test_x_past_the_grid_does_not_wrap_to_the_next_row() -> None:
    assert parse_location("16.13") == field(16, 13)
    with pytest.raises(NotationError, match=r"Cannot read location '34\.12'"):
        parse_position(f"classic r:34.12,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r?")
    with pytest.raises(NotationError):
        parse_position(f"classic r:\u0662.\u0661\u0663,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r?")
    with pytest.raises(NotationError):
        parse_position(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r\u0664")


BARRICADES_LESS_6_7 = CLASSIC_START.replace("6.7,", "")


@pytest.mark.parametrize(
    "text",
    [
        f"classic r:h,h,h,h,h y:6.7,h,h,h,h x:{BARRICADES_LESS_6_7} r!",  # only yellow could have taken it
        f"classic r:2.13,h,h,h,h y:h,h,h,h,h x:{BARRICADES_LESS_6_7} r!",  # no barricade on the bottom row
        f"classic r:4.12,h,h,h,h y:h,h,h,h,h x:{BARRICADES_LESS_6_7} r! +rows2",  # nor row 12 with +rows2
        "fast r:5.5,h,h,h y:h,h,h,h x:5.2,4.3,6.3,3.4,7.4 r!",  # 5.5 is a rest field
        "fast r:f,h,h,h y:h,h,h,h x:5.2,4.3,6.3,3.4,7.4 r!",
    ],
)
def test_a_place_phase_needs_a_pawn_that_can_have_taken_the_barricade(text: str) -> None:
    with pytest.raises(InvalidPositionError, match="Phase place: red must have just taken a barricade"):
        parse_position(text)


def test_a_place_phase_with_the_pawn_on_a_barricade_field_is_read() -> None:
    s = parse_position(f"classic r:6.7,h,h,h,h y:h,h,h,h,h x:{BARRICADES_LESS_6_7} r!")
    assert s.phase is Phase.PLACE
    assert parse_position(f"classic r:4.12,h,h,h,h y:h,h,h,h,h x:{BARRICADES_LESS_6_7} r!").phase is Phase.PLACE
    assert from_json(to_json(s)) == s


def test_a_position_repr_is_short_and_reads_back() -> None:
    for s in [new_game(), new_game("fast", 4), play(new_game("classic", 3), "d6", "h-7.13")]:
        text = repr(s)
        assert len(text) < 300 and str(s) in text
        assert text == f"parse_position({str(s)!r})"
        assert eval(text, {"parse_position": parse_position}) == s


def test_a_move_or_placement_repr_reads_back() -> None:
    assert repr(Move(HOUSE, field(7, 13))) == "parse_action('h-7.13')"
    assert repr(Place(field(8, 7))) == "parse_action('@8.7')"
    for action in [
        Move(HOUSE, field(7, 13)),
        Move(field(2, 13), field(2, 9)),
        Move(FOREST, field(5, 5)),
        Place(field(8, 7)),
    ]:
        assert eval(repr(action), {"parse_action": parse_action}) == action
