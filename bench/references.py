"""The reference opponents against each other, before any bot is tuned against them (not part of `make test`).

    python bench/references.py [--scale 1.0] [--only maedn|malefiz] [--processes N]

Issue 27 names how they must rank. Every seed is played twice with the seats swapped, so both
sides get the same dice from each seat (paired games); the win rates carry 95% Wilson intervals.
Seeds start at 1,000,000 (held out: tuning uses seeds below 10,000).

- Mensch ärgere Dich nicht, cross, 2 players: the corrected (c) ``expected_loss`` must beat
  (b) ``weighted`` at least 55 to 45 over 4,000 games.
- Malefiz classic, 2 players: the one-ply in-front player (e) ``one_ply_front`` and the two-ply
  expectimax player (f) ``two_ply_expectimax`` against *hard* (the issue measured *hard* at
  44.5% against (e) and 51.5% against (f)), and against each other.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import maedn_reference_bots
import reference_bots

from malefiz.core.game import Bot, Game
from malefiz.core.tournament import play_game, wilson, winner_of
from malefiz.games.maedn.bots import BOTS as MAEDN_BOTS
from malefiz.games.maedn.game import MAEDN
from malefiz.games.malefiz.bots import BOTS as MALEFIZ_BOTS
from malefiz.games.malefiz.game import MALEFIZ

SEED_BASE = 1_000_000
GAMES: dict[str, tuple[Game, dict[str, Bot]]] = {  # type: ignore[type-arg]
    "maedn": (MAEDN, {**MAEDN_BOTS, **maedn_reference_bots.REFERENCE_BOTS}),
    "malefiz": (MALEFIZ, {**MALEFIZ_BOTS, **reference_bots.REFERENCE_BOTS}),
}

MATCHES: list[tuple[str, str, str, str, int, str]] = [
    ("maedn", "cross", "expected_loss", "weighted", 4000, ">= 55% (issue 27)"),
    ("malefiz", "classic", "one_ply_front", "hard", 200, "about 55.5% (hard 44.5%)"),
    ("malefiz", "classic", "two_ply_expectimax", "hard", 200, "about 48.5% (hard 51.5%)"),
    ("malefiz", "classic", "two_ply_expectimax", "one_ply_front", 200, "(not named)"),
]
"""(game, board, A, B, games, what the issue expects of A): games are played in pairs, seats swapped."""


def _pair(job: tuple[str, str, str, str, int]) -> int:
    """How many of the two games of ``seed`` (A first, then B first) A won."""
    game_name, board, a, b, seed = job
    game, bots = GAMES[game_name]
    first = winner_of(play_game(game, [bots[a], bots[b]], seed, board))
    second = winner_of(play_game(game, [bots[b], bots[a]], seed, board))
    return int(first == 0) + int(second == 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count (default 1)")
    parser.add_argument("--only", choices=sorted(GAMES), help="one game's matches only")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    print(f"{'game':<8}{'board':<8}{'match':<40}{'A wins':>8}   95% interval       n   expected")
    with Pool(args.processes) as pool:
        for game_name, board, a, b, games, expected in MATCHES:
            if args.only and game_name != args.only:
                continue
            pairs = max(1, round(games * args.scale / 2))
            begin = time.perf_counter()
            jobs = [(game_name, board, a, b, SEED_BASE + k) for k in range(pairs)]
            wins = sum(pool.imap_unordered(_pair, jobs, chunksize=4))
            played = 2 * pairs
            lo, hi = wilson(wins, played)
            seconds = time.perf_counter() - begin
            print(
                f"{game_name:<8}{board:<8}{a + ' vs ' + b:<40}{wins / played:>8.1%}   [{lo:.1%}, {hi:.1%}]"
                f"  {played:>6}   {expected}  ({seconds:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
