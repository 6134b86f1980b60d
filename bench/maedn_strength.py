"""Mensch ärgere Dich nicht: the bots' win rates with 95% intervals over seeded games (not part of `make test`).

    python bench/maedn_strength.py [--scale 1.0] [--quick]

Plays the matches the next issue sets targets for, with the game counts it names
(``--scale`` multiplies them; ``--quick`` is a smoke run). 2-player games are on the
cross board with opposite colours; seats rotate with the seed. Seeds start at
1,000,000 (tuning used seeds below 10,000); games run in parallel processes.
References: (a) first, (b) weighted, (c) expected_loss (``bench/maedn_reference_bots.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from maedn_reference_bots import REFERENCE_BOTS

from malefiz.core.tournament import play_game, wilson, winner_of
from malefiz.games.maedn.bots import BOTS
from malefiz.games.maedn.game import MAEDN

SEED_BASE = 1_000_000
ALL = {**BOTS, **REFERENCE_BOTS}

MATCHES: list[tuple[tuple[str, ...], str, int, str]] = [
    (("medium", "random"), "cross", 1000, ">= 78%"),
    (("medium", "first"), "cross", 1000, ">= 60%"),
    (("hard", "first"), "cross", 1000, ">= 70%"),
    (("hard", "weighted"), "cross", 2000, ">= 55%, lower end > 52%"),
    (("hard", "expected_loss"), "cross", 2000, ">= 50%"),
    (("hard", "medium"), "cross", 1000, "> 50%"),
    (("hard", "weighted", "weighted", "weighted"), "cross", 4000, ">= 27%, lower end > 25% (parity 25%)"),
    (("hard", "weighted", "weighted", "weighted", "weighted", "weighted"), "star", 1000, ">= 20% (parity 16.7%)"),
]
"""(seats, board, games, target) of every match."""


def _game(job: tuple[tuple[str, ...], int, str]) -> tuple[tuple[str, ...], int | None]:
    names, seed, board = job
    shift = seed % len(names)
    order = names[shift:] + names[:shift]
    return order, winner_of(play_game(MAEDN, [ALL[n] for n in order], seed, board))


def match(pool: PoolType, names: tuple[str, ...], games: int, board: str) -> tuple[int, int]:
    """Games ``names[0]`` won (it plays the first seat of ``names``, rotated by seed), and games played."""
    jobs = [(names, SEED_BASE + g, board) for g in range(games)]
    wins = 0
    for order, winner in pool.imap_unordered(_game, jobs, chunksize=16):
        if winner is not None and order[winner] == names[0]:
            wins += 1
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count (default 1)")
    parser.add_argument("--quick", action="store_true", help="a small smoke run (40 games a match)")
    args = parser.parse_args()
    print(f"{'match':<58}{'board':>6}{'win rate':>10}   95% interval       n   target")
    with Pool(os.cpu_count() or 2) as pool:
        for names, board, games, target in MATCHES:
            n = 40 if args.quick else max(1, round(games * args.scale))
            begin = time.perf_counter()
            wins, played = match(pool, names, n, board)
            lo, hi = wilson(wins, played)
            label = f"{names[0]} vs {'+'.join(names[1:])}"
            seconds = time.perf_counter() - begin
            print(
                f"{label:<58}{board:>6}{wins / played:>10.1%}   [{lo:.1%}, {hi:.1%}]  {played:>6}   {target}"
                f"  ({seconds:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
