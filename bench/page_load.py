"""Page load of the game page against a bare PyScript + Pyodide page, in one run: ``python bench/page_load.py``.

The game page runs Python in a Web Worker (``worker.js``, Pyodide from the site's ``pyodide/``); the page's
thread only draws (``page.js``). The bare page is PyScript (``node_modules/@pyscript/core/dist``) starting the
standard, untrimmed Pyodide (the five runtime files of ``node_modules/pyodide``) on the page's thread and
running one line of Python, which sets ``html[data-ready]``; it is built in a temporary folder.

Each load is in a fresh browser context (empty HTTP cache, no service worker); the two pages alternate, after
one warm-up load of the bare page (the OS file cache, the browser's first start). Per load, from navigation
start:

- first paint: ``first-contentful-paint`` (for the game page the pre-rendered board, in the HTML itself; the
  bare page paints nothing);
- ready: ``html[data-ready]`` appears (the game page once interactive);
- the longest main-thread task between first paint and ready: a ``longtask`` PerformanceObserver (buffered,
  from an init script). The browser reports only tasks of 50 ms or more (the long-task threshold), so 0 means
  no task of 50 ms or more;
- the bytes of the first visit up to ready, counted by the HTTP server (headers and bodies of every response
  it sends, to the page, its Web Worker and everything else), since the page's resource timing does not see
  the worker's fetches. The count stops at the request for the service worker's script (``sw.js``, asked with
  the ``Service-Worker: script`` header), which the page registers once ready, so the service worker's
  precaching is not in it. The server sends files uncompressed (as the previous figures were taken);

then, in the same context, the second visit: once the service worker (``sw.js``) controls the page and one of
its caches holds every file of the site (but ``sw.js`` and ``release.json``; ``snapshot.bin``, the memory
snapshot Python is restored from, among them when the site has one), the network is turned off and the page is
reloaded (a cache still missing files after two minutes stops the run, naming them). Its response must come from the
service worker; its first paint, ready, longest task and ``html[data-start]`` (``snapshot`` when Python was
restored from the snapshot, else ``plain``) are recorded.

The medians of ``--runs`` runs and their ratios are checked against the targets of issue 26:

- the second visit ready within 1.0 s;
- the first visit ready within 0.8 times the bare page;
- no main-thread task over 200 ms from first paint to ready, on either visit (checked on the longest of all
  runs);
- the board painted within 0.3 s;
- the first visit's bytes, against the last figure recorded in the results file (the previous release's).

``--out [FILE]`` appends the report, under a line with the date, the commit, the machine and Chromium's
version, to FILE (default ``bench/results/page_load.txt``). Build the site first (``make site``), or point
``--site`` at a built one. Figures, not a test: take them on a quiet machine.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import io
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
RESULTS = ROOT / "bench" / "results" / "page_load.txt"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The standard Pyodide runtime, as the bare page takes it from ``node_modules/pyodide``."""
SNAPSHOT = "snapshot.bin"
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
TIMEOUT = 120_000
"""Milliseconds to wait for a page to be ready, or for its service worker."""

LONG_TASK = 50.0
"""The long-task threshold (ms): the browser reports no shorter task."""

SECOND_READY = 1000.0
READY_RATIO = 0.8
TASK_LIMIT = 200.0
PAINT_LIMIT = 300.0

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
"""Only PyScript starting Pyodide on the page's thread and one line of Python."""

WATCH = """
(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch (error) {
    window.__longTasks = null;
  }
  const seen = () => {
    if (document.documentElement && document.documentElement.hasAttribute("data-ready") && !window.__readyAt) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();
"""
"""Init script: every long task of the page's thread, and the time ``data-ready`` appears."""

MEASURE = """
() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const from = paint ? paint.startTime : 0;
  const ready = window.__readyAt;
  const during = (window.__longTasks || []).filter(([start, length]) => start + length > from && start < ready);
  return {
    paint: paint ? paint.startTime : null,
    ready: ready,
    longest: during.reduce((most, [, length]) => Math.max(most, length), 0),
    observed: window.__longTasks !== null,
    start: document.documentElement.dataset.start || null,
    board: document.querySelector("#board svg [data-field]") !== null,
  };
}
"""

