"""Is bot A stronger than bot B? Both play the same seeded games against one opponent (not part of `make test`).

    python bench/paired.py A B [--against medium] [--games 400] [--seed 400] [--board fast] [--players 2]

A and B are level names, reference bots (``one_ply_weighted``) or ``package.module:name``.
Each seed is played twice, once with A and once with B in the same seat and with the same dice, so
most games end alike; only the games that just one of them won say which is stronger. The script
prints both win rates and those games, with the two-sided sign test's p-value (the chance of a split
at least this uneven if A and B were equally strong). A 200-game win rate is only good to about
3 points; a paired run sees smaller differences with the same games. Tuning uses seeds below
10,000; the strength bench's held-out seeds start at 1,000,000.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference_bots import REFERENCE_BOTS

from malefiz.core.errors import MalefizError
from malefiz.core.tournament import load_bot, play_game, wilson, winner_of
from malefiz.games.malefiz.bots import BOTS, Bot
from malefiz.games.malefiz.game import MALEFIZ


def _bot(name: str) -> Bot:
    return REFERENCE_BOTS[name] if name in REFERENCE_BOTS else load_bot(name, BOTS)


def _game(job: tuple[str, str, int, int, str]) -> tuple[int, bool]:
    """Whether ``name`` wins seed ``seed`` against ``players - 1`` copies of ``against`` (seats rotate by seed)."""
    name, against, players, seed, board_name = job
    names = (name,) + (against,) * (players - 1)
    shift = seed % players
    order = names[shift:] + names[:shift]
    winner = winner_of(play_game(MALEFIZ, [_bot(n) for n in order], seed, board_name))
    return seed, winner is not None and winner == (-shift) % players


def sign_test(k: int, n: int) -> float:
    """The two-sided p-value of ``k`` successes in ``n`` fair coin flips."""
    if n == 0:
        return 1.0
    tail = min(k, n - k)
    p = sum(math.comb(n, i) for i in range(tail + 1)) / (1 << n)
    return min(1.0, 2 * p)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--against", default="medium", help="the common opponent (default medium)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=400, help="the first seed (default 400, a tuning seed)")
    parser.add_argument("--board", choices=["classic", "fast"], default="fast")
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    args = parser.parse_args()
    for name in (args.a, args.b, args.against):
        try:
            _bot(name)  # fail early on a bad name
        except MalefizError as exc:
            parser.error(f"{exc} (or a reference bot: {', '.join(REFERENCE_BOTS)})")
    seeds = range(args.seed, args.seed + args.games)
    begin = time.perf_counter()
    won: list[dict[int, bool]] = []
    with Pool(os.cpu_count() or 2) as pool:
        for name in (args.a, args.b):
            jobs = [(name, args.against, args.players, s, args.board) for s in seeds]
            won.append(dict(pool.imap_unordered(_game, jobs, chunksize=2)))
    a, b = won
    only_a = sum(a[s] and not b[s] for s in seeds)
    only_b = sum(b[s] and not a[s] for s in seeds)
    rivals = f"{args.players - 1} x {args.against}" if args.players > 2 else args.against
    print(f"{args.games} games against {rivals} on the {args.board} board, seeds {args.seed}-{seeds[-1]}")
    for name, results in zip((args.a, args.b), won, strict=True):
        wins = sum(results.values())
        lo, hi = wilson(wins, args.games)
        print(f"  {name:<24} {wins / args.games:6.1%}  [{lo:.1%}, {hi:.1%}]")
    p = sign_test(only_a, only_a + only_b)
    print(f"  won by only one of them: {args.a} {only_a}, {args.b} {only_b} (sign test p = {p:.2f})")
    print(f"({time.perf_counter() - begin:.0f} s)")


if __name__ == "__main__":
    main()
