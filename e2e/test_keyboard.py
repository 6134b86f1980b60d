"""A whole turn by keyboard alone, in each game: R rolls, the focus goes where the next action is, Enter acts."""

from __future__ import annotations

import pytest
from site_page import STILL, GamePage

FOCUSED = "() => document.activeElement && document.activeElement.closest('#board [data-key], [data-action=roll]')"

FELL_WATCH = """() => {
  window.fellToBody = [];
  (function look() {
    const at = document.querySelector('[data-position]').textContent;
    if (document.activeElement === document.body) window.fellToBody.push(at);
    requestAnimationFrame(look);
  })();
}"""
"""Each frame in which the focus is on the page itself (the position then), in ``window.fellToBody``."""


def focused(game: GamePage) -> str:
    """What has the focus: the die, or a board element's key and accessible name."""
    game.page.wait_for_selector(STILL, state="attached")  # a forced move made for the person comes first
    game.page.wait_for_function(FOCUSED)  # a redraw may hand the focus on just after the page settles
    return str(
        game.page.evaluate(
            "() => { const e = document.activeElement;"
            " return e.matches('[data-action=roll]') ? 'die' : `${e.dataset.key}|${e.getAttribute('aria-label')}`; }"
        )
    )


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&seats=human,human&names=Anna,Ben&first=red&seed=5",
        "?game=maedn&seats=human,human&names=Anna,Ben&first=yellow&seed=6",
    ],
)
def test_a_turn_by_keyboard_alone(game: GamePage, address: str) -> None:
    game.open(address)
    first = game.position()["turn"]
    game.page.locator('[data-action="roll"]').focus()
    for _ in range(12):  # roll (again), choose, move: until the other player is to roll
        where = focused(game)
        before = game.position_text()
        if where == "die":
            if game.position()["turn"] != first:
                break
            game.page.keyboard.press("r")
        else:
            _, name = where.split("|", 1)
            assert name and name != "null", where  # every element the focus reaches has a name
            game.page.keyboard.press("Enter")
        game.page.wait_for_function(
            "([before, where]) => document.querySelector('[data-position]').textContent !== before"
            " || (document.activeElement && document.activeElement.dataset.key !== where.split('|')[0])",
            arg=[before, where],
        )
    else:
        raise AssertionError("the turn did not end by keyboard")
    assert game.position()["turn"] != first
    game.watch.assert_clean()


def test_escape_lets_go_and_the_arrows_move_between_pieces(game: GamePage) -> None:
    position = "classic r:2.13,6.13,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r2"
    game.open(f"?seats=human,human&position={position.replace(' ', '%20')}&seed=1")
    game.page.locator("#board [tabindex]").first.focus()
    keys = game.page.locator("#board [tabindex]").evaluate_all("els => els.map(e => e.dataset.key)")
    assert sorted(keys) == ["2.13", "6.13", "h"]
    stops = "() => Array.from(document.querySelectorAll('#board [tabindex=\"0\"]')).map(e => e.dataset.key)"
    start = focused(game)
    assert game.page.evaluate(stops) == [start.split("|")[0]]  # the board is one stop of the Tab key
    game.page.keyboard.press("ArrowRight")
    now = focused(game)
    assert now != start and game.page.evaluate(stops) == [now.split("|")[0]]  # Tab comes back to where it was
    game.page.keyboard.press("Enter")  # choose that pawn: the focus goes to its first target
    game.page.wait_for_selector("#board .pawn.selected")
    assert "move here" in focused(game)
    game.page.keyboard.press("Escape")
    game.page.wait_for_function("() => document.querySelector('#board .pawn.selected') === null")
    game.watch.assert_clean()


def test_start_puts_the_focus_on_the_die_and_the_arrows_go_where_they_point(game: GamePage) -> None:
    game.open("?game=malefiz")  # the setup screen
    game.page.locator('[data-action="start"]').focus()
    game.page.keyboard.press("Enter")
    game.page.wait_for_function(FOCUSED)  # not left on the page: on the die (or the first piece to move)
    position = "classic r:2.13,6.13,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r2"
    game.open(f"?seats=human,human&position={position.replace(' ', '%20')}&seed=1")
    game.page.locator("#board [data-key='2.13'][tabindex]").focus()

    def press(key: str) -> str:
        game.page.keyboard.press(key)
        return focused(game).split("|")[0]

    # Pawns on the bottom row at columns 2 and 6, the house below them.
    assert press("ArrowRight") == "6.13"
    assert press("ArrowRight") == "6.13"  # nothing further right: the focus stays
    assert press("ArrowLeft") == "2.13"
    assert press("ArrowDown") == "h"
    assert press("ArrowUp") in ("2.13", "6.13")
    game.watch.assert_clean()


