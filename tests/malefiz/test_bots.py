"""The computer players: always legal, deterministic, loadable, and the tournament around them."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from malefiz.cli import main
from malefiz.core.errors import MalefizError
from malefiz.core.tournament import load_bot, tournament, wilson
from malefiz.games.malefiz.board import Colour
from malefiz.games.malefiz.bots import (
    BOTS,
    IN_FRONT,
    INNER_PLACES,
    PLACE_WIDTH,
    Search,
    _best_place,
    _front_place,
    _hard_place,
    _Outlook,
    _settle,
    hard,
    hint,
    medium,
    win_probability,
)
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.rules import apply, legal_actions
from malefiz.games.malefiz.state import PASS, Move, Options, Phase, Place, Roll, State
from malefiz.games.malefiz.value import (
    BLEND,
    FULL_RACE,
    MODELS,
    MORE_MODELS,
    ODDS,
    RACE,
    SEARCH_BARRICADE_COST,
    Model,
    hard_model,
    race,
    win_chances,
)
from tests.malefiz.helpers import CLASSIC_START, pos, rolled
from tests.malefiz.test_properties import positions, random_state


@settings(max_examples=60, deadline=None)
@given(positions, st.integers(1, 6), st.sampled_from(sorted(BOTS)), st.integers(0, 2**16))
def test_bots_only_return_legal_actions(state: State, roll: int, name: str, seed: int) -> None:
    if state.phase is Phase.ROLL:
        state = apply(state, Roll(roll))
    if state.is_over:
        return
    actions = legal_actions(state)
    choice = BOTS[name](state, actions, random.Random(seed))
    assert choice in actions
    apply(state, choice)


@settings(max_examples=80, deadline=None)
@given(positions, st.integers(1, 6))
def test_replies_are_scored_as_the_positions_they_make(state: State, roll: int) -> None:
    """The search scores a reply without building its position; it must agree with evaluating that position."""
    moving = rolled(state, roll)
    if moving is None:
        return
    state = moving
    for model in (RACE, FULL_RACE, ODDS, BLEND):
        outlook = _Outlook(state, model)
        for action in legal_actions(state):
            if not isinstance(action, Move):
                continue
            scores = outlook.scores(action)
            after = apply(state, action)
            if scores is None:  # the win, or a barricade taken: those positions are built
                assert after.is_over or after.phase is Phase.PLACE
                continue
            for colour in state.players:
                expected = model.value(after, colour)
                assert abs(model.margin(scores, state.players.index(colour), after.turn) - expected) < 1e-9


@settings(max_examples=60, deadline=None)
@given(positions)
def test_the_blended_model_gives_two_players_chances_that_add_up_to_one(state: State) -> None:
    """The odds' chance and the race's logistic margin are both chances to win; so is their blend."""
    if len(state.players) != 2 or state.is_over:
        return
    red, other = (BLEND.value(state, colour) for colour in state.players)
    assert 0.0 < red < 1.0
    assert abs(red + other - 1.0) < 1e-9
    # Each part pulls the same way as its own model.
    odds, steps = ODDS.value(state, state.players[0]), RACE.value(state, state.players[0])
    if odds > 0.5 and steps > 0:
        assert red > 0.5
    if odds < 0.5 and steps < 0:
        assert red < 0.5


def _one_turn(after: State, colour: Colour, model: Model) -> float:
    """``colour``'s value by ``model`` after the next player's roll and best reply by ``model``, over the rolls.

    Every position is built in full (the search scores most replies without building them).
    """
    if after.is_over:
        return model.value(after, colour)
    total = 0.0
    for roll in range(1, 7):
        state = apply(after, Roll(roll))
        replies = legal_actions(state)
        if replies[0] is PASS:
            total += model.value(apply(state, PASS), colour)
            continue
        mover = state.current
        results = [_settle(state, reply, INNER_PLACES, model.value, SEARCH_BARRICADE_COST) for reply in replies]
        total += model.value(max(results, key=lambda s: model.value(s, mover)), colour)
    return total / 6


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(1, 6))
@example(random_state(0, "classic", ("red", "green"), Options(extra_roll_on_six=True), 0), 1)  # a 6 rolls again
@example(random_state(0, "classic", ("green", "red"), Options(extra_roll_on_six=True), 22), 1)  # ... and chooses so
def test_a_one_turn_search_values_moves_by_the_positions_they_lead_to(state: State, roll: int) -> None:
    """One turn deep, a move's value is our value after the next player's best reply, averaged over its rolls.

    Also when a 6 gives that player another roll (the ``extra_roll_on_six`` option).
    """
    moving = rolled(state, roll)
    if moving is None:
        return
    actions = legal_actions(moving)
    colour = moving.current
    for model in (RACE, ODDS, BLEND):
        search = Search(moving, actions, budget=10**9, width=3, depth=1, model=model)
        search.run()
        searched = list(search.values)[:3]
        for action in searched:
            after = apply(moving, action)
            if after.phase is Phase.PLACE:
                after = apply(after, _hard_place(after, model))
            assert abs(search.values[action] - _one_turn(after, colour, model)) < 1e-9
        assert search.best == max(searched, key=lambda a: search.values[a])


def test_barricade_distances_count_each_barricade_on_the_way() -> None:
    state = pos(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r?")
    b = state.board
    plain = race(b, 0)
    assert [plain.dist[f] for f in (b.goal, 8 + 32 * 1, 8 + 32 * 3)] == [0, 1, 19]
    start = race(b, state.barricades)
    # (8,1) and (8,3) hold barricades: passing (8,1) costs 8 more, and a pawn on (8,3) passes only (8,1).
    assert start.dist[8 + 32 * 1] == 1 and start.dist[8 + 32 * 3] == 19 + 8
    assert start.house["red"] == start.dist[b.exits["red"]] + 1
    assert race(b, state.barricades) is start  # memoised


def test_the_best_place_hinders_most_then_lies_nearest_the_goal() -> None:
    """Red took the barricade next to the goal; yellow's pawn must pass (7,5) or make a long detour."""
    barricades = CLASSIC_START.replace("8.1,", "")
    state = pos(f"classic r:8.1,h,h,h,h y:6.6,h,h,h,h x:{barricades} r!")
    places = legal_actions(state)
    place = _best_place(state, RACE.value)
    assert str(place) == "@7.5"
    assert isinstance(place, Place)
    values = {p: round(RACE.value(apply(state, p), "red"), 9) for p in places}
    best = max(values.values())
    assert values[place] == best
    distance = state.board.distance
    assert all(distance[place.field] <= distance[p.field] for p in places if values[p] == best)  # type: ignore[union-attr]


