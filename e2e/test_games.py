"""Whole games in the browser: computer against computer, and a human clicking against a computer."""

from __future__ import annotations

from site_page import GamePage

from malefiz.games.malefiz.state import Phase


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
    human = game.state().players[0]
    for moves, _ in enumerate(game.human_moves(human, limit=500), 1):
        if moves == 10:
            game.shot("mid-game")
        before = game.position_text()
        if game.page.locator("#board .pawn.selected").count() == 0:  # the page chooses when only one pawn can move
            game.click_center("#board .pawn.movable")
        game.click_center("#board .target")
        game.wait_for_position_change(before)
        state = game.state()
        if state.phase is Phase.PLACE and state.current == human:  # not the computer's placement
            before = game.position_text()
            game.click_center("#board .target")
            game.wait_for_position_change(before)
    state = game.state()
    assert state.is_over and state.winner is not None
    game.watch.assert_clean()
