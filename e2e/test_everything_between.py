"""A family presses everything in between moves: undo and redo, hint, review, the notation, the language, a line of the
move list, New game then Stay, and reloads. Whatever comes in between, the game stays as it was (a reload brings back
the position, what to do now, the piece chosen, the hint standing and the move list; undo then redo, a reload or not
in between, the position), and nothing is logged as an error."""

from __future__ import annotations

import random

import pytest
from site_page import STILL, GamePage


def now(game: GamePage) -> tuple[str, str, list[str], list[str | None], str]:
    """The position, what to do now, the move list, the piece chosen and the hint standing, once the page is still."""
    page = game.page
    page.wait_for_selector(STILL, state="attached")
    log = page.locator("[data-log] li").all_text_contents()
    chosen = [piece.get_attribute("data-key") for piece in page.locator("#board .selected").all()]
    hint = page.locator("[data-hint]:not([hidden])").all_text_contents()
    return game.position_text(), page.locator("[data-now]").text_content() or "", log, chosen, " ".join(hint)


def press(game: GamePage, selector: str) -> bool:
    """Click the first visible, enabled element matching ``selector`` once the page is still; False if there is none."""
    game.page.wait_for_selector(STILL, state="attached")
    found = game.page.locator(selector).first
    if not (found.count() and found.is_visible() and found.is_enabled()):
        return False
    found.click()
    return True


def open_menu(game: GamePage) -> None:
    """Open the header's Menu where the header folds its controls under it (a phone)."""
    game.page.wait_for_selector(STILL, state="attached")
    if game.page.locator(".menu-button").is_visible():
        game.page.locator(".menu-button").click()
        game.page.wait_for_selector(".bar-menu:popover-open")


REVIEW_WAITS = "[data-review] section.review[aria-busy]"
"""A review shown before its decisions are valued (its bar): the move list's marks come when it is whole."""


def from_menu(game: GamePage, selector: str) -> bool:
    """Click ``selector`` in the header, from its Menu where there is one."""
    open_menu(game)
    return press(game, selector)


def play_a_step(game: GamePage, rnd: random.Random) -> None:
    """Roll, or choose among the pieces and fields the board offers, as a person would (a click in the middle of
    one: a barricade drawn over its field gets it)."""
    if press(game, '[data-action="roll"]'):
        return
    for kind in ("#board .target", "#board .movable"):
        offered = game.page.locator(kind)
        if offered.count():
            chosen = offered.nth(rnd.randrange(offered.count()))
            chosen.scroll_into_view_if_needed()
            box = chosen.bounding_box()
            assert box is not None
            game.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # whatever is on top
            return


@pytest.mark.parametrize(
    ("query", "width", "height"),
    [
        ("?seats=human,human,bot:medium&names=Anna,Ben&pace=instant&seed=21", 1280, 800),
        ("?game=maedn&board=star&seats=human,bot:easy,human,bot:easy&names=Anna,,Ben&pace=instant&seed=5", 390, 844),
    ],
    ids=["malefiz", "maedn-star-phone"],
)
def test_what_comes_between_moves_changes_nothing(game: GamePage, query: str, width: int, height: int) -> None:
    game.page.set_viewport_size({"width": width, "height": height})
    game.open(query)
    open_menu(game)
    game.page.locator("[data-motion-switch]").uncheck()  # no walks: what the page shows is the game at once
    game.page.keyboard.press("Escape")
    rnd = random.Random(width)
    between = 0
    for _ in range(100):
        if game.page.locator("[data-winner]").is_visible():
            break
        before = now(game)
        pick = rnd.random()
        if pick < 0.07 and press(game, '[data-action="undo"]'):
            if pick < 0.035:  # a reload in between (once the undo is shown): Redo still plays it again
                game.page.wait_for_selector(STILL, state="attached")
                game.page.reload()
                game.page.wait_for_selector("html[data-ready]")
            assert press(game, '[data-action="redo"]')
            assert now(game)[0] == before[0]  # the same position: redo plays back what undo took
        elif pick < 0.14:
            game.page.reload()
            game.page.wait_for_selector("html[data-ready]")
            game.page.wait_for_selector(REVIEW_WAITS, state="detached")  # valued anew after the reload
            assert now(game) == before  # the review open before: its marks in the list too
        elif pick < 0.30:
            if pick < 0.18:
                press(game, '[data-action="hint"]')
            elif pick < 0.22:
                press(game, '[data-action="review"]')
            elif pick < 0.24:
                press(game, '[data-action="notation"]')
            elif pick < 0.26:
                english = str(game.page.evaluate("() => document.documentElement.lang")).startswith("en")
                open_menu(game)
                game.page.locator("[data-language]").select_option("de" if english else "en")
                game.page.keyboard.press("Escape")
            elif pick < 0.28:
                lines = game.page.locator("[data-log] li")
                if lines.count() > 2:
                    lines.nth(rnd.randrange(min(lines.count(), 8))).click()
                    game.page.wait_for_selector("[data-viewing]:not([hidden])")
                    assert press(game, '[data-action="back-to-game"]')
            elif from_menu(game, 'header [data-action="setup"]'):
                game.page.locator('[data-action="confirm-no"]').click()
            assert now(game)[0] == before[0]
        else:
            play_a_step(game, rnd)
            continue
        between += 1
    assert between >= 20  # enough of everything in between was pressed
    game.watch.assert_clean()
