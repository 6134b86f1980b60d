"""How long does a family wait for the computers? ``python bench/round_time.py``.

Opens the built site with a person and three *medium* computers at the *normal* pace on the cross,
plays the person's turns by clicks (roll, then the first target or piece offered) and measures, in the
browser, the time from the person's last click of a turn until the die is theirs again: the three
computers' round, with their thinking, their waits and walks, plus the person's own walk. Target
(issue 25, point 19): a round of three medium computers in 2 s or less on the cross. The waits alone
are tested in tests/core/test_pace.py. Build the site first (``make site``). Figures, not a test.
"""

from __future__ import annotations

import argparse
import statistics

from page_load import CHROMIUM, FLAGS, SITE, serve
from playwright.sync_api import Page, sync_playwright

STATE = """() => document.querySelector('[data-position]').textContent
  + [...document.querySelectorAll('#board [tabindex="0"]')].map((e) => e.dataset.key).join()"""
"""The position and what can be clicked: one of them changes with every click that does something."""

MARK_READY = """
() => new Promise((resolve) => {
  const start = performance.now();
  const die = document.querySelector('[data-action="roll"]');
  const done = () => !document.querySelector('[data-winner]').hidden;
  const check = () => (!die.disabled || done()) ? resolve(performance.now() - start) : requestAnimationFrame(check);
  requestAnimationFrame(check);
})
"""


def play_rounds(page: Page, rounds: int) -> list[float]:
    """The person's turns by clicks; the milliseconds from each turn's last click until the die is theirs again."""
    found: list[float] = []
    while len(found) < rounds and page.locator("[data-winner]").is_hidden():
        rolled = page.locator("[data-position]").text_content()
        page.locator('[data-action="roll"]').click()
        page.wait_for_function("(b) => document.querySelector('[data-position]').textContent !== b", arg=rolled)
        turn = page.evaluate("JSON.parse(document.querySelector('[data-position]').textContent).turn")
        while True:
            target = page.locator('#board .target[tabindex="0"]')  # a chosen piece's target, else a piece
            if target.count() == 0:
                target = page.locator('#board [tabindex="0"]')
            if target.count() == 0:
                break  # no move: the turn passed
            before = page.evaluate(STATE)
            target.first.dispatch_event("click")
            page.wait_for_function(f"(b) => ({STATE})() !== b", arg=before)
            now = page.evaluate("JSON.parse(document.querySelector('[data-position]').textContent).turn")
            if now != turn:
                break
        found.append(float(page.evaluate(MARK_READY)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    with sync_playwright() as p, serve(SITE) as url:
        browser = p.chromium.launch(executable_path=str(CHROMIUM) if CHROMIUM.exists() else None, args=FLAGS)
        for game, board in (("maedn", "cross"),):
            page = browser.new_page()
            seats = "human,bot:medium,bot:medium,bot:medium"
            page.goto(f"{url}?game={game}&board={board}&seats={seats}&pace=normal&forced=off&seed=7")
            page.wait_for_selector("html[data-ready]", timeout=120_000)
            times = sorted(play_rounds(page, args.rounds))
            print(
                f"{game} {board}, a person and three medium computers at normal pace: {len(times)} rounds;"
                f" median {statistics.median(times):.0f} ms, mean {statistics.mean(times):.0f} ms,"
                f" longest {times[-1]:.0f} ms (target: 2000 ms or less on the cross)"
            )
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
