"""The game review and the three-move hint in the browser, in both games: the chart, the marked mistakes, a mistake
beside the better move, and the review at the end."""

from __future__ import annotations

from urllib.parse import urlencode

from site_page import SETTLED, GamePage, seed_rolling
from test_maedn import click_and_wait, maedn_state, open_at, persons_moves
from test_names import finished

from malefiz.core.review import hint_digits, rate
from malefiz.games import GAMES
from malefiz.games.maedn.learned import endgame
from malefiz.games.maedn.rules import legal_moves
from malefiz.games.maedn.state import Phase


def hint_list(position: str, first: int = 3) -> list[str]:
    """The best actions of ``position`` with their chances as the hint says them (``(57%)``), best first."""
    game = GAMES["maedn"] if position.startswith("maedn") else GAMES["malefiz"]
    return said_chances([r.chance for r in rate(game, game.face, game.parse_position(position))[:first]])


def said_chances(chances: list[float]) -> list[str]:
    """``chances`` as the hint says them: ``(57%)``, or ``(54.6%)`` where whole percents would show two alike."""
    digits = hint_digits(chances)
    return [f"({c * 100:.{digits}f}%)" for c in chances]


def hint_lines(game: GamePage) -> list[str]:
    """The hint's list under the buttons, best first."""
    return game.page.locator("[data-hint] li").all_text_contents()


def open_review(game: GamePage) -> None:
    game.page.locator('[data-action="review"]').click()
    game.page.wait_for_selector('[data-review]:not([hidden]) svg.chart polyline[data-seat="1"]')
    game.page.wait_for_selector(SETTLED, state="attached")


def test_a_mistake_is_marked_and_shown_beside_the_better_move(game: GamePage) -> None:
    open_at(game, "maedn cross y:12,1,B,B r:35,B,B,B y?", 3)
    game.roll()
    game.page.locator('[data-action="hint"]').click()
    game.page.wait_for_function("() => document.querySelector('[data-hint]').textContent.startsWith('Best moves')")
    best, other = hint_list("maedn cross y:12,1,B,B r:35,B,B,B y3")
    capture, other_move = (
        "the piece 12 fields along: 3 fields ahead, capturing the red piece",
        "the piece 1 field along",
    )
    assert hint_lines(game) == [f"{capture} {best}", f"{other_move}: 3 fields ahead {other}"]
    assert game.page.locator('#board .piece.hint[data-key="y:12"]').count() == 1
    click_and_wait(game, '.piece.movable[data-key="y:1"]')  # leaves red's piece alone: a mistake
    assert game.page.locator("[data-review]").is_hidden() and game.page.locator(".log li.mistake").count() == 0
    open_review(game)
    assert game.page.locator('[data-action="review"]').get_attribute("aria-pressed") == "true"
    review = game.page.locator("[data-review]").text_content() or ""
    assert "Chances to win, turn by turn" in review and "Anna (yellow): " in review and "1 mistake" in review
    mistake = game.page.locator(".log li.mistake")
    assert mistake.count() == 1 and "points lost" in (mistake.text_content() or "")
    assert game.page.locator(".review .chart .mistake-dot").count() == 1
    game.shot("review-during-game")
    mistake.click()
    game.page.wait_for_selector("[data-viewing]:not([hidden]) >> text=the move played and the better one")
    figures = game.page.locator("#board .compare figure")
    assert figures.count() == 2 and game.page.locator("#board .compare svg").count() == 2
    assert (figures.nth(0).locator("figcaption").text_content() or "").startswith(
        f"Played: {other_move}: 3 fields ahead"
    )
    assert (figures.nth(1).locator("figcaption").text_content() or "").startswith(f"Better: {capture}")
    game.shot("review-compare")
    assert game.page.locator(".log li[aria-current]").count() == 1  # the line shown, for a screen reader too
    game.page.locator('[data-action="back-to-game"]').click()
    game.page.wait_for_selector("[data-viewing][hidden]", state="attached")
    assert game.page.locator(".log li[aria-current]").count() == 0
    game.page.locator('[data-action="review"]').click()
    game.page.wait_for_selector("[data-review][hidden]", state="attached")
    game.page.wait_for_selector(SETTLED, state="attached")
    assert game.page.locator(".log li.mistake").count() == 0
    game.watch.assert_clean()


def test_the_review_shows_at_the_end(game: GamePage) -> None:
    open_at(game, "maedn cross y:40,41,42,38 r:30,B,B,B y?", 5)
    game.roll()
    click_and_wait(game, '.piece.movable[data-key="y:38"]')
    game.page.wait_for_selector("[data-winner]:not([hidden])")
    game.page.wait_for_selector("[data-review]:not([hidden]) svg.chart")
    assert game.page.locator('[data-action="review"]').is_disabled()
    assert "Anna (yellow): never had a choice of move" in (game.page.locator("[data-review]").text_content() or "")
    game.watch.assert_clean()


BUSY_SEEN = """new MutationObserver(() => {
  if (document.querySelector("section.review[aria-busy] progress")) window.reviewWaited = true;
}).observe(document, {subtree: true, childList: true});"""


