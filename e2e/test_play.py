"""Playing by clicks: a human turn, a barricade taken and put back, a capture, a pass, the fast board.

Hot-seat games (``seats=human,human``) with a fixed ``?seed=``: the test plays
both sides by clicking, choosing each move with the rules engine from the
position the page shows, so every run makes the same moves.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from site_page import PRESS_AS_IT_THINKS, GamePage

from malefiz.core.dice import Dice
from malefiz.games.malefiz.board import HOUSE, location_name
from malefiz.games.malefiz.document import to_json
from malefiz.games.malefiz.notation import parse_location, parse_position
from malefiz.games.malefiz.rules import apply, legal_actions
from malefiz.games.malefiz.state import PASS, Move, Phase, Place, Roll, State

Policy = Callable[[State, list[Move]], Move]


def greedy(state: State, moves: list[Move]) -> Move:
    """The move ending nearest the goal (first in board order on ties)."""
    return min(moves, key=lambda m: state.board.distance[m.end])


def takes_barricade(state: State, move: Move) -> bool:
    """True when ``move`` ends on a barricade."""
    return bool(state.barricades >> move.end & 1)


def captures(state: State, move: Move) -> bool:
    """True when ``move`` ends on an opponent's pawn."""
    victim = state.occupant(move.end)
    return victim is not None and victim != state.current


def preferring(wanted: Callable[[State, Move], bool]) -> Policy:
    """A move ``wanted`` accepts when there is one, else the greedy move."""

    def policy(state: State, moves: list[Move]) -> Move:
        chosen = [m for m in moves if wanted(state, m)]
        return greedy(state, chosen or moves)

    return policy


def first_place(state: State) -> int:
    """The first field (board order) a captured barricade may be put on."""
    return next(a.field for a in legal_actions(state) if isinstance(a, Place))


def play_turns(game: GamePage, policy: Policy, until: Callable[[State, Move], bool], turns: int) -> tuple[State, Move]:
    """Roll and move by clicks until ``policy`` picks a move ``until`` accepts; returns that state and move.

    Turns without a move (passes) are rolled through. The chosen move is not made yet.
    """
    for _ in range(turns):
        game.roll()
        state = game.state()
        if state.phase is not Phase.MOVE:
            continue  # no move with this roll: the page passed
        moves = [a for a in legal_actions(state) if isinstance(a, Move)]
        move = policy(state, moves)
        if until(state, move):
            return state, move
        game.move(move.start, move.end)
        after = game.state()
        assert after == apply(state, move)
        if after.phase is Phase.PLACE:
            game.place(first_place(after))
    raise AssertionError(f"nothing happened in {turns} turns")


def test_a_human_turn_by_clicks(game: GamePage) -> None:
    game.open("?board=classic&seats=human,human&seed=1")
    before = game.state()
    assert before.phase is Phase.ROLL
    assert game.keys(".movable") == []
    game.roll()
    rolled = game.state()
    assert rolled.phase is Phase.MOVE and rolled.current == before.current
    assert rolled.roll is not None
    assert game.page.locator('[data-action="roll"]').get_attribute("data-face") == str(rolled.roll)
    moves = [a for a in legal_actions(rolled) if isinstance(a, Move)]
    assert moves, "a pawn can always leave the house at the start"
    assert set(game.keys(".pawn.movable")) == {location_name(m.start) for m in moves}
    move = moves[-1]
    game.select(move.start)
    assert set(game.keys(".target")) == {location_name(m.end) for m in moves if m.start == move.start}
    before_move = game.position_text()
    game.click_key(location_name(move.end), ".target")
    game.wait_for_position_change(before_move)
    after = game.position()
    assert after == to_json(apply(rolled, move))
    assert after["turn"] != before.current and after["phase"] == "roll"
    undo = game.page.locator('[data-action="undo"]')  # two people at one device: Undo says whose move it takes back
    assert undo.get_attribute("title") == "Take back the last move of Red, not the roll"
    game.watch.assert_clean()


