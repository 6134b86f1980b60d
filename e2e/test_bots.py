"""Computer levels in the browser: a hard computer plays a whole game; a hint is one click away."""

from __future__ import annotations

from site_page import GamePage

from malefiz.rules import Phase


def test_a_hard_computer_plays_a_whole_game(game: GamePage) -> None:
    game.open("?board=fast&seats=bot:hard,bot:medium&pace=instant&seed=11")
    game.page.wait_for_selector("[data-winner]:not([hidden])", timeout=300_000)
    state = game.state()
    assert state.phase is Phase.OVER and state.winner is not None
    assert state.board.goal in state.pawns_of(state.winner)
    game.watch.assert_clean()


def test_hint_marks_the_best_move_and_shows_the_chances(game: GamePage) -> None:
    game.open("?board=classic&seats=human,bot:hard&pace=instant&seed=3")
    hint = game.page.locator('[data-action="hint"]')
    assert hint.is_disabled()  # nothing to hint before the roll
    game.roll()
    assert game.state().phase is Phase.MOVE
    hint.click()
    game.page.wait_for_selector("#board .hint")
    message = game.page.locator("[data-message]").text_content() or ""
    assert message.startswith("Hint: ") and "Chances: " in message
    chances = game.page.locator("[data-chances]").text_content() or ""
    assert chances.startswith("Chances: ") and "%" in chances
    assert game.page.locator("#board .field.hint").count() >= 1
    game.shot("hint")
    game.watch.assert_clean()
