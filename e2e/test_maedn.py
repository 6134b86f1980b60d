"""Mensch ärgere Dich nicht in the browser: the chooser, the turns a person plays by clicks, whole games."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote, urlencode

from site_page import STILL, GamePage, seed_rolling

from malefiz.core.screen import SOUNDS
from malefiz.core.session import Session
from malefiz.games import GAMES
from malefiz.games.maedn.document import from_json
from malefiz.games.maedn.state import Phase, State


def maedn_state(game: GamePage) -> State:
    """The page's position as a Mensch ärgere Dich nicht state."""
    return from_json(game.position())


def open_at(
    game: GamePage, position: str, *rolls: int, seats: str = "human,human", colours: str = "yellow,red"
) -> None:
    """Open a game of two people at ``position`` (notation) whose die rolls ``rolls`` first (every move clicked)."""
    query = {
        "game": "maedn",
        "board": "cross",
        "seats": seats,
        "colours": colours,
        "names": "Anna,Ben",
        "position": position,
        "seed": seed_rolling(*rolls),
        "pace": "instant",
        "forced": "off",  # each rule is seen by clicking; a move without a choice is played in its own test
    }
    game.open("?" + urlencode(query))


def click_and_wait(game: GamePage, selector: str) -> None:
    """A real click on the board element ``selector``; wait for the position to change."""
    before = game.position_text()
    game.click_center(f"#board {selector}")
    game.wait_for_position_change(before)


def persons_moves(game: GamePage, limit: int) -> Iterator[State]:
    """Roll for the person whenever it is their roll; yield the position whenever they are to move, until the game
    ends (an error after ``limit`` steps). Each step waits until the page is still (no computer playing, no forced
    move under way): the computer's pieces are marked while it plays, so a marked piece alone is not the person's."""
    for _ in range(limit):
        game.page.wait_for_function(
            f"() => document.querySelector('{STILL}') !== null && ("
            "document.querySelector('[data-action=\"roll\"]:not([disabled])') !== null"
            " || document.querySelector('#board .piece.movable') !== null"
            " || !document.querySelector('[data-winner]').hidden)"
        )
        if game.page.locator("[data-winner]").is_visible():
            return
        if game.roll_enabled():
            game.roll()
        else:
            yield maedn_state(game)
    raise AssertionError("the game does not end")


def message(game: GamePage) -> str:
    return game.page.locator("[data-message]").text_content() or ""


def test_the_chooser_sets_up_a_star_game(game: GamePage) -> None:
    game.open("")
    game.page.locator("input[name=game][value=maedn]").check()
    game.page.wait_for_function("() => document.documentElement.dataset.game === 'maedn'")
    assert game.page.locator("[data-title]").text_content() == "Mensch ärgere Dich nicht"
    assert game.page.locator("#board svg.maedn").count() == 1
    game.page.locator("input[name=board][value=star]").check()
    game.page.wait_for_function("() => document.documentElement.dataset.board === 'star'")
    block = "#setup fieldset.block:not([disabled])"
    game.page.locator(f"{block} select[name=kind-blue]").select_option("bot:hard")
    game.page.locator(f"{block} input[name=name-yellow]").fill("Anna")
    game.page.locator(f"{block} select[name=first]").select_option("yellow")
    game.page.locator(f"{block} input[name=option][value=barriers]").check()
    game.shot("maedn-setup")
    game.page.locator('[data-action="start"]').click()
    game.page.wait_for_selector("#play:not([hidden])")
    doc = game.position()
    assert doc["game"] == "maedn" and doc["board"] == "star"
    assert doc["options"]["barriers"] is True
    state = maedn_state(game)
    assert state.seats == (("yellow",), ("blue",), ("red",)) and state.current == "yellow"
    assert "game=maedn" in game.page.url and "board=star" in game.page.url
    assert game.status().strip() == "Anna (yellow): roll the die"
    # Two colours each for yellow and red, who sit opposite: each would play the other's colour.
    game.page.locator('header [data-action="setup"]').click()
    game.page.locator("input[name=board][value=cross]").check()
    game.page.locator(f"{block} select[name=form]").select_option("two_colours")
    game.page.locator('[data-action="start"]').click()
    error = game.page.locator("[data-form-error]")  # beside Start game, in view and focused
    error.wait_for()
    assert error.evaluate("e => e === document.activeElement")
    assert "two_colours" in (error.text_content() or "")
    game.watch.assert_clean()


