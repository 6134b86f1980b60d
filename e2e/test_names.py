"""Names as a family types them (long, with no space to break at) never push the page wider than a phone's screen,
and the end chart's key never writes one name over another."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, quote, urlencode

import pytest
from playwright.sync_api import Browser
from site_page import SETTLED
from test_phone import PHONE, device

from malefiz.core.savefile import link, load, save
from malefiz.core.session import Session
from malefiz.core.setup import MAX_NAME
from malefiz.games import GAMES

NAMES = ("Maximilian-Alexander von", "Supercalifragilistic", "W" * MAX_NAME)
"""The longest names the page takes, one of them with no break in it and of the widest letter."""

RUNS_OFF = """
() => {
  const width = document.documentElement.clientWidth;
  const clipper = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return up;
    }
    return null;
  };
  const off = [];
  const check = (box, limit, what) => {
    if (box.width > 0 && box.right > limit + 0.5) off.push(`${what}: ${Math.round(box.right)} > ${Math.round(limit)}`);
  };
  for (const el of document.querySelectorAll("body *")) {
    if (!el.closest("svg") && !clipper(el)) check(el.getBoundingClientRect(), width, `${el.tagName}.${el.className}`);
  }
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    const el = text.parentElement;
    if (el.closest("svg") || !text.textContent.trim() || !el.getClientRects().length) continue;
    const box = clipper(el)?.getBoundingClientRect();
    if (box && box.width <= 1) continue; // read out only (sr-only)
    const range = document.createRange();
    range.selectNodeContents(text);
    const limit = Math.min(width, box ? box.right : width);
    check(range.getBoundingClientRect(), limit, `"${text.textContent.slice(0, 30)}"`);
  }
  return {width, scrollWidth: document.documentElement.scrollWidth, off};
}
"""
"""The page's width, its scroll width and every element or text that reaches past its right edge, or a text past the
box that clips or scrolls it (a move list that would scroll sideways, the table of counts wider than its box)."""

TABLE_FITS = """
(t) => ({wider: t.offsetWidth - t.parentElement.clientWidth, head: t.tHead.getBoundingClientRect().height,
         screen: window.innerHeight})
"""
"""How much wider than its box the table of counts is, how tall the row of the players' names, and the screen."""


KEY_OVERLAPS = """
() => {
  const chart = document.querySelector(".stats-chart").getBoundingClientRect();
  const boxes = [...document.querySelectorAll(".stats-legend text")].map((t) => t.getBoundingClientRect());
  const out = boxes.filter((b) => b.left < chart.left - 0.5 || b.right > chart.right + 0.5).length;
  let overlaps = 0;
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps += 1;
  }));
  return {texts: boxes.length, out, overlaps};
}
"""
"""How many of the end chart's names stand outside the chart, and how many pairs of them overlap."""


def finished(address: str, names: bool = True) -> str:
    """A link to the game ``address`` sets up, played to its end by the computers, then given to people (the same
    actions, so the same end), with :data:`NAMES` when ``names``: the widest for the seat that made the last move
    (the top line of the move list), the other two for the seats before it, short names for the rest."""
    session = Session.from_address(address, GAMES)
    while not session.state.is_over:
        session.bot_step()
    doc = save(session)
    query = dict(parse_qsl(doc["setup"].lstrip("?")))
    count = len(query["seats"].split(","))
    query["seats"] = ",".join(["human"] * count)
    if names:
        given = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"][:count]
        last = session.record.entries[-1].before.current_seat
        for i, name in enumerate(NAMES):
            given[(last - 2 + i) % count] = name
        query["names"] = ",".join(given)
    doc["setup"] = "?" + urlencode(query)
    return "#game=" + link(load(json.dumps(doc), GAMES))


