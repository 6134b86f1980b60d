"""Mensch ärgere Dich nicht's learned evaluation (issue 27): *hard*'s strength and the chances' calibration.

    python bench/maedn_learned.py [strength|calibration|speed|all] [--scale 1.0] [--seed-base 1000000] [--only N]
                                  [--plies N] [--weights PATH]

strength: paired games, one process. Two players (opposite colours): every seed is played twice with
the seats swapped; more players: *hard* takes every seat in turn with the same seed (same dice). 95% Wilson
intervals. Seeds start at ``--seed-base``: 1,000,000 for the reported figures (held out), below 10,000 for
tuning.

calibration: positions from *medium* self-play (every sixth decision until the first colour is home; the games of
:data:`FORMS`, seeds from ``--seed-base``), the log loss of :func:`malefiz.games.maedn.learned.win_chances`
beside :func:`malefiz.games.maedn.odds.win_chances` (lower is better; even chances give ln 2, ln 3, ln 4, ln 6).

``--weights`` measures the networks of another weights module (``weights_<board>.py`` or a snapshot
``weights_<board>_<form>_<games>.py``) or of every one in a folder (a training run's ``--out``) in place of the
shipped ones, without touching the package.

speed: *hard*'s time per decision (mean and slowest) over the decisions of 20 games of *medium* self-play
per form (CPython here; Pyodide is some 3 to 5 times slower).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from maedn_reference_bots import REFERENCE_BOTS

from malefiz.core import network
from malefiz.core.dice import Dice
from malefiz.core.game import Bot
from malefiz.core.play import play
from malefiz.core.tournament import play_game, wilson, winner_of
from malefiz.games.maedn import bots, learned, odds
from malefiz.games.maedn.bots import BOTS
from malefiz.games.maedn.game import MAEDN
from malefiz.games.maedn.state import State

ALL: dict[str, Bot] = {**BOTS, **REFERENCE_BOTS, "classic_hard": bots.classic_hard}

MATCHES: list[tuple[str, tuple[str, ...], str, int, str]] = [
    ("hard", ("expected_loss",), "cross", 2000, ">= 58%"),
    ("hard", ("weighted",), "cross", 2000, ">= 62%"),
    ("hard", ("weighted",) * 3, "cross", 1000, ">= 33% (parity 25%)"),
    ("hard", ("weighted",) * 5, "star", 600, ">= 25% (parity 16.7%)"),
    ("hard", ("medium",), "cross", 400, "> 50%"),
    ("hard", ("first",), "cross", 1000, ">= 70%"),
    ("hard", ("weighted",) * 2, "cross", 999, "no target (parity 33.3%)"),
    ("hard", ("weighted",) * 2, "star", 999, "no target (parity 33.3%)"),
    ("hard", ("weighted",), "star", 1000, "no target (parity 50%)"),
    ("classic_hard", ("weighted",), "star", 1000, "(hard before its network)"),
    ("hard", ("weighted",) * 3, "star", 1000, "no target (parity 25%; classic_hard)"),
    ("hard", ("weighted",) * 4, "star", 1000, "no target (parity 20%; classic_hard)"),
]
"""(bot, opponents, board, games, target)."""


def match(bot: str, opponents: tuple[str, ...], board: str, games: int, base: int) -> tuple[int, int]:
    """Games ``bot`` won and games played: ``games`` rounded down to whole sets of seats."""
    players = len(opponents) + 1
    wins = played = 0
    for seed in range(base, base + max(1, games // players)):
        for seat in range(players):
            names = list(opponents)
            names.insert(seat, bot)
            wins += int(winner_of(play_game(MAEDN, [ALL[n] for n in names], seed, board)) == seat)
            played += 1
    return wins, played


def strength(scale: float, base: int, only: int | None) -> None:
    print(f"{'match':<40}{'board':>6}{'win rate':>10}   95% interval       n   target")
    for k, (bot, opponents, board, games, target) in enumerate(MATCHES):
        if only is not None and k != only:
            continue
        begin = time.perf_counter()
        wins, played = match(bot, opponents, board, round(games * scale), base)
        lo, hi = wilson(wins, played)
        label = f"{bot} vs {'+'.join(opponents)}"
        seconds = time.perf_counter() - begin
        print(
            f"{label:<40}{board:>6}{wins / played:>10.1%}   [{lo:.1%}, {hi:.1%}]  {played:>6}   {target}"
            f"  ({seconds:.0f} s)",
            flush=True,
        )


FORMS: list[tuple[str, int | tuple[str, ...], int]] = [
    ("cross", 2, 150),
    ("cross", 3, 100),
    ("cross", 4, 80),
    ("star", 3, 80),
    ("star", 6, 80),
    ("star", 2, 150),
    ("star", 4, 80),  # these three on the board's network for all its colours, the absent ones left empty
    ("star", 5, 80),
    ("cross", ("yellow", "green"), 150),
]
"""The seatings measured (board, players or their colours, games of *medium* self-play)."""


def count(players: int | tuple[str, ...]) -> int:
    """How many colours a seating of :data:`FORMS` has."""
    return players if isinstance(players, int) else len(players)


def positions(board: str, players: int | tuple[str, ...], games: int, base: int) -> list[tuple[State, int]]:
    """Every sixth decision of *medium* self-play until the first colour is home, with the game's winner."""
    found: list[tuple[State, int]] = []
    for seed in range(base, base + games):
        state = MAEDN.new_game(board, players, None)
        seen: list[State] = []
        decisions = 0
        last = state
        for step in play(MAEDN, state, [BOTS["medium"]] * count(players), Dice(seed), random.Random(seed)):
            last = step.after
            if not step.before.is_chance:
                decisions += 1
                if decisions % 6 == 0 and not step.before.ranking:
                    seen.append(step.before)
        winner = winner_of(tuple(last.ranking))
        if winner is not None:
            found.extend((s, winner) for s in seen)
    return found