MISSING = """
async (files) => {
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return null;
  let fewest = files;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const missing = [];
    for (const file of files) {
      if (!(await cache.match(new URL(file, location.href).href, {ignoreVary: true}))) missing.push(file);
    }
    if (missing.length < fewest.length) fewest = missing;
  }
  return fewest;
}
"""
"""Null until the service worker controls the page; then the given files that no one cache holds (the fewest)."""

NOT_CACHED = ("sw.js", "release.json")
"""The site's files its service worker does not keep (its own script; the release it asks the server for)."""


def site_files(site: Path) -> list[str]:
    """Every file of the built site that the service worker should keep, relative to the site."""
    files = [p.relative_to(site).as_posix() for p in sorted(site.rglob("*")) if p.is_file()]
    return [name for name in files if name not in NOT_CACHED]


@dataclass
class Sent:
    """One response of the server: its path, whether it is a service worker's script, its bytes."""

    path: str
    worker_script: bool
    size: int = 0


class Traffic:
    """The responses the server sent, in the order their requests arrived."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sent: list[Sent] = []

    def reset(self) -> None:
        with self._lock:
            self._sent = []

    def begin(self, path: str, worker_script: bool) -> Sent:
        sent = Sent(path, worker_script)
        with self._lock:
            self._sent.append(sent)
        return sent

    def add(self, sent: Sent, size: int) -> None:
        with self._lock:
            sent.size += size

    def before_service_worker(self) -> tuple[int, int]:
        """Bytes and responses up to the first request for a service worker's script."""
        with self._lock:
            total = requests = 0
            for sent in self._sent:
                if sent.worker_script:
                    break
                total += sent.size
                requests += 1
            return total, requests


class _Counting(io.BufferedIOBase):
    """A writer that counts what goes through it to its handler's current response."""

    def __init__(self, inner: io.BufferedIOBase, handler: _Handler) -> None:
        super().__init__()
        self._inner = inner
        self._handler = handler

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        written = self._inner.write(data)
        if self._handler.sent is not None and self._handler.traffic is not None:
            self._handler.traffic.add(self._handler.sent, len(memoryview(data)))
        return written

    def flush(self) -> None:
        self._inner.flush()

    def close(self) -> None:
        if not self.closed:
            super().close()
            self._inner.close()


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (the base class declares it a plain dict)
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def __init__(self, *args: Any, traffic: Traffic | None = None, **kwargs: Any) -> None:
        self.traffic = traffic
        self.sent: Sent | None = None
        super().__init__(*args, **kwargs)

    def setup(self) -> None:
        super().setup()
        self.wfile = _Counting(self.wfile, self)

    def send_head(self) -> Any:
        if self.traffic is not None:
            self.sent = self.traffic.begin(self.path, self.headers.get("Service-Worker") == "script")
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path, traffic: Traffic | None = None) -> Iterator[str]:
    """Serve ``folder`` on a free port of 127.0.0.1, counting into ``traffic``; yields the base URL."""
    handler = functools.partial(_Handler, directory=str(folder), traffic=traffic)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def launch(playwright: Playwright) -> Browser:
    """Chromium (the system's when there is one) with the benchmarks' flags."""
    options: dict[str, Any] = {"args": FLAGS}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    return playwright.chromium.launch(**options)


@dataclass
class Load:
    """One visit's figures: times in ms from navigation start, bytes up to ready."""

    paint: float | None
    ready: float
    longest: float
    observed: bool
    start: str | None
    board: bool
    size: int = 0
    requests: int = 0


def _load(raw: dict[str, Any]) -> Load:
    return Load(
        paint=None if raw["paint"] is None else float(raw["paint"]),
        ready=float(raw["ready"]),
        longest=float(raw["longest"]),
        observed=bool(raw["observed"]),
        start=raw["start"],
        board=bool(raw["board"]),
    )


