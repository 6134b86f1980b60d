"""A fatal error never leaves a blank or frozen page: a box says what went wrong, and its Reload goes on.

Python is made to fail by serving another ``main.py`` (Playwright routes it): one that raises as it starts, or
the real one with a listener that raises. The service worker is blocked here, so that every request reaches
the route (a worker would answer from its cache). These tests expect the page and console errors they cause.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import SITE
from playwright.sync_api import Page, Route
from site_page import GamePage, Watch

BOX = "#fatal:not([hidden])"

BROKEN_HANDLER = """
from pyodide.ffi import create_proxy as _proxy

js.addEventListener("boom", _proxy(lambda event: 1 / 0))
"""
"""Appended to ``main.py``: a listener (like the page's own) that raises when the test dispatches ``boom``."""


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "service_workers": "block"}


def serve_main(page: Page, source: str) -> None:
    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/plain", body=source)

    page.route("**/main.py", fulfil)


def box_text(page: Page) -> str:
    return " ".join((page.locator("#fatal").text_content() or "").split())


def test_python_failing_as_it_starts_shows_the_box_and_reload_goes_on(page: Page, site_url: str, watch: Watch) -> None:
    serve_main(page, 'raise RuntimeError("boom")\n')
    page.goto(site_url)
    page.wait_for_selector(BOX)
    assert box_text(page) == "Something went wrong: RuntimeError: boom. Your game is kept: reload to go on. Reload"
    assert page.locator("#fatal [data-reload]").is_visible()
    assert page.evaluate("document.documentElement.dataset.ready") is None
    page.unroute("**/main.py")
    with page.expect_navigation():
        page.locator("#fatal [data-reload]").click()
    page.wait_for_selector("html[data-ready]")
    assert page.locator("#fatal").is_hidden()
    assert watch.outside == []
    assert watch.errors and all("boom" in error for error in watch.errors), watch.errors


def test_an_error_in_a_python_listener_shows_the_box_in_german_and_the_game_is_kept(
    game: GamePage, watch: Watch
) -> None:
    page = game.page
    page.add_init_script("localStorage.setItem('malefiz.language', 'de')")
    serve_main(page, (SITE / "main.py").read_text(encoding="utf-8") + BROKEN_HANDLER)
    game.open("?game=maedn&seats=human,human&names=Anna,Ben&first=yellow&seed=4&forced=off")
    game.roll()
    kept = game.position_text()
    assert page.locator("#fatal").is_hidden()
    page.evaluate("dispatchEvent(new Event('boom'))")
    page.wait_for_selector(BOX)
    assert box_text(page) == (
        "Etwas ist schiefgegangen: ZeroDivisionError: division by zero. "
        "Dein Spiel bleibt erhalten: lade neu, um weiterzuspielen. Neu laden"
    )
    with page.expect_navigation():
        page.locator("#fatal [data-reload]").click()
    page.wait_for_selector("html[data-ready]")
    assert page.locator("#fatal").is_hidden()
    assert game.position_text() == kept
    assert watch.outside == []
    assert watch.errors and all("ZeroDivisionError" in error for error in watch.errors), watch.errors


def test_a_picture_that_fails_to_load_or_a_warning_shows_no_box(game: GamePage, watch: Watch) -> None:
    game.open("?game=maedn&seats=human,human&seed=4")
    page = game.page
    page.evaluate("""() => new Promise((resolve) => {
      const picture = new Image();
      picture.onerror = resolve;
      picture.src = "./no-such-picture.svg";
      document.body.append(picture);
      console.warn("just a warning");
    })""")
    game.roll()
    assert page.locator("#fatal").is_hidden()
