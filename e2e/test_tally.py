"""Who won how often: a game won on the page is counted once on the setup screen's table, which can be cleared."""

from __future__ import annotations

from site_page import CLASSIC_START, STILL, GamePage
from test_axe import violations

from malefiz.games.malefiz.notation import parse_location

ONE_STEP = f"classic r:8.1,h,h,h,h y:6.6,h,h,h,h x:{CLASSIC_START.replace('8.1,', '2.11,')} r1"
"""Red's pawn one step below the goal, with a 1 rolled."""
ROWS = "() => [...document.querySelectorAll('[data-tally] tbody tr')].map((r) => r.innerText.split('\\t'))"


def test_a_win_is_counted_once_on_the_setup_screen_and_the_table_can_be_cleared(game: GamePage) -> None:
    page = game.page
    game.open(f"?seats=human,bot:hard&names=Anna&seed=1&position={ONE_STEP.replace(' ', '%20')}")
    game.move(parse_location("8.1"), parse_location("8.0"))
    page.wait_for_selector("[data-winner]:not([hidden])")
    line = page.locator("[data-podium] .tally-line").text_content()
    assert line == "Wins on this device: Anna 1 of 1, Computer (hard) as Yellow 0 of 1."
    game.shot("tally-end")
    finished = page.url
    page.locator('[data-winner] [data-action="setup"]').click()  # New game: nothing to ask, the game is over
    page.wait_for_selector("[data-tally]")
    assert page.locator("[data-tally] h2").text_content() == "Who won how often"
    assert page.evaluate(ROWS) == [["Anna", "1", "1"], ["Computer (hard)", "0", "1"]]
    assert violations(game) == []
    game.shot("tally")
    page.goto(finished)  # the finished game shown again (a reload, Back) counts nothing more
    page.wait_for_selector("[data-winner]:not([hidden])")
    page.wait_for_selector(STILL, state="attached")
    page.locator('[data-winner] [data-action="setup"]').click()
    page.wait_for_selector("[data-tally]")
    assert page.evaluate(ROWS) == [["Anna", "1", "1"], ["Computer (hard)", "0", "1"]]
    page.locator('[data-action="forget-tally"]').click()
    page.wait_for_selector("[data-confirm][open]")
    assert "Clear the table of wins?" in (page.locator("[data-confirm-text]").text_content() or "")
    page.locator('[data-action="confirm-yes"]').click()
    page.wait_for_selector("[data-tally]", state="hidden")
    assert page.evaluate("(key) => localStorage.getItem(key)", "malefiz.tally") is None
    game.watch.assert_clean()
