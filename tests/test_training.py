"""The training scripts (train/, development only: numpy) against the package that reads what they write."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np  # a development dependency (train/ only): the rules package never needs it
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "train"))

import maedn_td
import td

from malefiz.core.network import build
from malefiz.games.maedn import learned
from malefiz.games.maedn.learned import weights_cross
from malefiz.games.maedn.rules import apply, legal_moves, new_game
from malefiz.games.maedn.state import PASS, ROLLS, Phase, State

MODULE = Path(learned.__file__).parent / "weights_cross.py"


def positions(count: int, seed: int) -> list[State]:
    """Positions before a roll from random two-colour games on the cross."""
    rng = random.Random(seed)
    found: list[State] = []
    state = new_game("cross", 2)
    while len(found) < count:
        if state.finished:
            state = new_game("cross", 2)
        if state.phase is Phase.ROLL:
            found.append(state)
            state = apply(state, ROLLS[rng.randrange(6)])
            continue
        moves = legal_moves(state)
        state = apply(state, moves[rng.randrange(len(moves))] if moves else PASS)
    return found


def test_resumed_network_is_the_shipped_one_without_its_temperature() -> None:
    """Training goes on from exactly the network the package ships: the same chances once the shipped output
    layer's temperature is undone, and exported again (temperature and all) it is the shipped entry's network."""
    colours, stride, hidden, data, scales = weights_cross.MODELS["cross2"]
    inputs = colours * stride
    temperature = maedn_td.TEMPERATURE.get("cross2", 1.0)
    net = td.Net.shipped(td.read_models(MODULE)["cross2"], temperature)
    raw = build(colours, stride, hidden, data, td.calibrated(scales, 1.0 / temperature))
    states = positions(200, 5)
    _, p = net.forward(td.dense([learned.features(s) for s in states], inputs))
    expected = np.array([raw.evaluate(learned.features(s)) for s in states])
    assert np.allclose(p, expected, atol=1e-9)
    again = build(*td.export(net, colours, stride, temperature))
    shipped = build(colours, stride, hidden, data, scales)
    for s in states[:50]:
        assert again.evaluate(learned.features(s)) == pytest.approx(shipped.evaluate(learned.features(s)), abs=1e-6)
