"""How long does the review of a long finished Malefiz game take in CPython? ``python bench/review_time.py``.

The game of ``bench/review_wait.py`` (four easy computers on the classic board, seed 3: 891 actions, every seat
then given to a person, so 464 decisions to value). Nearly all of the review's time goes to the expected turns of
new barricade settings (``odds.turns``): a move that takes a barricade is valued with every free field for it.
This values every decision (``Session.review_work``) ``--runs`` times as the package does it (a setting with one
barricade more than one solved whole is solved again only where that barricade may change the turns) and as
many times with every setting solved whole, alternately, each run from nothing kept, and checks that both give
the same review. Prints the medians and their ratio (the page's worker, Pyodide, is about two to three times
slower than CPython; ``bench/review_wait.py`` measures it there). ``--game`` reviews another game instead (its
``bot:easy`` seats given to people): two players' chances come from the learned network. Figures, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager

from page_load import commit, machine
from review_wait import GAME, people_link

from malefiz.core import savefile
from malefiz.core.review import Review
from malefiz.games import GAMES
from malefiz.games.malefiz import learned, odds, value


@contextmanager
def solved_whole() -> Iterator[None]:
    """Every setting solved whole while inside (no setting is taken as one barricade more than another)."""
    parent, moved_one = odds._parent, odds._moved_one
    odds._parent, odds._moved_one = (lambda name, barricades: None), (lambda before, after: False)
    try:
        yield
    finally:
        odds._parent, odds._moved_one = parent, moved_one


def review(link: str) -> tuple[float, Review]:
    """The seconds to value every decision of the game of ``link``, from nothing kept, and its review."""
    session = savefile.from_link(link, GAMES)
    odds.forget()
    learned._TABLES.clear()  # the network's inputs by setting (two players), and the race distances
    value._RACES.clear()
    start = time.perf_counter()
    for _ in session.review_work():
        pass
    seconds = time.perf_counter() - start
    return seconds, session.reviewer.review(session.record)


def main() -> None:
    """Value the game's decisions both ways, alternately, and print the times."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--game", default=GAME, help=f"the game's setup, its easy computers then people ({GAME})")
    args = parser.parse_args()
    link = people_link(args.game)
    actions = len(savefile.from_link(link, GAMES).record)
    part: list[float] = []
    whole: list[float] = []
    for _ in range(args.runs):
        seconds, by_part = review(link)
        part.append(seconds)
        with solved_whole():
            seconds, by_whole = review(link)
        whole.append(seconds)
        if by_part != by_whole:
            raise SystemExit("the review differs when every setting is solved whole")
    game = "" if args.game == GAME else f" --game '{args.game}'"
    print(f"# python bench/review_time.py --runs {args.runs}{game}, {machine()}, commit {commit()}")
    print(f"{args.game} given to people ({actions} actions): every decision valued, {args.runs} runs each, alternately")
    print(f"solved whole:           median {statistics.median(whole):.2f} s ({' '.join(f'{s:.2f}' for s in whole)})")
    print(f"again where it matters: median {statistics.median(part):.2f} s ({' '.join(f'{s:.2f}' for s in part)})")
    ratio = statistics.median(part) / statistics.median(whole)
    print(f"ratio {ratio:.2f} (the same review both ways)")


if __name__ == "__main__":
    main()