def test_a_barricade_is_taken_and_put_back(game: GamePage) -> None:
    game.open("?board=classic&seats=human,human&seed=1")
    state, move = play_turns(game, preferring(takes_barricade), takes_barricade, turns=10)
    game.move(move.start, move.end)
    placing = game.state()
    assert placing.phase is Phase.PLACE and placing.current == state.current
    assert not placing.barricades >> move.end & 1
    assert placing.barricades == state.barricades & ~(1 << move.end)
    game.shot("barricade-placement")
    places = [a.field for a in legal_actions(placing) if isinstance(a, Place)]
    assert set(game.keys(".target")) == {location_name(f) for f in places}
    board = placing.board
    taken = {f for pawns in placing.pawns for f in pawns}
    bottom = next(f for f in board.fields if f >> 5 == board.bottom_row and f not in taken)
    game.click_key(location_name(bottom))  # where it may not go: said, and nothing changes
    game.page.wait_for_function(
        "() => document.querySelector('[data-message]').textContent === 'The barricade may not go on the bottom row'"
    )
    assert game.state() == placing
    spot = places[len(places) // 2]
    game.place(spot)
    after = game.state()
    assert after == apply(placing, Place(spot))
    assert after.barricades >> spot & 1
    assert after.phase is Phase.ROLL and after.current != state.current
    game.watch.assert_clean()


def test_a_click_where_the_picked_pawn_cannot_go_says_why(game: GamePage) -> None:
    # Red rolled a 6: the pawn on 3.7 can go to 7.4 but not 3.3; the one on 2.4 is shut in by barricades.
    position = "fast r:2.4,3.7,h,h y:7.4,7.7,7.8,h x:5.1,5.2,4.3,6.3,8.3,4.4 r6"
    game.open("?board=fast&seats=human,human&names=Mia,Ben&position=" + position.replace(" ", "%20"))
    game.select(parse_location("3.7"))
    game.click_key("3.3")
    said = "With a 6 this pawn cannot land there"
    game.page.wait_for_function("(said) => document.querySelector('[data-message]').textContent === said", arg=said)
    assert str(game.state()) == position and game.keys(".pawn.selected") == ["3.7"]  # nothing moved, still picked
    game.move(parse_location("3.7"), parse_location("7.4"))
    assert parse_location("7.4") in game.state().pawns[0]
    game.watch.assert_clean()


def test_a_click_on_a_field_with_no_pawn_picked_picks_the_one_that_can_go_there(game: GamePage) -> None:
    # The same position: a child counts six and clicks the field (here the pawn to hit) without picking a pawn first.
    position = "fast r:2.4,3.7,h,h y:7.4,7.7,7.8,h x:5.1,5.2,4.3,6.3,8.3,4.4 r6"
    game.open("?board=fast&seats=human,human&names=Mia,Ben&position=" + position.replace(" ", "%20"))
    shown = "(said) => document.querySelector('[data-message]').textContent === said"
    game.click_key("3.3")
    game.page.wait_for_function(shown, arg="With a 6 none of your pawns can go there")
    game.click_key("7.4")
    game.page.wait_for_function(shown, arg="Picked the pawn that can go there: choose the field again to move it")
    game.page.wait_for_selector('#board .pawn.selected[data-key="3.7"]')
    assert str(game.state()) == position  # nothing moved yet: the pawn is picked, its fields marked
    before = game.position_text()
    game.click_key("7.4", ".target")
    game.wait_for_position_change(before)
    assert parse_location("7.4") in game.state().pawns[0]
    both = "fast r:0.8,6.8,h,h y:5.7,6.7,9.7,h x:5.1,5.2,4.3,6.3,3.4,7.4 r5"  # 6.8 and a pawn of the house reach 2.7
    game.open("?board=fast&seats=human,human&names=Mia,Ben&position=" + both.replace(" ", "%20"))
    assert sorted(set(game.keys(".movable"))) == ["0.8", "6.8", "h"]
    game.click_key("2.7")
    game.page.wait_for_function(shown, arg="Several of your pawns can go there (marked): pick one")
    assert sorted(set(game.keys(".movable"))) == ["6.8", "h"] and str(game.state()) == both  # only those two marked
    assert game.keys(".target") == ["2.7"]  # and the field they can go to
    game.watch.assert_clean()


TURN_COLOURS = """() => [
  getComputedStyle(document.querySelector('[data-action="roll"]')).boxShadow,
  getComputedStyle(document.querySelector('[data-now]'), '::before').backgroundColor,
]"""


def test_the_die_and_the_status_line_wear_the_colour_to_act(game: GamePage) -> None:
    # People sharing a device see whose turn it is by its colour (a child who cannot read the status line yet): the
    # die waiting for the roll and a dot before the status line wear the colour of the pieces to move.
    red, yellow = "rgb(215, 38, 61)", "rgb(244, 194, 13)"  # as the board draws the pieces
    game.open("?seats=human,human&names=Ann,Bob&seed=5")
    ring, dot = game.page.evaluate(TURN_COLOURS)
    assert red in ring and dot == red
    game.roll()  # Ann's only pawn is chosen at once; she chooses where it goes: still red's turn
    assert game.page.evaluate(TURN_COLOURS)[1] == red
    before = game.position_text()
    game.click_key("4.13", ".target")
    game.wait_for_position_change(before)
    ring, dot = game.page.evaluate(TURN_COLOURS)
    assert yellow in ring and dot == yellow and game.roll_enabled()
    game.watch.assert_clean()


def test_a_capture_sends_the_pawn_home(game: GamePage) -> None:
    game.open("?board=classic&seats=human,human&seed=6")
    state, move = play_turns(game, preferring(captures), captures, turns=10)
    victim = state.occupant(move.end)
    assert victim is not None
    homes = state.pawns_of(victim).count(HOUSE)
    game.move(move.start, move.end)
    after = game.state()
    assert after.pawns_of(victim).count(HOUSE) == homes + 1
    assert move.end in after.pawns_of(state.current)
    game.watch.assert_clean()


# Red's five pawns are shut in on row 9 by barricades at 2.9, 4.8, 6.9 and 10.9:
# with a 4, 5 or 6 none of them can move. (Passes hardly ever happen in play:
# a pawn in the house can always move along the bottom row.)
SHUT_IN = "classic r:3.9,5.9,7.9,8.9,9.9 y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,2.9,6.9,10.9,4.8 r?"


def test_a_turn_without_a_move_passes(game: GamePage) -> None:
    before = parse_position(SHUT_IN)
    seed = next(s for s in range(100) if legal_actions(apply(before, Roll(Dice(s).peek()))) == [PASS])
    query = urlencode({"board": "classic", "seats": "human,human", "seed": seed, "position": SHUT_IN})
    game.open(f"?{query}")
    assert game.state() == before
    game.roll()
    after = game.state()
    assert after.current == "yellow" and after.phase is Phase.ROLL
    assert after.pawns == before.pawns and after.barricades == before.barricades
    status = game.status()
    assert f"rolled a {Dice(seed).peek()} and cannot move: the turn passes" in status
    assert "Yellow: roll the die" in status
    game.watch.assert_clean()


def test_the_fast_board_loads_and_plays(game: GamePage) -> None:
    game.open("?board=fast&seats=human,bot&seed=1&pace=instant")
    position = game.position()
    assert position["board"] == "fast"
    assert game.page.locator("#board [data-forest]").count() == 1
    game.roll()
    state = game.state()
    me = state.current
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    move = greedy(state, moves)
    game.move(move.start, move.end)
    # The computer plays its turn; then the die waits for the human again.
    game.page.wait_for_selector('[data-action="roll"]:not([disabled])')
    after = game.state()
    assert after.current == me and after.phase is Phase.ROLL
    assert move.end in after.pawns_of(me) or move.end == after.board.goal
    game.watch.assert_clean()


LOG_BOX = "() => { const b = document.querySelector('[data-log]').getBoundingClientRect(); return [b.x, b.y]; }"


def test_the_move_list_stays_put_marks_the_line_shown_and_keeps_the_newest_in_sight(game: GamePage) -> None:
    game.page.set_viewport_size({"width": 1280, "height": 700})
    game.open("?seats=bot:random,bot:random&pace=instant&seed=3")
    game.page.wait_for_function("() => document.querySelectorAll('[data-log] li').length > 40")
    game.page.locator("[data-pace]").select_option("slow")  # the computers play on, slowly
    log = game.page.locator("[data-log]")
    log.evaluate("(list) => { list.scrollTop = list.scrollHeight; }")
    count = game.page.locator("[data-log] li").count()
    game.page.wait_for_function("(n) => document.querySelectorAll('[data-log] li').length > n", arg=count)
    assert log.evaluate("(list) => list.scrollTop") == 0  # a new line came: the newest (on top) are in sight again
    before = game.page.evaluate(LOG_BOX)
    index = game.page.locator("[data-log] li").nth(3).get_attribute("data-index")
    line = game.page.locator(f'[data-log] li[data-index="{index}"]')  # that line, wherever newer ones push it
    line.click()
    game.page.wait_for_selector("[data-viewing]:not([hidden])")
    assert game.page.evaluate(LOG_BOX) == before  # the list did not move under the pointer
    assert line.get_attribute("aria-current") is not None
    assert game.page.locator("[data-log] li[aria-current]").count() == 1
    game.page.locator('[data-action="back-to-game"]').click()
    game.page.wait_for_selector("[data-viewing][hidden]", state="attached")
    game.watch.assert_clean()


def test_the_move_list_shows_notation_only_when_asked_and_remembers_it(game: GamePage) -> None:
    game.open("?game=maedn&seats=bot:random,bot:random&pace=instant&seed=3")
    game.page.wait_for_function("() => document.querySelectorAll('[data-log] li[data-notation]').length > 5")
    assert game.page.locator("[data-log] code.notation").count() == 0  # words alone, for a family
    button = game.page.locator('[data-action="notation"]')
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    game.page.wait_for_selector('[data-action="notation"][aria-pressed="true"]')
    game.page.wait_for_selector("[data-log] li[data-notation] code.notation")
    chips = game.page.locator("[data-log] li[data-notation]").evaluate_all(
        "(lines) => lines.map((line) => [line.dataset.notation, line.querySelector('code.notation')?.textContent])"
    )
    assert chips and all(notation == chip for notation, chip in chips)  # every move line, its own notation
    game.page.reload()
    game.page.wait_for_selector("html[data-ready]")
    game.page.wait_for_selector('[data-action="notation"][aria-pressed="true"]')
    assert game.page.locator("[data-log] code.notation").count() > 0
    game.page.locator('[data-action="notation"]').click()
    game.page.wait_for_selector('[data-action="notation"][aria-pressed="false"]')
    assert game.page.locator("[data-log] code.notation").count() == 0
    game.watch.assert_clean()


def test_the_screen_stays_on_while_the_game_goes_on_and_sleeps_again_at_the_end(game: GamePage) -> None:
    # The page holds the browser's Screen Wake Lock while Python's screen says so (html[data-awake] is set when the
    # browser granted it, and gone once it is let go): a family's tablet no longer goes dark in a game.
    game.open("")
    assert game.page.evaluate("document.documentElement.hasAttribute('data-awake')") is False  # the setup screen
    game.open("?game=malefiz&board=fast&seats=bot:easy,bot:easy&seed=4&pace=slow")
    game.page.wait_for_selector("html[data-awake]", state="attached")
    game.page.locator("[data-pace]").select_option("instant")  # on to the end
    game.page.wait_for_selector("[data-winner]:not([hidden])", timeout=120_000)
    game.page.wait_for_selector("html:not([data-awake])", state="attached")  # the end: let go
    game.watch.assert_clean()


def test_a_person_pressing_buttons_neither_holds_the_computer_back_nor_hides_its_moves(game: GamePage) -> None:
    # A child pressing Notation again and again through the slow pace held the computers back (every screen started
    # their wait again), and a press as a computer thought left its move untold to a screen reader and unheard.
    page = game.page
    game.open("?game=maedn&seats=bot:easy,bot:easy&first=yellow&seed=4&pace=slow")
    page.clock.install()
    page.wait_for_selector("html[data-acting]:not([data-waiting])")
    page.clock.pause_at(page.evaluate("Date.now()") + 10)  # from here on, the page's time goes only as told
    lines = page.locator("[data-log] li")
    notation = page.locator('[data-action="notation"]')
    for _ in range(8):  # a press every 400 ms: the slow pace's 1200 ms wait ends all the same
        page.clock.run_for(400)
        notation.click()
        page.wait_for_selector("html:not([data-waiting])")
    assert lines.count() >= 2, "the computers were held back"
    # The computers' next wait runs out as a person presses Notation: the move is not drawn, but told and heard.
    for _ in range(6):  # (a step that thinks in slices comes back without its move the first time: then again)
        page.evaluate(PRESS_AS_IT_THINKS, {})
        page.clock.run_for(1300)
        page.wait_for_function("() => window.pressedAt !== undefined")
        page.wait_for_selector("html:not([data-waiting])")
        count = page.evaluate("window.pressedAt")
        if lines.count() > count:
            break
    assert lines.count() > count, "no computer's move came back as Notation was pressed"
    words = lines.first.evaluate(
        "(line) => { const c = line.cloneNode(true); c.querySelector('code')?.remove(); return c.textContent.trim(); }"
    )
    assert words in page.locator("[data-announce]").inner_text()
    game.watch.assert_clean()


PRESS_AS_ITS_MOVE_IS_DUE = """
addEventListener("DOMContentLoaded", () => {
  // Notation is pressed once, the moment the page draws the computer's roll (its move due at once): the press
  // reaches Python before the computer's move is asked for, and its screen (the roll) comes back before the move's.
  const root = document.documentElement, shown = document.querySelector("[data-position]");
  const watcher = new MutationObserver(() => {
    const text = shown.textContent;
    if (!root.hasAttribute("data-acting") || !text || JSON.parse(text).phase !== "move") return;
    watcher.disconnect();
    window.pressed = true;
    document.querySelector('[data-action="notation"]').click();
  });
  watcher.observe(shown, {childList: true, characterData: true, subtree: true});
});
"""


def test_a_press_as_the_computers_move_is_due_leaves_the_game_going_on(game: GamePage) -> None:
    # The page once took the computer's move, asked for just after a person's press, as made before the press: it
    # did not draw it, drew the press's screen (the roll) and waited for a computer that had played: Anna's die
    # never came.
    game.page.add_init_script(PRESS_AS_ITS_MOVE_IS_DUE)
    game.open("?game=malefiz&seats=bot:easy,human&names=,Anna&first=red&seed=5&pace=instant")
    game.page.wait_for_selector('[data-action="roll"]:not([disabled])', timeout=15_000)
    assert game.page.evaluate("window.pressed") and game.state().phase is Phase.ROLL
    assert "Anna" in game.status()
    game.watch.assert_clean()


def test_a_past_position_looked_at_as_the_computer_thinks_stays_until_back_to_the_game(game: GamePage) -> None:
    # A move-list line clicked as the hard computer thought was shown, then closed by itself once its move came.
    page = game.page
    game.open("?game=malefiz&seats=human,bot:hard&names=Anna&first=red&seed=5&pace=instant")
    page.evaluate(PRESS_AS_IT_THINKS, {"click": "[data-log] li", "moving": True})  # a past position
    game.roll()
    state = game.state()
    move = next(m for m in legal_actions(state) if isinstance(m, Move) and not takes_barricade(state, m))
    game.move(move.start, move.end)
    page.wait_for_selector("[data-viewing]:not([hidden])")
    page.wait_for_function("() => document.querySelectorAll('[data-log] li').length > window.pressedAt")  # its move
    assert page.locator("[data-viewing]").is_visible(), "the past position closed by itself"
    assert page.locator("[data-log] li").first.inner_text() in page.locator("[data-announce]").inner_text()  # told
    page.locator('[data-action="back-to-game"]').click()
    page.wait_for_selector('[data-action="roll"]:not([disabled])')  # the game, Anna's turn again
    assert game.state().current == "red"
    game.watch.assert_clean()


HEARD = """
() => {  // window.heard: the sounds played once the observer pressed (PRESS_AS_IT_THINKS)
  const play = window.playNotes;
  window.heard = 0;
  window.playNotes = (notes) => { if (window.pressed) window.heard += 1; return play(notes); };
}
"""


def test_leaving_the_game_as_the_computer_moves_neither_says_nor_sounds_its_move(game: GamePage) -> None:
    # A person who left for the setup screen just as a computer's step came back heard that step's sound and had
    # its line said, a moment after leaving.
    page = game.page
    game.open("?game=maedn&seats=bot:easy,bot:easy&first=yellow&seed=4&pace=slow")
    page.clock.install()
    page.wait_for_selector("html[data-acting]:not([data-waiting])")
    page.clock.pause_at(page.evaluate("Date.now()") + 10)  # the computer's next step waits until told
    page.wait_for_selector("[data-log] li", state="attached")  # a move made: leaving asks first
    page.locator('header [data-action="setup"]').click()
    page.wait_for_selector("[data-confirm][open]")
    page.wait_for_selector("html:not([data-waiting])")  # nothing asked for: the next call is the computer's step
    said = page.locator("[data-announce]").evaluate("(region) => region.textContent")
    page.evaluate(HEARD)
    page.evaluate(PRESS_AS_IT_THINKS, {"click": '[data-action="confirm-yes"]'})
    page.clock.run_for(1300)  # its wait runs out: its step is asked for, and Leave the game pressed
    page.wait_for_selector("#setup:not([hidden])")
    page.wait_for_selector("html:not([data-waiting])")
    assert page.evaluate("window.pressed") == 1
    assert page.evaluate("window.heard") == 0, "the computer's step was heard after leaving"
    assert page.locator("[data-announce]").evaluate("(region) => region.textContent") == said
    page.locator("[data-latest] .primary").click()  # Continue: the step is in the game all the same
    page.wait_for_selector("#play:not([hidden])")
    game.watch.assert_clean()


WALK_WATCH = """
addEventListener("DOMContentLoaded", () => {
  // window.walks: while a move walks (its status line empty), whether the turn's dot showed and the line's height;
  // window.heights: the line's heights with words in it.
  const now = document.querySelector("[data-now]");
  window.walks = [], window.heights = [];
  new MutationObserver(() => {
    if (!document.querySelector("[data-turn]").classList.contains("tinted")) return;
    const height = now.getBoundingClientRect().height;
    if (now.textContent) window.heights.push(height);
    else window.walks.push([getComputedStyle(now, "::before").visibility, height]);
  }).observe(now, {childList: true, characterData: true, subtree: true});
});
"""


def test_a_walking_move_shows_no_turn_dot_without_words_and_moves_nothing_below(game: GamePage) -> None:
    # While a move walked, the status line showed the turn's coloured dot alone, with no words beside it.
    game.page.add_init_script(WALK_WATCH)
    game.open("?game=malefiz&board=fast&seats=bot:easy,bot:easy&seed=4&pace=fast")
    game.page.wait_for_function("() => window.walks.length >= 3 && window.heights.length >= 3", timeout=30_000)
    walks, heights = game.page.evaluate("[window.walks, window.heights]")
    assert {dot for dot, _ in walks} == {"hidden"}
    assert {height for _, height in walks} == {min(heights)}  # a line kept: what is below does not jump up
    game.watch.assert_clean()
