"""Browser test fixtures: the built site on a free localhost port, Chromium, a guarded page.

The site must be built first (``make site``; ``make test`` does it). Every
request that does not go to 127.0.0.1 is aborted and recorded, and so is every
console error and page error; the tests assert both lists are empty.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Playwright, Route
from site_page import GamePage, Watch

SITE = Path(__file__).resolve().parent.parent / "site"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # WebRTC on 127.0.0.1 (e2e/test_net.py): Chromium gathers no candidate on loopback without it
    "--allow-loopback-in-peer-connection",
    # Python's WebAssembly compiled once, quickly (V8's baseline compiler): a page start here costs about 4 s of
    # processor time instead of 5.4 (the optimizing compiler's background work on the interpreter's code, wasted on
    # pages that live a few seconds). The tests run on two cores that the browser keeps busy: the browser tests take
    # about a fifth less time; the computer players think a little slower. Nothing a page does differs.
    "--js-flags=--liftoff-only",
]

UNWANTED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup", "PreloadTopChromeWebUI"]
"""Chromium's features the tests turn off besides Playwright's own. Debian's Chromium runs headless as the whole
browser (Playwright's own headless shell has no address bar): each browser context opens a window whose address bar
loads its suggestions popup as a web page of its own (chrome://omnibox-popup.top-chrome, seen in a trace), about half
a second to a second of processor time per context, for a window nobody sees. The site sees no difference."""


def launch_options(playwright: Playwright) -> dict[str, Any]:
    """How to launch the tests' Chromium: Debian's when it exists (else Playwright's own), with the machine's flags and
    :data:`UNWANTED_FEATURES` turned off together with the features Playwright turns off itself.

    Chromium keeps only the last ``--disable-features`` of its command line, and Playwright puts its own before ours:
    a browser launched once shows the command line it was given (chrome://version), and every list on it goes last
    with ours, as one."""
    options: dict[str, Any] = {"args": CHROMIUM_FLAGS}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    probe = playwright.chromium.launch(**options)
    try:
        page = probe.new_page()
        page.goto("chrome://version")
        line = (page.locator("#command_line").text_content() or "").split()
    finally:
        probe.close()
    prefix = "--disable-features="
    theirs = [name for arg in line if arg.startswith(prefix) for name in arg[len(prefix) :].split(",") if name]
    if not theirs:
        raise RuntimeError(f"no {prefix} read from chrome://version: {' '.join(line)[:200]!r}")
    wanted = ",".join(dict.fromkeys(theirs + UNWANTED_FEATURES))
    return {**options, "args": [*CHROMIUM_FLAGS, prefix + wanted]}


class _QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (the base class declares it a plain dict)
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".zip": "application/zip",
        ".json": "application/json",
        ".py": "text/plain",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a page while a file is on its way is no fault of the site: said nowhere (the base
        class prints a traceback); anything else as before."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def site_server() -> Iterator[str]:
    """The built ``site/`` served on a free port of 127.0.0.1 (a thread of this process): its address."""
    server = _Server(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The built ``site/`` served on a free port of 127.0.0.1 (:func:`site_server`)."""
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run `make site` first")
    with site_server() as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], playwright: Playwright) -> dict[str, Any]:
    """Debian's Chromium with the machine's flags when it exists, else Playwright's own (:func:`launch_options`)."""
    return {**browser_type_launch_args, **launch_options(playwright)}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """``MALEFIZ_SCHEME=dark`` shows every page in the system's dark colours (for screenshots with MALEFIZ_SHOTS)."""
    scheme = os.environ.get("MALEFIZ_SCHEME", "")
    return {**browser_context_args, "color_scheme": scheme} if scheme else browser_context_args


@pytest.fixture
def watch() -> Watch:
    """What went wrong during the test: requests leaving 127.0.0.1, console and page errors."""
    return Watch()


@pytest.fixture
def page(context: BrowserContext, watch: Watch) -> Page:
    """A page whose requests outside 127.0.0.1 are aborted and recorded, errors recorded."""

    def guard(route: Route) -> None:
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1":
            route.continue_()
        else:
            watch.outside.append(url)
            route.abort()

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            watch.errors.append(f"console: {message.text}")

    def page_error(error: Error) -> None:
        watch.errors.append(f"page error: {error}")

    context.route("**/*", guard)
    page = context.new_page()
    page.on("console", console)
    page.on("pageerror", page_error)
    page.set_default_timeout(60_000)
    return page


@pytest.fixture
def game(page: Page, site_url: str, watch: Watch) -> GamePage:
    """The game page, not opened yet: call ``game.open("?seats=...")``."""
    return GamePage(page, site_url, watch)
