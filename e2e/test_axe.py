"""No axe-core violations on the setup screen, a game in progress, a barricade placement and the end, in both games,
with the system's light and dark colours (axe's colour-contrast rule reads every word against what is behind it)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from site_page import GamePage, near_the_end

AXE = Axe()


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, game: GamePage) -> str:
    """The system's colour scheme the page is shown in (``prefers-color-scheme``)."""
    colours: str = request.param
    game.page.emulate_media(color_scheme="dark" if colours == "dark" else "light")
    return colours


def violations(game: GamePage) -> list[str]:
    """Each axe-core violation as ``rule: target, target``."""
    results = AXE.run(game.page)
    return [f"{v['id']}: {', '.join(str(n['target']) for n in v['nodes'][:4])}" for v in results.response["violations"]]


def test_the_setup_screen_of_both_games(game: GamePage, scheme: str) -> None:
    game.open("")
    assert violations(game) == []
    game.page.locator("input[name=game][value=maedn]").check()
    game.page.wait_for_function("() => document.documentElement.dataset.game === 'maedn'")
    assert violations(game) == []
    game.watch.assert_clean()


def test_the_bars_menu_open_on_a_phone(game: GamePage, scheme: str) -> None:
    game.page.set_viewport_size({"width": 390, "height": 844})
    game.open("?game=maedn&seats=human,bot:medium&first=yellow&seed=3")
    game.page.locator(".menu-button").click()
    game.page.wait_for_selector(".bar-menu:popover-open")
    assert violations(game) == []
    game.watch.assert_clean()


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&seats=human,bot:medium&first=red&seed=3",
        "?game=maedn&board=star&seats=human,bot:medium,bot:easy&first=yellow&seed=3",
    ],
)
def test_a_game_in_progress(game: GamePage, address: str, scheme: str) -> None:
    game.open(address)
    game.roll()
    assert violations(game) == []
    game.page.locator('[data-players] [data-action="players-menu"]').click()  # *Who plays* open too
    game.page.wait_for_selector('[data-players] select[data-seat="1"]')
    assert violations(game) == []
    game.watch.assert_clean()


def test_a_barricade_placement(game: GamePage, scheme: str) -> None:
    game.take_a_barricade()
    assert game.position()["phase"] == "place"
    assert violations(game) == []
    game.watch.assert_clean()


@pytest.mark.parametrize(
    ("address", "left"),
    [
        ("?game=malefiz&board=fast&seats=bot:medium,bot:easy&pace=instant&seed=3", 10),
        ("?game=maedn&seats=bot:medium,bot:easy&pace=instant&seed=3", 20),
    ],
)
def test_the_end_in_light_and_dark(game: GamePage, address: str, left: int) -> None:
    # From late in a game (played in CPython, which the page need not repeat), once to its end, seen in both schemes.
    game.page.emulate_media(reduced_motion="reduce")  # the podium stands as it ends (no text fading in)
    game.open(f"{address}&position={near_the_end(address, left)}")
    game.page.wait_for_selector("[data-winner]:not([hidden])", timeout=300_000)
    assert game.page.locator("[data-stats] svg").count() == 1  # the chart of the game
    backgrounds = []
    for scheme in ("light", "dark"):
        game.page.emulate_media(reduced_motion="reduce", color_scheme=scheme)
        backgrounds.append(lightness(game.page.evaluate("getComputedStyle(document.documentElement).backgroundColor")))
        assert violations(game) == [], scheme
    assert backgrounds[1] < 100 < backgrounds[0]  # the page really turned dark
    game.watch.assert_clean()


@pytest.mark.parametrize("name", ["rules-malefiz.html", "regeln-maedn.html"])
def test_a_rules_page(game: GamePage, name: str, scheme: str) -> None:
    game.page.goto(game.site_url + name)
    assert violations(game) == []
    game.watch.assert_clean()


def lightness(css: str) -> float:
    """The mean of a computed ``rgb(r, g, b)`` colour's channels, 0 (black) to 255 (white)."""
    channels = [float(part) for part in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
    return sum(channels) / 3


def test_a_dark_system_gets_a_dark_page_around_a_light_board(game: GamePage) -> None:
    """Not only readable (the tests above): really dark, while the board keeps its own light colour."""
    game.page.emulate_media(color_scheme="dark")
    game.open("?game=malefiz&seats=human,bot:medium&first=red&seed=3")
    style = "(e, name) => getComputedStyle(e)[name]"
    assert lightness(game.page.locator("html").evaluate(style, "backgroundColor")) < 40
    assert lightness(game.page.locator("html").evaluate(style, "color")) > 200
    assert lightness(game.page.locator(".side").first.evaluate(style, "backgroundColor")) < 60
    assert lightness(game.page.locator("#board svg:visible").first.evaluate(style, "backgroundColor")) > 200
    game.page.emulate_media(color_scheme="light")
    assert lightness(game.page.locator("html").evaluate(style, "backgroundColor")) > 200
    game.watch.assert_clean()


def test_forced_colours_still_tell_a_rollable_die_and_a_switched_off_button(game: GamePage) -> None:
    """A high-contrast system theme draws no shadows and one colour for every button: the die keeps a ring."""
    game.page.emulate_media(forced_colors="active")
    game.open("?game=malefiz&seats=human,bot:medium&first=red&seed=3")
    style = "(e, name) => getComputedStyle(e)[name]"
    assert game.page.locator('[data-action="roll"]').evaluate(style, "outlineStyle") == "solid"
    undo = game.page.locator('[data-action="undo"]')
    save = game.page.locator("#play .files button").first
    assert undo.is_disabled() and save.is_enabled()
    assert undo.evaluate(style, "color") != save.evaluate(style, "color")
    game.watch.assert_clean()
