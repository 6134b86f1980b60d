"""A game that feels alive: the die tumbles, a person's pawn walks, a captured piece flies home, a barricade
lifts and lands; all of it still with reduced motion or the motion setting off."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from site_page import CLASSIC_START, GamePage, settle

from malefiz.games.malefiz.board import field

DIE_ANIMATION = "getComputedStyle(document.querySelector('[data-action=roll] svg')).animationName"


def test_the_die_tumbles_and_a_persons_pawn_walks(game: GamePage) -> None:
    game.open("?game=maedn&seats=human,human&first=yellow&seed=4&pace=slow&forced=off")
    game.roll()
    assert game.page.evaluate(DIE_ANIMATION) == "tumble"
    piece = game.page.locator("#board .piece.movable").first
    key = piece.get_attribute("data-key")
    before = game.position_text()
    game.click_center(f'#board .piece.movable[data-key="{key}"]')
    # While it walks, the board shows the piece on the fields of its way (the trail); then the position.
    game.page.wait_for_function("() => document.querySelector('#board .field.trail') !== null")
    game.wait_for_position_change(before)
    game.watch.assert_clean()


def test_reduced_motion_stills_everything(game: GamePage) -> None:
    game.page.emulate_media(reduced_motion="reduce")
    game.open("?game=malefiz&board=fast&seats=bot:easy,bot:easy&seed=2&pace=normal")
    game.page.wait_for_function("() => document.querySelector('[data-log] li') !== null")
    assert game.page.evaluate(DIE_ANIMATION) == "none"
    game.watch.assert_clean()


CAPTURES = {
    "malefiz": ("classic r:2.13,h,h,h,h y:4.13,h,h,h,h x:" + CLASSIC_START + " r2", "2.13", "4.13", "yellow"),
    "maedn": ("maedn cross y:3,B,B,B r:25,B,B,B y2", "y:3", "", "red"),
}
"""A position with a capture to make: the piece to move, its target (none where one click moves), the colour
sent home."""


def capture(game: GamePage, name: str, seed: int = 1) -> None:
    """Open the capture position as a new game (a new ``seed`` for each: the same address resumes the game kept)."""
    position, piece, target, _ = CAPTURES[name]
    game.open(
        "?"
        + urlencode(
            {"game": name, "seats": "human,human", "position": position, "seed": seed, "pace": "slow", "forced": "off"}
        )
    )
    before = game.position_text()
    game.click_center(f'#board [data-key="{piece}"]')
    if target:
        game.page.wait_for_selector("#board .target")
        game.click_key(target, ".target")
    game.wait_for_position_change(before)


@pytest.mark.parametrize("name", ["malefiz", "maedn"])
def test_a_captured_piece_flies_home_unless_motion_is_off(game: GamePage, name: str) -> None:
    capture(game, name)
    victim = CAPTURES[name][3]
    flying = game.page.locator("#board .sent-home")
    assert flying.count() == 1
    assert flying.locator(f".pawn-{victim}, .piece-{victim}").count() == 1
    assert game.page.evaluate("getComputedStyle(document.querySelector('#board .sent-home')).animationName") == (
        "sent-home"
    )
    game.page.locator("[data-motion-switch]").uncheck()
    assert game.page.evaluate("document.documentElement.dataset.motion") == "off"
    settle(game.page)  # Python has answered: what it keeps is written (a reload before that may lose the switch)
    capture(game, name, seed=2)  # the setting is remembered across the reload
    assert game.page.locator("[data-motion-switch]").is_checked() is False
    assert game.page.evaluate(
        "[...document.querySelectorAll('#board .sent-home')].every(g => getComputedStyle(g).animationName === 'none')"
    )
    game.watch.assert_clean()


def test_a_taken_barricade_floats_over_its_pawn_then_lands_marked(game: GamePage) -> None:
    game.take_a_barricade()
    assert game.page.locator("#board .lifted .held").count() == 1
    game.place(field(10, 11))
    landed = game.page.locator("#board .landed .barricade")
    assert landed.count() == 1 and landed.get_attribute("data-field") == "10.11"
    assert "trail" in (landed.get_attribute("class") or "")
    assert game.page.locator("#board .held").count() == 0
    game.watch.assert_clean()


def test_a_switch_turned_in_another_tab_turns_here_too(game: GamePage) -> None:
    # Two tabs of one browser: sound on, motion off, the notation shown and German chosen in the second; the first
    # follows at once (no reload), its move list too.
    game.open("?game=maedn&seats=human,human&seed=3")
    game.page.locator('[data-action="roll"]').click()
    settle(game.page)
    assert game.page.locator("[data-motion-switch]").is_checked() and not game.page.locator("[data-sound]").is_checked()
    tab = game.page.context.new_page()
    tab.on("pageerror", lambda error: game.watch.errors.append(f"page error: {error}"))
    tab.goto(game.site_url + "?game=malefiz&seats=human,human&seed=4")
    tab.wait_for_selector("html[data-ready]")
    tab.locator("[data-sound]").check()
    tab.locator("[data-motion-switch]").uncheck()
    tab.locator('[data-action="notation"]').click()
    settle(tab)
    game.page.wait_for_function(
        "() => document.querySelector('[data-sound]').checked && document.documentElement.dataset.motion === 'off'"
    )
    assert not game.page.locator("[data-motion-switch]").is_checked()
    game.page.wait_for_selector('[data-action="notation"][aria-pressed="true"]')
    assert game.page.locator(".log .notation").count() >= 1  # the roll in notation, beside its words
    tab.locator("[data-language]").select_option("de")  # and the language: the whole page, the move list too
    game.page.wait_for_function("() => document.documentElement.lang === 'de'")
    settle(game.page)
    assert game.page.locator("[data-language]").input_value() == "de"
    assert "gewürfelt" in (game.page.locator(".log").text_content() or "")
    game.watch.assert_clean()
