"""Page load of the site against a bare PyScript page, side by side: ``python bench/page_load.py``.

For each run, in a fresh browser context (empty cache), it measures from
navigation start:

- the first paint (``first-contentful-paint``): for the game page this is the
  pre-rendered board, which is in the HTML itself;
- ``html[data-ready]``: the game page once interactive; the bare page (built in
  a temporary folder next to the same ``pyodide/`` and ``pyscript/``) once a
  one-line Python script has run;
- the bytes transferred (navigation and every resource).

For the game page, the same context then waits until the service worker
(``sw.js``) controls the page, turns the network off and loads the page again:
the ready time from the service worker's cache (a second visit, offline) is
printed beside the cold one.

Runs alternate between the two pages; the medians and their ratio are printed.
Targets (from the issue): board painted within 0.3 s; ready within 1.15 times
the bare page. Build the site first (``make site``). Figures, not a test.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

BARE_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>bare PyScript</title>
<script type="module" src="./pyscript/core.js"></script>
</head>
<body>
<script type="py" config='{"interpreter": "./pyodide/pyodide.mjs"}'>
from pyscript import document
document.documentElement.dataset.ready = "true"
</script>
</body>
</html>
"""
"""Only PyScript starting Pyodide (the same local files as the site) and one line of Python."""

WATCH_READY = """
(() => {
  const seen = () => {
    if (document.documentElement && document.documentElement.hasAttribute("data-ready") && !window.__readyAt) {
      window.__readyAt = performance.now();
    }
  };
  addEventListener("py:ready", () => { window.__pyReadyAt = window.__pyReadyAt || performance.now(); });
  new MutationObserver(seen).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();
"""
"""Init script: the times PyScript's interpreter is ready (``py:ready``) and ``data-ready`` appears."""

MEASURE = """
() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
  return {
    paint: paint ? paint.startTime : null,
    ready: window.__readyAt,
    python: window.__readyAt - window.__pyReadyAt,
    bytes: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0),
    requests: entries.length,
    board: document.querySelector("#board svg [data-field]") !== null,
  };
}
"""


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (the base class declares it a plain dict)
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free port of 127.0.0.1; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


CONTROLLED = """
async () => {
  const registration = await navigator.serviceWorker.ready;
  return registration.active !== null && navigator.serviceWorker.controller !== null;
}
"""
"""True once the service worker is active and controls the page (after it has precached the site)."""


def measure(browser: Browser, url: str, cached: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Load ``url`` in a fresh context and return its timings (ms) and bytes.

    With ``cached``, then wait for the service worker, cut the network, load ``url`` again
    and append that visit's timings to ``cached``.
    """
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(WATCH_READY)
        page.goto(url)
        page.wait_for_selector("html[data-ready]", timeout=120_000)
        result: dict[str, Any] = page.evaluate(MEASURE)
        if cached is not None:
            page.wait_for_function(CONTROLLED, timeout=120_000)
            context.set_offline(True)
            response = page.goto(url)
            assert response is not None and response.from_service_worker, "the second visit missed the cache"
            page.wait_for_selector("html[data-ready]", timeout=120_000)
            cached.append(page.evaluate(MEASURE))
        return result
    finally:
        context.close()


def _median(runs: list[dict[str, Any]], key: str) -> float:
    values = [float(r[key]) for r in runs if r[key] is not None]
    return statistics.median(values) if values else float("nan")


def main() -> None:
    """Run the comparison and print it."""
    parser = argparse.ArgumentParser(description="page load: the game page against a bare PyScript page")
    parser.add_argument("--runs", type=int, default=5, help="loads of each page (default 5)")
    parser.add_argument("--query", default="?board=classic&seats=human,bot&seed=1", help="the game page's query")
    args = parser.parse_args()
    if not (SITE / "index.html").exists():
        raise SystemExit("site/ is not built: run `make site` first")
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp)
        for name in ("pyodide", "pyscript"):
            (bare / name).symlink_to(SITE / name, target_is_directory=True)
        (bare / "index.html").write_text(BARE_PAGE, encoding="utf-8")
        with serve(SITE) as site_url, serve(bare) as bare_url, sync_playwright() as playwright:
            options: dict[str, Any] = {"args": FLAGS}
            if CHROMIUM.exists():
                options["executable_path"] = str(CHROMIUM)
            browser = playwright.chromium.launch(**options)
            measure(browser, bare_url)  # warm-up: the OS file cache, the browser's first start
            ours: list[dict[str, Any]] = []
            cached: list[dict[str, Any]] = []
            theirs: list[dict[str, Any]] = []
            print(f"{'run':>4} {'page':<6} {'paint ms':>9} {'ready ms':>9} {'python ms':>9} {'kB':>8} {'requests':>8}")
            for run in range(1, args.runs + 1):
                for name, url, runs in (("game", site_url + args.query, ours), ("bare", bare_url, theirs)):
                    runs.append(measure(browser, url, cached if runs is ours else None))
                    rows = [(name, runs[-1])] + ([("cache", cached[-1])] if runs is ours else [])
                    for label, result in rows:
                        paint = "-" if result["paint"] is None else f"{result['paint']:.0f}"
                        print(
                            f"{run:>4} {label:<6} {paint:>9} {result['ready']:>9.0f} {result['python']:>9.0f} "
                            f"{result['bytes'] / 1000:>8.0f} {result['requests']:>8}"
                        )
            browser.close()
    assert all(r["board"] for r in ours + cached), "the game page showed no board"
    board_paint = _median(ours, "paint")
    ready, bare_ready = _median(ours, "ready"), _median(theirs, "ready")
    print()
    print(f"game page: board painted {board_paint / 1000:.3f} s (target 0.3 s), ready {ready / 1000:.3f} s")
    print(
        f"game page from the service worker's cache (second visit, network off): board painted "
        f"{_median(cached, 'paint') / 1000:.3f} s, ready {_median(cached, 'ready') / 1000:.3f} s "
        f"(cold {ready / 1000:.3f} s)"
    )
    print(f"bare page: ready {bare_ready / 1000:.3f} s (it paints nothing)")
    print(
        f"from py:ready to data-ready (fetching and running the page's Python): game "
        f"{_median(ours, 'python') / 1000:.3f} s, bare {_median(theirs, 'python') / 1000:.3f} s"
    )
    print(f"ready ratio game/bare: {ready / bare_ready:.3f} (target 1.15)")
    print(
        f"bytes transferred: game {statistics.median(r['bytes'] for r in ours) / 1e6:.2f} MB, "
        f"bare {statistics.median(r['bytes'] for r in theirs) / 1e6:.2f} MB"
    )


if __name__ == "__main__":
    main()
