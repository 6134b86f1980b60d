"""Nothing lost, for real: two games in two tabs, kept apart through everything a person does between moves.

Each game is kept under its own identity (``&id=`` in the address). Between moves the tabs are reloaded, the
pace and the language change, Back and Forward are used, a share link and a file are opened (each adds a game),
a tab is closed while a piece still walks and opened again, and one game is opened in both tabs (the newest plays
it, the other follows it there, until *Play here instead*); after every step every game is checked against what
was last played, on the page and in the browser's storage.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from site_page import GamePage, Watch, settle
from test_axe import violations

PERSON_OR_END = """
() => document.querySelector('[data-action="roll"]:not([disabled])') !== null
   || document.querySelector('#board .movable') !== null
   || document.querySelector('#board .target') !== null
   || !document.querySelector('[data-winner]').hidden
"""

GROUND = """
() => {
  const box = document.querySelector('#board').getBoundingClientRect();
  for (let y = box.top + 2; y < box.bottom; y += 4) {
    for (let x = box.left + 2; x < box.right; x += 4) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('#board') && !hit.closest('[data-key], [data-about]')) return {x: x, y: y};
    }
  }
  return null;
}
"""
"""A point of the board's ground in the viewport: between its fields, on no piece and not on its key."""

MALEFIZ = "?game=malefiz&board=fast&seats=human,human&names=Ann,Bob&seed=11"
MAEDN = "?game=maedn&seats=human,human&names=Cleo,Dan&first=yellow&seed=12&forced=off"  # every move clicked


class Tabs:
    """The tabs of one browser (one storage), and what each game kept should be."""

    def __init__(self, first: GamePage) -> None:
        self.first = first
        self.expected: dict[str, dict[str, Any]] = {}

    def tab(self) -> GamePage:
        """Another tab of the same browser, watched like the first."""
        page = self.first.page.context.new_page()
        watch: Watch = self.first.watch
        page.on("pageerror", lambda error: watch.errors.append(f"page error: {error}"))
        page.on("console", lambda m: watch.errors.append(m.text) if m.type == "error" else None)
        page.set_default_timeout(60_000)
        return GamePage(page, self.first.site_url, watch)

    def step(self, game: GamePage) -> None:
        """One action of the person to act: a roll, or the first piece and its first target; then note it."""
        page = game.page
        page.wait_for_function(PERSON_OR_END)
        before = game.position_text()
        if game.roll_enabled():
            page.locator('[data-action="roll"]').click()
        else:
            if page.locator("#board .target").count() == 0:
                game.click_center("#board .movable")
                page.wait_for_selector("#board .target")
            game.click_center("#board .target")
        game.wait_for_position_change(before)
        self.note(game)

    def note(self, game: GamePage) -> None:
        """What the game shown is now: the expected state of its identity."""
        kept = game.kept()["save"]
        self.expected[game.game_id()] = {"actions": kept["actions"], "position": kept["position"]}

    def stored(self, game_id: str) -> dict[str, Any]:
        text = self.first.page.evaluate("(key) => localStorage.getItem(key)", f"malefiz.game.{game_id}")
        assert text is not None, f"game {game_id} is no longer kept"
        return dict(json.loads(text)["save"])

    def check(self, *shown: GamePage) -> None:
        """Every game kept exactly as last played, and each tab in ``shown`` showing its game as it is kept."""
        for game_id, expected in self.expected.items():
            stored = self.stored(game_id)
            assert stored["actions"] == expected["actions"], game_id
            assert stored["position"] == expected["position"], game_id
        for game in shown:
            game.page.wait_for_selector("#play:not([hidden])")
            assert game.position() == self.expected[game.game_id()]["position"]


def ready(game: GamePage) -> None:
    game.page.wait_for_selector("html[data-ready]")


