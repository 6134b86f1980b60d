"""A fatal error never leaves a blank or frozen page: a box says what went wrong, and its Reload goes on.

Python runs in a Web Worker (web/worker.js). It is made to fail as it starts by serving another ``malefiz.zip``
(Playwright routes it: a package that raises as it is imported), and while a game goes on by a page event whose
message Python refuses (a move-list line with no number). The service worker is blocked here, so that every
request reaches the route (a worker would answer from its cache). These tests expect the errors they cause.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from playwright.sync_api import Page, Route
from site_page import GamePage, Watch

BOX = "#fatal:not([hidden])"


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "service_workers": "block"}


def broken_package() -> bytes:
    """A ``malefiz.zip`` whose package raises as it is imported."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.writestr("malefiz/__init__.py", 'raise RuntimeError("boom")\n')
    return data.getvalue()


def serve_package(page: Page, body: bytes) -> None:
    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="application/zip", body=body)

    page.route("**/malefiz.zip", fulfil)


def box_text(page: Page) -> str:
    return " ".join((page.locator("#fatal").text_content() or "").split())


def test_python_failing_as_it_starts_shows_the_box_and_reload_goes_on(page: Page, site_url: str, watch: Watch) -> None:
    serve_package(page, broken_package())
    page.goto(site_url)
    page.wait_for_selector(BOX)
    assert box_text(page) == "Something went wrong: RuntimeError: boom. Your game is kept: reload to go on. Reload"
    assert page.locator("#fatal [data-reload]").is_visible()
    assert page.evaluate("document.documentElement.dataset.ready") is None
    page.unroute("**/malefiz.zip")
    with page.expect_navigation():
        page.locator("#fatal [data-reload]").click()
    page.wait_for_selector("html[data-ready]")
    assert page.locator("#fatal").is_hidden()
    assert watch.outside == []


def test_an_error_in_python_during_a_game_shows_the_box_in_german_and_the_game_is_kept(
    game: GamePage, watch: Watch
) -> None:
    page = game.page
    page.add_init_script("localStorage.setItem('malefiz.language', 'de')")
    game.open("?game=maedn&seats=human,human&names=Anna,Ben&first=yellow&seed=4&forced=off")
    game.roll()
    kept = game.position_text()
    assert page.locator("#fatal").is_hidden()
    page.evaluate("document.querySelector('[data-log]').insertAdjacentHTML('afterbegin', '<li data-index=x>?</li>')")
    page.locator("[data-log] li[data-index=x]").click()
    page.wait_for_selector(BOX)
    assert box_text(page) == (
        "Etwas ist schiefgegangen: ValueError: expected a number, got None. "
        "Dein Spiel bleibt erhalten: lade neu, um weiterzuspielen. Neu laden"
    )
    with page.expect_navigation():
        page.locator("#fatal [data-reload]").click()
    page.wait_for_selector("html[data-ready]")
    assert page.locator("#fatal").is_hidden()
    assert game.position_text() == kept
    assert watch.outside == []
    assert watch.errors and all("ValueError" in error for error in watch.errors), watch.errors


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
