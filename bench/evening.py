"""How much memory does an evening of games hold? ``python bench/evening.py [--games N]``.

One :class:`~malefiz.app.App` (what the page's worker runs) plays game after game, each a rematch or a new game
as a family would start it, computers on every seat at the *instant* pace: Malefiz on the classic and the fast
board and Mensch ärgere Dich nicht on the cross, the *hard* computer in each (its search and the learned tables
fill the package's caches, each of which has a bound). After each game, with every review worked out and a
garbage collection, it prints the Python memory in use (``tracemalloc``: what the worker's Pyodide heap holds
beyond the package itself) and the number of live objects. The figure to watch is where it levels off: an evening
must not grow without end on a phone. Figures, not a test.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from malefiz.app import App
from malefiz.shelf import MemoryStorage

EVENING = (
    ("Malefiz classic", "?game=malefiz&board=classic&seats=bot:hard,bot:medium&pace=instant"),
    ("Malefiz fast", "?game=malefiz&board=fast&seats=bot:hard,bot:medium,bot:easy&pace=instant"),
    ("Mensch ärgere Dich nicht", "?game=maedn&seats=bot:hard,bot:medium,bot:easy,bot:medium&pace=instant"),
)
"""The games of the evening, in turn; each is played twice running (the second a rematch)."""


def play(app: App) -> int:
    """The game on ``app`` to its end, its review worked out; the computers' steps it took."""
    steps = 0
    while app.session is not None and not app.session.state.is_over:
        app.think()
        steps += 1
    while app.work():
        pass
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=18, help="games in all (default 18: each kind six times)")
    args = parser.parse_args(argv)
    tracemalloc.start()
    app = App(MemoryStorage(), ["en"], rng=random.Random(1))
    gc.collect()
    base = tracemalloc.get_traced_memory()[0]
    start = time.perf_counter()
    print(f"before the first game: {base / 1e6:.1f} MB")
    for n in range(args.games):
        name, query = EVENING[n // 2 % len(EVENING)]
        if n % 2:
            app.rematch()
        else:
            app.open(query)
        steps = play(app)
        gc.collect()
        now, peak = tracemalloc.get_traced_memory()
        print(
            f"game {n + 1:2d} ({name}, {steps} steps): "
            f"{now / 1e6:5.1f} MB in use, peak {peak / 1e6:5.1f} MB, {len(gc.get_objects()):,} objects, "
            f"{time.perf_counter() - start:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
