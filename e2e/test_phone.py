"""On a phone (390 x 844, touch): the board fills the width, the panel sits below, a turn of each game by taps."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from site_page import SETTLED, STILL, GamePage, Watch, seed_rolling, settle

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def device(browser: Browser, site_url: str, **options: Any) -> tuple[BrowserContext, GamePage]:
    """A device of its own (a browser context with ``options``) and the game page on it, its page errors and
    console errors watched."""
    context = browser.new_context(**options)
    page = context.new_page()
    watch = Watch()
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.on("console", lambda message: watch.errors.append(message.text) if message.type == "error" else None)
    return context, GamePage(page, site_url, watch)


WAIT_FOR_CHOICE = """
() => document.querySelector('[data-action="roll"]:not([disabled])') !== null
   || document.querySelector('#board [tabindex]') !== null
"""


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&seats=human,human&first=red&seed=5&pace=instant",
        "?game=maedn&board=star&seats=human,human&first=yellow&seed=6&pace=instant&forced=off",
    ],
)
def test_a_turn_by_taps_on_a_phone(browser: Browser, site_url: str, address: str) -> None:
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    game.open(address)
    board = page.locator("#board svg").bounding_box()
    side = page.locator(".side").bounding_box()
    assert board is not None and side is not None
    assert board["width"] >= 360 and side["y"] >= board["y"] + board["height"] - 1  # full width, panel below
    first = game.position()["turn"]
    for _ in range(12):
        page.wait_for_function(WAIT_FOR_CHOICE)
        if game.roll_enabled():
            if game.position()["turn"] != first:
                break
            before = game.position_text()
            page.locator('[data-action="roll"]').tap()
            game.wait_for_position_change(before)
            continue
        # Tap off the first thing to act on (some 19 px from its centre): a finger's hit area is 48 px across,
        # past the drawn circle (the star's pieces are some 16 px wide here).
        page.wait_for_selector(SETTLED, state="attached")  # a choice's zoom drawn
        box = page.locator("#board [tabindex]").first.bounding_box()
        assert box is not None
        before = game.position_text()
        selected = page.locator("#board .selected").count()
        page.touchscreen.tap(box["x"] + box["width"] / 2 + 15, box["y"] + box["height"] / 2 + 12)
        page.wait_for_function(
            "([before, selected]) => document.querySelector('[data-position]').textContent !== before"
            " || document.querySelectorAll('#board .selected').length !== selected",
            arg=[before, selected],
        )
    else:
        raise AssertionError("the turn did not end by taps")
    assert game.position()["turn"] != first
    context.close()
    watch.assert_clean()


OUTLINE = """() => {
  const active = document.activeElement;
  return active === null || active === document.body ? "" : getComputedStyle(active).outlineStyle;
}"""


def test_a_tap_draws_no_highlight_and_no_focus_box(browser: Browser, site_url: str) -> None:
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    game.open("?game=malefiz&seats=human,human&first=red&seed=5&pace=instant")
    tap_colour = page.evaluate("getComputedStyle(document.documentElement).webkitTapHighlightColor")
    assert tap_colour == "rgba(0, 0, 0, 0)"
    before = game.position_text()
    page.locator('[data-action="roll"]').tap()
    game.wait_for_position_change(before)
    page.wait_for_function("() => document.querySelector('#board [tabindex]') !== null")
    # The page put the focus on the first pawn to move: after a tap, no box is drawn round it.
    assert page.evaluate("document.activeElement.closest('#board') !== null")
    assert page.evaluate(OUTLINE) in ("", "none")
    # A reload on a touch screen puts the focus there again, still with no box (a keyboard's first key brings it).
    page.reload()
    page.wait_for_selector(STILL, state="attached")
    page.wait_for_function("() => document.activeElement.closest('#board [tabindex]') !== null")
    assert page.evaluate(OUTLINE) in ("", "none")
    page.locator("[data-log] li").first.tap()
    page.wait_for_function("() => !document.querySelector('[data-viewing]').hidden")
    # The tapped line takes the focus (the arrows go on from it) with no focus box: its outline marks it as shown.
    assert not page.evaluate("document.activeElement.matches(':focus-visible')")
    # The keyboard still gets its focus box.
    page.keyboard.press("Tab")
    assert page.evaluate(OUTLINE) not in ("", "none")
    context.close()
    watch.assert_clean()


KEY_AND_FIELDS = """
() => {
  const box = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const inKey = (e) => e.closest('.key') !== null;
  return {
    board: box(document.querySelector('#board svg')),
    keys: [...document.querySelectorAll('#board .key')].map(
      (g) => ({text: g.querySelector('text').textContent, box: box(g), letters: box(g.querySelector('text'))})),
    others: [...document.querySelectorAll('#board .field, #board .village, #board .forest-area, #board .pawn')]
      .filter((e) => !inKey(e)).map(box),
  };
}
"""


@pytest.mark.parametrize(
    ("locale", "words"), [("de-DE", ["Dorf", "Wald", "Ruhefeld"]), ("en-GB", ["Village", "Forest", "Rest field"])]
)
def test_the_fast_boards_key_reads_on_a_phone_and_covers_nothing(
    browser: Browser, site_url: str, locale: str, words: list[str]
) -> None:
    """The fast board says what its village, forest and rest fields are, in the player's language, in letters
    big enough on a 390 px phone and clear of every field, area and pawn (issue 25, point 21)."""
    context, game = device(browser, site_url, **PHONE, locale=locale)
    page, watch = game.page, game.watch
    game.open("?game=malefiz&board=fast&seats=human,human,human,human&seed=5")
    found = page.evaluate(KEY_AND_FIELDS)
    assert [key["text"] for key in found["keys"]] == words
    left, top, right, bottom = found["board"]
    for key in found["keys"]:
        x0, y0, x1, y1 = key["box"]
        assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom, key
        assert key["letters"][3] - key["letters"][1] >= 12, key  # about 10 px letters or more
        for a0, b0, a1, b1 in found["others"]:
            assert x1 <= a0 or a1 <= x0 or y1 <= b0 or b1 <= y0, (key, (a0, b0, a1, b1))
    # A finger has no hover to show a key item's title: a tap says it above the game, which stays as it was.
    position = page.locator("[data-position]").text_content()
    for word in words:
        title = page.locator(f"#board .key:has(text:text-is('{word}')) title").text_content()
        page.locator(f"#board .key text:text-is('{word}')").tap()
        page.wait_for_selector(f".notice[data-tone=info] [data-notice]:visible:text-is('{title}')")
        settle(page)
    assert page.locator("[data-position]").text_content() == position
    page.click('[data-action="close-notice"]')
    page.wait_for_selector("[data-notice]", state="hidden")
    assert watch.errors == []
    context.close()


ZOOM_POSITION = "classic r:2.13,6.13,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r2"
TARGETS = """() => [...document.querySelectorAll('#board .target')].map((e) => {
  const b = e.getBoundingClientRect();
  return [b.left, b.top, b.right, b.bottom];
})"""


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 844, "height": 390}])
def test_small_targets_are_zoomed_to_a_fingers_size_and_the_board_fits(
    browser: Browser, site_url: str, size: dict[str, int]
) -> None:
    context, game = device(browser, site_url, **{**PHONE, "viewport": size})
    page, watch = game.page, game.watch
    game.open(f"?seats=human,human&seed=1&position={ZOOM_POSITION.replace(' ', '%20')}")
    board = page.locator("#board svg").bounding_box()
    assert board is not None and board["y"] + board["height"] <= size["height"]  # the whole board in sight
    if size["width"] > size["height"]:
        assert page.evaluate("document.documentElement.scrollHeight") <= size["height"] + 2  # nothing to scroll
    assert page.evaluate("boardZoom.scale()") == 1
    page.locator("#board [data-key='6.13'][tabindex]").tap()
    page.wait_for_function("() => boardZoom.scale() > 1.2")
    frame = page.locator(".board-frame").bounding_box()
    button = page.locator("[data-whole-board]").bounding_box()
    assert frame is not None and button is not None
    targets = page.evaluate(TARGETS)
    assert len(targets) == 2
    for left, top, right, bottom in targets:
        assert right - left >= 23.5 and bottom - top >= 23.5  # a finger's size
        assert frame["x"] <= left and right <= frame["x"] + frame["width"]  # and in sight
        assert button["y"] + button["height"] <= top and bottom <= frame["y"] + frame["height"]  # not under the button
    before = game.position_text()
    page.locator("#board .target").first.tap()
    game.wait_for_position_change(before)
    page.wait_for_function("() => boardZoom.scale() < 1.01")  # the move made: the whole board again
    context.close()
    watch.assert_clean()


ON_TOP = """(selector) => {
  const button = document.querySelector(selector), box = button.getBoundingClientRect();
  return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
}"""
"""Whether a finger on the middle of the element meets that element (nothing drawn over it)."""

SEEN_WHOLE = """() => {
  const board = document.querySelector("#board svg").getBoundingClientRect();
  const banner = document.querySelector("[data-viewing]").getBoundingClientRect();
  return boardZoom.scale() < 1.01 && banner.bottom <= board.top + 1
    && board.top >= 0 && board.bottom <= innerHeight + 1;
}"""
"""The board not zoomed, below the banner of a past position and all of it on the screen."""


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 844, "height": 390}])
def test_a_line_of_the_game_shows_the_whole_board_under_its_banner_while_a_choice_is_zoomed(
    browser: Browser, site_url: str, size: dict[str, int]
) -> None:
    # Zoomed in for a choice, a line of the move list showed its position zoomed as well, and on a phone on its side
    # the zoomed board lay over the banner: "Back to the game" could not be tapped.
    context, game = device(browser, site_url, **{**PHONE, "viewport": size})
    page, watch = game.page, game.watch
    position = ZOOM_POSITION.replace(" r2", " r?")
    game.open(f"?seats=human,human&seed={seed_rolling(2)}&position={position.replace(' ', '%20')}")
    game.roll()
    page.locator("#board [data-key='6.13'][tabindex]").tap()
    page.wait_for_function("() => boardZoom.scale() > 1.2")
    page.locator("[data-log] li").first.tap()
    page.wait_for_selector("[data-viewing]:not([hidden])")
    page.wait_for_function(SEEN_WHOLE)  # the past position seen whole, under its banner
    assert page.evaluate(ON_TOP, '[data-action="back-to-game"]')
    page.locator('[data-action="back-to-game"]').tap()
    page.wait_for_selector("[data-viewing][hidden]", state="attached")
    page.wait_for_function("() => boardZoom.scale() > 1.2")  # the choice stands, zoomed again
    assert page.locator("#board .target").count() == 2
    context.close()
    watch.assert_clean()


PLACING = "classic r:16.11,6.13,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11 r!"
"""Red took the barricade on 16.11 and puts it back: nearly every field of the board is a target."""


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 844, "height": 390}])
def test_a_barricade_to_place_leaves_no_target_under_the_whole_board_button(
    browser: Browser, site_url: str, size: dict[str, int]
) -> None:
    # The targets' span barely fit: zoomed a little, the board could not come down below the button, which covered
    # six of the top row's targets at 390 px and three at 844 px.
    context, game = device(browser, site_url, **{**PHONE, "viewport": size})
    page, watch = game.page, game.watch
    game.open(f"?seats=human,human&seed=1&position={PLACING.replace(' ', '%20')}")
    page.wait_for_selector(SETTLED, state="attached")
    frame = page.locator(".board-frame").bounding_box()
    assert frame is not None
    targets = page.evaluate(TARGETS)
    assert len(targets) > 80
    button = page.locator("[data-whole-board]")
    box = button.bounding_box() if button.is_visible() else None
    for left, top, right, bottom in targets:
        assert frame["x"] <= left and right <= frame["x"] + frame["width"]  # in sight
        assert frame["y"] <= top and bottom <= frame["y"] + frame["height"]
        assert box is None or box["y"] + box["height"] <= top or right <= box["x"]  # not under the button
    before = game.position_text()
    target = page.locator("#board .target").first.bounding_box()
    assert target is not None
    page.touchscreen.tap(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
    game.wait_for_position_change(before)
    context.close()
    watch.assert_clean()


def test_whole_board_undoes_the_zoom_of_a_choice_which_still_stands(browser: Browser, site_url: str) -> None:
    # Zoomed in for a choice, a phone showed no way back but two fingers: "Whole board" shows it again.
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    game.open(f"?seats=human,human&seed=1&position={ZOOM_POSITION.replace(' ', '%20')}")
    whole = page.locator("[data-whole-board]")
    assert whole.is_hidden()  # nothing zoomed: nothing to undo
    page.locator("#board [data-key='6.13'][tabindex]").tap()
    page.wait_for_function("() => boardZoom.scale() > 1.2")
    box = whole.bounding_box()
    assert box is not None and box["height"] >= 44 and whole.inner_text() == "Whole board"
    whole.tap()
    page.wait_for_function("() => boardZoom.scale() < 1.01")
    whole.wait_for(state="hidden")  # with the zoom (Panzoom tells its change at its next frame)
    assert page.locator("#board .target").count() == 2  # the pawn is still chosen
    before = game.position_text()
    target = page.locator("#board .target").first.bounding_box()
    assert target is not None
    page.touchscreen.tap(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
    game.wait_for_position_change(before)
    context.close()
    watch.assert_clean()


@pytest.mark.parametrize(
    ("position", "pawn", "count", "smallest"),
    [
        # A 6 from the bottom row: its two targets at both ends of the row, a little smaller than a fingertip.
        (
            "classic r:0.12,4.12,6.13,h,h y:12.8,h,h,h,h x:8.1,8.3,8.4,8.5,5.7,6.7,10.7,0.11,4.11,8.11,16.11 r6",
            "6.13",
            2,
            18,
        ),
        # A 6 from the middle of the bottom row: four targets across the board (two of them barricades, each marked as
        # field and barricade). Zoomed round the pawn, none was in sight; all are, as big as they fit (a tap reaches a
        # small one from a finger away).
        ("classic r:8.13,h,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r6", "8.13", 6, 10),
    ],
)
def test_targets_far_apart_are_all_in_sight_a_little_smaller(
    browser: Browser, site_url: str, position: str, pawn: str, count: int, smallest: float
) -> None:
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    game.open(f"?seats=human,human&seed=1&position={position.replace(' ', '%20')}")
    page.locator(f"#board [data-key='{pawn}'][tabindex]").tap()
    page.wait_for_function("() => boardZoom.scale() > 1.05")
    page.wait_for_selector(SETTLED, state="attached")
    frame = page.locator(".board-frame").bounding_box()
    assert frame is not None
    targets = page.evaluate(TARGETS)
    assert len(targets) == count
    for left, top, right, bottom in targets:
        assert right - left >= smallest and bottom - top >= smallest
        assert frame["x"] <= left and right <= frame["x"] + frame["width"]
        assert frame["y"] <= top and bottom <= frame["y"] + frame["height"]
    context.close()
    watch.assert_clean()


RANKS = """() => [...document.querySelectorAll('#board .rank text')].map((e) => e.getBoundingClientRect().height)"""


def test_a_hint_zooms_round_the_fields_it_numbers_so_that_the_numbers_read(browser: Browser, site_url: str) -> None:
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    game.open(f"?seats=human,bot&seed=1&position={ZOOM_POSITION.replace(' ', '%20')}")
    assert page.evaluate("boardZoom.scale()") == 1
    page.locator('[data-action="hint"]').tap()
    page.wait_for_selector("#board .rank")
    page.wait_for_function("() => boardZoom.scale() > 1.2")
    page.wait_for_selector(SETTLED, state="attached")
    heights = page.evaluate(RANKS)
    assert heights and min(heights) >= 10  # readable: unzoomed on this board they are about 7 px
    game.shot("phone-hint-zoomed")
    context.close()
    watch.assert_clean()


def pinch(context: BrowserContext, page: Page) -> None:
    """Two fingers spread apart in the middle of the board (touch events through the DevTools protocol)."""
    box = page.locator(".board-frame").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)

    def touch(kind: str, spread: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x - spread, "y": y, "id": 1}, {"x": x + spread, "y": y, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 20)
    for spread in range(30, 160, 10):
        touch("touchMove", spread)
    touch("touchEnd", 0)


def test_two_fingers_zoom_the_board(browser: Browser, site_url: str) -> None:
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    game.open("?game=maedn&board=star&seats=human,human&seed=1")
    pinch(context, page)
    page.wait_for_function("() => boardZoom.scale() > 1.5")
    context.close()
    watch.assert_clean()


def test_a_persons_own_zoom_stays_from_move_to_move(browser: Browser, site_url: str) -> None:
    # Each screen used to show the whole board again when nothing was to be zoomed for: a person who zoomed in saw
    # the board jump back at every roll and every computer's move.
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    # No 6 in the first rolls: every piece stays on B, so there is no choice to zoom for.
    game.open(f"?game=maedn&seats=human,human&first=yellow&seed={seed_rolling(1, 2, 3, 4, 5)}")
    pinch(context, page)
    page.wait_for_function("() => boardZoom.scale() > 1.5")
    rolls = 0
    while rolls < 3 and game.roll_enabled():
        before = game.position_text()
        page.locator('[data-action="roll"]').tap()
        game.wait_for_position_change(before)
        page.wait_for_selector(STILL, state="attached")  # a pass or a forced move played out
        rolls += 1
    assert rolls >= 2
    # STILL above: the page settles only once it has asked Python where to zoom and drawn the answer.
    assert page.evaluate("boardZoom.scale()") > 1.5
    assert page.evaluate("boardZoom.byHand()")
    context.close()
    watch.assert_clean()


def test_a_mouse_hits_small_targets_as_they_are_drawn(browser: Browser, site_url: str) -> None:
    context, game = device(
        browser, site_url, viewport={"width": 900, "height": 500}
    )  # a small window, fields under 24 px
    page, watch = game.page, game.watch
    game.open(f"?seats=human,human&seed=1&position={ZOOM_POSITION.replace(' ', '%20')}")
    page.locator("#board [data-key='6.13'][tabindex]").click()
    page.wait_for_selector("#board .target")
    widths = page.evaluate(TARGETS)
    assert widths and all(right - left < 24 for left, _, right, _ in widths)  # small, and still not zoomed
    assert page.evaluate("boardZoom.scale()") == 1
    context.close()
    watch.assert_clean()


WHOLE = """() => {
  const board = document.getElementById("board").getBoundingClientRect();
  const frame = document.querySelector(".board-frame").getBoundingClientRect();
  return boardZoom.scale() < 1.01 && Math.abs(board.x - frame.x) < 1 && Math.abs(board.y - frame.y) < 1
    && Math.abs(board.width - frame.width) < 1 && Math.abs(board.height - frame.height) < 1;
}"""
"""The whole board in its frame: not zoomed and not shifted."""


def test_the_whole_board_comes_back_after_each_zoomed_choice(browser: Browser, site_url: str) -> None:
    # The star's fields are small on a phone: each choice of place zooms in, and the computers' moves that follow
    # within a frame or two zoom out. Measured against Panzoom's new scale before it was drawn, the board once
    # came out shifted by a third of its width and stayed so for the rest of the game.
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    page.add_init_script(
        "addEventListener('DOMContentLoaded', () => document.getElementById('board').addEventListener("
        "'panzoomchange', e => { window.mostScale = Math.max(window.mostScale || 1, e.detail.scale); }));"
    )
    game.open("?game=maedn&board=star&seats=human,bot:hard,bot:hard,bot:hard,bot:hard,bot:hard&seed=7&pace=instant")
    rolls = 0
    while rolls < 14:
        page.wait_for_function(WAIT_FOR_CHOICE)
        if game.roll_enabled():
            page.wait_for_function(WHOLE)  # no choice open: the whole board, where it belongs
            before = game.position_text()
            page.locator('[data-action="roll"]').tap()
            game.wait_for_position_change(before)
            rolls += 1
            continue
        before = game.position_text()
        page.locator("#board [tabindex]").first.tap()
        game.wait_for_position_change(before)
    assert page.evaluate("window.mostScale") > 1.2  # a choice was zoomed on the way
    context.close()
    watch.assert_clean()


def test_a_landscape_phone_scrolls_no_further_than_the_game(browser: Browser, site_url: str) -> None:
    # In landscape the panel beside the board scrolls on its own; a long move list once pushed the file buttons'
    # hidden inputs (placed against the page) far below, and the page scrolled into emptiness.
    context, game = device(browser, site_url, **{**PHONE, "viewport": {"width": 844, "height": 390}})
    page, watch = game.page, game.watch
    game.open("?game=malefiz&board=fast&seats=bot:medium,bot:medium&pace=instant&seed=3")
    page.wait_for_selector("[data-winner]:not([hidden])")
    assert page.evaluate("document.querySelector('[data-log]').childElementCount") > 30  # a long list in the panel
    assert page.evaluate("document.documentElement.scrollHeight") <= 390 + 2
    # The panel shows who won, the rematch button below it (focusing the button alone scrolled the words away).
    page.wait_for_function("() => document.activeElement.matches('[data-winner] button')")
    side = page.locator(".side").bounding_box()
    said = page.locator(".winner-text").bounding_box()
    button = page.locator("[data-winner] button.primary").bounding_box()
    assert side is not None and said is not None and button is not None
    assert side["y"] <= said["y"] and button["y"] + button["height"] <= side["y"] + side["height"]
    context.close()
    watch.assert_clean()


@pytest.mark.parametrize(
    "options",
    [
        {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True},  # a phone on its side
        {"viewport": {"width": 844, "height": 390}},  # a short window on a computer: a mouse, the bar as tall
        {"viewport": {"width": 900, "height": 480}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2},
        {"viewport": {"width": 568, "height": 320}, "has_touch": True, "is_mobile": True},  # the smallest phone
    ],
)
def test_a_short_screen_shows_the_whole_board_and_the_page_does_not_scroll(
    browser: Browser, site_url: str, options: dict[str, Any]
) -> None:
    # The board took the screen's height less a guess at the bar's: with a mouse the guess was short, and the board
    # went 8 px below the fold (the page scrolled 13 px; on a phone 2 px). The bar is measured now.
    context, game = device(browser, site_url, **options)
    game.open("?game=maedn&board=star&seats=human,human,human,human,human,human&seed=9")
    height = options["viewport"]["height"]
    board = game.page.locator("#board svg").bounding_box()
    bar = game.page.locator(".bar").bounding_box()
    assert board is not None and bar is not None
    assert bar["y"] + bar["height"] <= board["y"] and board["y"] + board["height"] <= height  # all of it in sight
    assert board["height"] >= height - bar["height"] - 20  # and as high as the bar leaves it
    assert game.page.evaluate("document.documentElement.scrollHeight") <= height
    # The board is drawn as large as that height lets it (the panel took 19rem, and on the smallest phone the
    # star's board was 240 px wide, 190 high): the panel beside it is narrower, or the board fills its height.
    drawn = game.page.evaluate(DRAWN)
    side = game.page.locator(".side").bounding_box()
    assert side is not None and side["width"] >= 240  # 15rem: the panel's words and buttons still fit
    assert drawn["height"] >= board["height"] - 2 or side["width"] <= 242, (drawn, board, side)
    context.close()
    game.watch.assert_clean()


DRAWN = """() => {
  const svg = document.querySelector('#board svg'), box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  return {width: view.width * scale, height: view.height * scale};
}"""
"""The size of the board's drawing inside its SVG box (the box may be wider or taller than the board's shape)."""


OFF_A_TARGET = """() => {
  const frame = document.querySelector('#board').getBoundingClientRect();
  const targets = Array.from(document.querySelectorAll('#board [tabindex]')).map(e => {
    const b = e.getBoundingClientRect();
    return [b.x + b.width / 2, b.y + b.height / 2, b.width];
  });
  for (const [x, y, size] of targets) for (let i = 0; i < 16; i++) {
    const px = x + 20 * Math.cos(i * Math.PI / 8), py = y + 20 * Math.sin(i * Math.PI / 8);
    const off = Math.min(...targets.map(([tx, ty]) => Math.hypot(tx - px, ty - py)));
    const under = document.elementFromPoint(px, py);
    const inside = px > frame.left + 2 && px < frame.right - 2 && py > frame.top + 2 && py < frame.bottom - 2;
    const free = under !== null && under.closest('#board') !== null && under.closest('[tabindex]') === null;
    if (off > 18 && inside && free) return [px, py, size];
  }
  return null;
}"""


def test_a_finger_reaches_a_small_piece_from_a_finger_width_away(browser: Browser, site_url: str) -> None:
    """On a phone the star's targets are drawn 24 px across, the smallest a finger is asked to hit (a choice of a
    piece is not zoomed: it spans the board): a tap some 20 px from the nearest one still reaches it (hit areas of
    48 px for a finger, 32 px for a mouse)."""
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    seats = ",".join(["human"] * 6)
    game.open(f"?game=maedn&board=star&seats={seats}&first=yellow&seed={seed_rolling(6)}&pace=instant&forced=off")
    before = game.position_text()
    page.locator('[data-action="roll"]').tap()
    game.wait_for_position_change(before)
    page.wait_for_function("() => document.querySelector('#board [tabindex]') !== null")
    page.wait_for_selector(SETTLED, state="attached")
    found = page.evaluate(OFF_A_TARGET)
    assert found is not None, "no place on the board some 20 px from a movable piece and off every other"
    x, y, size = found
    assert size < 25  # drawn smaller than a finger
    state = "() => document.querySelector('[data-position]').textContent + document.querySelector('#board').innerHTML"
    before = page.evaluate(state)
    page.touchscreen.tap(x, y)
    page.wait_for_function(f"before => ({state})() !== before", arg=before)
    context.close()
    watch.assert_clean()


BAR_TARGETS = """() => [...document.querySelectorAll('.bar select, .bar label.sound, .bar button, .bar a')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => {
    const b = e.getBoundingClientRect();
    return [e.outerHTML.slice(0, 60), b.width, b.height, b.bottom];
  })"""


TITLE_WHOLE = "() => { const h = document.querySelector('.bar h1'); return h.scrollWidth <= h.clientWidth; }"


@pytest.mark.parametrize(
    "size", [{"width": 390, "height": 844}, {"width": 844, "height": 390}, {"width": 568, "height": 320}]
)
def test_the_bar_is_one_row_and_its_menu_a_fingers_size(browser: Browser, site_url: str, size: dict[str, int]) -> None:
    # On a phone the bar took two or three rows (98 to 142 px, German words and the longer game's name) above the
    # board; before that, pace, sound, motion, language and the rules link were 20 px high (the checkboxes 13 px).
    context, game = device(browser, site_url, **{**PHONE, "viewport": size, "locale": "de-DE"})  # the longer words
    page, watch = game.page, game.watch
    game.open("?game=maedn&seats=human,human&seed=1")
    assert page.evaluate("document.documentElement.lang") == "de"
    for width in (320, 360, 412, 600, 1060, size["width"]):  # the longer game's name whole, never cut off
        page.set_viewport_size({"width": width, "height": size["height"]})
        bar = page.locator(".bar").bounding_box()
        assert bar is not None and bar["height"] <= 56, (width, bar)  # one row: the game's name and the menu button
        assert page.evaluate(TITLE_WHOLE), width
    menu = page.locator(".bar-menu")
    assert menu.is_hidden() and page.locator(".menu-button").text_content() == "Menü"
    page.evaluate("document.querySelector('[data-action=install]').hidden = false")  # as where the browser offers it
    page.locator(".menu-button").tap()
    page.wait_for_selector(".bar-menu:popover-open")
    targets = page.evaluate(BAR_TARGETS)
    assert len(targets) >= 6, targets  # the menu button; pace, sound, motion, language, New game, rules
    box = menu.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    assert box["y"] + box["height"] <= size["height"]  # the whole menu in sight
    for what, width, height, bottom in targets:
        assert height >= 40 and width >= 40, (what, width, height)
        # every entry too, unscrolled (on a phone on its side the menu's last entries were below its foot)
        assert bottom <= box["y"] + box["height"], (what, bottom)
    box = page.locator(".bar [data-sound]").bounding_box()
    assert box is not None and box["height"] >= 18
    page.locator(".bar label.sound").first.tap(position={"x": 4, "y": 30})  # the label's edge, not the box
    assert page.locator(".bar [data-sound]").is_checked()
    page.locator(".bar [data-language]").select_option("en")  # the menu speaks the new language at once
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.locator(".menu-button").text_content() == "Menu" and menu.is_visible()
    page.keyboard.press("Escape")  # the platform's popover: Escape closes it, and so does a tap outside
    assert menu.is_hidden()
    page.locator(".menu-button").tap()
    page.wait_for_selector(".bar-menu:popover-open")
    title = page.locator(".bar h1").bounding_box()  # outside the menu, and nothing to press (below the board a
    assert title is not None  # button may be there, and a tap that closes a popover goes on to what it lands on)
    page.touchscreen.tap(title["x"] + title["width"] / 2, title["y"] + title["height"] / 2)
    assert menu.is_hidden()
    board = page.locator("#board svg").bounding_box()
    assert board is not None and board["y"] + board["height"] <= size["height"]  # the whole board still in sight
    if size["width"] > size["height"]:  # on its side the panel scrolls, the page does not
        assert page.evaluate("document.documentElement.scrollHeight") <= size["height"] + 2
    # New game from the menu: the menu closes and the page asks before it leaves the game
    game.roll()
    page.locator(".menu-button").tap()
    page.wait_for_selector(".bar-menu:popover-open")
    page.locator('.bar-menu [data-action="setup"]').tap()
    page.locator('[data-action="confirm-yes"]').wait_for()
    assert menu.is_hidden()
    context.close()
    watch.assert_clean()


def test_six_players_counts_fit_an_upright_phone(browser: Browser, site_url: str) -> None:
    # The table of counts (a column a player) was wider than the panel with six players: its caption cut off, the
    # last columns only reached by scrolling sideways.
    context, game = device(browser, site_url, **{**PHONE, "locale": "de-DE"})
    page, watch = game.page, game.watch
    seats = ",".join(["bot:easy"] * 6)
    near = "maedn star " + " ".join(f"{c}:49,50,51,40" for c in "ybgrkp") + " y?"  # a piece each to bring home
    game.open(f"?game=maedn&board=star&seats={seats}&pace=instant&seed=21&position={near.replace(' ', '%20')}")
    page.wait_for_selector("[data-winner]:not([hidden]) .stats-table")
    assert page.locator(".stats-table thead th").count() == 6
    wide = page.evaluate("() => [...document.querySelectorAll('.stats')].map((e) => e.scrollWidth - e.clientWidth)")
    assert wide and max(wide) <= 1, wide
    context.close()
    watch.assert_clean()


def test_a_tap_right_on_a_piece_that_cannot_move_is_told_why_and_moves_not_its_neighbour(
    browser: Browser, site_url: str
) -> None:
    """On the star a phone draws two neighbouring pieces closer than a finger's reach: a tap right on the one that
    cannot move (its own piece stands where it would land) is told why; the neighbour it was once taken for
    (the choice nearest the tap) stays where it is until it is tapped itself."""
    context, game = device(browser, site_url, **PHONE)
    page, watch = game.page, game.watch
    position = "maedn star y:1,2,B,B r:B,B,B,B y1"
    game.open(
        "?game=maedn&board=star&seats=human,human&names=Mia,Ben&forced=off&position=" + position.replace(" ", "%20")
    )
    page.wait_for_selector('#board .piece.movable[data-key="y:2"]')
    page.wait_for_selector(SETTLED, state="attached")  # a choice's zoom drawn
    stopped, movable = (page.locator(f'#board .piece[data-key="{key}"]').bounding_box() for key in ("y:1", "y:2"))
    assert stopped is not None and movable is not None
    x, y = stopped["x"] + stopped["width"] / 2, stopped["y"] + stopped["height"] / 2
    mx, my = movable["x"] + movable["width"] / 2, movable["y"] + movable["height"] / 2
    assert (mx - x) ** 2 + (my - y) ** 2 < 24**2  # the choice is within a finger's reach of the tap
    before = game.position_text()
    page.touchscreen.tap(x, y)
    said = "Your own piece stands where this one would land"
    page.wait_for_function("(said) => document.querySelector('[data-message]').textContent === said", arg=said)
    assert game.position_text() == before  # nothing moved
    page.touchscreen.tap(mx, my)
    game.wait_for_position_change(before)
    assert game.position()["pieces"]["yellow"] == [1, 3, "B", "B"]
    context.close()
    watch.assert_clean()


def test_full_screen_from_the_menu_gives_a_phone_on_its_side_the_browsers_bars_too(
    browser: Browser, site_url: str
) -> None:
    """A phone on its side has 390 px of height, and the browser's own bars take some of them: *Full screen* in the
    menu (German *Vollbild*) puts the page on the whole screen, and the same entry leaves it again."""
    context, game = device(browser, site_url, **{**PHONE, "viewport": {"width": 844, "height": 390}, "locale": "de-DE"})
    page, watch = game.page, game.watch
    game.open("?game=maedn&seats=human,human&seed=1")
    page.locator(".menu-button").tap()
    entry = page.locator('.bar-menu [data-action="full-screen"]')
    assert entry.is_visible() and entry.inner_text() == "Vollbild"
    entry.tap()
    page.wait_for_function("() => document.fullscreenElement === document.documentElement")
    assert page.locator(".bar-menu").is_hidden()  # the menu closed: the game in sight
    page.locator(".menu-button").tap()
    assert entry.inner_text() == "Vollbild beenden"
    entry.tap()
    page.wait_for_function("() => document.fullscreenElement === null")
    page.locator(".menu-button").tap()
    assert entry.inner_text() == "Vollbild"
    context.close()
    watch.assert_clean()


def test_a_wide_screen_keeps_full_screen_to_the_browser(game: GamePage) -> None:
    game.open("?game=maedn&seats=human,human&seed=1")  # 1280 px: the bar's row has no room, and F11 does it
    assert game.page.locator('[data-action="full-screen"]').is_hidden()