def test_hard_on_the_classic_board_puts_a_barricade_right_in_front_of_the_leading_opponent() -> None:
    """Yellow's pawn on (6,6) leads (the one in the house is further); the first free field on its way takes it."""
    assert IN_FRONT["classic"]
    barricades = CLASSIC_START.replace("8.1,", "")
    state = pos(f"classic r:8.1,h,h,h,h y:6.6,h,h,h,h x:{barricades} r!")
    places = legal_actions(state)
    place = _front_place(state)
    assert place == _hard_place(state, FULL_RACE)
    assert isinstance(place, Place) and place in places
    b = state.board
    lead = b.distance[6 + 32 * 6]
    assert b.distance[place.field] < lead  # between the pawn and the goal
    assert lead - b.distance[place.field] <= 2  # right in front of it


def test_hard_on_the_classic_board_searches_where_its_barricade_goes() -> None:
    """Two players: the field in front of the leader and the PLACE_WIDTH the model likes best at once are each
    searched over the next rolls as a move is; hard takes the best of them on average."""
    barricades = CLASSIC_START.replace("8.1,", "")
    state = pos(f"classic r:8.1,h,h,h,h y:6.6,h,h,h,h x:{barricades} r!")
    places = legal_actions(state)
    place = hard(state, places, random.Random(0))
    firsts = sorted(places, key=lambda a: -FULL_RACE.value(apply(state, a), "red"))[:PLACE_WIDTH]
    front = _front_place(state)
    assert front is not None and front not in firsts
    searched = Search(state, [*firsts, front])
    assert place == searched.run() in places
    assert len(searched.values) == PLACE_WIDTH + 1 and place == max(searched.values, key=searched.values.__getitem__)


@settings(max_examples=40, deadline=None)
@given(positions)
def test_the_place_in_front_is_legal_and_on_the_leaders_way(state: State) -> None:
    """Whenever a barricade must be put down, hard's place is legal; in front of the leader it is nearer the goal."""
    if state.phase is not Phase.PLACE:
        return
    places = legal_actions(state)
    front = _front_place(state)
    assert front is None or front in places
    for model in (FULL_RACE, BLEND):
        assert _hard_place(state, model) in places
    assert hard(state, places, random.Random(0)) == hard(state, places, random.Random(1))  # no dice involved


def test_with_more_than_two_players_hard_races_the_leading_pawns_and_blocks_the_leader() -> None:
    """Four players on the classic board: the race of the leading pawns, and a taken barricade right in front of the
    leading opponent, not searched (on the fast board: where its model likes best)."""
    barricades = CLASSIC_START.replace("8.1,", "")
    two = pos(f"classic r:8.1,h,h,h,h y:6.6,h,h,h,h x:{barricades} r!")
    four = pos(f"classic r:8.1,h,h,h,h y:6.6,h,h,h,h g:h,h,h,h,h b:h,h,h,h,h x:{barricades} r!")
    assert hard_model(two) is MODELS["classic"] is FULL_RACE
    assert hard_model(four) is MORE_MODELS["classic"] is RACE
    places = legal_actions(four)
    front = _front_place(four)
    assert front is not None and front != _best_place(four, RACE.value)
    assert hard(four, places, random.Random(0)) == front in places
    fast = pos("fast r:5.1,h,h,h y:2.1,h,h,h g:h,h,h,h b:h,h,h,h x:5.2,4.3,6.3,3.4,7.4 r!")
    assert not IN_FRONT["fast"] and hard_model(fast) is MORE_MODELS["fast"]
    places = legal_actions(fast)
    assert hard(fast, places, random.Random(0)) == _best_place(fast, MORE_MODELS["fast"].value) in places


