"""The page loads offline, shows the board at once and the setup screen without ``?seats``."""

from __future__ import annotations

from site_page import GamePage

from malefiz.games.malefiz.board import board


def test_game_page_loads_offline_without_errors(game: GamePage) -> None:
    game.open("?board=classic&seats=human,bot&seed=1")
    fields = game.keys(".field[data-field]")
    assert len(fields) == len(board("classic").fields)
    assert game.position()["board"] == "classic"
    assert game.status()
    assert game.page.locator("#loading").is_hidden()
    assert game.page.locator('[data-action="roll"]').is_enabled()
    game.watch.assert_clean()


def test_board_is_painted_before_python_runs(game: GamePage) -> None:
    # Block Python's worker: what shows then is the page as built, before any Python.
    game.page.route("**/worker.js", lambda route: route.fulfill(body="", content_type="text/javascript"))
    game.page.goto(game.site_url + "?board=fast&seats=human,bot")
    game.page.wait_for_load_state("load")
    assert game.page.locator("#board .pre[data-pre=fast] [data-field]").first.is_visible()
    assert game.page.locator("#board .pre[data-pre=classic]").is_hidden()
    assert game.page.locator("#loading").is_visible()
    assert game.page.get_attribute("html", "data-ready") is None
    game.watch.assert_clean()


def test_setup_screen_starts_a_game(game: GamePage) -> None:
    game.open("")
    setup = game.page.locator("#setup")
    assert setup.is_visible()
    game.shot("setup")
    game.page.locator("input[name=board][value=fast]").check()
    game.page.wait_for_function("() => document.documentElement.dataset.board === 'fast'")
    assert len(game.keys(".field[data-field]")) == len(board("fast").fields)
    game.page.locator("#setup fieldset.block:not([disabled]) select[name=kind-red]").select_option("human")
    game.page.locator("#setup fieldset.block:not([disabled]) input[name=name-red]").fill("Ann")
    game.page.locator("#setup fieldset.block:not([disabled]) select[name=kind-blue]").select_option("human")
    game.page.locator("#setup fieldset.block:not([disabled]) input[name=name-blue]").fill("Bob")
    game.page.locator("#setup fieldset.block:not([disabled]) select[name=kind-yellow]").select_option("")
    game.page.locator("#setup fieldset.block:not([disabled]) select[name=first]").select_option("blue")
    game.page.locator("input[name=option][value=extra_roll_on_six]").check()
    game.page.locator('[data-action="start"]').click()
    game.page.wait_for_selector("#play:not([hidden])")
    position = game.position()
    assert position["board"] == "fast"
    assert position["players"] == ["red", "blue"]
    assert position["turn"] == "blue"
    assert position["options"] == {"extra_roll_on_six": True}
    assert "Bob" in game.status()
    assert "seats=" in game.page.url
    # Back to the setup screen and into a game again.
    game.page.locator('header [data-action="setup"]').click()
    setup.wait_for()
    # One player is not a game: the setup screen says so and stays.
    game.page.locator("#setup fieldset.block:not([disabled]) select[name=kind-blue]").select_option("")
    game.page.locator('[data-action="start"]').click()
    error = game.page.locator("[data-form-error]")  # beside Start game, in view and focused
    error.wait_for()
    assert error.evaluate("e => e === document.activeElement")
    assert "2 to 4 players" in (error.text_content() or "")
    assert setup.is_visible()
    game.watch.assert_clean()


def test_inherited_object_names_are_no_games_for_the_first_paint(game: GamePage) -> None:
    """``?game=constructor`` and its like name no game: the first paint shows Malefiz, and nothing throws."""
    game.page.route("**/worker.js", lambda route: route.fulfill(body="", content_type="text/javascript"))
    for name in ("constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"):
        game.page.goto(game.site_url + f"?game={name}&board=constructor")
        game.page.wait_for_load_state("load")
        assert game.page.get_attribute("html", "data-game") == "malefiz"
        assert game.page.get_attribute("html", "data-board") == "classic"
        assert game.page.title() == "Malefiz"
    game.page.goto(game.site_url + "?game=maedn&board=star")
    game.page.wait_for_load_state("load")
    assert game.page.get_attribute("html", "data-board") == "star" and game.page.title() == "Mensch ärgere Dich nicht"
    game.watch.assert_clean()
