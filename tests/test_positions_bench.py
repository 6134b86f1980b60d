"""The position benchmark (bench/positions.py): its committed values are what its command makes, and a choice the
data does not value is valued by the same rollouts rather than guessed."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from malefiz.games import GAMES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import positions


@pytest.mark.parametrize("index", [0, 5])
def test_committed_values_are_what_the_command_makes(index: int) -> None:
    p = positions.load("maedn")[index]
    found = positions._value(
        ("maedn", p["form"], p["position"], p["candidates"][:2], p["rollouts"], positions.seed_of(index))
    )
    assert found["wins"] == p["wins"][:2], "bench/positions is stale: rebuild it with `python bench/positions.py build`"


def test_a_choice_outside_the_data_is_valued_by_the_positions_own_rollouts() -> None:
    data = positions.load("maedn")[:3]
    full, none_now = positions.losses("maedn", "medium", data)
    assert none_now == 0
    # medium's choices taken out of the data: each is valued again, to the same figure
    game, medium = GAMES["maedn"], positions.bots_of("maedn")["medium"]
    picks = []
    for i, p in enumerate(data):
        state = game.parse_position(p["position"])
        picks.append(str(medium(state, game.legal_actions(state), random.Random(i))))
    cut = []
    for p, pick in zip(data, picks, strict=True):
        keep = [k for k, c in enumerate(p["candidates"]) if c != pick]
        cut.append({**p, "candidates": [p["candidates"][k] for k in keep], "wins": [p["wins"][k] for k in keep]})
    again, valued_now = positions.losses("maedn", "medium", cut)
    assert valued_now == 3
    assert again == pytest.approx(full)
