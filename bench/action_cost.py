"""What one action costs the page's Python as a game grows long: the same call early and late in one game.

    python bench/action_cost.py [--actions 3000] [--window 200]

Two people at one device (``malefiz.app.App``, the page's boundary, in CPython) play the classic board, each
always taking the last choice offered: a game that wanders for thousands of actions, as long games do. Every
action is one call of the page (a roll, a pawn, a field) with its whole screen and the game kept on the shelf
after it. Printed: the mean time per call in windows of ``--window`` calls at the start and further on, and the
ratio of each window to the first (target: no more than 1.5 at 3,000 actions: a long game costs each action
about what a short one does). Ratios, so the machine's speed and load matter little.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from malefiz.app import App  # noqa: E402
from malefiz.shelf import MemoryStorage  # noqa: E402

ADDRESS = "?game=malefiz&board=classic&seats=human,human&pace=instant&seed=11"
TARGET = 1.5


def timings(actions: int) -> list[float]:
    """The seconds each of ``actions`` calls took."""
    app = App(MemoryStorage(), ["en"], rng=random.Random(1))
    app.open(ADDRESS)
    s = app.session
    assert s is not None
    found: list[float] = []
    while len(found) < actions and not s.state.is_over:
        started = time.perf_counter()
        if s.state.is_chance:
            app.roll()
        else:
            choice = s.choices()[-1]
            if choice.piece is not None and s.selected != choice.piece:
                app.click(choice.piece)
                found.append(time.perf_counter() - started)
                started = time.perf_counter()
            app.click(choice.field)
        found.append(time.perf_counter() - started)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--window", type=int, default=200)
    args = parser.parse_args()
    found = timings(args.actions)
    starts = [0, *range(500, len(found) - args.window + 1, 500)]
    means = [sum(found[i : i + args.window]) / args.window for i in starts]
    print(f"{ADDRESS}: {len(found)} calls, the last choice each time")
    for start, mean in zip(starts, means, strict=True):
        last = start + args.window - 1
        print(f"calls {start:5d}-{last:5d}: {mean * 1000:6.2f} ms each, {mean / means[0]:.2f} x the first")
    worst = max(means) / means[0]
    verdict = "PASS" if worst <= TARGET else "MISS"
    print(f"{verdict} the costliest window is {worst:.2f} x the first (target: no more than {TARGET})")


if __name__ == "__main__":
    main()
