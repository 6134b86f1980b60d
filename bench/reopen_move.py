"""How long does the computer take to move in a game opened again? ``python bench/reopen_move.py``.

A game in progress opened again (a reload, a saved file, a link) has none of the people's decisions valued for the
review. This opens from its link a long two-player game on Malefiz's classic board (medium computers played it 200
actions, seed 5; then seat 1 is a person: about 60 decisions of theirs) at the computer's turn, and times from the
page's ready signal until the computer has rolled, moved (and put down a barricade it took) and the person's *Roll*
is offered. Before the computer decided only after valuing them all (``Session.review_work``); now it values the
people's last few (``Session.review_last``) and the rest follow while the person thinks.
Give ``--site`` more than once to compare built sites, alternately. Figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from page_load import SITE, TIMEOUT, commit, launch, machine, serve
from playwright.sync_api import sync_playwright

from malefiz.core import savefile
from malefiz.core.session import Session
from malefiz.core.setup import Setup
from malefiz.games import GAMES

GAME = "?game=malefiz&board=classic&seats=bot,bot&seed=5&pace=fast"
ACTIONS = 200


def reopened_link(query: str, actions: int) -> tuple[str, int]:
    """A share link's game (its ``#game=`` text) and how many moves its person made: the game ``query`` sets up,
    played ``actions`` actions by its computers, the first seat then given to a person, who plays on (the first
    legal action) until the computer is to act."""
    setup = Setup.from_query(query, GAMES)
    assert setup is not None
    played = Session(setup)
    for _ in range(actions):
        played.bot_step()
    doc = savefile.save(played)
    doc["setup"] = doc["setup"].replace("seats=bot:medium,", "seats=human,")
    reopened = savefile.load(json.dumps(doc), GAMES)
    assert reopened.people() == [0]
    while not reopened.is_bot_turn():
        assert reopened.roll() if reopened.state.is_chance else reopened.play(reopened.legal()[0])
    decided = sum(e.is_move and e.before.current_seat == 0 for e in reopened.record.entries)
    return savefile.link(reopened), decided


def main() -> None:
    """Open the game in each site in turn, ``--runs`` times, and print the seconds until the computer has moved."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, action="append", help=f"a built site (default {SITE}); again to compare")
    args = parser.parse_args()
    sites: list[Path] = [s.resolve() for s in args.site or [SITE]]
    for site in sites:
        if not (site / "index.html").exists():
            raise SystemExit(f"{site} is not a built site: run `make site` first")
    link, decided = reopened_link(GAME, ACTIONS)
    seconds: dict[Path, list[float]] = {site: [] for site in sites}
    with sync_playwright() as p:
        browser = launch(p)
        for _ in range(args.runs):
            for site in sites:
                with serve(site) as url:
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    page = context.new_page()
                    page.set_default_timeout(TIMEOUT)
                    page.goto(url + "#game=" + link)
                    page.wait_for_selector("html[data-ready]")
                    start = time.perf_counter()
                    page.wait_for_selector('[data-action="roll"]:not([disabled])')
                    seconds[site].append(time.perf_counter() - start)
                    context.close()
        browser.close()
    print(f"# python bench/reopen_move.py --runs {args.runs}, {machine()}, commit {commit()}")
    print(f"{GAME}, {ACTIONS} actions, the first seat a person ({decided} moves of theirs), reopened from its link")
    for site in sites:
        runs = " ".join(f"{s:.2f}" for s in seconds[site])
        print(f"{site}: the computer has moved after {statistics.median(seconds[site]):.2f} s (median; runs {runs})")


if __name__ == "__main__":
    main()
