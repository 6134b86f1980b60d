"""Mensch ärgere Dich nicht's endgame table: which positions it covers, that its chances obey the rules' own
moves (each is the mean over the rolls of the best move's chance), and that *hard*, the hint and the win
chances read it."""

from __future__ import annotations

import random

import pytest

from malefiz.core import data
from malefiz.games.maedn.bots import hard
from malefiz.games.maedn.learned import endgame, win_chances
from malefiz.games.maedn.notation import parse_position
from malefiz.games.maedn.rules import apply, legal_moves, new_game
from malefiz.games.maedn.state import PASS, ROLLS, B, Options, Phase, State

TOLERANCE = 1.5 / endgame.SCALE
"""The stored chances are rounded to 1/255: a chance and the mean of its successors' may differ by that."""


def covered_position(rng: random.Random) -> State:
    """A random covered position that can occur, either colour to roll."""
    start = new_game("cross", 2)
    while True:
        mine = endgame.placing(rng.randrange(endgame.SIZE))
        theirs = endgame.placing(rng.randrange(endgame.SIZE))
        if not endgame.possible(mine, theirs):
            continue
        turn = rng.randrange(2)
        pieces = (mine, theirs) if turn == 0 else (theirs, mine)
        return start._replace(pieces=pieces, turn=turn)


def known(value: float | None) -> float:
    assert value is not None, "a move left the table"
    return value


def test_the_placings_are_every_pair_of_places_below_goal_field_c() -> None:
    assert endgame.SIZE == 904 == len(set(endgame.LOWER))
    assert all(a < b or a == b == B for a, b in endgame.LOWER)
    assert {p for pair in endgame.LOWER for p in pair} == {B, *range(42)}
    assert endgame.index((B, B, 42, 43), (B, B, 42, 43)) == 0
    assert endgame.index((B, 41, 42, 43), (B, B, 42, 43)) is not None
    assert endgame.index((B, B, 41, 43), (B, B, 42, 43)) is None


@pytest.mark.parametrize("seed", range(4))
def test_every_chance_is_the_mean_over_the_rolls_of_the_best_move(seed: int) -> None:
    """The Bellman equation, checked through the rules engine (legal moves, captures, a 6 rolling again)."""
    rng = random.Random(seed)
    for _ in range(150):
        state = covered_position(rng)
        total = 0.0
        for roll in ROLLS:
            rolled = apply(state, roll)
            moves = legal_moves(rolled) or (PASS,)
            total += max(known(endgame.chance_after(rolled, m)) for m in moves)
        value = endgame.chance(state)
        assert value is not None
        assert value == pytest.approx(total / 6, abs=TOLERANCE), str(state)


def test_the_chances_read_the_same_from_either_colour() -> None:
    yellow = parse_position("maedn cross y:B,30,42,43 r:5,12,42,43 y?")
    red = parse_position("maedn cross y:5,12,42,43 r:B,30,42,43 r?")
    assert endgame.chance(yellow) == endgame.chance(red)


def test_a_race_of_one_piece_each() -> None:
    near = endgame.chance(parse_position("maedn cross y:39,41,42,43 r:0,41,42,43 y?"))
    far = endgame.chance(parse_position("maedn cross y:0,41,42,43 r:39,41,42,43 y?"))
    assert near is not None and far is not None
    # Only a 1 brings the piece on 39 home (b, c and d are taken), a fifth of the turns (a 6 rolls again): it wins
    # unless it misses in every turn the other piece needs from A.
    assert near > 0.85 and far < 0.2


@pytest.mark.parametrize(
    "state",
    [
        parse_position("maedn cross y:B,30,42,43 r:5,12,42,43 y?"),
        new_game("cross", 2),
        parse_position("maedn cross y:B,30,41,43 r:5,12,42,43 y?"),
        new_game("cross", 4),
        new_game("cross", ["yellow", "green"]),
        new_game("star", 2),
        new_game("cross", 2, Options(three_rolls=True)),
    ],
    ids=["covered", "start", "goal field c empty", "four", "adjacent", "star", "option"],
)
def test_what_the_table_covers(state: State) -> None:
    ended = state._replace(pieces=tuple((B, 30, 42, 43) if i else (5, 12, 42, 43) for i in range(len(state.pieces))))
    fits = state.pieces == ((B, 30, 42, 43), (5, 12, 42, 43))
    assert (endgame.covered(state) is not None) == fits
    if (
        state.board.name == "cross"
        and len(state.pieces) == 2
        and state.options == Options()
        and state.seats[1] == ("red",)
    ):
        assert endgame.covered(ended) is not None
    else:
        assert endgame.covered(ended) is None
    assert endgame.covered(apply(ended, ROLLS[0])) is None  # phase MOVE: only positions where a colour rolls


def test_the_win_chances_shown_are_the_tables() -> None:
    state = parse_position("maedn cross y:B,30,42,43 r:5,12,42,43 r?")
    value = endgame.chance(state)
    assert value is not None
    assert win_chances(state) == pytest.approx([1.0 - value, value])


@pytest.mark.parametrize("seed", range(3))
def test_hard_takes_the_best_move_by_the_table(seed: int) -> None:
    rng = random.Random(100 + seed)
    decided = 0
    while decided < 40:
        state = covered_position(rng)
        rolled = apply(state, rng.choice(ROLLS))
        assert rolled.phase is Phase.MOVE
        moves = legal_moves(rolled)
        if len(moves) < 2:
            continue
        values = [known(endgame.chance_after(rolled, m)) for m in moves]
        chosen = hard(rolled, moves, random.Random(0))
        assert values[moves.index(chosen)] == max(values), str(rolled)
        decided += 1


def test_without_its_data_file_the_table_covers_nothing_and_hard_plays_on_the_network(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The web page fetches the table when a game first needs it; should that fail (a first visit whose network went
    away), the table covers nothing, the network gives the chances and *hard* still plays; it is not asked again."""
    asked: list[str] = []

    def nowhere(package: str, name: str) -> bytes | None:
        asked.append(name)
        return None

    monkeypatch.setattr(endgame, "_table", [])
    monkeypatch.setattr(data, "read", nowhere)
    state = parse_position("maedn cross y:B,30,42,43 r:5,12,42,43 r?")
    assert endgame.covered(state) is not None and endgame.chance(state) is None
    chances = win_chances(state)
    assert sum(chances) == pytest.approx(1.0) and 0 < chances[0] < 1
    rolled = apply(state, ROLLS[3])
    moves = legal_moves(rolled)
    assert hard(rolled, moves, random.Random(0)) in moves
    assert endgame.chance_after(rolled, moves[0]) in (None, 0.0, 1.0)
    assert asked == [endgame.FILE]  # read once
