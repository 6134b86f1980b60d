"""What a browser test's page start costs, with and without the features the tests turn off:
``python bench/e2e_start.py``.

Each browser test opens the game in a fresh browser context (a first visit: Python's plain start, the service
worker installing). Debian's Chromium runs headless as the whole browser, whose every window loads its address bar's
suggestions popup as a page of its own; ``e2e/conftest.py`` turns those features off (``UNWANTED_FEATURES``). This
opens the page ``--starts`` times in fresh contexts of each browser, the two taking turns, and prints the wall time
and the processor time of the whole machine (from /proc/stat: run it on a quiet machine, Linux only) per start, and
their ratio. Build the site first (``make site``). Figures, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

from page_load import ROOT, SITE, commit, machine
from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, CHROMIUM_FLAGS, launch_options, site_server  # the browser tests' own

RESULTS = ROOT / "bench" / "results" / "e2e_start.txt"


def busy_seconds() -> float:
    """The processor time the whole machine has spent (every core), in seconds, from /proc/stat."""
    fields = [int(value) for value in Path("/proc/stat").read_text(encoding="utf-8").split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and waiting for input/output
    return (sum(fields) - idle) / 100.0


def one_start(browser: Browser, url: str) -> tuple[float, float]:
    """Wall and processor seconds of one page start (until ``html[data-ready]``) in a fresh context."""
    wall, busy = time.perf_counter(), busy_seconds()
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready]", timeout=120_000)
    start = page.evaluate("document.documentElement.dataset.start")
    assert start == "plain", start
    context.close()
    return time.perf_counter() - wall, busy_seconds() - busy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--starts", type=int, default=12, help="page starts in each browser (default 12)")
    parser.add_argument("--results", type=Path, default=RESULTS, help="where to write the figures")
    args = parser.parse_args()
    if not (SITE / "index.html").exists():
        parser.error("site/ is not built: run `make site` first")
    with site_server() as base, sync_playwright() as playwright:
        plain: dict[str, Any] = {"args": CHROMIUM_FLAGS}
        if CHROMIUM.exists():
            plain["executable_path"] = str(CHROMIUM)
        browsers = {"as Playwright launches it": playwright.chromium.launch(**plain)}
        browsers["the tests' (features off)"] = playwright.chromium.launch(**launch_options(playwright))
        url = base + "?seats=human,bot&seed=3"
        for browser in browsers.values():
            one_start(browser, url)  # the server, the disk cache and the processes warmed once, not counted
        found: dict[str, list[tuple[float, float]]] = {name: [] for name in browsers}
        for _ in range(args.starts):
            for name, browser in browsers.items():
                found[name].append(one_start(browser, url))
        for browser in browsers.values():
            browser.close()
    lines = [f"# bench/e2e_start.py, {date.today()}, {machine()}, {commit()}; {args.starts} starts each, taking turns"]
    means = {}
    for name, pairs in found.items():
        wall = statistics.mean(w for w, _ in pairs)
        busy = statistics.mean(b for _, b in pairs)
        means[name] = (wall, busy)
        lines.append(
            f"{name}: {wall:.2f} s wall, {busy:.2f} s of processor time per page start (median wall "
            f"{statistics.median(w for w, _ in pairs):.2f} s)"
        )
    (before_wall, before_busy), (after_wall, after_busy) = means.values()
    lines.append(
        f"ratio (features off / as launched): wall {after_wall / before_wall:.2f}, "
        f"processor time {after_busy / before_busy:.2f}"
    )
    text = "\n".join(lines) + "\n"
    print(text, end="")
    args.results.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