def test_a_six_enters_a_piece_and_the_player_rolls_again(game: GamePage) -> None:
    open_at(game, "maedn cross y:9,B,B,B r:B,B,B,B y?", 6, 2)
    game.roll()
    assert maedn_state(game).roll == 6
    assert game.keys(".piece.movable") == ["y:B", "y:B", "y:B"]
    game.shot("maedn-six")
    click_and_wait(game, '.piece.movable[data-key="y:B"]')
    assert "brings a piece onto the start field with the 6" in message(game)
    assert "you rolled a 6: roll again" in game.status()
    assert game.roll_enabled()
    game.roll()
    assert maedn_state(game).pieces_of("yellow") == (-1, -1, 0, 9) and maedn_state(game).roll == 2
    game.watch.assert_clean()


def test_a_tap_on_a_piece_that_cannot_move_says_why(game: GamePage) -> None:
    open_at(game, "maedn cross y:9,B,B,B r:B,B,B,B y?", 3)
    game.click_key("y:B")  # before the roll
    game.page.wait_for_function("() => document.querySelector('[data-message]').textContent === 'Roll the die first'")
    game.roll()
    position = game.position_text()
    game.click_key("y:B")  # a waiting piece, with a 3
    said = "A piece leaves the house only with a 6"
    game.page.wait_for_function("(said) => document.querySelector('[data-message]').textContent === said", arg=said)
    assert game.page.locator("[data-announce] p").last.text_content() == said  # a screen reader hears it
    game.click_key("r:B")
    game.page.wait_for_function(
        "() => document.querySelector('[data-message]').textContent === 'That piece belongs to Ben (red)'"
    )
    assert game.position_text() == position and game.keys(".piece.movable") == ["y:9"]  # nothing moved
    click_and_wait(game, '.piece.movable[data-key="y:9"]')
    assert "moves a piece 3 fields" in message(game)
    game.watch.assert_clean()


def test_a_capture_sends_the_piece_back_to_b(game: GamePage) -> None:
    open_at(game, "maedn cross y:3,B,B,B r:27,B,B,B y?", 4)
    game.page.locator("[data-sound]").check()  # the sounds the page plays, as Python names them (SOUNDS)
    game.page.evaluate("() => { window.played = []; window.playNotes = notes => window.played.push(notes); }")
    game.roll()
    click_and_wait(game, '.piece.movable[data-key="y:3"]')
    assert "captures a piece of Ben (red): it goes back to B" in message(game)
    assert game.page.evaluate("window.played") == [list(SOUNDS["roll"]), list(SOUNDS["capture"])]  # it falls
    assert maedn_state(game).pieces_of("red") == (-1, -1, -1, -1)
    assert game.page.locator('#board .piece[data-key="r:B"]').count() == 4
    game.watch.assert_clean()


def test_a_backward_capture_is_a_choice_of_two_targets(game: GamePage) -> None:
    open_at(game, "maedn cross y:10,B,B,B r:27,B,B,B y? +back", 3)
    game.roll()
    # The only piece that can move is chosen at once: both its targets show.
    game.page.wait_for_selector('#board .piece.selected[data-key="y:10"]')
    game.page.wait_for_selector("#board .field.target")
    assert sorted(game.keys(".field.target")) == ["t13", "t7"]
    game.shot("maedn-backward")
    click_and_wait(game, '.field.target[data-key="t7"]')
    assert maedn_state(game).pieces_of("yellow") == (-1, -1, -1, 7)
    assert "3 fields back" in message(game) and "captures" in message(game)
    game.watch.assert_clean()


def test_three_tries_for_a_six(game: GamePage) -> None:
    open_at(game, "maedn cross y:B,B,B,B r:B,B,B,B y? +three", 1, 5, 6)
    assert "up to three tries" in game.status()
    game.roll()
    assert "no 6 yet: roll again (try 2 of 3)" in game.status()
    game.roll()
    assert "try 3 of 3" in game.status()
    game.roll()
    state = maedn_state(game)
    assert state.phase is Phase.MOVE and state.roll == 6 and game.keys(".piece.movable")
    game.watch.assert_clean()


