"""Computer levels in the browser: a hard computer plays a whole game; a hint is one click away."""

from __future__ import annotations

from urllib.parse import quote

from site_page import GamePage

from malefiz.core.review import rate
from malefiz.games.malefiz.board import location_name
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.learned import win_chances
from malefiz.games.malefiz.state import Action, Move, Phase, Place, State


def best(state: State) -> Action:
    """What the hint marks: the action after which the chances to win are best for the player to act."""
    found: Action = rate(MALEFIZ, MALEFIZ.face, state)[0].action
    return found


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
    assert not game.page.locator("[data-chances]").text_content()  # no chances until asked for
    hint.click()
    game.page.wait_for_selector("#board .hint")
    lines = game.page.locator("[data-hint] li").all_text_contents()
    assert len(lines) == 3 and all(line.endswith("%)") and "Chances" not in line for line in lines)
    said = f"Best moves: {'; '.join(lines)}."
    assert (game.page.locator("[data-announce] > :last-child").text_content() or "") == said  # a screen reader hears it
    assert "Best" not in (game.page.locator("[data-status]").text_content() or "")  # the roll and the prompt stay
    chances = game.page.locator("[data-chances]").text_content() or ""
    assert chances.startswith("Chances: ") and "%" in chances
    assert game.page.locator("#board .field.hint").count() >= 1
    numbers = " ".join(game.page.locator("#board .rank").all_text_contents()).split(" ")
    assert sorted(numbers) == ["1", "2", "3"]  # each listed move's field carries its number
    game.shot("hint")
    game.watch.assert_clean()


def test_a_human_follows_the_hints_to_the_end(game: GamePage) -> None:
    """Every move and barricade by the hint button, on the fast board against medium, from the middle of a game (its
    start is the other whole games'): the page marks the action with the best chance to win, and says everyone's
    chances."""
    middle = quote("fast r:2.3,3.4,h,h y:4.3,7.5,h,h x:5.1,5.2,6.3,7.3,8.3,7.4 r?", safe="")
    game.open(f"?board=fast&seats=human,bot:medium&pace=instant&seed=4&position={middle}")
    human = game.state().players[0]
    button = game.page.locator('[data-action="hint"]')
    for state in game.human_moves(human, limit=300):
        button.click()
        game.page.wait_for_selector("#board .hint")
        move, chances = best(state), win_chances(state)
        assert isinstance(move, Move)
        assert location_name(move.end) in game.keys(".field.hint")
        shown = game.page.locator("[data-chances]").text_content() or ""
        assert all(f"{chance:.0%}" in shown for chance in chances.values()), (shown, chances)
        game.move(move.start, move.end)
        after = game.state()
        if after.phase is Phase.PLACE and after.current == human:
            button.click()
            game.page.wait_for_selector("#board .field.hint")
            place = best(after)
            assert isinstance(place, Place) and game.keys(".field.hint") == [location_name(place.field)]
            game.place(place.field)
    state = game.state()
    assert state.is_over and state.winner is not None
    game.shot("hints-to-the-end")
    game.watch.assert_clean()
