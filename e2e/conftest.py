"""Browser test fixtures: the built site on a free localhost port, Chromium, a guarded page.

The site must be built first (``make site``; ``make test`` does it). Every
request that does not go to 127.0.0.1 is aborted and recorded, and so is every
console error and page error; the tests assert both lists are empty.
"""

from __future__ import annotations

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
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Route
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


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The built ``site/`` served on a free port of 127.0.0.1 (a thread of this process)."""
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run `make site` first")
    server = _Server(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium with the machine's flags when it exists, else Playwright's own browser."""
    args = {**browser_type_launch_args, "args": CHROMIUM_FLAGS}
    if CHROMIUM.exists():
        args["executable_path"] = str(CHROMIUM)
    return args


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
