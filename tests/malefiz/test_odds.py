"""The hard bot's evaluation: expected turns by the dice, chances per turn, who finishes first."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from malefiz.games.malefiz import odds
from malefiz.games.malefiz.board import HOUSE, board, field
from malefiz.games.malefiz.odds import NEVER, SHARPNESS, chances, first_to_finish, forget, rate, turns

FAST = board("fast")
CLASSIC = board("classic")


def start_mask(name: str) -> int:
    mask = 0
    for f in board(name).start_barricades:
        mask |= 1 << f
    return mask


def test_near_the_goal_every_distance_needs_one_exact_roll() -> None:
    """Without barricades, a pawn up to six steps away wins with one number only: six turns, whatever the distance."""
    t = turns(FAST, 0)
    for f in FAST.fields:
        d = FAST.distance[f]
        if 1 <= d <= 6:
            assert t.at[f] == (6.0, 1 << d)
        elif d > 6:
            assert t.at[f][0] > 6.0 and t.at[f][1] == 0
    assert t.at[FAST.goal] == (0.0, 0)


def test_a_barricade_must_be_hit_exactly_before_the_goal() -> None:
    """Fast board at the start: (5,1) holds a barricade; (1,1) must roll a 4 onto it, then a 1."""
    t = turns(FAST, start_mask("fast"))
    assert t.at[field(5, 1)] == (6.0, 1 << 1)  # a pawn that took it needs a 1
    assert t.at[field(1, 1)] == (12.0, 0)  # six turns to hit the barricade, six more for the goal
    assert t.house["red"][0] > t.at[FAST.exits["red"]][0]
    assert t.forest[0] < t.house["red"][0]  # the forest is nearer the goal than a house
    assert turns(FAST, start_mask("fast")) is t  # memoised


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["fast", "classic"]), st.data())
def test_turns_solve_the_waiting_equation(name: str, data: st.DataObject) -> None:
    """T = 1 + the mean over the rolls of min(T, the best field the roll reaches), everywhere (by brute force)."""
    b = board(name)
    candidates = sorted(f for f in b.fields if f != b.goal)
    chosen = data.draw(st.lists(st.sampled_from(candidates), max_size=b.barricade_count, unique=True))
    mask = 0
    for f in chosen:
        mask |= 1 << f
    t = turns(b, mask)
    for f in candidates:
        value = t.at[f][0]
        if value >= NEVER:
            continue
        reach = b.reach(f, "red")
        total = 0.0
        for steps in range(1, 7):
            ends = [t.at[end][0] for end, routes in reach[steps] if any(not p & mask for p in routes)]
            total += min([value, *ends])
        assert abs(value - (1 + total / 6)) < 1e-9


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["fast", "classic"]), st.data())
def test_a_barricade_more_is_solved_again_where_it_matters_to_the_same_numbers(name: str, data: st.DataObject) -> None:
    """A taken barricade's free fields valued one after another (the review, a search) are solved from the setting
    without it, again only where that barricade may change the turns: to exactly the numbers of a whole solution."""
    b = board(name)
    candidates = sorted(f for f in b.fields if f != b.goal)
    chosen = data.draw(st.lists(st.sampled_from(candidates), max_size=b.barricade_count - 1, unique=True))
    base = sum(1 << f for f in chosen)
    free = [f for f in candidates if f not in chosen]
    added = data.draw(st.lists(st.sampled_from(free), min_size=2, max_size=6, unique=True))
    whole = {}
    for f in added:
        forget()  # nothing to start from: solved whole
        whole[f] = turns(b, base | 1 << f)
    forget()
    one_after_another = {f: turns(b, base | 1 << f) for f in added}
    assert one_after_another == whole
    forget()
    turns(b, base)
    assert {f: turns(b, base | 1 << f) for f in reversed(added)} == whole


def test_a_taken_barricades_fields_are_solved_whole_twice_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Valuing every free field for a taken barricade solves two settings whole (the first field's, and the one
    without that barricade once a second field shows the pattern); every other field is solved again in part."""
    whole: list[int] = []
    solve = odds._solve_whole

    def counted(b: object, barricades: int) -> tuple[list[float], list[int]]:
        whole.append(barricades)
        return solve(CLASSIC, barricades)

    monkeypatch.setattr(odds, "_solve_whole", counted)
    base = start_mask("classic") & ~(1 << min(CLASSIC.start_barricades))  # one taken
    free = [f for f in sorted(CLASSIC.fields) if f != CLASSIC.goal and not base >> f & 1]
    forget()
    for f in free:
        turns(CLASSIC, base | 1 << f)
    assert whole == [base | 1 << free[0], base]
    forget()


def test_a_players_chance_counts_each_winning_roll_once() -> None:
    t = turns(FAST, 0)
    one, two = t.at[field(4, 1)], t.at[field(3, 1)]  # two and three steps from the goal
    twin = t.at[field(6, 1)]  # two steps as well, from the other side
    assert rate([one]) == 1 / 6
    assert rate([one, two]) == 2 / 6
    assert rate([one, twin]) == 1 / 6  # both need a 2
    far = t.of("red", HOUSE)
    assert 0 < rate([far]) < rate([far, far]) < 2 * rate([far])  # a second pawn helps, less than the first


def test_who_finishes_first() -> None:
    even = [0.2, 0.2]
    assert first_to_finish(even, 0, mover=0) > 0.5 > first_to_finish(even, 1, mover=0)
    for rates in ([0.1, 0.3], [0.05, 0.2, 0.5, 0.01]):
        for mover in range(len(rates)):
            assert abs(sum(first_to_finish(rates, i, mover) for i in range(len(rates))) - 1) < 1e-12
    assert first_to_finish([0.3, 0.1], 0) > first_to_finish([0.1, 0.3], 0)


def test_chances_sharpened() -> None:
    rates = [0.1, 0.05, 0.02]
    for mover in range(3):
        plain = chances(rates, mover)
        assert plain == pytest.approx([first_to_finish(rates, i, mover) for i in range(3)], abs=1e-12)
        sharp = chances(rates, mover, sharpness=4.0)
        assert abs(sum(sharp) - 1) < 1e-12
        assert sharp[0] > plain[0] and sharp[2] < plain[2]  # the leader more likely, the last less
    assert abs(chances([0.1, 0.1], 0, sharpness=4.0)[0] - chances([0.1, 0.1], 0)[0]) < 0.03  # even stays near even
    # Long races sharpened a lot: rates far below the float's precision still give exact shares.
    tiny = chances([1e-3, 2e-3], 0, sharpness=8.0)
    assert tiny == pytest.approx([1 / 257, 256 / 257], rel=1e-6)
    assert chances([0.0, 0.0, 0.0], 1) == pytest.approx([1 / 3] * 3)  # nobody can finish: no one is favoured
    for board_name in ("classic", "fast"):
        assert len(SHARPNESS[board_name]) == 3 and all(k >= 1 for k in SHARPNESS[board_name])