def test_two_games_in_two_tabs_stay_exactly_as_last_played(game: GamePage, tmp_path: Path) -> None:
    tabs = Tabs(game)
    one, two = game, tabs.tab()
    one.open(MALEFIZ)
    two.open(MAEDN)
    for _ in range(3):
        tabs.step(one)
        tabs.step(two)
    a, b = one.game_id(), two.game_id()
    assert a != b
    tabs.check(one, two)

    # Reloads, pace and language (settings of the page, no part of a game).
    for tab in (one, two):
        tab.page.reload()
        ready(tab)
        tabs.check(one, two)
    one.page.locator("[data-pace]").select_option("fast")
    two.page.locator("[data-language]").select_option("de")
    for tab in (one, two):
        settle(tab.page)  # Python has answered (the address and what is kept follow its answer)
        tab.page.reload()
        ready(tab)
    assert one.game_id() == a and two.game_id() == b and "pace=fast" in one.page.url
    tabs.check(one, two)
    tabs.step(one)
    tabs.step(two)
    tabs.check(one, two)

    # Back and Forward between the game and another address.
    one.open("?game=maedn&board=star")
    assert one.page.locator("[data-shelf]").is_visible()
    assert one.page.locator(f'[data-latest] [data-id="{a}"], [data-shelf] [data-id="{a}"]').count() > 0
    one.page.go_back()
    ready(one)
    tabs.check(one, two)
    one.page.go_forward()
    ready(one)
    one.page.wait_for_selector("#setup:not([hidden])")
    one.page.go_back()
    ready(one)
    assert one.game_id() == a
    tabs.check(one, two)

    # A share link of the second game opened in the first tab adds a game; Back returns to the first.
    two.page.locator('[data-action="link"]').click()
    link = two.page.locator("[data-link]:not([hidden])").input_value()
    one.page.goto(link)
    ready(one)
    linked = one.game_id()
    assert linked not in (a, b)
    tabs.note(one)
    assert tabs.expected[linked]["actions"] == tabs.expected[b]["actions"]
    tabs.step(one)  # playing the linked copy changes neither original
    tabs.check(one, two)
    one.page.go_back()
    ready(one)
    assert one.game_id() == a
    tabs.check(one, two)

    # A file of the second game loaded in the first tab adds a game too.
    with two.page.expect_download() as download:
        two.page.locator('[data-action="download"]').click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    one.page.locator("#play [data-load-file]").set_input_files(str(saved))
    one.page.wait_for_function("(a) => !location.search.includes('id=' + a)", arg=a)
    ready(one)
    loaded = one.game_id()
    assert loaded not in (a, b, linked)
    tabs.note(one)
    tabs.check(one, two)
    one.page.go_back()
    ready(one)
    assert one.game_id() == a
    tabs.check(one, two)

    # A tab closed while a piece still walks: the move is kept; the reopened tab shows it.
    address = one.page.url
    one.page.locator("[data-pace]").select_option("slow")
    page: Page = one.page
    page.wait_for_function(PERSON_OR_END)
    while one.position()["phase"] != "move":  # a roll, or a barricade to put down (which does not walk)
        tabs.step(one)
        page.wait_for_function(PERSON_OR_END)
    if page.locator("#board .target").count() == 0:
        one.click_center("#board .movable")
    page.wait_for_selector("#board .target")
    before = one.position_text()
    one.click_center("#board .target")
    tabs.note(one)
    assert one.position_text() == before  # still walking: the page shows the old position
    tabs.first = two  # storage is read through a tab that stays open
    page.close()
    one = tabs.tab()
    one.page.goto(address)
    ready(one)
    tabs.check(one, two)

    # One game in both tabs: the newest tab plays it, the other follows each move there until it plays here again.
    two.page.goto(address)
    ready(two)
    one.page.locator('[data-together] details[data-keep="play-here"]').wait_for()  # the browser's lock said so
    tabs.check(one, two)
    for _ in range(2):
        tabs.step(two)
        one.page.wait_for_function(
            "(p) => document.querySelector('[data-position]').textContent === p", arg=two.position_text()
        )
        tabs.check(one, two)
        assert not one.roll_enabled() and one.page.locator("#board .movable, #board .target").count() == 0
    ground = one.page.evaluate(GROUND)  # a tap on the board there, between its fields: where the game is played
    one.page.mouse.click(ground["x"], ground["y"])
    one.page.locator("[data-message]", has_text="Dieser Tab zeigt das Spiel nur").wait_for()
    tabs.check(one, two)
    one.page.locator('[data-together] details[data-keep="play-here"] summary').click()
    assert violations(one) == []  # (the following tab's panel unfolded, its message line said)
    one.page.locator('[data-together] [data-action="play-here"]').click()  # (German: the page's language)
    one.page.locator("[data-notice]", has_text="Das Spiel geht jetzt in diesem Tab weiter.").wait_for()
    two.page.locator('[data-together] details[data-keep="play-here"]').wait_for()  # the second tab follows now
    tabs.step(one)
    two.page.wait_for_function(
        "(p) => document.querySelector('[data-position]').textContent === p", arg=one.position_text()
    )
    tabs.check(one, two)
    game.watch.assert_clean()


def test_an_unreadable_kept_game_is_listed_to_download_or_delete(game: GamePage) -> None:
    game.open(MALEFIZ)
    Tabs(game).step(game)
    address, game_id = game.page.url, game.game_id()
    game.page.evaluate("(key) => localStorage.setItem(key, '}{')", f"malefiz.game.{game_id}")
    game.page.goto(address)
    ready(game)
    assert game.page.locator("#setup").is_visible()
    assert "cannot be read" in (game.page.locator("[data-setup-error]").text_content() or "")
    entry = game.page.locator(f'[data-shelf] li[data-id="{game_id}"]')
    with game.page.expect_download() as download:
        entry.locator('[data-action="download-kept"]').click()
    assert Path(download.value.path()).read_text() == "}{"
    entry.locator('[data-action="delete"]').click()
    dialog = game.page.get_by_role("dialog", name="Delete this game? It cannot be brought back.")
    dialog.wait_for()
    assert dialog.get_by_role("button").all_text_contents() == ["Delete", "Keep"]
    dialog.get_by_role("button", name="Delete").click()
    game.page.wait_for_selector(f'[data-shelf] li[data-id="{game_id}"]', state="detached")
    assert game.page.evaluate("(key) => localStorage.getItem(key)", f"malefiz.game.{game_id}") is None
    game.watch.assert_clean()
