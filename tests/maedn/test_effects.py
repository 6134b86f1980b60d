"""What one action did (:func:`~malefiz.games.maedn.rules.effects`), positions in one-line notation.

Cross board: yellow's A field is track index 0, green's 10, red's 20, black's 30; goal
fields a..d are places 40..43. Star board: A fields 8 apart (yellow, black, blue, ...).
"""

from __future__ import annotations

from typing import Any

import pytest

from malefiz.core.actions import PASS, ROLLS
from malefiz.core.effects import NONE, Effects, Sent
from malefiz.core.errors import IllegalActionError
from malefiz.games.maedn import rules
from malefiz.games.maedn.notation import parse_action
from malefiz.games.maedn.rules import apply, effects
from malefiz.games.maedn.state import Move, State, move
from tests.maedn.helpers import check_effects, pos


def walked(*keys: str, **more: Any) -> Effects:
    """The effects of a move that walked ``keys`` (they are also its trail)."""
    return Effects(route=keys, trail=keys, **more)


def test_a_plain_move_walks_its_fields() -> None:
    s = pos("maedn cross g:3,B,B,B r:0,B,B,B g4")
    assert effects(s, parse_action("g:3-7")) == walked("t13", "t14", "t15", "t16", "t17")


def test_entering_walks_the_a_field_only() -> None:
    s = pos("maedn cross y:9,B,B,B r:B,B,B,B y6")
    assert effects(s, parse_action("y:B-0")) == walked("t0")


def test_a_capture_names_the_victim_and_the_field_it_was_caught_on() -> None:
    s = pos("maedn cross y:3,B,B,B r:27,B,B,B y4")  # red's 27 is track 7
    found = effects(s, parse_action("y:3-7"))
    assert found == walked("t3", "t4", "t5", "t6", "t7", capture=Sent("red", "t7"))
    assert found.captured == (Sent("red", "t7"),)
    check_effects(s, parse_action("y:3-7"), apply(s, parse_action("y:3-7")))


def test_a_backward_capture_walks_backwards() -> None:
    s = pos("maedn cross y:15,B,B,B r:32,B,B,B y3 +back")  # red's 32 is track 12
    assert effects(s, parse_action("y:15-12")) == walked("t15", "t14", "t13", "t12", capture=Sent("red", "t12"))


def test_forced_capture_penalises_the_piece_that_could_have_captured() -> None:
    s = pos("maedn star y:3,20,B,B k:47,B,B,B y4 +forced")  # black's 47 is track 7
    found = effects(s, parse_action("y:20-24"))
    assert found.capture is None and found.penalty == Sent("yellow", "t3")
    assert found.trail == (*found.route, "t3")
    check_effects(s, parse_action("y:20-24"), apply(s, parse_action("y:20-24")))
    assert effects(s, parse_action("y:3-7")).penalty is None  # the capture itself


def test_the_piece_that_moved_is_penalised_from_where_it_arrived() -> None:
    s = pos("maedn cross y:15,B,B,B r:32,B,B,B y3 +back +forced")
    assert effects(s, parse_action("y:15-18")).penalty == Sent("yellow", "t18")


def test_entering_the_goal() -> None:
    s = pos("maedn cross y:38,B,B,B r:0,B,B,B y3")
    assert effects(s, parse_action("y:38-41")) == walked("t38", "t39", "y:a", "y:b", goal=True)
    up = pos("maedn cross y:40,B,B,B r:0,B,B,B y2")
    assert effects(up, parse_action("y:40-42")) == walked("y:a", "y:b", "y:c")  # already in the goal


def test_a_colour_comes_home_with_its_last_piece() -> None:
    s = pos("maedn cross y:38,41,42,43 g:0,B,B,B r:0,B,B,B y2")
    found = effects(s, parse_action("y:38-40"))
    assert found.goal and found.finished == "yellow"
    check_effects(s, parse_action("y:38-40"), apply(s, parse_action("y:38-40")))
    assert effects(pos("maedn cross y:37,41,42,B r:0,B,B,B y3"), parse_action("y:37-40")).finished is None


def test_a_last_piece_sent_back_by_the_penalty_does_not_come_home() -> None:
    s = pos("maedn cross y:38,41,42,43 r:16,B,B,B y2 +back +forced")  # red's 16 is yellow's 36
    found = effects(s, parse_action("y:38-40"))
    assert found.goal and found.penalty == Sent("yellow", "y:a") and found.finished is None
    check_effects(s, parse_action("y:38-40"), apply(s, parse_action("y:38-40")))


def test_a_roll_and_a_pass_do_nothing_of_the_kind() -> None:
    s = pos("maedn cross y:3,B,B,B r:0,B,B,B y?")
    assert effects(s, ROLLS[3]) is NONE
    assert effects(pos("maedn cross y:B,B,B,B r:0,B,B,B y3"), PASS) is NONE


def test_an_illegal_move_is_refused() -> None:
    with pytest.raises(IllegalActionError):
        effects(pos("maedn cross y:3,B,B,B r:0,B,B,B y4"), move("yellow", 3, 8))


def test_effects_ask_for_the_penalty_once(monkeypatch: pytest.MonkeyPatch) -> None:
    s = pos("maedn cross y:3,20,B,B r:27,B,B,B y4 +forced")
    calls: list[Move] = []
    penalty = rules.penalty

    def counted(state: State, m: Move) -> tuple[str, int] | None:
        calls.append(m)
        return penalty(state, m)

    monkeypatch.setattr(rules, "penalty", counted)
    assert effects(s, parse_action("y:20-24")).penalty == Sent("yellow", "t3")
    assert calls == [parse_action("y:20-24")]