def test_h_asks_for_a_hint_and_a_screen_reader_hears_it(game: GamePage) -> None:
    game.open("?game=maedn&seats=human,bot:hard&names=Anna&first=yellow&seed=6&forced=off")  # the roll leaves one move
    game.page.locator('[data-action="roll"]').focus()
    game.page.keyboard.press("h")  # nothing to hint before the roll
    game.page.keyboard.press("r")
    game.page.wait_for_function("() => !document.querySelector('[data-action=hint]').disabled")
    game.page.keyboard.press("Control+h")  # the browser's, not the page's
    assert game.page.locator("[data-hint]").is_hidden()
    game.page.keyboard.press("h")
    game.page.wait_for_selector("[data-hint] li")
    said = game.page.locator("[data-announce] > :last-child").text_content() or ""
    assert said.startswith("Best moves: ") and game.page.locator("#board .hint").count() >= 1
    game.watch.assert_clean()


def test_the_move_list_by_keyboard_shows_past_positions_and_escape_goes_back(game: GamePage) -> None:
    game.open("?game=maedn&seats=bot:easy,bot:easy&seed=4&pace=instant")
    game.page.wait_for_selector("[data-winner]:not([hidden])")
    game.page.wait_for_function("() => document.activeElement.dataset.action === 'rematch'")  # the end: what next
    log = game.page.locator("[data-log]")
    log.focus()
    game.page.keyboard.press("ArrowDown")  # from the list to its first line (the newest)
    current = "() => document.activeElement.closest('[data-log] li') && document.activeElement.dataset.index"
    first = game.page.wait_for_function(current).json_value()
    game.page.keyboard.press("ArrowDown")
    game.page.keyboard.press("ArrowDown")
    third = game.page.evaluate(current)
    assert int(third) == int(first) - 2, (first, third)  # down goes to older moves, the board stays as it was
    assert game.page.locator("[data-viewing]").is_hidden()
    game.page.keyboard.press("Enter")
    game.page.wait_for_selector("[data-viewing]:not([hidden])")
    assert game.page.locator("[data-log] li[aria-current]").get_attribute("data-index") == third
    game.page.keyboard.press("ArrowUp")  # the arrows stay in the list while a past position is shown
    assert game.page.evaluate(current) == str(int(third) + 1)
    game.page.keyboard.press("Escape")
    game.page.wait_for_selector("[data-viewing][hidden]", state="attached")
    game.watch.assert_clean()


def test_r_rolls_with_the_focus_on_the_move_list(game: GamePage) -> None:
    game.open("?game=malefiz&board=fast&seats=human,human&first=red&seed=5")
    game.page.locator("[data-log]").focus()
    before = game.position_text()
    game.page.keyboard.press("r")
    game.wait_for_position_change(before)
    game.watch.assert_clean()


def test_enter_in_a_name_box_starts_the_game_and_the_leave_question_offers_stay_first(game: GamePage) -> None:
    game.open("?game=malefiz&board=fast")
    game.page.wait_for_selector("html[data-ready] #setup:not([hidden])")
    name = game.page.locator('#setup input[name="name-red"]:visible')
    name.fill("Anna")
    name.press("Enter")
    game.page.wait_for_selector("#play:not([hidden])")
    assert "Anna" in (game.page.locator("[data-status]").text_content() or "")
    game.roll()  # a game with a move is kept: leaving it asks first
    game.page.locator('header [data-action="setup"]').focus()
    game.page.keyboard.press("Enter")
    game.page.wait_for_selector("[data-confirm][open]")
    assert game.page.evaluate("document.activeElement.dataset.action") == "confirm-no"
    game.page.keyboard.press("Enter")  # a stray Enter keeps the game
    game.page.wait_for_selector("[data-confirm]:not([open])", state="attached")
    assert game.page.locator("#play").is_visible()
    game.page.locator('header [data-action="setup"]').focus()
    game.page.keyboard.press("Enter")
    game.page.wait_for_selector("[data-confirm][open]")
    game.page.keyboard.press("Shift+Tab")  # to Leave the game
    game.page.keyboard.press("Enter")
    game.page.wait_for_selector("#setup:not([hidden])")
    # The focus on the game just left, on top of the setup screen (Enter goes back to it; Tab goes on to the form).
    game.page.wait_for_function("() => document.activeElement.matches('[data-latest] [data-action=continue]')")
    assert game.page.evaluate("window.scrollY") == 0
    game.page.keyboard.press("Enter")
    game.page.wait_for_selector("#play:not([hidden])")
    assert "Anna" in (game.page.locator("[data-status]").text_content() or "")
    game.watch.assert_clean()


