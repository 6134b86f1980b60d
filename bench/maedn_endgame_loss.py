"""What Mensch ärgere Dich nicht's endgame table is worth, without dice noise (issue 27).

    python bench/maedn_endgame_loss.py [--games 400] [--seed-base 1000000]

Plays ``--games`` two-player cross games of *hard* against (b) ``weighted`` (seats alternating) and keeps every
decision between two or more moves taken in a position the table covers (both colours with two pieces on goal
fields c and d). Each bot then decides each of them as it would, with the table switched off for the learned
ones (the network alone, one ply or *hard*'s two plies), and the table values its choice against the best
move: the mean chance lost per decision (points of 100) and the share of decisions losing more than 5. Also how
many of a game's decisions fall in the table's positions. Figures go to ``bench/results/maedn_endgame.txt``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from maedn_reference_bots import REFERENCE_BOTS

from malefiz.core.dice import Dice
from malefiz.core.game import Bot
from malefiz.core.play import play
from malefiz.games.maedn import bots
from malefiz.games.maedn.game import MAEDN
from malefiz.games.maedn.learned import chances_by_slot, endgame, model_for
from malefiz.games.maedn.rules import apply, legal_moves, new_game
from malefiz.games.maedn.state import Action, Phase, State

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def without_table() -> Iterator[None]:
    """The learned evaluation as it is where the table does not cover a position: the network's."""
    with mock.patch.object(endgame, "chance", lambda state: None):
        yield


def network_one_ply(state: State, actions: list[Action], rng: random.Random) -> Action:
    """The move after which the network gives the colour to move the best chance (no look ahead)."""
    model = model_for(state.seating)
    assert model is not None
    turn = state.turn
    return max(actions, key=lambda a: chances_by_slot(model, apply(state, a))[turn])


def table_value(state: State, action: Action) -> float:
    """The chance of the colour to move after ``action`` by the table."""
    value = endgame.chance_after(state, action)
    assert value is not None
    return value


def decisions(games: int, base: int) -> tuple[list[State], int]:
    """The covered decisions of ``games`` games of *hard* against (b), and how many decisions there were."""
    found: list[State] = []
    total = 0
    for g in range(games):
        seed = base + g // 2
        players: list[Bot] = [bots.hard, REFERENCE_BOTS["weighted"]]
        if g % 2:
            players.reverse()
        for step in play(MAEDN, new_game("cross", 2), players, Dice(seed), random.Random(seed ^ 0x5EED)):
            state = step.before
            if state.phase is not Phase.MOVE or len(legal_moves(state)) < 2:
                continue
            total += 1
            if endgame.covered(state._replace(phase=Phase.ROLL, roll=None)) is not None:
                found.append(state)
    return found, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed-base", type=int, default=1_000_000)
    parser.add_argument("--results", type=Path, default=ROOT / "bench" / "results" / "maedn_endgame.txt")
    args = parser.parse_args()
    began = time.perf_counter()
    found, total = decisions(args.games, args.seed_base)
    lines = [
        f"# bench/maedn_endgame_loss.py, {time.strftime('%Y-%m-%d')}: {args.games} games of hard against (b), "
        f"seeds from {args.seed_base}",
        f"decisions between two or more moves: {total:,}; in positions the table covers: {len(found):,} "
        f"({100 * len(found) / max(1, total):.1f}%)",
        f"{'bot':<34} {'lost per decision':>18} {'share > 5 points':>17}",
    ]
    players: dict[str, tuple[Callable[..., Action], bool]] = {
        "hard (with the table: exact)": (bots.hard, False),
        "hard without the table (2 plies)": (bots.hard, True),
        "the network alone, one ply": (network_one_ply, True),
        "medium": (bots.medium, False),
        "(b) weighted": (REFERENCE_BOTS["weighted"], False),
        "(c) expected_loss": (REFERENCE_BOTS["expected_loss"], False),
        "greedy": (bots.greedy, False),
    }
    for name, (bot, off) in players.items():
        losses = []
        for state in found:
            moves: list[Action] = list(legal_moves(state))
            values = [table_value(state, m) for m in moves]
            if off:
                with without_table():
                    chosen = bot(state, moves, random.Random(0))
            else:
                chosen = bot(state, moves, random.Random(0))
            losses.append(100 * (max(values) - values[moves.index(chosen)]))
        mean = sum(losses) / max(1, len(losses))
        share = 100 * sum(loss > 5 for loss in losses) / max(1, len(losses))
        lines.append(f"{name:<34} {mean:>13.2f} pts {share:>16.1f}%")
    lines.append(f"({time.perf_counter() - began:.0f} s)")
    print("\n".join(lines))
    with args.results.open("a") as results:
        results.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
