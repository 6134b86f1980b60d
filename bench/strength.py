"""Strength of the bots: win rates with 95% intervals over many seeded games (not part of `make test`).

    python bench/strength.py [--games 1000] [--hard-games 200] [--duel-games N] [--felix-games 400]
                             [--board classic|fast|both] [--levels medium,hard,felix,duel,front] [--workers N]
                             [--quick]

Hard against medium, the match that sits at its target on the fast board, can be played over
more games than hard's other matches (``--duel-games``, default ``--hard-games``); ``--levels
duel`` plays only that match: ``--levels duel --board fast --duel-games 1600`` measures it to
about two points.

Seeds start at 1,000,000 (tuning used seeds below 10,000, and 20,000-29,999 for felix); games run
in parallel processes (``--workers``, default one per core). Targets (issue 4): hard >= 70% vs
medium and >= 65% vs each reference in 2-player games, >= 33% in 4-player games against three
copies of the strongest reference; medium >= 90% vs easy and > 50% vs every reference in
2-player games. Issue 15 (the public bots as they really play; ``--levels felix`` plays only
these): hard >= 65% vs ``felix`` (felixxwu/malefiz-online's AI) in 2-player games and >= 33% in
4-player games against three of it, over ``--felix-games`` games each; and felix against
one_ply_weighted, 2 players, over ``--hard-games`` games. Issue 27 (``--levels front``): hard >= 65%
against (e) ``one_ply_front`` and >= 60% against (f) ``two_ply_expectimax`` in paired 2-player
games (every seed twice, seats swapped) on both boards, and >= 45% on the classic board against
three (e), over ``--hard-games`` games each.
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

from reference_bots import REFERENCE_BOTS

from malefiz.core.tournament import play_game, wilson, winner_of
from malefiz.games.malefiz.bots import BOTS
from malefiz.games.malefiz.game import MALEFIZ

SEED_BASE = 1_000_000
ALL = {**BOTS, **REFERENCE_BOTS}


def _game(job: tuple[tuple[str, ...], int, str]) -> tuple[tuple[str, ...], int | None]:
    names, seed, board_name = job
    shift = seed % len(names)
    order = names[shift:] + names[:shift]
    winner = winner_of(play_game(MALEFIZ, [ALL[n] for n in order], seed, board_name))
    return order, winner


def match(pool: PoolType, names: tuple[str, ...], games: int, board_name: str) -> str:
    jobs = [(names, SEED_BASE + g, board_name) for g in range(games)]
    wins = 0
    for order, winner in pool.imap_unordered(_game, jobs, chunksize=4):
        if winner is not None and order[winner] == names[0]:
            wins += 1
    lo, hi = wilson(wins, games)
    parity = 1 / len(names)
    rivals = "+".join(names[1:])
    return f"{names[0]} vs {rivals:<52} {wins / games:6.1%}  [{lo:.1%}, {hi:.1%}]  {wins}/{games} (parity {parity:.0%})"


def _pair(job: tuple[str, str, int, str]) -> int:
    """How many of the two games of ``seed`` (``a`` first, then ``b`` first; the same dice) ``a`` won."""
    a, b, seed, board_name = job
    first = winner_of(play_game(MALEFIZ, [ALL[a], ALL[b]], seed, board_name))
    second = winner_of(play_game(MALEFIZ, [ALL[b], ALL[a]], seed, board_name))
    return int(first == 0) + int(second == 1)


def paired(pool: PoolType, a: str, b: str, games: int, board_name: str) -> str:
    """``a`` against ``b`` over ``games`` games, every seed played twice with the seats swapped."""
    pairs = max(1, games // 2)
    jobs = [(a, b, SEED_BASE + k, board_name) for k in range(pairs)]
    wins = sum(pool.imap_unordered(_pair, jobs, chunksize=2))
    played = 2 * pairs
    lo, hi = wilson(wins, played)
    return f"{a} vs {b + ' (paired)':<52} {wins / played:6.1%}  [{lo:.1%}, {hi:.1%}]  {wins}/{played} (parity 50%)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hard-games", type=int, default=200)
    parser.add_argument("--duel-games", type=int, help="games of hard against medium (default: --hard-games)")
    parser.add_argument("--felix-games", type=int, default=400, help="games of hard against felix, 2 and 4 players")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2, help="parallel processes")
    parser.add_argument("--board", choices=["classic", "fast", "both"], default="both")
    parser.add_argument(
        "--levels",
        default="medium,hard,felix",
        help="whose matches to play: medium, hard, felix (default all three), duel (hard vs medium only), or "
        "front (issue 27: hard against the references (e) and (f), paired, and against three (e) on the classic "
        "board)",
    )
    parser.add_argument("--quick", action="store_true", help="a small smoke run (50 / 20 games)")
    args = parser.parse_args()
    games, hard_games = (50, 20) if args.quick else (args.games, args.hard_games)
    felix_games = 20 if args.quick else args.felix_games
    duel_games = hard_games if args.quick or args.duel_games is None else args.duel_games
    boards = ["classic", "fast"] if args.board == "both" else [args.board]
    levels = set(args.levels.split(","))
    if not levels <= {"medium", "hard", "felix", "duel", "front"}:
        parser.error(f"--levels: expected medium, hard, felix, duel or front, got {args.levels!r}")
    refs = list(REFERENCE_BOTS)
    with Pool(args.workers) as pool:
        for board_name in boards:
            print(f"== {board_name} board ==", flush=True)
            begin = time.perf_counter()
            if "medium" in levels:
                print(match(pool, ("medium", "easy"), games, board_name), flush=True)
                for ref in refs:
                    print(match(pool, ("medium", ref), games, board_name), flush=True)
            if "hard" in levels or "duel" in levels:
                print(match(pool, ("hard", "medium"), duel_games, board_name), flush=True)
            if "hard" in levels:
                for ref in refs:
                    if ref != "felix" or "felix" not in levels:  # played over more games below
                        print(match(pool, ("hard", ref), hard_games, board_name), flush=True)
                # The strongest reference (medium's closest match in 2-player games), three times.
                strongest = ("one_ply_weighted",) * 3
                print(match(pool, ("hard", *strongest), hard_games, board_name), flush=True)
            if "felix" in levels:
                print(match(pool, ("hard", "felix"), felix_games, board_name), flush=True)
                print(match(pool, ("hard", "felix", "felix", "felix"), felix_games, board_name), flush=True)
                print(match(pool, ("felix", "one_ply_weighted"), hard_games, board_name), flush=True)
            if "front" in levels:
                for ref in ("one_ply_front", "two_ply_expectimax"):
                    print(paired(pool, "hard", ref, hard_games, board_name), flush=True)
                if board_name == "classic":
                    fronts = ("hard", "one_ply_front", "one_ply_front", "one_ply_front")
                    print(match(pool, fronts, hard_games, board_name), flush=True)
            print(f"({time.perf_counter() - begin:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
