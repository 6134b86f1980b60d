"""How well the odds model's chances to win match what happens (not part of `make test`).

    python bench/calibration.py [--games 1000] [--board fast|classic] [--players 2] [--seed 20000]

Plays medium against medium, and at every roll asks :func:`malefiz.games.malefiz.value.win_chances`
for the first player's chance; then prints, by bands of that chance, how often the first
player really won, the log loss (a coin flip scores 0.693; lower is better) and the log
loss the same rates would have with other sharpness exponents (see
:data:`malefiz.games.malefiz.odds.SHARPNESS`): the best one is what the model should use.
Seeds start at 20,000 (tuning seeds; the strength figures use seeds from 1,000,000).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from malefiz.core.dice import Dice
from malefiz.games.malefiz import learned
from malefiz.games.malefiz.board import COLOURS
from malefiz.games.malefiz.bots import medium
from malefiz.games.malefiz.odds import chances
from malefiz.games.malefiz.rules import apply, legal_actions, new_game
from malefiz.games.malefiz.state import Roll
from malefiz.games.malefiz.value import ODDS, win_chances

EXPONENTS = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0)
Sample = tuple[float, list[float], int, bool, float | None]
"""The model's chance for the first player, every player's rate, who rolls, whether the first player won, and the
learned network's chance for the first player (None: no network for the form)."""


def _game(job: tuple[int, str, int]) -> list[Sample]:
    seed, board_name, players = job
    colours = ("red", "yellow") if players == 2 else COLOURS[:players]
    state = new_game(board_name, colours)
    dice, rng = Dice(seed), random.Random(seed)
    seen: list[tuple[float, list[float], int, float | None]] = []
    model = learned.model_for(state)
    while not state.is_over:
        if state.is_chance:
            net = None if model is None else learned.chances(model, state)[0]
            seen.append((win_chances(state)[colours[0]], ODDS.scores(state), state.turn, net))
            value, dice = dice.roll()
            state = apply(state, Roll(value))
        else:
            state = apply(state, medium(state, legal_actions(state), rng))
    won = state.winner == colours[0]
    return [(p, rates, turn, won, net) for p, rates, turn, net in seen]


def _log_loss(pairs: list[tuple[float, bool]]) -> float:
    total = 0.0
    for p, won in pairs:
        p = min(max(p, 1e-6), 1 - 1e-6)
        total -= math.log(p if won else 1 - p)
    return total / len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--board", choices=["classic", "fast"], default="fast")
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    parser.add_argument("--seed", type=int, default=20_000)
    args = parser.parse_args()
    begin = time.perf_counter()
    samples: list[Sample] = []
    jobs = [(args.seed + g, args.board, args.players) for g in range(args.games)]
    with Pool(os.cpu_count() or 2) as pool:
        for found in pool.imap_unordered(_game, jobs, chunksize=8):
            samples.extend(found)
    print(
        f"{args.board} board, {args.players} players, medium x{args.players}, {args.games} games, "
        f"{len(samples)} positions ({time.perf_counter() - begin:.0f} s)"
    )
    print("first player's chance    positions   predicted   won")
    bands = 10
    for band in range(bands):
        inside = [(p, won) for p, _, _, won, _ in samples if min(int(p * bands), bands - 1) == band]
        if inside:
            predicted = sum(p for p, _ in inside) / len(inside)
            won = sum(w for _, w in inside) / len(inside)
            low, high = band / bands, (band + 1) / bands
            print(f"  {low:4.0%} - {high:4.0%}        {len(inside):8d}   {predicted:8.1%}   {won:6.1%}")
    print(f"log loss of win_chances: {_log_loss([(p, won) for p, _, _, won, _ in samples]):.4f} (coin flip 0.6931)")
    for k in EXPONENTS:
        pairs = [(chances(rates, turn, k)[0], won) for _, rates, turn, won, _ in samples]
        print(f"  sharpness {k:3.1f}: log loss {_log_loss(pairs):.4f}")
    nets = [(net, won) for _, _, _, won, net in samples if net is not None]
    if nets:
        print(f"log loss of the learned network (malefiz.games.malefiz.learned): {_log_loss(nets):.4f}")


if __name__ == "__main__":
    main()
