"""Whole games in the browser: computer against computer, and a human clicking against a computer."""

from __future__ import annotations

from site_page import GamePage

from malefiz.rules import Phase

WAIT_FOR_HUMAN_OR_END = """
() => document.querySelector('[data-action="roll"]:not([disabled])') !== null
   || !document.querySelector('[data-winner]').hidden
"""


def test_a_computer_game_runs_to_the_end(game: GamePage) -> None:
    game.open("?board=classic&seats=bot,bot&pace=instant&seed=5")
    game.page.wait_for_selector("[data-winner]:not([hidden])", timeout=180_000)
    state = game.state()
    assert state.phase is Phase.OVER
    assert state.winner is not None
    assert state.board.goal in state.pawns_of(state.winner)
    text = game.page.locator("[data-winner-text]").text_content() or ""
    assert text
    assert game.page.locator('[data-action="new-game"]').is_visible()
    game.shot("end")
    game.page.locator('[data-action="new-game"]').click()
    game.page.wait_for_selector("[data-winner][hidden]", state="attached")
    game.watch.assert_clean()


def test_a_human_plays_a_whole_game_by_clicking(game: GamePage) -> None:
    """Always the first movable pawn and its first target, against the greedy computer."""
    game.open("?board=classic&seats=human,bot:greedy&pace=instant&seed=2")
    die = game.page.locator('[data-action="roll"]')
    human = game.state().players[0]
    turns = 0
    while True:
        game.page.wait_for_function(WAIT_FOR_HUMAN_OR_END)
        if game.page.locator("[data-winner]").is_visible():
            break
        turns += 1
        assert turns < 500, "the game does not end"
        before = game.position_text()
        die.click()
        game.wait_for_position_change(before)
        state = game.state()
        if state.phase is not Phase.MOVE or state.current != human:
            continue  # the page passed for us (and the computer may already be playing)
        if turns == 10:
            game.shot("mid-game")
        before = game.position_text()
        if game.page.locator("#board .pawn.selected").count() == 0:  # the page chooses when only one pawn can move
            game.click_center(game.page.locator("#board .pawn.movable").first)
        target = game.page.locator("#board .target").first
        target.wait_for(state="attached")
        game.click_center(target)
        game.wait_for_position_change(before)
        state = game.state()
        if state.phase is Phase.PLACE and state.current == human:  # not the computer's placement
            before = game.position_text()
            game.click_center(game.page.locator("#board .target").first)
            game.wait_for_position_change(before)
    state = game.state()
    assert state.is_over and state.winner is not None
    game.watch.assert_clean()
