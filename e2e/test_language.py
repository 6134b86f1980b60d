"""German and English on the page: the browser's language first, a switch that changes everything at once."""

from __future__ import annotations

from playwright.sync_api import Browser
from site_page import GamePage, Watch


def test_the_switch_changes_the_page_at_once_and_is_remembered(game: GamePage) -> None:
    game.open("?game=maedn&seats=human,bot:medium&names=Anna&first=yellow&pace=instant&seed=3&forced=off")
    game.roll()
    assert game.page.evaluate("document.documentElement.lang") == "en"
    assert "rolled" in (game.page.locator("[data-announce]").text_content() or "")
    english = game.page.locator("[data-log] li").all_text_contents()
    game.page.locator("[data-language]").select_option("de")
    game.page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert game.page.locator("[data-announce]").text_content() == ""  # nothing left in English for a screen reader
    german = game.page.locator("[data-log] li").all_text_contents()
    assert len(german) == len(english) and german != english
    assert "gewürfelt" in german[0]
    assert game.page.locator('[data-action="hint"]').text_content() == "Tipp"
    assert "Anna (gelb)" in game.status()
    game.page.reload()
    game.page.wait_for_selector("html[data-ready]")
    assert game.page.evaluate("document.documentElement.lang") == "de"  # remembered
    assert game.page.locator('[data-action="start"]').text_content() == "Spiel starten"
    game.watch.assert_clean()


def test_a_german_browser_gets_german_first(browser: Browser, site_url: str) -> None:
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    watch = Watch()
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.goto(site_url)
    page.wait_for_selector("html[data-ready]")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#setup legend").first.text_content() == "Spiel"
    context.close()
    watch.assert_clean()


def test_a_broken_link_and_a_bad_address_are_told_in_german(browser: Browser, site_url: str) -> None:
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    watch = Watch()
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.goto(site_url + "#game=eNqFULtuwzAM")
    page.wait_for_selector("html[data-ready]")
    error = page.locator("[data-setup-error]")
    assert (error.text_content() or "").startswith("Link: das ist kein vollständiger Spiel-Link")
    page.goto(site_url + "?seats=human,bot&seed=12x")
    page.wait_for_selector("html[data-ready]")
    assert (error.text_content() or "").startswith("Startwert (seed): erwartet eine ganze Zahl")
    context.close()
    watch.assert_clean()
