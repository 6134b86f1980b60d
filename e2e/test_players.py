"""*Who plays*, during a game on one device: a person hands their colour to the computer and the computers play it to
the end; a person takes over the computer's colour and rolls for it; the address, the kept game and the review
follow (Session.hand_over)."""

from __future__ import annotations

from site_page import SETTLED, STILL, GamePage
from test_maedn import maedn_state


def open_players(game: GamePage) -> None:
    """Open *Who plays* and wait for its choices."""
    game.page.locator('[data-players] [data-action="players-menu"]').click()
    game.page.wait_for_selector('[data-players] select[data-seat="0"]')


PERSON_TO_ACT = """() => document.querySelector('[data-action="roll"]:not([disabled])') !== null
  || document.querySelector('#board .target, #board .movable') !== null"""


def act(game: GamePage) -> bool:
    """Wait for the person to act, then roll, or click the first target (choosing the first piece to move first when
    none is chosen) and wait for the move: True for a move."""
    game.page.wait_for_function(PERSON_TO_ACT)
    game.page.wait_for_selector(STILL, state="attached")
    if game.roll_enabled():
        game.roll()
        return False
    before = game.position_text()
    if not game.keys(".target"):  # a piece first: its move is made (one way to go) or its targets are shown
        game.click_key(game.keys(".movable")[0])
        game.page.wait_for_function(
            "(before) => document.querySelector('[data-position]').textContent !== before"
            " || document.querySelector('#board .target') !== null",
            arg=before,
        )
        if game.position_text() != before:
            return True
    game.click_key(game.keys(".target")[0], ".target")
    game.wait_for_position_change(before)
    return True


def choose(game: GamePage, seat: int, choice: str) -> None:
    """Let ``choice`` play seat ``seat`` and wait until the page's address says so."""
    game.page.select_option(f'[data-players] select[data-seat="{seat}"]', choice)
    game.page.wait_for_function(
        "([seat, choice]) => new URLSearchParams(location.search).get('seats').split(',')[seat]"
        " === (choice === 'human' ? 'human' : 'bot:' + choice)",
        arg=[seat, choice],
    )


def test_a_person_hands_their_colour_to_the_computer_which_plays_it_to_the_end(game: GamePage) -> None:
    game.open("?game=malefiz&board=fast&seats=human,bot:medium&names=Mia,&seed=4&pace=fast")
    assert game.page.locator('[data-players] [data-action="players-menu"]').get_attribute("aria-expanded") == "false"
    moves = 0
    while moves < 2:  # Mia plays two moves herself (the review keeps them as hers)
        moves += act(game)
    game.page.wait_for_selector(STILL, state="attached")
    open_players(game)
    assert game.page.locator('[data-players] select[data-seat="0"]').input_value() == "human"
    assert game.page.locator('[data-players] select[data-seat="1"]').input_value() == "medium"
    assert game.page.locator('[data-players] label[for="player-0"]').text_content() == " Mia (red)"
    game.shot("players-open")
    choose(game, 0, "easy")
    said = game.page.locator("[data-log] li .handed")  # the move list says it under the computer's first action
    said.wait_for()
    assert said.text_content() == "Mia (red): Computer (easy) plays from here"
    game.page.wait_for_selector("[data-winner]:not([hidden])", timeout=240_000)  # no one to wait for: computers only
    game.page.wait_for_selector(SETTLED, state="attached")
    assert game.page.locator("[data-players]").is_hidden()  # over: nobody to hand on
    kept = game.kept()["save"]
    assert "seats=bot:easy,bot:medium" in kept["setup"] and kept["handed"][0][1:] == [0, "human", "easy"]
    review = game.page.locator("[data-review] .review-players").inner_text()
    assert "Mia (red): " in review and "the computer" not in review.split("\n")[0]  # her own decisions, reviewed
    game.watch.assert_clean()


def test_a_person_takes_over_the_computers_colour_and_rolls_for_it(game: GamePage) -> None:
    game.open("?game=maedn&seats=human,bot:medium&first=yellow&seed=3&pace=fast")
    game.page.wait_for_selector(STILL, state="attached")
    open_players(game)
    select = game.page.locator('[data-players] select[data-seat="1"]')
    select.focus()
    choose(game, 1, "human")
    assert game.page.evaluate("() => document.activeElement.dataset.seat") == "1"  # a keyboard's place stays
    assert game.status() == "Red: a person plays from now on Yellow: roll the die"
    rolled_for_red = 0
    for _ in range(40):  # both colours are people's now: the page waits for a person each time, red's too
        game.page.wait_for_function(PERSON_TO_ACT)
        rolled_for_red += game.roll_enabled() and maedn_state(game).current == "red"
        act(game)
    assert rolled_for_red > 3
    position = game.position_text()
    game.page.reload()  # kept as it is: who plays, and the game
    game.page.wait_for_selector("html[data-ready]")
    assert game.position_text() == position and game.kept()["save"]["handed"] == [[0, 1, "medium", "human"]]
    open_players(game)
    assert game.page.locator('[data-players] select[data-seat="1"]').input_value() == "human"
    game.watch.assert_clean()