def test_hard_on_the_fast_board_blocks_a_pawn_that_would_win_with_one_roll() -> None:
    """Red took the barricade next to the goal; yellow's pawn on (2,1) wins with a 3 unless one is put in between."""
    state = pos("fast r:5.1,h,h,h y:2.1,h,h,h x:5.2,4.3,6.3,3.4,7.4 r!")
    places = legal_actions(state)
    assert str(hard(state, places, random.Random(0))) == "@4.1"  # as good as (3,1), and nearer the goal
    chance = {str(p): win_probability(apply(state, p), "red") for p in places}
    assert chance["@4.1"] == chance["@3.1"] > 0.5 > max(v for k, v in chance.items() if k not in {"@4.1", "@3.1"})


@pytest.mark.parametrize("name", sorted(BOTS))
def test_same_seed_same_decision(name: str) -> None:
    state = pos(f"classic r:2.9,4.13,h,h,h y:10.9,h,h,h,h x:{CLASSIC_START} r4")
    actions = legal_actions(state)
    decisions = {str(BOTS[name](state, actions, random.Random(9))) for _ in range(3)}
    assert len(decisions) == 1


def test_medium_takes_the_win() -> None:
    barricades = CLASSIC_START.replace("8.1,", "3.9,")
    state = pos(f"classic r:7.1,2.13,h,h,h y:9.1,h,h,h,h x:{barricades} r2")
    assert str(medium(state, legal_actions(state), random.Random(0))) == "7.1-8.0"
    assert str(BOTS["hard"](state, legal_actions(state), random.Random(0))) == "7.1-8.0"


def test_search_runs_in_slices_with_a_fixed_budget() -> None:
    state = pos(f"classic r:2.9,4.13,6.13,h,h y:10.9,12.9,h,h,h x:{CLASSIC_START} r3")
    actions = legal_actions(state)
    search = Search(state, actions, budget=10_000)
    slices = 0
    while search.step():
        slices += 1
    assert slices >= 1 and search.best in actions
    assert Search(state, actions, budget=10_000).run() == search.best
    tiny = Search(state, actions, budget=1)
    assert tiny.run() in actions  # a tiny budget still answers


def test_hint_gives_an_action_and_chances() -> None:
    state = pos(f"classic r:2.9,4.13,h,h,h y:10.9,h,h,h,h x:{CLASSIC_START} r4")
    action, chances = hint(state)
    assert isinstance(action, Move) and action in legal_actions(state)
    assert set(chances) == {"red", "yellow"} and abs(sum(chances.values()) - 1) < 1e-9
    assert hint(pos(f"classic r:2.9,4.13,h,h,h y:10.9,h,h,h,h x:{CLASSIC_START} r?"))[0] is None
    ahead = win_chances(pos(f"classic r:8.3,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START.replace('8.3,', '3.9,')} y?"))
    assert ahead["red"] > ahead["yellow"]
    assert abs(sum(ahead.values()) - 1) < 1e-9
    # Calibrated (bench/calibration.py): one pawn on row 3 against a team still at home
    # wins far more often than a plain race by the rates says.
    assert ahead["red"] > 0.9


def test_tournament_repeats_and_rotates() -> None:
    a = tournament(MALEFIZ, ["medium", "greedy"], 6, seed=3)
    b = tournament(MALEFIZ, ["medium", "greedy"], 6, seed=3)
    assert [s.wins for s in a.seats] == [s.wins for s in b.seats]
    assert sum(s.wins for s in a.seats) == 6
    assert "games/s" in a.report()


def test_load_bot_by_module_name() -> None:
    assert load_bot("malefiz.games.malefiz.bots:medium", BOTS) is medium
    assert load_bot("tests.malefiz.test_bots:first_action", BOTS) is first_action
    with pytest.raises(MalefizError, match="No module named"):
        load_bot("no_such_module:bot", BOTS)
    with pytest.raises(MalefizError, match="no callable"):
        load_bot("malefiz.games.malefiz.bots:nothing_here", BOTS)
    with pytest.raises(MalefizError, match="unknown bot"):
        load_bot("genius", BOTS)


def first_action(state: State, actions: object, rng: random.Random) -> object:
    """A bot written elsewhere: always the first legal action."""
    return actions[0]  # type: ignore[index]


def test_tournament_command_line() -> None:
    out = io.StringIO()
    assert (
        main(
            ["tournament", "--games", "4", "--seats", "medium,tests.malefiz.test_bots:first_action", "--board", "fast"],
            out,
        )
        == 0
    )
    text = out.getvalue()
    assert "1. medium" in text and "2. tests.malefiz.test_bots:first_action" in text and "games/s" in text
    assert main(["tournament", "--games", "1", "--seats", "medium,genius"]) == 2


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and round(lo, 3) == 0.404 and round(hi, 3) == 0.596
