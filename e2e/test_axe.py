"""No axe-core violations on the setup screen, a game in progress, a barricade placement and the end, in both games."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe
from site_page import GamePage

AXE = Axe()
CLASSIC_START = "8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11"


def violations(game: GamePage) -> list[str]:
    """Each axe-core violation as ``rule: target, target``."""
    results = AXE.run(game.page)
    return [f"{v['id']}: {', '.join(str(n['target']) for n in v['nodes'][:4])}" for v in results.response["violations"]]


def test_the_setup_screen_of_both_games(game: GamePage) -> None:
    game.open("")
    assert violations(game) == []
    game.page.locator("input[name=game][value=maedn]").check()
    game.page.wait_for_function("document.documentElement.dataset.game === 'maedn'")
    assert violations(game) == []
    game.watch.assert_clean()


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&seats=human,bot:medium&first=red&seed=3",
        "?game=maedn&board=star&seats=human,bot:medium,bot:easy&first=yellow&seed=3",
    ],
)
def test_a_game_in_progress(game: GamePage, address: str) -> None:
    game.open(address)
    game.roll()
    assert violations(game) == []
    game.watch.assert_clean()


def test_a_barricade_placement(game: GamePage) -> None:
    position = f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2"
    game.open("?" + urlencode({"seats": "human,human", "position": position, "seed": 1}))
    game.click_key("0,13", ".pawn.movable")
    game.page.wait_for_selector("#board .field.target")
    before = game.position_text()
    game.click_key("0,11", ".target")
    game.wait_for_position_change(before)
    assert game.position()["phase"] == "place"
    assert violations(game) == []
    game.watch.assert_clean()


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&board=fast&seats=bot:medium,bot:easy&pace=instant&seed=3",
        "?game=maedn&seats=bot:medium,bot:easy&pace=instant&seed=3",
    ],
)
def test_the_end(game: GamePage, address: str) -> None:
    game.open(address)
    game.page.wait_for_selector("[data-winner]:not([hidden])", timeout=300_000)
    assert game.page.locator("[data-stats] svg").count() == 1  # the chart of the game
    assert violations(game) == []
    game.watch.assert_clean()