def measure(browser: Browser, url: str, traffic: Traffic, files: list[str] | None) -> tuple[Load, Load | None]:
    """Load ``url`` in a fresh context; given ``files``, then again from the service worker, offline.

    The second visit waits until the service worker controls the page and one of the page's caches holds
    every one of ``files`` (the site's, ``snapshot.bin`` among them when the site has one).
    """
    traffic.reset()
    context = browser.new_context()
    try:
        context.add_init_script(WATCH)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT)
        first = _load(page.evaluate(MEASURE))
        first.size, first.requests = traffic.before_service_worker()
        if files is None:
            return first, None
        missing: list[str] | None = None
        deadline = time.monotonic() + TIMEOUT / 1000
        while time.monotonic() < deadline:
            missing = page.evaluate(MISSING, files)
            if missing == []:
                break
            page.wait_for_timeout(250)
        if missing is None:
            raise SystemExit(f"the service worker did not control the page within {TIMEOUT / 1000:.0f} s")
        if missing:
            raise SystemExit(f"after {TIMEOUT / 1000:.0f} s no cache of the service worker holds: {', '.join(missing)}")
        context.set_offline(True)
        response = page.reload()
        assert response is not None and response.from_service_worker, "the second visit did not come from the cache"
        page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT)
        return first, _load(page.evaluate(MEASURE))
    finally:
        context.close()


def bare_folder(folder: Path) -> None:
    """Write the bare page into ``folder``, next to PyScript's dist and the five Pyodide files (symlinked)."""
    (folder / "pyscript").symlink_to(NODE_MODULES / "@pyscript" / "core" / "dist", target_is_directory=True)
    pyodide = folder / "pyodide"
    pyodide.mkdir()
    for name in PYODIDE_FILES:
        source = NODE_MODULES / "pyodide" / name
        if not source.exists():
            raise SystemExit(f"{source} is missing: run `npm ci` first")
        (pyodide / name).symlink_to(source)
    (folder / "index.html").write_text(BARE_PAGE, encoding="utf-8")


def _median(values: list[float | None]) -> float:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else float("nan")


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


BYTES_LINE = re.compile(r"^first-visit bytes to ready: game ([\d,]+) B")


def last_bytes(results: Path) -> tuple[int, str] | None:
    """The game page's first-visit bytes last recorded in ``results``, with the header line above them."""
    if not results.exists():
        return None
    found: tuple[int, str] | None = None
    header = "?"
    for line in results.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            header = line
        match = BYTES_LINE.match(line)
        if match:
            found = (int(match.group(1).replace(",", "")), header)
    return found


def machine() -> str:
    """The CPU model (from /proc/cpuinfo) and the number of cores."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores"


def commit() -> str:
    """The short hash of the checkout's commit (with ``+`` when its working tree has changes)."""
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain"], capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown commit"
    return head + (" + changes" if dirty.strip() else "")