def label(board: str, players: int | tuple[str, ...], games: int | None = None) -> str:
    """``star, 4 players, 80 games``; ``cross, yellow+green``."""
    who = f"{players} players" if isinstance(players, int) else "+".join(players)
    return f"{board}, {who}" + (f", {games} games" if games is not None else "")


def calibration(base: int) -> None:
    print(f"{'positions':<34}{'n':>6}{'learned':>9}{'odds':>9}{'even':>8}")
    for board, players, games in FORMS:
        found = positions(board, players, games, base)
        lost = {"learned": 0.0, "odds": 0.0}
        for state, winner in found:
            for name, chances in (("learned", learned.win_chances), ("odds", odds.win_chances)):
                lost[name] -= math.log(max(chances(state)[winner], 1e-9))
        n = len(found)
        even = math.log(count(players))
        print(
            f"{label(board, players, games):<34}{n:>6}{lost['learned'] / n:>9.3f}{lost['odds'] / n:>9.3f}{even:>8.3f}"
        )


def speed(base: int) -> None:
    print(f"{'positions':<34}{'n':>6}{'mean ms':>9}{'max ms':>9}")
    for board, players, _ in FORMS:
        found = [s for s, _ in positions(board, players, 20, base)]
        rng = random.Random(0)
        times: list[float] = []
        for state in found:
            actions = MAEDN.legal_actions(state)
            begin = time.perf_counter()
            BOTS["hard"](state, actions, rng)
            times.append(time.perf_counter() - begin)
        print(
            f"{label(board, players):<34}{len(times):>6}{1000 * sum(times) / len(times):>9.2f}{1000 * max(times):>9.2f}"
        )


def use_weights(where: Path) -> None:
    """Make :func:`malefiz.core.network.load` answer with the networks of the weights module ``where`` (or of every
    ``weights_*.py`` in that folder) for the board its name gives."""
    for module in sorted(where.glob("weights_*.py")) if where.is_dir() else [where]:
        board = module.stem.split("_")[1]
        scope: dict[str, Any] = {}
        exec(module.read_text(), scope)
        for name, entry in scope["MODELS"].items():
            network._LOADED[f"{learned.__name__}.weights_{board}", name] = network.build(*entry)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="?", choices=["strength", "calibration", "speed", "all"], default="all")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count (default 1)")
    parser.add_argument("--seed-base", type=int, default=1_000_000)
    parser.add_argument("--only", type=int, help="only the match with this index")
    parser.add_argument("--plies", type=int, help="hard's search depth (default: bots.SEARCH_PLIES)")
    parser.add_argument("--weights", type=Path, help="weights module or folder to measure")
    args = parser.parse_args()
    if args.weights is not None:
        use_weights(args.weights)
    if args.plies is not None:
        setattr(bots, "SEARCH_PLIES", args.plies)  # noqa: B010 (a Final constant, set for a trial)
    if args.what in ("calibration", "all"):
        calibration(args.seed_base)
    if args.what in ("speed", "all"):
        speed(args.seed_base)
    if args.what in ("strength", "all"):
        strength(args.scale, args.seed_base, args.only)


if __name__ == "__main__":
    main()
