"""No axe-core violations on the setup screen, a game in progress, a barricade placement and the end, in both games."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from site_page import GamePage

AXE = Axe()


def violations(game: GamePage) -> list[str]:
    """Each axe-core violation as ``rule: target, target``."""
    results = AXE.run(game.page)
    return [f"{v['id']}: {', '.join(str(n['target']) for n in v['nodes'][:4])}" for v in results.response["violations"]]


def test_the_setup_screen_of_both_games(game: GamePage) -> None:
    game.open("")
    assert violations(game) == []
    game.page.locator("input[name=game][value=maedn]").check()
    game.page.wait_for_function("() => document.documentElement.dataset.game === 'maedn'")
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
    game.take_a_barricade()
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
    game.page.emulate_media(reduced_motion="reduce")  # the podium stands as it ends (no text fading in)
    game.open(address)
    game.page.wait_for_selector("[data-winner]:not([hidden])", timeout=300_000)
    assert game.page.locator("[data-stats] svg").count() == 1  # the chart of the game
    assert violations(game) == []
    game.watch.assert_clean()
