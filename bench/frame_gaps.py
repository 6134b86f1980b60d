"""Does the page stay responsive while hard computers play? ``python bench/frame_gaps.py``.

Opens the built site with hard computer seats at the fast pace on every board of
both games (four on Malefiz's boards and the cross, six on the star). Python plays
in the page's Web Worker; once the page is ready (``html[data-ready]``) this records,
for ``--seconds``, the time between animation frames of the page's thread and its
long tasks (a ``longtask`` PerformanceObserver: the browser reports only tasks of
50 ms or more, so 0 means none), and prints the longest of each.
Targets (issues 4, 15 and 26): no frame gap and no main-thread task over 100 ms;
PASS or MISS for each board and for all. Build the site first (``make site``), or
point ``--site`` at a built one. Figures, not a test.

``--late N`` opens each game from a share link instead, N actions before its end with
its move list full (its 300 latest lines redrawn with every screen), and lets easy
computers play it on there: what the last part of a long game costs the page.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from page_load import SITE, TIMEOUT, launch, serve
from playwright.sync_api import sync_playwright

from malefiz.core import savefile
from malefiz.core.session import Session
from malefiz.core.setup import Setup
from malefiz.games import GAMES

LIMIT = 100.0
"""Target (ms): no frame gap and no main-thread task longer."""

RECORD = """
() => {
  window.__gaps = [];
  window.__longTasks = [];
  const since = performance.now();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime + entry.duration > since) window.__longTasks.push(entry.duration);
    }
  }).observe({type: "longtask", buffered: true});
  let last = performance.now();
  function tick(now) { window.__gaps.push(now - last); last = now; requestAnimationFrame(tick); }
  requestAnimationFrame(tick);
}
"""
"""Start recording the gaps between animation frames and the long tasks from now on."""


def late_link(query: str, before_end: int) -> str:
    """A share link's game (its ``#game=`` text): the game ``query`` sets up, played by its computers to
    ``before_end`` actions before its end."""
    setup = Setup.from_query(query, GAMES)
    assert setup is not None
    whole = Session(setup)
    while not whole.state.is_over:
        whole.bot_step()
    late = Session(setup)
    for _ in range(max(0, len(whole.record) - before_end)):
        late.bot_step()
    return savefile.link(late)


def main() -> None:
    """Play every board with hard computers and print the frame gaps and long tasks."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seats", type=int, default=4, help="computer seats (the star gets six)")
    parser.add_argument("--site", type=Path, default=SITE, help=f"the built site (default {SITE})")
    parser.add_argument(
        "--late",
        type=int,
        default=0,
        help="open each game this many actions before its end, its move list full (easy computers play it there)",
    )
    args = parser.parse_args()
    site: Path = args.site.resolve()
    if not (site / "index.html").exists():
        raise SystemExit(f"{site} is not a built site: run `make site` first")
    games: list[tuple[str, str, int]] = [("malefiz", "classic", args.seats), ("malefiz", "fast", args.seats)]
    games += [("maedn", "cross", args.seats), ("maedn", "star", 6)]
    worst_gap = worst_task = 0.0
    with sync_playwright() as p, serve(site) as url:
        browser = launch(p)
        for game, board_name, seats in games:
            page = browser.new_page()
            level = "easy" if args.late else "hard"
            query = f"?game={game}&board={board_name}&seats={','.join([f'bot:{level}'] * seats)}&pace=fast&seed=3"
            page.goto(url + (f"#game={late_link(query, args.late)}" if args.late else query))
            page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT)
            page.evaluate(RECORD)
            page.wait_for_timeout(args.seconds * 1000)
            gaps: list[float] = sorted(page.evaluate("window.__gaps"))
            tasks: list[float] = page.evaluate("window.__longTasks")
            moves = page.locator("[data-log] li").count()
            longest_task = max(tasks, default=0.0)
            worst_gap, worst_task = max(worst_gap, gaps[-1]), max(worst_task, longest_task)
            ok = gaps[-1] <= LIMIT and longest_task <= LIMIT
            print(
                f"{'PASS' if ok else 'MISS'} {game} {board_name}, {seats} {level}: {len(gaps)} frames,"
                f" {moves} log lines in {args.seconds:g} s; median gap {statistics.median(gaps):.1f} ms,"
                f" p99 {gaps[int(len(gaps) * 0.99)]:.1f} ms, longest {gaps[-1]:.1f} ms;"
                f" {len(tasks)} long tasks, longest {longest_task:.0f} ms",
                flush=True,
            )
            page.close()
        browser.close()
    ok = worst_gap <= LIMIT and worst_task <= LIMIT
    print(
        f"{'PASS' if ok else 'MISS'} all boards: longest frame gap {worst_gap:.1f} ms, longest main-thread task"
        f" {worst_task:.0f} ms (target: neither over {LIMIT:.0f} ms; tasks under 50 ms are not reported: 0 is none)"
    )


if __name__ == "__main__":
    main()
