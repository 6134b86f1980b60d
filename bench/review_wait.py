"""How long does a click wait while the worker values a finished game's review? ``python bench/review_wait.py``.

Opens from its link a finished four-player game on Malefiz's classic board, every seat a person (easy computers
played it, seed 3: 891 actions, 464 decisions to value, about half a minute of the worker's time in the page).
The end is shown at once and the review follows once every decision is valued (``Session.review_work``, in
slices between the page's messages). Meanwhile this clicks ``--clicks`` lines of the move list in turn, each
followed by *Back to the game*, and times each click until the past position's banner shows (the worker answers
between two slices). Prints the waits, the time to the end and to the whole review, and both again after a reload
(the review's values are kept with the game: the whole review at once).
Target: no click waits over 200 ms (the page's longest-task line in ``page_load.py``). Build the site first
(``make site``), or point ``--site`` at a built one. Figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from frame_gaps import late_link
from page_load import SITE, TIMEOUT, commit, launch, machine, serve
from playwright.sync_api import sync_playwright

from malefiz.core import savefile
from malefiz.games import GAMES

LIMIT = 200.0
"""Target (ms): no click waits longer."""

GAME = "?game=malefiz&board=classic&seats=bot:easy,bot:easy,bot:easy,bot:easy&seed=3"

CLICK = """(i) => new Promise((done) => {
  const line = document.querySelectorAll(".log li[data-index]")[i % 8 + 1];
  const banner = document.querySelector("[data-viewing]");
  const start = performance.now();
  const seen = new MutationObserver(() => {
    if (!banner.hidden) seen.disconnect(), done(performance.now() - start);
  });
  seen.observe(banner, {attributes: true, childList: true, subtree: true});
  line.click();
})"""
"""Click line ``i`` of the move list (one of its latest nine); the milliseconds until its position is shown."""


KEPT = """() => Object.keys(localStorage).some((key) => key.startsWith("malefiz.game.")
  && (JSON.parse(localStorage.getItem(key)).review || []).length > 400)"""
"""The game is kept with its review's values (the worker writes them once it is done)."""


def people_link(query: str) -> str:
    """A share link's game (its ``#game=`` text): the game ``query`` sets up, played to its end by its computers,
    every seat then given to a person (the same actions: every decision is a person's, none valued yet)."""
    doc = savefile.save(savefile.from_link(late_link(query, 0), GAMES))
    doc["setup"] = doc["setup"].replace("bot:easy", "human")
    return savefile.link(savefile.load(json.dumps(doc), GAMES))


def main() -> None:
    """Open the finished game, click lines while its review is worked out, print the waits."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clicks", type=int, default=12)
    parser.add_argument("--site", type=Path, default=SITE, help=f"the built site (default {SITE})")
    args = parser.parse_args()
    site: Path = args.site.resolve()
    if not (site / "index.html").exists():
        raise SystemExit(f"{site} is not a built site: run `make site` first")
    link = people_link(GAME)
    with sync_playwright() as p, serve(site) as url:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(TIMEOUT)
        start = time.perf_counter()
        page.goto(url + "#game=" + link)
        page.wait_for_selector("[data-winner]:not([hidden]) .podium")
        shown = time.perf_counter() - start
        waits: list[float] = []
        for i in range(args.clicks):
            if page.locator("#review-progress").count() == 0:
                break  # the review came before every click was made
            waits.append(page.evaluate(CLICK, i))
            page.locator("[data-viewing] button").first.click()
            page.wait_for_selector("[data-viewing][hidden]", state="attached")
        page.wait_for_selector("[data-review] .review-players", timeout=10 * TIMEOUT)
        whole = time.perf_counter() - start
        page.wait_for_function(KEPT, timeout=10 * TIMEOUT)
        start = time.perf_counter()
        page.reload()  # the game opened again: its values were kept with it
        page.wait_for_selector("[data-winner]:not([hidden]) .podium")
        again_end = time.perf_counter() - start
        page.wait_for_selector("[data-review] .review-players", timeout=10 * TIMEOUT)
        again_whole = time.perf_counter() - start
        browser.close()
    print(f"# python bench/review_wait.py --clicks {args.clicks}, {machine()}, commit {commit()}")
    print(f"{GAME} given to people: the end shown after {shown:.1f} s, the whole review after {whole:.1f} s")
    print(f"opened again (a reload): the end shown after {again_end:.1f} s, the whole review after {again_whole:.1f} s")
    print(f"clicks while the review was worked out: {len(waits)}; waits (ms): {' '.join(f'{w:.0f}' for w in waits)}")
    if not waits:
        raise SystemExit("no click was made while the review was worked out")
    longest = max(waits)
    verdict = "PASS" if longest <= LIMIT else "MISS"
    median = statistics.median(waits)
    print(f"{verdict} median wait {median:.0f} ms, longest {longest:.0f} ms (target: none over {LIMIT:.0f} ms)")


if __name__ == "__main__":
    main()
