"""The rules pages in the browser: every page shows its pictures, cleanly, and the game page leads to them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from site_page import Watch, settle

from malefiz.help import PAGE_FILES

PAGES = sorted(PAGE_FILES.items())


@pytest.mark.parametrize(("key", "name"), PAGES, ids=[name for _, name in PAGES])
def test_each_rules_page_shows_its_pictures_without_errors(
    page: Page, site_url: str, watch: Watch, key: tuple[str, str], name: str
) -> None:
    game, language = key
    page.goto(site_url + name)
    assert page.locator("html").get_attribute("lang") == language
    pictures = page.locator("figure.picture svg")
    assert pictures.count() >= 6
    for i in range(pictures.count()):
        picture = pictures.nth(i)
        box = picture.bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 50, (name, i)
        assert picture.get_attribute("aria-label")
        assert picture.locator("[data-key]").count() == 0
    assert page.locator("figure.picture figcaption").count() == pictures.count()
    # The style sheet is applied (the page's own): the pictures sit in framed figures; its one script is the site's.
    assert page.locator("figure.picture").first.evaluate("e => getComputedStyle(e).borderTopStyle") == "solid"
    assert [s.get_attribute("src") for s in page.locator("script").all()] == ["./rules.js"]
    other = next(n for (g, lang), n in PAGE_FILES.items() if g == game and lang != language)
    page.locator(f'header a[href="./{other}"]').click()
    page.wait_for_url(f"**/{other}")
    assert page.locator("html").get_attribute("lang") != language
    assert page.locator("figure.picture svg").count() == pictures.count()
    watch.assert_clean()


def test_the_game_page_leads_to_the_rules_of_the_game_it_shows(page: Page, site_url: str, watch: Watch) -> None:
    page.goto(site_url)
    page.wait_for_selector("html[data-ready]")
    assert page.locator("header.bar a.rules-link").count() == 4
    shown = page.locator("header.bar a.rules-link:visible")
    assert shown.count() == 1
    assert shown.get_attribute("href") == "./rules-malefiz.html"
    assert page.locator('#setup .rules-links[data-rules="maedn"]').is_hidden()
    assert page.locator('#setup .rules-links[data-rules="malefiz"]').is_visible()
    shown.click()
    page.wait_for_url("**/rules-malefiz.html")
    assert page.locator("h1").inner_text().startswith("Malefiz")
    page.locator("header a.back").click()
    page.wait_for_selector("html[data-ready]")
    # Choosing the other game on the setup screen switches the links to its rules.
    page.locator('#setup input[name="game"][value="maedn"]').check()
    settle(page)
    assert page.locator("header.bar a.rules-link:visible").get_attribute("href") == "./rules-maedn.html"
    assert page.locator("#setup .rules-links a:visible").all_inner_texts() == ["Rules of Mensch ärgere Dich nicht"]
    # In German, the header's link and the setup screen's are the German page's alone.
    page.goto(site_url + "?game=maedn")
    page.wait_for_selector("html[data-ready]")
    page.select_option("[data-language]", "de")
    page.wait_for_selector('html[lang="de"]')
    shown = page.locator("header.bar a.rules-link:visible")
    assert shown.count() == 1 and shown.inner_text() == "Spielregeln"
    setup_link = page.locator("#setup .rules-links a:visible")
    assert setup_link.all_inner_texts() == ["Spielregeln von Mensch ärgere Dich nicht"]
    setup_link.click()
    page.wait_for_url("**/regeln-maedn.html")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("h1").inner_text() == "Mensch ärgere Dich nicht: Spielregeln"
    page.go_back()
    page.wait_for_selector("html[data-ready]")
    page.locator("header.bar a.rules-link:visible").click()
    page.wait_for_url("**/regeln-maedn.html")
    watch.assert_clean()