def test_the_forced_capture_penalty_is_said(game: GamePage) -> None:
    open_at(game, "maedn cross y:3,20,B,B r:27,B,B,B y? +forced", 4)
    game.roll()
    click_and_wait(game, '.piece.movable[data-key="y:20"]')
    assert "so their own piece 3 fields past its start field goes back to B" in message(game)
    assert maedn_state(game).pieces_of("yellow") == (-1, -1, -1, 24)
    assert game.page.locator('#board .field.trail[data-key="t3"]').count() == 1
    game.shot("maedn-penalty")
    game.watch.assert_clean()


def test_six_computers_play_a_star_game_to_the_end(game: GamePage) -> None:
    """From late in a game (played in CPython until three colours are home, which the page need not repeat) to the
    podium of six."""
    seats = "bot:hard,bot:medium,bot:easy,bot:hard,bot:medium,bot:easy"
    session = Session.from_address(f"?game=maedn&board=star&seats={seats}&seed=5", GAMES)
    while len(session.state.ranking) < 3 or not session.state.is_chance:
        for _ in session.bot_turn():
            pass
    assert len(session.state.ranking) == 3  # three places are decided in the page
    position = quote(session.game.format_position(session.state), safe="")
    game.open(f"?game=maedn&board=star&seats={seats}&pace=instant&seed=5&position={position}")
    game.page.wait_for_selector("[data-winner]:not([hidden])", timeout=300_000)
    state = maedn_state(game)
    assert state.is_over and len(state.ranking) == 6
    text = game.page.locator("[data-winner-text]").text_content() or ""
    assert text.endswith("wins!") and game.page.locator("[data-podium] .podium-place").count() == 6
    game.shot("maedn-star-end")
    game.watch.assert_clean()


def test_two_colours_each_played_to_the_end_by_clicks(game: GamePage) -> None:
    """A person with yellow and red against the computer with green and black, clicking the first choice each time,
    from late in the game (its first 900 actions played in CPython) to its end."""
    session = Session.from_address(
        "?game=maedn&board=cross&seats=bot:medium,bot:medium&options=two_colours&seed=8", GAMES
    )
    while len(session.record) < 900 or not session.state.is_chance or session.state.current not in ("yellow", "red"):
        for _ in session.bot_turn():
            pass
    position = quote(session.game.format_position(session.state), safe="")
    game.open(
        f"?game=maedn&board=cross&seats=human,bot:medium&options=two_colours&pace=instant&seed=8&position={position}"
    )
    assert maedn_state(game).seats == (("yellow", "red"), ("green", "black"))
    for state in persons_moves(game, 6000):
        assert state.current in ("yellow", "red") and state.phase is Phase.MOVE, state
        if game.page.locator("#board .field.target").count():
            click_and_wait(game, ".field.target")
        else:
            before = game.position_text()
            game.click_center("#board .piece.movable")
            game.page.wait_for_function(
                "before => document.querySelector('[data-position]').textContent !== before"
                " || document.querySelector('#board .field.target') !== null",
                arg=before,
            )
    state = maedn_state(game)
    assert state.is_over and len(state.ranking) == 2
    game.shot("maedn-two-colours-end")
    game.watch.assert_clean()


def test_a_move_without_a_choice_is_played_for_the_person(game: GamePage) -> None:
    query = {"game": "maedn", "seats": "human,human", "names": "Anna,Ben", "seed": seed_rolling(4), "pace": "fast"}
    game.open("?" + urlencode({**query, "position": "maedn cross y:5,B,B,B r:B,B,B,B y?"}))
    game.roll()
    game.page.wait_for_function("() => document.querySelector('[data-position]').textContent.includes('[9')")
    assert maedn_state(game).pieces_of("yellow")[-1] == 9 and "Anna (yellow) moves a piece 4 fields" in message(game)
    assert game.roll_enabled()  # Ben's turn: nobody had to click
    game.watch.assert_clean()