def main() -> None:
    """Run the comparison, print it and check the targets."""
    parser = argparse.ArgumentParser(description="page load: the game page against a bare PyScript page")
    parser.add_argument("--runs", type=int, default=5, help="loads of each page (default 5)")
    parser.add_argument("--query", default="?board=classic&seats=human,bot&seed=1", help="the game page's query")
    parser.add_argument("--site", type=Path, default=SITE, help=f"the built site (default {SITE})")
    parser.add_argument(
        "--out",
        type=Path,
        nargs="?",
        const=RESULTS,
        default=None,
        help=f"append the report to this file (alone: {RESULTS.relative_to(ROOT)})",
    )
    args = parser.parse_args()
    site: Path = args.site.resolve()
    if not (site / "index.html").exists():
        raise SystemExit(f"{site} is not a built site: run `make site` first")
    snapshot = site / SNAPSHOT
    has_snapshot = snapshot.exists()
    files = site_files(site)
    baseline = last_bytes(args.out or RESULTS)
    report: list[str] = []

    def say(line: str = "") -> None:
        print(line, flush=True)
        report.append(line)

    traffic = Traffic()
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp)
        bare_folder(bare)
        with (
            serve(site, traffic) as site_url,
            serve(bare, traffic) as bare_url,
            sync_playwright() as playwright,
        ):
            browser = launch(playwright)
            chromium = browser.version
            measure(browser, bare_url, traffic, None)  # warm-up
            game: list[Load] = []
            cached: list[Load] = []
            theirs: list[Load] = []
            say(
                f"{'run':>4} {'page':<12} {'paint ms':>9} {'ready ms':>9} {'task ms':>8} {'start':<9}"
                f" {'kB':>8} {'requests':>8}"
            )
            for run in range(1, args.runs + 1):
                first, second = measure(browser, site_url + args.query, traffic, files)
                assert second is not None
                game.append(first)
                cached.append(second)
                theirs.append(measure(browser, bare_url, traffic, None)[0])
                for label, load, sized in (
                    ("game", first, True),
                    ("game again", second, False),
                    ("bare", theirs[-1], True),
                ):
                    columns = f"{load.size / 1000:>8.0f} {load.requests:>8}" if sized else f"{'-':>8} {'-':>8}"
                    say(
                        f"{run:>4} {label:<12} {_ms(load.paint):>9} {load.ready:>9.0f} {load.longest:>8.0f}"
                        f" {load.start or '-':<9} {columns}"
                    )
            browser.close()
    assert all(load.board for load in game + cached), "the game page showed no board"
    assert all(load.observed for load in game + cached + theirs), "this browser reports no long tasks"

    paint, paint_again = _median([g.paint for g in game]), _median([c.paint for c in cached])
    ready, ready_again = _median([g.ready for g in game]), _median([c.ready for c in cached])
    bare_ready = _median([t.ready for t in theirs])
    task, task_again = _median([g.longest for g in game]), _median([c.longest for c in cached])
    bare_task = _median([t.longest for t in theirs])
    worst_task = max(load.longest for load in game + cached)
    size, bare_size = _median([g.size for g in game]), _median([t.size for t in theirs])
    starts = sorted({c.start or "-" for c in cached})
    say()
    say(f"medians of {args.runs} run(s); long tasks are those of {LONG_TASK:.0f} ms or more (0: none)")
    say(
        f"game, first visit:  painted {paint / 1000:.3f} s, ready {ready / 1000:.3f} s,"
        f" longest task paint-to-ready {task:.0f} ms"
    )
    say(
        f"game, second visit (service worker, network off): painted {paint_again / 1000:.3f} s,"
        f" ready {ready_again / 1000:.3f} s, longest task {task_again:.0f} ms, data-start {'/'.join(starts)}"
    )
    say(
        f"bare PyScript page: ready {bare_ready / 1000:.3f} s, longest task to ready {bare_task:.0f} ms"
        " (it paints nothing: from navigation start)"
    )
    say(
        f"ratios: first-visit ready game/bare {ready / bare_ready:.3f}; second/first visit {ready_again / ready:.3f};"
        f" bytes game/bare {size / bare_size:.3f}"
    )
    say(
        f"first-visit bytes to ready: game {size:,.0f} B, bare {bare_size:,.0f} B (uncompressed, counted by the server)"
    )
    say(f"snapshot: {snapshot.stat().st_size:,} B" if has_snapshot else "snapshot: no snapshot")
    say()
    say(f"{_verdict(ready_again <= SECOND_READY)} second visit ready {ready_again / 1000:.3f} s (target <= 1.0 s)")
    say(
        f"{_verdict(ready <= READY_RATIO * bare_ready)} first visit ready {ready / bare_ready:.3f} x the bare page"
        f" (target <= {READY_RATIO})"
    )
    say(
        f"{_verdict(worst_task <= TASK_LIMIT)} longest main-thread task from first paint to ready, both visits,"
        f" all runs: {worst_task:.0f} ms (target none over {TASK_LIMIT:.0f} ms)"
    )
    say(f"{_verdict(paint <= PAINT_LIMIT)} first paint {paint / 1000:.3f} s (target <= 0.3 s)")
    if baseline is None:
        say(f"---- first-visit bytes {size:,.0f} B: no earlier figure recorded in {args.out or RESULTS}")
    else:
        earlier, header = baseline
        say(
            f"{_verdict(size <= earlier)} first-visit bytes {size:,.0f} B against {earlier:,} B last recorded"
            f" ({size / earlier:.3f} x; target: no more): {header.lstrip('# ')}"
        )
    if args.out is not None:
        argv = " ".join(sys.argv[1:])
        date = datetime.date.today().isoformat()
        heading = f"# python bench/page_load.py {argv}, {date}, commit {commit()}, {machine()}, Chromium {chromium}"
        with args.out.open("a", encoding="utf-8") as out:
            out.write("\n".join([heading, *report]) + "\n\n")
        print(f"appended to {args.out}")


if __name__ == "__main__":
    main()
