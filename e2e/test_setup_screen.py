"""The setup screen as a person meets it: what went wrong is seen at once, the game left for the rules comes back,
the last setup is there again, two colours each say who plays which colour (issue 25, points 2, 3, 9, 18)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page
from site_page import GamePage, Watch, settle

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
BLOCK = "#setup fieldset.block:not([disabled])"


def in_view(page: Page, element: Locator) -> bool:
    """True when ``element`` is shown whole inside the window, as it is scrolled now (to within a pixel: the browser
    scrolls a focused element to the window's edge, and a layout in rem may leave a fraction of a pixel beyond it)."""
    box = element.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= -1 and box["y"] + box["height"] <= size["height"] + 1 and 0 <= box["x"] <= size["width"]


def watched(page: Page) -> Watch:
    watch = Watch()
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.on("console", lambda message: watch.errors.append(message.text) if message.type == "error" else None)
    return watch


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_a_broken_link_or_address_is_said_at_the_top_in_view_and_can_be_closed(
    browser: Browser, site_url: str, device: dict[str, Any]
) -> None:
    context = browser.new_context(**device)
    page = context.new_page()
    watch = watched(page)
    for address, words in (
        ("#game=eNpLz", "link"),
        ("?seats=human,human&position=classic%20r:h,h", "position"),
        ("?seats=human,bot&seed=x", "seed"),
    ):
        page.goto(site_url + address)
        page.wait_for_selector("html[data-ready]")
        error = page.locator("[data-setup-error]")
        assert error.is_visible() and words in (error.text_content() or "").lower(), address
        assert error.get_attribute("role") == "alert"
        assert in_view(page, error), address  # seen without scrolling, above the board and the form
        page.locator('[data-action="close-error"]').click()
        assert error.is_hidden() and page.locator('[data-action="close-error"]').is_hidden()
    context.close()
    watch.assert_clean()


def test_a_setup_that_does_not_fit_is_said_beside_start_in_view(game: GamePage) -> None:
    game.page.set_viewport_size({"width": 390, "height": 844})
    game.open("?game=maedn")
    game.page.locator(f"{BLOCK} select[name=form]").select_option("two_colours")  # yellow and red sit opposite
    game.page.locator('[data-action="start"]').click()
    error = game.page.locator("[data-form-error]")
    error.wait_for()
    assert "yellow and red" in (error.text_content() or "") and error.get_attribute("role") == "alert"
    assert error.evaluate("e => e === document.activeElement") and in_view(game.page, error)
    assert game.page.locator("[data-setup-error]").is_hidden()
    game.watch.assert_clean()


def test_back_to_the_game_on_a_rules_page_returns_to_the_game(game: GamePage) -> None:
    game.page.set_viewport_size({"width": 1280, "height": 800})
    game.open("?game=maedn&seats=human,human&names=Anna,Ben&first=yellow&seed=4&forced=off")
    game_id, position = game.game_id(), game.position_text()  # nothing played yet: the address starts it again
    for step in range(2):
        game.page.locator("header.bar a.rules-link:visible").click()
        game.page.wait_for_url("**/rules-maedn.html")
        game.page.locator("header a.back").click()  # a plain link to the page: no script on the rules pages
        game.page.wait_for_selector("html[data-ready]")
        assert game.page.locator("#play").is_visible() and game.game_id() == game_id
        assert game.position_text() == position
        if step == 0:
            game.roll()
            position = game.position_text()
    # Left by the header's New game button, the bare page is the setup screen, with the latest game's Continue in view.
    game.page.locator('header [data-action="setup"]').click()
    game.page.locator('[data-action="confirm-yes"]').click()
    game.page.wait_for_selector("#setup:not([hidden])")
    game.page.goto(game.site_url)
    game.page.wait_for_selector("html[data-ready]")
    assert game.page.locator("#setup").is_visible()
    go = game.page.locator(f'[data-latest] [data-action="continue"][data-id="{game_id}"]')
    assert go.is_visible() and in_view(game.page, go)
    assert "Anna" in (game.page.locator("[data-latest]").text_content() or "")
    card = game.page.get_by_role("region", name="Your last game")  # a landmark a screen reader can jump to
    assert card.get_by_role("button", name="Continue").count() == 1
    go.click()
    game.page.wait_for_selector("#play:not([hidden])")
    assert game.game_id() == game_id and game.position_text() == position
    game.watch.assert_clean()


def test_the_latest_game_is_in_view_on_a_phone(browser: Browser, site_url: str) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    watch = watched(page)
    game = GamePage(page, site_url, watch)
    game.open("?game=malefiz&seats=human,human&names=Ann,Bob&seed=3")
    game.roll()
    other = context.new_page()  # another tab: the bare page is the setup screen there
    other.on("pageerror", lambda error: watch.errors.append(str(error)))
    other.goto(site_url)
    other.wait_for_selector("html[data-ready]")
    go = other.locator('[data-latest] [data-action="continue"]')
    assert go.is_visible() and in_view(other, go)
    # The board below it is the new game's start, not that game: it says so (and in the game it does not).
    assert other.locator(".preview-title").text_content() == "A new game: the board at the start"
    assert other.locator(".preview-title").is_visible() and page.locator(".preview-title").is_hidden()
    context.close()
    watch.assert_clean()


def test_the_last_setup_started_fills_the_form_again(game: GamePage) -> None:
    game.open("?game=maedn")
    game.page.locator("input[name=board][value=star]").check()
    game.page.wait_for_function("() => document.documentElement.dataset.board === 'star'")
    game.page.locator(f"{BLOCK} input[name=name-yellow]").fill("Anna")
    game.page.locator(f"{BLOCK} select[name=kind-blue]").select_option("bot:hard")
    game.page.locator(f"{BLOCK} input[name=name-blue]").fill("Robo")
    game.page.locator(f"{BLOCK} input[name=option][value=barriers]").check()
    game.page.locator(f"{BLOCK} select[name=first]").select_option("yellow")  # Anna first: nothing played yet
    game.page.locator('[data-action="start"]').click()
    game.page.wait_for_selector("#play:not([hidden])")
    assert game.position()["board"] == "star"

    def filled() -> None:
        assert game.page.evaluate("document.documentElement.dataset.board") == "star"
        assert game.page.locator(f"{BLOCK} input[name=name-yellow]").input_value() == "Anna"
        assert game.page.locator(f"{BLOCK} input[name=name-blue]").input_value() == "Robo"
        assert game.page.locator(f"{BLOCK} select[name=kind-blue]").input_value() == "bot:hard"
        assert game.page.locator(f"{BLOCK} select[name=kind-red]").input_value() == "bot:medium"
        assert game.page.locator(f"{BLOCK} input[name=option][value=barriers]").is_checked()

    game.page.locator('header [data-action="setup"]').click()  # nothing played yet: nothing asked
    game.page.wait_for_selector("#setup:not([hidden])")
    filled()
    game.open("")  # a new visit: the game started last, as it was set up
    assert game.page.locator("input[name=game][value=maedn]").is_checked()
    filled()
    # Malefiz keeps its own (nothing yet: the page's defaults), and Mensch ärgere Dich nicht stays as left.
    game.page.locator(f"{BLOCK} input[name=name-yellow]").fill("Anne")
    game.page.locator("input[name=game][value=malefiz]").check()
    game.page.wait_for_function("() => document.documentElement.dataset.game === 'malefiz'")
    assert game.page.locator(f"{BLOCK} input[name=name-red]").input_value() == ""
    game.page.locator("input[name=game][value=maedn]").check()
    game.page.wait_for_function("() => document.documentElement.dataset.game === 'maedn'")
    assert game.page.locator(f"{BLOCK} input[name=name-yellow]").input_value() == "Anne"
    game.watch.assert_clean()


def test_the_form_as_it_is_being_filled_in_survives_a_reload_of_the_tab(game: GamePage) -> None:
    game.open("")
    game.page.locator("input[name=game][value=maedn]").check()
    game.page.wait_for_function("() => document.documentElement.dataset.game === 'maedn'")
    game.page.locator("input[name=board][value=star]").check()
    game.page.wait_for_function("() => location.search.includes('board=star')")  # the address follows the choice
    game.page.locator(f"{BLOCK} select[name=kind-blue]").select_option("bot:hard")
    game.page.locator(f"{BLOCK} input[name=name-yellow]").press_sequentially("Zoe")  # typed, still in the box
    game.page.wait_for_function("() => sessionStorage.getItem('malefiz.form').includes('Zoe')")
    game.page.reload()
    game.page.wait_for_selector("html[data-ready] #setup:not([hidden])")
    assert game.page.evaluate("document.documentElement.dataset.board") == "star"
    assert game.page.locator(f"{BLOCK} input[name=name-yellow]").input_value() == "Zoe"
    assert game.page.locator(f"{BLOCK} select[name=kind-blue]").input_value() == "bot:hard"
    game.watch.assert_clean()


def test_two_colours_each_say_who_plays_the_partner_colours(game: GamePage) -> None:
    game.open("?game=maedn")
    rows = {c: game.page.locator(f'{BLOCK} [data-seat="{c}"]') for c in ("yellow", "green", "red", "black")}
    game.page.locator(f"{BLOCK} input[name=name-yellow]").fill("Anna")
    game.page.locator(f"{BLOCK} select[name=kind-red]").select_option("")
    game.page.locator(f"{BLOCK} select[name=kind-green]").select_option("bot:easy")
    game.page.locator(f"{BLOCK} select[name=form]").select_option("two_colours")
    note = rows["red"].locator("[data-note]")
    note.wait_for()
    assert note.text_content() == "Played by Anna with Yellow"
    assert rows["black"].locator("[data-note]").text_content() == "Played together with Green"
    assert rows["red"].locator("select").is_hidden() and rows["yellow"].locator("select").is_visible()
    game.page.locator("[data-language]").select_option("de")
    game.page.wait_for_function("() => document.documentElement.lang === 'de'")
    settle(game.page)  # the seat notes are asked for once the setup screen is drawn in German
    assert note.text_content() == "Gespielt von Anna mit Gelb"
    game.page.locator('[data-action="start"]').click()
    game.page.wait_for_selector("#play:not([hidden])")
    log = " ".join(game.page.locator("[data-log] li").all_text_contents())
    assert "Anna (rot)" in log and "Schwarz" in log and "Black" not in log  # the partner colours named in German
    game.watch.assert_clean()


# What each visible select (a seat's, the seating's, who starts) and each seat's name box (its colour, the
# placeholder) would cut off: the words that do not fit the room inside it (a select's arrow takes 20 px).
CUT_WORDS = """() => {
  const pen = document.createElement('canvas').getContext('2d');
  const room = (box, arrow) => {
    const style = getComputedStyle(box);
    pen.font = style.font;
    return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
  };
  const shown = [...document.querySelectorAll('#setup select, #setup .seat input')].filter((b) => b.offsetParent);
  const cut = [];
  for (const box of shown) {
    const words = box.tagName === 'SELECT' ? [...box.options].map((o) => o.text) : [box.placeholder];
    const space = room(box, box.tagName === 'SELECT' ? 20 : 0);
    cut.push(...words.filter((w) => pen.measureText(w).width > space));
  }
  return [shown.length, cut];
}"""


@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("board", ["classic", "star"])
def test_every_choice_and_name_on_the_setup_screen_is_shown_whole_on_a_phone(
    browser: Browser, site_url: str, width: int, language: str, board: str
) -> None:
    """ "Computer (mittel)" was cut by a letter at 320 px, "Mensch (anderes Gerät)" by three (now "Am anderen
    Gerät"), "Höchster Wurf (wie in den Regeln)" by a word and the name box's "Schwarz" by its last letter: on the
    narrowest phones every choice and every colour's name shows whole, in both languages and both games."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 700}}, locale=language)
    page = context.new_page()
    watch = watched(page)
    game = "maedn" if board == "star" else "malefiz"
    page.goto(site_url + f"?game={game}&board={board}")
    page.wait_for_selector("html[data-ready]")
    boxes, cut = page.evaluate(CUT_WORDS)
    assert boxes == (14 if board == "star" else 9)  # the seats' selects and names, and the form's own selects
    assert not cut, f"cut at {width} px in {language}: {cut}"
    context.close()
    watch.assert_clean()


def test_the_board_beside_the_form_shows_only_the_colours_that_play(game: GamePage) -> None:
    # It showed four colours' pawns whatever the seats said; in the game a colour nobody plays has an empty house.
    page = game.page
    game.open("?game=malefiz")
    drawn = "(c) => document.querySelectorAll('#board .pawn-' + c).length"
    for colour in ("green", "blue"):
        page.locator(f"{BLOCK} select[name=kind-{colour}]").select_option("")
    page.wait_for_function(f"() => ({drawn})('blue') === 0 && ({drawn})('green') === 0")
    assert page.evaluate(drawn, "red") == 5 and page.evaluate(drawn, "yellow") == 5
    page.reload()  # the form as it was left, and its board
    page.wait_for_selector("html[data-ready]")
    page.wait_for_function(f"() => ({drawn})('red') === 5 && ({drawn})('blue') === 0")
    page.locator(f"{BLOCK} select[name=kind-blue]").select_option("bot:easy")
    page.wait_for_function(f"() => ({drawn})('blue') === 5")
    page.locator('[data-action="start"]').click()
    page.wait_for_selector("#play:not([hidden])")
    assert page.evaluate(drawn, "green") == 0 and page.evaluate(drawn, "blue") == 5  # the game as the form showed
    game.watch.assert_clean()


TOPMOST = """(element) => {
  const box = element.getBoundingClientRect();
  const under = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  if (under === null) return false;
  return under === element || element.contains(under) || (under.contains(element) && under.matches('label'));
}"""


@pytest.mark.parametrize(
    ("size", "language"),
    [
        ((280, 653), "en-GB"),
        ((320, 568), "de-DE"),
        ((390, 844), "en-GB"),
        ((844, 390), "de-DE"),
        ((1280, 800), "en-GB"),
    ],
    ids=["280x653", "320x568-de", "390x844", "844x390-de", "1280x800"],
)
def test_start_is_in_reach_on_every_screen_and_the_form_scrolls_clear_of_it(
    browser: Browser, site_url: str, size: tuple[int, int], language: str
) -> None:
    """On a phone upright the form stands below the new game's board, 900 px down to *Start game*: its buttons stay
    at the screen's foot, both in sight and uncovered, one row high; a field of the form focused further down is
    scrolled clear of them, and a tap on Start starts the game."""
    width, height = size
    touch = width < 1000
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch, locale=language
    )
    page = context.new_page()
    watch = watched(page)
    page.goto(site_url + "?game=malefiz")
    page.wait_for_selector("html[data-ready]")
    start, load = page.locator('[data-action="start"]'), page.locator("#setup .file-button")
    assert in_view(page, start) and in_view(page, load)
    assert start.evaluate(TOPMOST) and load.evaluate(TOPMOST)  # nothing over them
    start_box, load_box = start.bounding_box(), load.bounding_box()
    assert start_box is not None and load_box is not None
    assert abs(start_box["y"] + start_box["height"] / 2 - load_box["y"] - load_box["height"] / 2) < 2  # one row
    assert load_box["height"] <= 1.4 * start_box["height"]  # two lines at most (a folded phone: *Load file*)
    foot = page.evaluate("Math.min(innerHeight, document.querySelector('.side').getBoundingClientRect().bottom)")
    actions = page.locator("#setup .setup-actions").bounding_box()
    assert actions is not None and foot - 2 <= actions["y"] + actions["height"] <= foot  # nothing of the form below
    if width < 500:
        assert page.evaluate("document.documentElement.scrollHeight") > height + 300  # the form goes on below
    rules = page.locator(f"{BLOCK} .rule input[type=checkbox]").all()
    assert len(rules) >= 4
    for rule in rules:
        rule.focus()
        assert in_view(page, rule) and rule.evaluate(TOPMOST), rule.get_attribute("value")
    page.locator(f"{BLOCK} select[name=kind-green]").select_option("human")
    (start.tap if touch else start.click)()
    page.wait_for_selector("#play:not([hidden])")
    context.close()
    watch.assert_clean()
