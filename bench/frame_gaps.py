"""Does the page stay responsive while hard computers play? ``python bench/frame_gaps.py``.

Opens the built site with hard computer seats at the fast pace on every board of
both games (four on Malefiz's boards and the cross, six on the star), records the
time between animation frames for ``--seconds`` and prints the longest gaps.
Target (issues 4 and 15): no frame gap over 100 ms. Build the site first
(``make site``). Figures, not a test.
"""

from __future__ import annotations

import argparse
import statistics

from page_load import CHROMIUM, FLAGS, SITE, serve
from playwright.sync_api import sync_playwright

RECORD_FRAMES = """
window.__gaps = [];
let last = performance.now();
function tick(now) { window.__gaps.push(now - last); last = now; requestAnimationFrame(tick); }
requestAnimationFrame(tick);
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seats", type=int, default=4, help="computer seats (the star gets six)")
    args = parser.parse_args()
    games: list[tuple[str, str, int]] = [("malefiz", "classic", args.seats), ("malefiz", "fast", args.seats)]
    games += [("maedn", "cross", args.seats), ("maedn", "star", 6)]
    with sync_playwright() as p, serve(SITE) as url:
        browser = p.chromium.launch(executable_path=str(CHROMIUM) if CHROMIUM.exists() else None, args=FLAGS)
        for game, board_name, seats in games:
            page = browser.new_page()
            hard = ",".join(["bot:hard"] * seats)
            page.goto(f"{url}?game={game}&board={board_name}&seats={hard}&pace=fast&seed=3")
            page.wait_for_selector("html[data-ready]", timeout=120_000)
            page.evaluate(RECORD_FRAMES)
            page.wait_for_timeout(args.seconds * 1000)
            gaps: list[float] = sorted(page.evaluate("window.__gaps"))
            moves = page.locator("[data-log] li").count()
            print(
                f"{game} {board_name}, {seats} hard: {len(gaps)} frames, {moves} log lines in {args.seconds:.0f} s;"
                f" median gap {statistics.median(gaps):.1f} ms, p99 {gaps[int(len(gaps) * 0.99)]:.1f} ms,"
                f" longest {gaps[-1]:.1f} ms (target: none over 100 ms)"
            )
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
