"""A game that feels alive: the die tumbles, a person's pawn walks; all of it still with reduced motion."""

from __future__ import annotations

from site_page import GamePage

DIE_ANIMATION = "getComputedStyle(document.querySelector('[data-action=roll] svg')).animationName"


def test_the_die_tumbles_and_a_persons_pawn_walks(game: GamePage) -> None:
    game.open("?game=maedn&seats=human,human&first=yellow&seed=4&pace=slow")
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
