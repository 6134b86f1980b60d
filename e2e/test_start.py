"""How the page starts: Python in a Web Worker while the page is usable at once, and a second visit restored from
the memory snapshot the build made (``site/snapshot.bin``), with a plain start whenever the snapshot does not fit.

To act before Python is ready, a test holds the package's download (``malefiz.zip``, which the worker needs
before it is ready) until it has acted. Snapshot troubles are made by changing the service worker's cache: the
worker's requests on a second visit are answered from there, never from the network.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable
from pathlib import Path

from conftest import SITE
from playwright.sync_api import Browser, Page, Route
from site_page import GamePage, Watch
from test_offline import Server, first_visit, serve

__all__ = ["serve"]  # the fixture, used here too

HELD = "**/malefiz.zip"


def hold(page: Page) -> list[Route]:
    """Hold the package's download (Python cannot be ready without it) until the test lets it go."""
    held: list[Route] = []
    page.context.route(HELD, lambda route: held.append(route))
    return held


def let_go(page: Page, held: list[Route]) -> None:
    page.wait_for_function("() => document.getElementById('load-text').textContent.length > 0")
    assert page.get_attribute("html", "data-ready") is None
    for _ in range(10_000):  # the worker asks for the package as it starts (the route hears of it meanwhile)
        if held:
            break
        page.evaluate("new Promise(requestAnimationFrame)")
    held[0].continue_()
    page.context.unroute(HELD)


def test_the_setup_form_works_while_python_starts_and_a_click_on_start_is_acted_on(
    page: Page, site_url: str, watch: Watch
) -> None:
    held = hold(page)
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_selector("#setup:not([hidden])")
    assert page.locator("#loading").is_visible()
    assert page.locator("#load-text").text_content() == "Getting the dice ready…"
    # The person chooses the other game, four computers, and starts: Python is not ready yet.
    page.locator('#setup input[name="game"][value="maedn"]').check()
    page.wait_for_selector('#setup fieldset[data-game="maedn"]:not([hidden])')
    assert page.locator('#setup fieldset[data-game="malefiz"]').first.is_hidden()
    page.locator('[data-action="start"]').click()
    assert page.get_attribute("html", "data-ready") is None
    let_go(page, held)
    page.wait_for_selector("html[data-ready]")
    page.wait_for_selector("#play:not([hidden])")
    assert page.title() == "Mensch ärgere Dich nicht"
    assert "game=maedn" in page.evaluate("location.search")
    watch.assert_clean()


def test_the_loading_words_are_in_the_persons_language(page: Page, site_url: str, watch: Watch) -> None:
    page.add_init_script("localStorage.setItem('malefiz.language', 'de')")
    held = hold(page)
    page.goto(site_url + "?game=maedn&seats=human,human&seed=2", wait_until="domcontentloaded")
    page.wait_for_function("() => document.getElementById('load-text').textContent.startsWith('Die Würfel')")
    assert page.locator("#load-text").text_content() == "Die Würfel werden bereitgelegt…"
    assert page.locator("#setup").is_hidden()  # a game's address: its board, and the words
    # Every fixed text is in the person's language before Python speaks (the build wrote both into the page).
    assert page.locator('header [data-i18n="page.pace"]').text_content() == "Tempo"
    assert page.locator("[data-language]").input_value() == "de"
    let_go(page, held)
    page.wait_for_selector("html[data-ready]")
    assert page.locator("#loading").is_hidden()
    assert page.get_attribute("html", "data-start") == "plain"  # a first visit: no snapshot yet
    watch.assert_clean()


def second_visit(page: Page, url: str) -> str:
    """Load ``url`` again (the service worker controls the page now); how Python started."""
    page.goto(url)
    page.wait_for_selector("html[data-ready]")
    return str(page.get_attribute("html", "data-start"))


def seed_of(page: Page) -> str:
    """The seed of a new two-person game started from the address without one (Python draws it)."""
    game = GamePage(page, page.url, Watch())
    page.goto(re.sub(r"\?.*", "", page.url) + "?game=maedn&seats=human,human")
    page.wait_for_selector("html[data-ready]")
    page.wait_for_selector("#play:not([hidden])")
    found = re.search(r"seed=(\d+)", page.evaluate("location.search"))
    assert found and game.status()
    return found[1]


def test_a_second_visit_starts_from_the_snapshot_and_two_visitors_roll_differently(
    browser: Browser, serve: Callable[[Path], Server]
) -> None:
    server = serve(SITE)
    seeds = []
    for _ in range(2):
        context = browser.new_context()
        try:
            page = context.new_page()
            first_visit(page, server.url)
            assert page.get_attribute("html", "data-start") == "plain"
            assert second_visit(page, server.url) == "snapshot"
            seeds.append(seed_of(page))
            assert page.get_attribute("html", "data-start") == "snapshot"
        finally:
            context.close()
    assert seeds[0] != seeds[1]


SPOIL = """
async ([name, head, from]) => {
  const cache = await caches.open(name);
  const url = new URL("./snapshot.bin", location).href;
  const kept = await cache.match(url);
  const headers = new Headers(kept.headers);
  const tail = from < 0 ? [] : [new Uint8Array(await kept.arrayBuffer()).subarray(from)];
  await cache.put(url, new Response(new Blob([new Uint8Array(head), ...tail]), {headers}));
}
"""
"""Put another body in the service worker's cache in place of ``snapshot.bin`` (its headers kept): the bytes
``head``, then the kept body from byte ``from`` on (none when it is negative). Only small bytes cross from Python."""


def header() -> bytes:
    data = (SITE / "snapshot.bin").read_bytes()
    return data[: data.index(b"\n") + 1]


def test_a_snapshot_that_does_not_fit_gives_a_plain_start_and_says_nothing_alarming(
    page: Page, serve: Callable[[Path], Server], watch: Watch
) -> None:
    server = serve(SITE)
    names = first_visit(page, server.url)
    spoilt = {
        "another runtime's": (b"malefiz-snapshot 0000000000000000\n", 100),
        "cut short": (header() + gzip.compress(b"x" * 1000)[:50], -1),
        "no snapshot inside": (header() + gzip.compress(b"not a memory snapshot"), -1),
    }
    for case, (head, tail) in spoilt.items():
        page.evaluate(SPOIL, [names[0], list(head), tail])
        assert second_visit(page, server.url) == "plain", case
        page.wait_for_selector("#setup:not([hidden])")
        assert page.locator("#fatal").is_hidden(), case
    watch.assert_clean()