def test_undo_by_keyboard_hands_the_focus_back_to_the_board(game: GamePage) -> None:
    game.open("?game=malefiz&board=fast&seats=human,human&names=Anna,Ben&first=red&seed=5")
    game.page.locator('[data-action="roll"]').focus()
    game.page.keyboard.press("r")
    while "|" in focused(game) and game.page.locator('[data-action="undo"]').is_disabled():
        before = game.position_text()
        game.page.keyboard.press("Enter")  # choose, then move (the forced steps are played for them)
        game.page.wait_for_function(
            "(before) => document.querySelector('[data-position]').textContent !== before"
            " || document.querySelector('#board .selected') !== null",
            arg=before,
        )
        game.page.wait_for_selector(STILL, state="attached")
    undo = game.page.locator('[data-action="undo"]')
    assert undo.is_enabled()
    undo.focus()
    game.page.keyboard.press("Enter")
    game.page.wait_for_function("() => document.querySelector('[data-action=undo]').disabled")
    assert "|" in focused(game)  # the pawns to choose again, not the page itself
    game.watch.assert_clean()


def test_ctrl_z_takes_the_move_back_and_ctrl_shift_z_plays_it_again_from_the_board_or_the_move_list(
    game: GamePage,
) -> None:
    game.open("?game=maedn&seats=human,human&names=Anna,Ben&first=yellow&seed=6")
    game.page.locator('[data-action="roll"]').focus()
    game.page.keyboard.press("r")
    while game.page.locator('[data-action="undo"]').is_disabled():  # until Anna has moved
        before = game.position_text()
        game.page.keyboard.press("Enter" if "|" in focused(game) else "r")
        game.page.wait_for_function(
            "(before) => document.querySelector('[data-position]').textContent !== before"
            " || document.querySelector('#board .selected') !== null",
            arg=before,
        )
        game.page.wait_for_selector(STILL, state="attached")
    moved = game.position_text()
    game.page.keyboard.press("Control+z")
    game.wait_for_position_change(moved)
    taken_back = game.position_text()
    assert game.page.locator('[data-action="redo"]').is_enabled()
    game.page.locator("[data-log] li").first.focus()  # from the move list too
    game.page.keyboard.press("Control+Shift+Z")
    game.wait_for_position_change(taken_back)
    assert game.position_text() == moved
    game.page.keyboard.press("Control+y")  # nothing to play again: nothing happens
    game.page.keyboard.press("Meta+z")  # Cmd+Z on a Mac
    game.wait_for_position_change(moved)
    assert game.position_text() == taken_back
    game.watch.assert_clean()


def test_while_the_computer_plays_the_keyboards_place_is_what_goes_on(game: GamePage) -> None:
    """The focus never falls to the page itself: on the status line while the computer plays, then back on the die.
    Each line is said in turn (not one over the other), and an empty move list is no stop of the Tab key."""
    game.open("?game=maedn&seats=human,bot:easy&names=Anna&first=yellow&pace=normal&seed=6")
    log = game.page.locator("[data-log]")
    assert log.get_attribute("tabindex") == "-1"
    game.page.locator('[data-action="roll"]').focus()
    game.page.evaluate(FELL_WATCH)
    for _ in range(12):  # roll (again) and move by keyboard until the computer plays
        game.page.wait_for_function(FOCUSED + " || document.documentElement.hasAttribute('data-acting')")
        if game.page.evaluate("document.documentElement.hasAttribute('data-acting')"):
            break
        game.page.keyboard.press("r" if focused(game) == "die" else "Enter")
        game.page.wait_for_function(
            "() => !document.activeElement.matches('[data-action=roll]:not(:disabled)')"
            " || document.querySelector('[data-action=roll]').dataset.face !== ''"
        )
    game.page.wait_for_function("() => document.activeElement.matches('[data-status]')")  # not the page itself
    game.page.wait_for_function("() => document.activeElement.matches('[data-action=roll]:not(:disabled)')")
    said = game.page.locator("[data-announce] > p").all_text_contents()
    assert len(said) == len(set(said)) == 3 and said[-1].startswith("Red")  # the last three, each heard
    assert log.get_attribute("tabindex") == "0"
    assert game.page.evaluate("window.fellToBody") == []  # not even for a frame of a walk
    game.watch.assert_clean()


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&seats=bot:easy,human&names=,Anna&first=red&pace=slow&seed=5",
        "?game=maedn&seats=bot:easy,human&names=,Anna&first=yellow&pace=slow&seed=6",
    ],
)
def test_keys_pressed_while_the_computer_plays_do_not_stop_it(game: GamePage, address: str) -> None:
    """R and H mean nothing in the computer's turn (an impatient child presses them all the same): the computer
    plays on and the person's turn comes."""
    game.open(address)
    game.page.wait_for_selector("html[data-acting]", state="attached")
    for key in ("r", "h", "r"):
        game.page.keyboard.press(key)
    game.page.wait_for_selector('[data-action="roll"]:not([disabled])')
    assert "Anna (" in game.status()  # her turn to roll
    game.watch.assert_clean()
