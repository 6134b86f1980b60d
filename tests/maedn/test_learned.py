"""The learned evaluation of Mensch ärgere Dich nicht: its weights, its chances, and *hard* on it in every seat form."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from malefiz.games.maedn import learned, odds
from malefiz.games.maedn.bots import BOTS, classic_hard, hard
from malefiz.games.maedn.learned import (
    CALIBRATED,
    NETWORKS,
    chances_by_slot,
    features,
    form,
    model_for,
    slots,
    stride_of,
    win_chances,
)
from malefiz.games.maedn.notation import parse_position
from malefiz.games.maedn.rules import apply, legal_actions, new_game
from malefiz.games.maedn.state import Options, State

PACKAGE = Path(learned.__file__).resolve().parent

FORMS = {
    "cross 2": lambda: new_game("cross", 2),
    "cross 3": lambda: new_game("cross", 3),
    "cross 4": lambda: new_game("cross", 4),
    "cross 2 adjacent": lambda: new_game("cross", ["yellow", "green"]),
    "cross two colours": lambda: new_game("cross", 2, two_colours=True),
    "cross neutral": lambda: new_game("cross", 3, neutral=True),
    "star 2": lambda: new_game("star", 2),
    "star 3": lambda: new_game("star", 3),
    "star 4": lambda: new_game("star", 4),
    "star 5": lambda: new_game("star", 5),
    "star 6": lambda: new_game("star", 6),
    "cross 4 options": lambda: new_game(
        "cross",
        4,
        Options(backward_capture=True, three_rolls=True, no_jump_in_goal=True, barriers=True, forced_capture=True),
    ),
    "star 6 barriers": lambda: new_game("star", 6, Options(barriers=True, three_rolls=True)),
}


def positions(start: State, seed: int, every: int = 7) -> list[State]:
    """Positions of a game of *medium* against itself (random rolls), every ``every`` steps, to the end."""
    rng = random.Random(seed)
    state = start
    found = [state]
    step = 0
    while not state.is_over:
        if state.is_chance:
            action = legal_actions(state)[rng.randrange(6)]
        else:
            action = BOTS["medium"](state, legal_actions(state), rng)
        state = apply(state, action)
        step += 1
        if step % every == 0:
            found.append(state)
    found.append(state)
    return found


@pytest.mark.parametrize("name", NETWORKS)
def test_weights_load_with_their_shapes(name: str) -> None:
    start = new_game("star" if name.startswith("star") else "cross", int(name[-1]))
    assert form(start.seating) == name
    model = model_for(start.seating)
    assert model is not None
    colours = len(start.seating.colours)
    assert model.colours == colours
    assert model.stride == stride_of(start.seating.length)
    assert len(model.w1) == colours * model.stride
    assert all(len(row) == model.hidden for row in model.w1)
    assert len(model.b1) == model.hidden
    assert len(model.w2) == colours and all(len(row) == model.hidden for row in model.w2)
    assert len(model.b2) == colours
    assert any(w != 0.0 for row in model.w1 for w in row)
    assert max(features(start)) < len(model.w1)


@pytest.mark.parametrize("board", ["cross", "star"])
def test_weights_modules_are_small(board: str) -> None:
    assert (PACKAGE / f"weights_{board}.py").stat().st_size < 100_000


def test_encode_and_decode_agree() -> None:
    """A byte a weight in steps of its row: each value within half a step of its row's, however small the row's
    values are; decoded and encoded again, the same text."""
    values = [0.5, -0.25, 0.001, -0.0005, 3.0, -3.0, 1.0, 0.0]
    scales = (0.5 / learned.LEVELS, 3 / learned.LEVELS)
    shapes = ((2, 2), (1, 4))
    data = learned.encode(values, scales, shapes)
    a, b = learned.decode(data, scales, shapes)
    assert learned.encode(a + b, scales, shapes) == data
    assert a[:2] == pytest.approx([0.5, -0.25], abs=scales[0] / 2)
    assert a[2:] == pytest.approx([0.001, -0.0005], abs=0.001 / learned.LEVELS)  # not 0
    assert b == pytest.approx([3.0, -3.0, 1.0, 0.0], abs=scales[1] / 2)
    with pytest.raises(ValueError, match="expected"):
        learned.decode(learned.encode(values, scales, shapes), scales, ((3, 2), (1, 4)))


def test_forms_without_a_network() -> None:
    for name in ("cross two colours", "cross neutral"):
        assert form(FORMS[name]().seating) is None, name


def test_other_seatings_take_the_network_of_every_colour_of_their_board() -> None:
    for name, network in (
        ("cross 2 adjacent", "cross4"),
        ("star 4", "star6"),
        ("star 5", "star6"),
    ):
        assert form(FORMS[name]().seating) == network, name
    assert form(new_game("star", ["yellow", "black", "blue"]).seating) == "star6"  # three, not spread as seated
    assert form(new_game("star", ["yellow", "black"]).seating) == "star6"
    assert form(FORMS["star 2"]().seating) == "star2"  # its own network


def test_slots_place_each_colour_at_its_arm_from_the_roller() -> None:
    se = new_game("star", 4).seating  # yellow, black, red, green: arms 0, 1, 3, 4 of the six
    assert slots(se, 6) == ((0, 1, 3, 4), (0, 2, 3, 5), (0, 1, 3, 4), (0, 2, 3, 5))
    assert slots(new_game("star", 2).seating, 6) == ((0, 3), (0, 3))
    assert slots(new_game("cross", 3).seating, 3) == ((0, 1, 2),) * 3  # the form's own network: in play order


def test_a_spread_network_reads_only_the_colours_in_play() -> None:
    """Star, four players (yellow, black, red, green): the six-colour network's chances, the absent colours' inputs
    left empty, sum to 1, favour the colour ahead and turn with the board (the seating looks the same from red as
    from yellow)."""
    ahead = parse_position("maedn star y:38,B,B,B k:12,B,B,B r:12,B,B,B g:12,B,B,B y?")
    turned = parse_position("maedn star y:12,B,B,B k:12,B,B,B r:38,B,B,B g:12,B,B,B r?")
    model = model_for(ahead.seating)
    assert model is not None and model.colours == 6
    one, two = chances_by_slot(model, ahead), chances_by_slot(model, turned)
    assert sum(one) == pytest.approx(1.0) and one[0] == max(one) > 0.3
    assert one == pytest.approx(two[2:] + two[:2])
    assert {i // model.stride for i in features(ahead, slots(ahead.seating, 6)[0])} == {0, 1, 3, 4}  # no blue, purple


def test_the_evaluation_is_a_probability_per_colour() -> None:
    for start in (new_game("cross", 2), new_game("cross", 3), new_game("cross", 4), new_game("star", 6)):
        model = model_for(start.seating)
        assert model is not None
        for state in positions(start, 3)[:-1]:
            if state.ranking:
                continue
            chances = chances_by_slot(model, state)
            assert len(chances) == len(start.seating.colours)
            assert all(0.0 <= p <= 1.0 for p in chances)
            assert sum(chances) == pytest.approx(1.0)


def test_the_start_is_about_even() -> None:
    for start in (new_game("cross", 2), new_game("cross", 3), new_game("cross", 4), new_game("star", 6)):
        model = model_for(start.seating)
        assert model is not None
        chances = chances_by_slot(model, start)
        n = len(chances)
        assert all(0.5 / n < p < 2.0 / n for p in chances), chances


def test_a_colour_nearly_home_is_likely_to_win() -> None:
    for text in ("maedn cross y:39,41,42,43 r:0,B,B,B r?", "maedn cross y:39,41,42,43 r:0,B,B,B y?"):
        assert win_chances(parse_position(text))[0] > 0.8
    four = parse_position("maedn cross y:B,B,B,B g:38,41,42,43 r:0,B,B,B k:5,B,B,B y?")
    chances = win_chances(four)
    assert chances[1] > 0.7 and chances[1] == max(chances)
    star = parse_position("maedn star y:0,B,B,B g:3,B,B,B r:B,B,B,B k:45,49,50,51 b:0,B,B,B p:0,B,B,B g?")
    model = model_for(star.seating)
    assert model is not None
    chances = chances_by_slot(model, star)
    black = star.seating.slot_of["black"]  # the star's colours clockwise: yellow, black, blue, red, green, purple
    assert chances[black] == max(chances) and chances[black] > 0.5


def test_swapping_the_colours_swaps_the_chances() -> None:
    one = win_chances(parse_position("maedn cross y:5,17,B,B r:12,B,B,B y?"))
    two = win_chances(parse_position("maedn cross y:12,B,B,B r:5,17,B,B r?"))
    assert one == pytest.approx(two[::-1])


def test_more_progress_is_better() -> None:
    behind = win_chances(parse_position("maedn cross y:3,B,B,B r:20,B,B,B r?"))[0]
    ahead = win_chances(parse_position("maedn cross y:30,B,B,B r:20,B,B,B r?"))[0]
    assert ahead > behind


def test_exact_once_the_first_place_is_decided() -> None:
    over = parse_position("maedn cross y:40,41,42,43 r:1,B,B,B finished:y y*")
    assert win_chances(over) == [1.0, 0.0]
    four = parse_position("maedn cross y:40,41,42,43 g:1,B,B,B r:0,B,B,B k:0,B,B,B finished:y g?")
    assert win_chances(four) == [1.0, 0.0, 0.0, 0.0]


@pytest.mark.parametrize("name", sorted(FORMS))
def test_every_form_gets_valid_chances_and_hard_moves(name: str) -> None:
    start = FORMS[name]()
    rng = random.Random(5)
    seats = len(start.seats)
    for state in positions(start, len(name)):
        chances = win_chances(state)
        assert len(chances) == seats
        assert all(0.0 <= p <= 1.0 for p in chances)
        assert sum(chances) == pytest.approx(1.0)
        if state.ranking:
            assert chances == [1.0 if seat in state.ranking[0] else 0.0 for seat in range(seats)]
        if not state.is_over and not state.is_chance:
            actions = legal_actions(state)
            choice = hard(state, actions, rng)
            assert choice in actions
            assert hard(state, actions, random.Random(99)) == choice  # deterministic


def test_hard_searches_a_network_of_more_colours_only_with_two_in_play() -> None:
    """On the star with four players hard keeps classic_hard (it did not play better on the six-colour network); with
    two it searches on that network, and so chooses otherwise somewhere."""
    differ = {}
    for players in (2, 4):
        differ[players] = 0
        for state in positions(new_game("star", players), 3, every=3):
            if state.is_over or state.is_chance or len(legal_actions(state)) < 2:
                continue
            actions = legal_actions(state)
            differ[players] += hard(state, actions, random.Random(1)) != classic_hard(state, actions, random.Random(1))
    assert differ[4] == 0 and differ[2] > 0, differ


def test_no_network_falls_back_on_the_odds() -> None:
    for start in (FORMS["cross two colours"](), FORMS["cross neutral"]()):
        state = positions(start, 2)[5]
        assert not state.ranking
        assert win_chances(state) == odds.win_chances(state)


def test_every_network_is_calibrated_and_its_chances_are_shown() -> None:
    """Each form with a network predicts better than the odds (bench/maedn_learned.py calibration), so the page's
    chances come from it: on the star with six players too since its network trained 25,000 games."""
    assert set(NETWORKS) == CALIBRATED
    state = positions(new_game("star", 6), 2)[5]
    assert not state.ranking
    assert win_chances(state) != odds.win_chances(state)
    assert sum(win_chances(state)) == pytest.approx(1.0)


def test_hard_takes_a_capture_that_sends_a_far_piece_home() -> None:
    # Red's piece on its place 32 is yellow's place 12: yellow on 10 captures it with a 2.
    capture = parse_position("maedn cross y:10,30,B,B r:32,B,B,B y2")
    moves = legal_actions(capture)
    assert str(hard(capture, moves, random.Random(0))) == "y:10-12"