@pytest.mark.parametrize(
    ("game_name", "seats", "language"),
    [("malefiz&board=fast", 4, "en-US"), ("maedn&board=star", 5, "de-DE")],
)
@pytest.mark.parametrize("width", [390, 320])
def test_long_names_stay_on_a_phones_screen_and_apart_in_the_end_chart(
    browser: Browser, site_url: str, game_name: str, seats: int, language: str, width: int
) -> None:
    context, game = device(browser, site_url, **{**PHONE, "viewport": {"width": width, "height": 844}}, locale=language)
    page = game.page
    page.emulate_media(reduced_motion="reduce")  # the end box stands as it ends (it grows as it appears)
    # During a game: the status, the move list, the hint and everyone's chances since.
    names = quote(",".join(NAMES), safe="")
    people = ",".join(["human"] * 3 + ["easy"] * (seats - 3))
    game.open(f"?game={game_name}&seats={people}&names={names}&seed=5&pace=instant&forced=off")
    page.locator('[data-action="roll"]').tap()
    page.wait_for_selector(SETTLED + ":not([data-acting])", state="attached")
    page.locator(".log li").first.wait_for()
    page.locator('[data-action="hint"]').tap()
    page.wait_for_function("() => document.querySelector('[data-chances]').textContent.includes('%')")
    fit = page.evaluate(RUNS_OFF)
    assert fit["off"] == [] and fit["scrollWidth"] <= fit["width"], fit
    # At the end: the podium, the wins on this device, the chart and its key, the review's lines, the move list.
    game.open(finished(f"?game={game_name}&seats={','.join(['bot:easy'] * seats)}&seed=3"))
    page.wait_for_selector("[data-winner]:not([hidden]) .stats-legend text")
    page.wait_for_selector("[data-review] .review-players")  # the review follows once its decisions are valued
    page.wait_for_selector(SETTLED, state="attached")
    fit = page.evaluate(RUNS_OFF)
    assert fit["off"] == [] and fit["scrollWidth"] <= fit["width"], fit
    assert page.evaluate(KEY_OVERLAPS) == {"texts": seats, "out": 0, "overlaps": 0}
    # The table of counts writes the names upwards, in two lines where they are long (one stood 300 px tall).
    table = page.locator(".stats-table").evaluate(TABLE_FITS)
    assert table["wider"] <= 0 and table["head"] <= table["screen"] / 4, table
    # A line of the move list shows its position under a banner that tells the line (here one of the widest name's).
    page.locator(".log li[data-index]", has_text=NAMES[2]).first.click()
    page.locator("[data-viewing]:not([hidden])").wait_for()
    fit = page.evaluate(RUNS_OFF)
    assert fit["off"] == [] and fit["scrollWidth"] <= fit["width"], fit
    game.watch.assert_clean()
    context.close()


@pytest.mark.parametrize("names", [False, True])
@pytest.mark.parametrize("language", ["en-US", "de-DE"])
@pytest.mark.parametrize("seats", [4, 6])
def test_the_table_of_counts_fits_the_smallest_phone(
    browser: Browser, site_url: str, seats: int, language: str, names: bool
) -> None:
    context, game = device(browser, site_url, **{**PHONE, "viewport": {"width": 320, "height": 640}}, locale=language)
    page = game.page
    page.emulate_media(reduced_motion="reduce")
    board = "malefiz&board=fast" if seats == 4 else "maedn&board=star"
    game.open(finished(f"?game={board}&seats={','.join(['bot:easy'] * seats)}&seed=3", names=names))
    table = page.locator(".stats-table")
    table.wait_for()
    fits = table.evaluate(TABLE_FITS)
    assert fits["wider"] <= 0 and fits["head"] <= fits["screen"] / 3, fits
    game.watch.assert_clean()
    context.close()


@pytest.mark.parametrize(
    ("viewport", "language"), [({"width": 844, "height": 390}, "de-DE"), ({"width": 1280, "height": 800}, "en-US")]
)
def test_long_names_fit_the_table_of_counts_on_a_larger_screen(
    browser: Browser, site_url: str, viewport: dict[str, int], language: str
) -> None:
    # Four players with the longest names made the table 776 px wide in its panel of 432: it scrolled sideways.
    context, game = device(browser, site_url, viewport=viewport, locale=language, reduced_motion="reduce")
    game.open(finished("?game=malefiz&board=fast&seats=bot:easy,bot:easy,bot:easy,bot:easy&seed=3"))
    table = game.page.locator(".stats-table")
    table.wait_for()
    fits = table.evaluate(TABLE_FITS)
    assert fits["wider"] <= 0 and fits["head"] <= fits["screen"] / 2, fits
    game.watch.assert_clean()
    context.close()


@pytest.mark.parametrize("language", ["en-US", "de-DE"])
def test_long_names_fit_an_invitation_to_other_devices(browser: Browser, site_url: str, language: str) -> None:
    context, host = device(browser, site_url, **{**PHONE, "viewport": {"width": 320, "height": 700}}, locale=language)
    names = quote(",".join(NAMES), safe="")
    host.open(f"?seats=human,remote,remote&names={names}&seed=3")
    invitation = host.page.locator('input[value*="#join="]').first
    invitation.wait_for(state="attached")
    fit = host.page.evaluate(RUNS_OFF)
    assert fit["off"] == [] and fit["scrollWidth"] <= fit["width"], fit
    guest = context.new_page()
    guest.goto(invitation.input_value())
    guest.wait_for_selector("html[data-ready]")
    fit = guest.evaluate(RUNS_OFF)
    assert fit["off"] == [] and fit["scrollWidth"] <= fit["width"], fit
    host.watch.assert_clean()
    context.close()