def test_a_finished_game_from_a_link_shows_its_end_first_and_its_review_when_it_is_worked_out(
    game: GamePage,
) -> None:
    # Every decision of a finished game is valued only once it is opened: the end comes at once, the chart with a
    # bar under it, and the players' lines and the move list's marks when the worker is done.
    game.page.add_init_script(BUSY_SEEN)
    game.open(finished("?game=malefiz&board=fast&seats=bot:easy,bot:easy,bot:easy,bot:easy&seed=3", names=False))
    game.page.wait_for_selector("[data-winner]:not([hidden]) .podium")
    game.page.wait_for_selector("[data-review] .review-players")
    assert game.page.evaluate("window.reviewWaited") is True
    assert game.page.locator("[data-review] [aria-busy], #review-progress").count() == 0
    lines = game.page.locator(".review-players li").all_text_contents()
    assert len(lines) == 4 and all("on average each decision cost" in line for line in lines), lines
    marked = game.page.locator(".log li.mistake").count()  # the move list's latest lines
    assert 0 < marked <= game.page.locator(".chart .mistake-dot").count()
    game.watch.assert_clean()


def test_a_finished_game_opened_again_shows_its_review_at_once(game: GamePage) -> None:
    # The values of its decisions were kept with the game once the worker had them: a reload (or the game opened
    # again from the setup screen's list) shows the review whole at once, with no bar to wait for.
    game.open(finished("?game=malefiz&board=fast&seats=bot:easy,bot:easy,bot:easy&seed=5", names=False))
    game.page.wait_for_selector("[data-review] .review-players")
    game.page.wait_for_selector(SETTLED, state="attached")
    key = f"malefiz.game.{game.game_id()}"
    game.page.wait_for_function("(key) => JSON.parse(localStorage.getItem(key)).review.length > 0", arg=key)
    lines = game.page.locator(".review-players li").all_text_contents()
    marks = game.page.locator(".log li.mistake").count()
    game.page.add_init_script(BUSY_SEEN)
    game.page.reload()
    game.page.wait_for_selector("[data-winner]:not([hidden]) .podium")
    game.page.wait_for_selector("[data-review] .review-players")
    game.page.wait_for_selector(SETTLED, state="attached")
    assert game.page.evaluate("window.reviewWaited") is None  # the review came whole with the game
    assert game.page.locator(".review-players li").all_text_contents() == lines
    assert game.page.locator(".log li.mistake").count() == marks > 0
    game.watch.assert_clean()


def test_malefiz_hint_review_and_a_barricade_put_badly(game: GamePage) -> None:
    game.take_a_barricade()  # red took the barricade on 0.11 and puts it down now
    game.page.locator('[data-action="hint"]').click()
    game.page.wait_for_function("() => document.querySelector('[data-hint]').textContent.startsWith('Best moves')")
    words = " ".join(hint_lines(game))
    position = game.position_text()
    state = GAMES["malefiz"].from_json(game.position())
    places = rate(GAMES["malefiz"], GAMES["malefiz"].face, state)
    assert words.count("put the barricade") == 3 and all(
        c in words for c in said_chances([r.chance for r in places[:3]])
    )
    worst = places[-1]
    assert places[0].chance - worst.chance >= 0.05  # the worst place is a mistake
    game.click_key(str(worst.action).lstrip("@"), ".target")
    game.wait_for_position_change(position)
    game.shot("review-malefiz-placed")
    open_review(game)
    assert game.page.locator(".log li.mistake").count() == 1
    game.page.locator(".log li.mistake").click()
    game.page.wait_for_selector("#board .compare figure.compare-better svg")
    assert (game.page.locator("#board .compare-played figcaption").text_content() or "").startswith("Played: put")
    game.shot("review-malefiz-compare")
    game.watch.assert_clean()


def test_the_review_speaks_german(game: GamePage) -> None:
    query: dict[str, str | int] = {"game": "maedn", "seats": "human,human", "names": "Anna,Ben", "pace": "instant"}
    query |= {"position": "maedn cross y:12,1,B,B r:35,B,B,B y?", "seed": seed_rolling(3), "forced": "off"}
    game.open("?" + urlencode(query))
    game.page.locator("[data-language]").select_option("de")
    game.page.wait_for_function("() => document.documentElement.lang === 'de'")
    game.roll()
    click_and_wait(game, '.piece.movable[data-key="y:1"]')
    open_review(game)
    review = game.page.locator("[data-review]").text_content() or ""
    assert "Gewinnchancen Zug um Zug" in review and "1 Fehler" in review and "Punkte Gewinnchance" in review
    assert "Punkte verloren" in (game.page.locator(".log li.mistake").text_content() or "")
    game.watch.assert_clean()


def test_an_endgame_followed_by_the_hints_to_the_end_shows_the_tables_chances(game: GamePage) -> None:
    """Two pieces a side left against *hard*: every hint's best chance is the exact endgame table's, and the person
    plays the hinted move each time until the game ends."""
    open_at(game, "maedn cross y:B,30,42,43 r:5,12,42,43 y?", 6, seats="human,bot:hard")
    hint = game.page.locator('[data-action="hint"]')
    hinted = 0
    for state in persons_moves(game, 2000):
        assert state.current == "yellow" and state.phase is Phase.MOVE, state
        hint.click()
        game.page.wait_for_function("() => document.querySelector('[data-hint]').textContent.startsWith('Best')")
        exact = max(endgame.chance_after(state, m) or 0.0 for m in legal_moves(state))
        said = hint_lines(game)[0].rsplit("(", 1)[1].rstrip("%)")
        assert abs(float(said) - exact * 100) <= (0.05 if "." in said else 0.5), (hint_lines(game), exact)
        hinted += 1
        click_and_wait(game, ".piece.hint")
    assert maedn_state(game).is_over and hinted >= 3
    game.shot("maedn-endgame-by-hints-end")
    game.watch.assert_clean()
