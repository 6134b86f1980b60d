"""Whole games in the browser: computer against computer, and a human clicking against a computer."""

from __future__ import annotations

from site_page import GamePage, near_the_end

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
    # The end as a podium: the winner first (in the middle), everyone else sharing second place; confetti.
    places = game.page.locator(".podium-place")
    assert places.count() == 2 and places.first.locator(".podium-rank").text_content() == "1st"
    assert f"swatch-{state.winner}" in places.first.inner_html()
    assert game.page.locator(".podium-2 .podium-who").count() == 1
    step = "getComputedStyle(document.querySelector('.podium-1 .podium-step')).animationName"
    assert game.page.evaluate(step) == "rise"
    assert game.page.locator('[data-action="rematch"]').is_visible()
    assert game.page.locator('[data-winner] [data-action="setup"]').text_content() == "New game"
    assert game.page.locator('[data-winner] [data-action="review"]').count() == 0  # no review yet
    game.shot("end")
    game.page.locator("[data-motion-switch]").uncheck()  # motion off stills the celebration
    assert game.page.evaluate(step) == "none" and game.page.locator(".confetti").is_hidden()
    # New game: the setup screen (Back returns to the game that ended).
    game.page.locator('[data-winner] [data-action="setup"]').click()
    game.page.wait_for_selector("#setup:not([hidden])")
    game.page.go_back()
    game.page.wait_for_selector("[data-winner]:not([hidden])")
    # Rematch: the same players and setup, a new game (a new seed and identity) from the start.
    address, game_id = game.page.url, game.game_id()
    game.page.locator('[data-action="rematch"]').click()
    game.page.wait_for_function("(id) => !location.search.includes(id)", arg=game_id)
    # "bot" plays at medium, as the setup screen and Mensch ärgere Dich nicht choose it (it was greedy in Malefiz)
    assert "seats=bot:medium,bot:medium" in game.page.url and "seed=5&" in address and "seed=5&" not in game.page.url
    assert game.page.locator("#play").is_visible()
    game.watch.assert_clean()


def test_a_human_plays_a_whole_game_by_clicking(game: GamePage) -> None:
    """Always the first movable pawn and its first target, against the greedy computer, from halfway through a game
    (played in CPython: the page need not repeat its first half) to its end."""
    position = near_the_end("?board=classic&seats=bot:greedy,bot:greedy&seed=2", 20)
    game.open(f"?board=classic&seats=human,bot:greedy&pace=instant&seed=2&position={position}")
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
