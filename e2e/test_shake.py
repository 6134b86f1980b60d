"""Shake to roll: on a phone the menu offers it; turned on, a shake of the hand rolls the die once (a phone picked
up does not), and the setting is kept across a reload. A computer with a mouse is not offered it."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser
from site_page import GamePage, settle
from test_phone import PHONE, device

from malefiz.app import SHAKE_FORCE
from malefiz.core.screen import SHAKEN_BUZZ

GAME = "?" + urlencode(
    {
        "game": "maedn",
        "seats": "human,human",
        "seed": 2,
        "pace": "instant",
        "position": "maedn cross y:B,B,B,B r:B,B,B,B y? +three",
    }
)
"""Every piece in B, three rolls: yellow has three tries at a 6, and rolls a 5 first."""

SHAKE = """(force) => window.dispatchEvent(new DeviceMotionEvent("devicemotion", {
  acceleration: {x: force * 0.6, y: force * 0.8, z: 0},
  accelerationIncludingGravity: {x: force * 0.6, y: force * 0.8, z: 9.81},
  interval: 16,
}))"""
"""A reading of the device's motion sensor, ``force`` m/s² strong (gravity left out), as a phone reports it."""

GOING_ON = (
    "(force) => new Promise((done) => { let n = 0; const id = setInterval(() => { ("
    + SHAKE
    + ")(force); if (++n === 30) { clearInterval(id); done(); } }, 16); })"
)
"""Half a second of such readings, 60 a second, as a hand that goes on shaking gives them."""


def test_a_shake_rolls_the_die_once_where_the_player_turned_it_on(browser: Browser, site_url: str) -> None:
    context, game = device(browser, site_url, **PHONE)
    page = game.page
    page.add_init_script("window.felt = []; navigator.vibrate = (pattern) => window.felt.push(pattern) > 0;")
    game.open(GAME)
    page.locator(".menu-button").tap()
    switch = page.locator("[data-shake-switch]")
    assert switch.is_visible() and not switch.is_checked()
    assert page.locator(".shake-switch").inner_text() == "Shake to roll"
    before = game.position_text()
    page.evaluate(SHAKE, SHAKE_FORCE * 2)  # off: nothing
    settle(page)
    assert game.position_text() == before

    switch.tap()
    settle(page)
    page.evaluate(SHAKE, SHAKE_FORCE * 0.5)  # the phone picked up: nothing
    settle(page)
    assert game.position_text() == before
    page.evaluate(SHAKE, SHAKE_FORCE * 1.6)
    game.wait_for_position_change(before)
    assert (game.position()["turn"], game.position()["attempt"]) == ("yellow", 2)  # a 5: yellow's second try
    assert page.evaluate("window.felt") == [list(SHAKEN_BUZZ)]  # the roll felt in the hand
    rolled = game.position_text()
    page.evaluate(GOING_ON, SHAKE_FORCE * 2)  # the same shake goes on: one roll, not three tries
    settle(page)
    assert game.position_text() == rolled

    game.page.reload()  # kept
    page.wait_for_selector("html[data-ready]")
    assert page.locator("[data-shake-switch]").is_checked()
    context.close()
    game.watch.assert_clean()


@pytest.mark.parametrize("width", [1061, 1180, 1279])
def test_a_tablet_on_its_side_has_the_menu_with_shake_to_roll(browser: Browser, site_url: str, width: int) -> None:
    # Between 1061 and 1279 px the wide bar had no room for *Shake to roll* (German words, the longer game's name):
    # a touch screen that wide folds the bar into the menu, as it does upright, and the switch is there.
    size = {"width": width, "height": 820}
    context, game = device(browser, site_url, **{**PHONE, "viewport": size, "locale": "de-DE"})
    page = game.page
    game.open(GAME)
    bar = page.locator(".bar").bounding_box()
    assert bar is not None and bar["height"] <= 56  # one row
    assert page.locator(".bar-menu").is_hidden() and page.locator(".menu-button").is_visible()
    page.locator(".menu-button").tap()
    page.wait_for_selector(".bar-menu:popover-open")
    for entry in ("[data-shake-switch]", '[data-action="full-screen"]', "[data-sound]", "[data-language]"):
        assert page.locator(f".bar-menu {entry}").is_visible(), entry
    page.locator(".bar-menu .shake-switch").tap()
    settle(page)
    assert page.locator("[data-shake-switch]").is_checked()
    before = game.position_text()
    page.evaluate(SHAKE, SHAKE_FORCE * 1.6)
    game.wait_for_position_change(before)
    context.close()
    game.watch.assert_clean()


def test_a_computer_with_a_mouse_is_not_offered_shaking(game: GamePage) -> None:
    game.open(GAME)
    assert game.page.locator(".shake-switch").is_hidden()
    game.page.set_viewport_size({"width": 1100, "height": 800})  # a mouse keeps the wide bar down to 1061 px
    assert game.page.locator(".menu-button").is_hidden() and game.page.locator("[data-pace]").is_visible()
    game.page.set_viewport_size({"width": 390, "height": 844})  # the menu behind its button
    game.page.locator(".menu-button").click()
    assert game.page.locator("[data-pace]").is_visible() and game.page.locator(".shake-switch").is_hidden()


@pytest.mark.parametrize("where", ["game", "setup"])
def test_a_phone_that_asks_its_owner_and_is_refused_keeps_shaking_off_and_says_why(
    browser: Browser, site_url: str, where: str
) -> None:
    context, game = device(browser, site_url, **PHONE, locale="de-DE")
    page = game.page
    # An iPhone's way: the page must ask before it may read the motion sensor; here the owner says no.
    page.add_init_script("DeviceMotionEvent.requestPermission = () => Promise.resolve('denied');")
    game.open(GAME if where == "game" else "?game=maedn")
    page.locator(".menu-button").tap()
    page.locator("[data-shake-switch]").tap()
    notice = page.locator("[data-notice]" if where == "game" else "[data-setup-error]")
    notice.wait_for()
    assert "geschüttelt" in notice.inner_text()
    assert page.locator(".bar-menu").is_hidden()  # closed: the notice in sight (the menu covered half of it)
    page.locator(".menu-button").tap()
    assert not page.locator("[data-shake-switch]").is_checked()
    assert page.evaluate("localStorage.getItem('malefiz.shake')") == "off"
    context.close()
    game.watch.assert_clean()
