"""Statistics of a game: counts, the distance chart and the table, from whole seeded computer games."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache
from typing import Any
from urllib.parse import quote

import pytest

from malefiz.core.actions import Pass, Roll
from malefiz.core.session import Session
from malefiz.core.stats import (
    PANEL_ROOM,
    PHONE_ROOM,
    Stats,
    chart_svg,
    game_stats,
    names_width,
    report_html,
    table_html,
    upright,
)
from malefiz.core.svg import COLOUR_FILL, text_width
from malefiz.games import GAMES as REGISTRY
from malefiz.games.maedn import rules as maedn_rules
from malefiz.games.maedn.game import MAEDN
from malefiz.games.maedn.state import Move as MaednMove
from malefiz.games.malefiz.board import FOREST, HOUSE, field
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.state import Move as MalefizMove
from malefiz.games.malefiz.state import Place
from malefiz.i18n import Translator
from tests.playing import played as shared_game

SVG = "{http://www.w3.org/2000/svg}"

GAMES = [
    "?game=maedn&seats=bot:medium,bot:easy&seed=3&pace=instant",
    "?game=maedn&board=star&seats=bot:medium,bot:easy,bot:hard&options=forced_capture,backward_capture&seed=4",
    "?game=maedn&seats=bot:medium,bot:medium&options=two_colours&seed=5",
    "?game=maedn&seats=bot:easy,bot:medium,bot:medium&options=neutral&seed=6",
    "?game=malefiz&seats=bot:greedy,bot:medium&seed=3&pace=instant",
    "?game=malefiz&board=fast&seats=bot:greedy,bot:easy,bot:medium,bot:greedy&seed=7",
    "?game=malefiz&board=fast&seats=bot:greedy,bot:greedy&options=extra_roll_on_six&seed=8",
]


played = cache(shared_game)
"""The whole game an address sets up, played by its computers, once (shared by the tests: do not change it)."""


def seat_of(state: Any, colour: str) -> int | None:
    """The seat playing ``colour`` (None for the neutral colour)."""
    return next((i for i, colours in enumerate(state.seats) if colour in colours), None)


def malefiz_distance(state: Any, colour: str) -> int:
    """The steps ``colour``'s leading pawn still walks, counted here apart from the table."""
    b = state.board
    steps: list[int] = []
    for p in state.pawns_of(colour):
        if p == HOUSE:
            steps.append(b.distance[b.exits[colour]] + 1)
        elif p == FOREST:
            steps.append(b.distance[b.forest_exit] + 1)
        else:
            steps.append(b.distance[p])
    return min(steps)


def true_captures(s: Session) -> list[tuple[int, int]]:
    """(capturer, victim) seats of every capture by the game's own rules, less those the statistics
    leave out (as its docstring says): of the capturer's own pieces and of nobody's."""
    found = []
    for before, action in ((e.before, e.action) for e in s.record):
        if isinstance(action, MalefizMove):
            victim = before.occupant(action.end)
        elif isinstance(action, MaednMove):
            victim = maedn_rules.captures(before, action)
        else:
            continue
        if victim is None:
            continue
        mover, loser = seat_of(before, before.current), seat_of(before, victim)
        assert mover is not None
        if loser is not None and loser != mover:
            found.append((mover, loser))
    return found


def names_of(s: Session) -> list[str]:
    return [s.seat_name(i) for i in range(len(s.setup.seats))]


@pytest.mark.parametrize("address", GAMES)
def test_the_counts_match_the_history(address: str) -> None:
    s = played(address)
    stats = game_stats(s)
    seats = len(s.setup.seats)
    assert len(stats.seats) == len(stats.series) == seats
    rolls = [0] * seats
    sixes = [0] * seats
    places = [0] * seats
    moves = [0] * seats
    for before, action in ((e.before, e.action) for e in s.record):
        seat = seat_of(before, before.current)
        assert seat is not None
        if isinstance(action, Roll):
            rolls[seat] += 1
            sixes[seat] += action.value == 6
        elif isinstance(action, Place):
            places[seat] += 1
        elif not isinstance(action, Pass):
            moves[seat] += 1
    assert [c.rolls for c in stats.seats] == rolls
    assert [c.sixes for c in stats.seats] == sixes
    assert [c.barricades for c in stats.seats] == places
    assert [c.moves for c in stats.seats] == moves
    assert all(c.sixes <= c.rolls for c in stats.seats)
    assert sum(rolls) > 0


@pytest.mark.parametrize("address", GAMES)
def test_captures_are_seen_as_the_rules_make_them(address: str) -> None:
    s = played(address)
    stats = game_stats(s)
    truth = true_captures(s)
    seats = len(s.setup.seats)
    assert [c.captures for c in stats.seats] == [sum(m == i for m, _ in truth) for i in range(seats)]
    assert [c.captured for c in stats.seats] == [sum(v == i for _, v in truth) for i in range(seats)]
    marks = [(m.seat, m.victim) for m in stats.marks if m.kind == "capture"]
    assert marks == truth
    assert len(stats.turns_with("barricade")) == sum(c.barricades for c in stats.seats)


def test_the_played_games_have_captures_and_barricade_moves() -> None:
    """The seeded games above exercise what they test."""
    assert all(sum(c.captures for c in game_stats(played(a)).seats) > 0 for a in GAMES)
    assert all(sum(c.barricades for c in game_stats(played(a)).seats) > 0 for a in GAMES if "malefiz" in a)


@pytest.mark.parametrize("address", GAMES)
def test_the_series_runs_from_the_start_to_the_end(address: str) -> None:
    s = played(address)
    stats = game_stats(s)
    start = s.record.start
    turns = len(stats.turns)
    assert turns > 10
    for seat, values in enumerate(stats.series):
        assert len(values) == turns + 1
        assert values[0] == s.face.progress(start)[seat]
        assert values[-1] == s.face.progress(s.state)[seat]
    for before, after in zip(stats.turns, stats.turns[1:], strict=False):
        assert before != after or s.game.name == "maedn"  # only a seat with two colours plays twice in a row
    assert all(1 <= m.turn <= turns and stats.turns[m.turn - 1] == m.seat for m in stats.marks)


@pytest.mark.parametrize("address", [a for a in GAMES if "maedn" in a])
def test_the_placed_players_of_a_maedn_game_end_at_the_goal(address: str) -> None:
    s = played(address)
    stats = game_stats(s)
    *placed, (last,) = s.state.ranking
    assert all(stats.series[seat][-1] == 0 for (seat,) in placed)
    assert stats.series[last][-1] > 0


@pytest.mark.parametrize("address", [a for a in GAMES if "malefiz" in a])
def test_the_winner_of_a_malefiz_game_ends_at_the_goal_and_everyone_else_above(address: str) -> None:
    """Malefiz ends when one pawn is home: the chart follows each player's leading pawn, so the winner's line
    ends at 0 and every other line above it (issue 25, point 6)."""
    s = played(address)
    stats = game_stats(s)
    (winner,) = s.state.ranking[0]
    colour = s.state.players[winner]
    assert s.state.board.goal in s.state.pawns_of(colour)
    for seat, values in enumerate(stats.series):
        assert values[-1] == malefiz_distance(s.state, s.state.players[seat])
    assert stats.series[winner][-1] == 0
    assert all(values[-1] > 0 for seat, values in enumerate(stats.series) if seat != winner)


@pytest.mark.parametrize("address", GAMES)
def test_the_winners_line_ends_lowest_on_the_chart(address: str) -> None:
    """Whoever won (the first place) ends at the bottom of the chart, the goal: the best value."""
    s = played(address)
    stats = game_stats(s)
    winners = {seat for seat in s.state.ranking[0]}
    root = parse(chart_svg(stats, names_of(s), [seat.colour for seat in s.setup.seats]))
    ends = {}
    for line in groups(root, "stats-line"):
        last = line.findall(f"{SVG}polyline")[-1].get("points", "").split()[-1]
        ends[int(line.get("data-seat") or 0)] = float(last.split(",")[1])
    lowest = max(ends.values())  # y grows downwards: the goal is at the bottom
    assert all(ends[w] == lowest for w in winners)
    assert all(min(stats.series[w][-1] for w in winners) <= values[-1] for values in stats.series)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if css in (g.get("class") or "").split()]


@pytest.mark.parametrize("address", GAMES)
def test_the_chart_has_a_line_a_seat_and_a_mark_a_capture_and_barricade(address: str) -> None:
    s = played(address)
    stats = game_stats(s)
    colours = [seat.colour for seat in s.setup.seats]
    root = parse(chart_svg(stats, names_of(s), colours))
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label")
    assert root.find(f"{SVG}title") is not None
    lines = groups(root, "stats-line")
    assert len(lines) == len(s.setup.seats)
    for seat, line in enumerate(lines):
        strokes = [p.get("stroke") for p in line.iter(f"{SVG}polyline")]
        assert COLOUR_FILL[colours[seat]] in strokes
        points = line.findall(f"{SVG}polyline")[-1].get("points", "").split()
        assert len(points) == len(stats.series[seat])
        ys = [float(p.split(",")[1]) for p in points]
        assert all(
            y1 > y2
            for v1, v2, y1, y2 in zip(stats.series[seat], stats.series[seat][1:], ys, ys[1:], strict=False)
            if v1 < v2
        )
    captures = sum(c.captures for c in stats.seats)
    barricades = sum(c.barricades for c in stats.seats)
    assert len(groups(root, "stats-capture")) == captures
    assert len(groups(root, "stats-barricade")) == barricades
    assert all(
        g.find(f"{SVG}title") is not None for g in groups(root, "stats-capture") + groups(root, "stats-barricade")
    )
    legend = groups(root, "stats-legend")[0]
    assert [t.text for t in legend.iter(f"{SVG}text")] == names_of(s)


def test_the_goal_is_at_the_bottom_of_the_chart() -> None:
    stats = Stats(seats=(), series=((10.0, 5.0, 0.0),), turns=(0, 0), marks=())
    (line,) = groups(parse(chart_svg(stats, ["Ann"], ["red"])), "stats-line")
    points = [tuple(map(float, p.split(","))) for p in line.findall(f"{SVG}polyline")[-1].get("points", "").split()]
    assert points[0][0] < points[1][0] < points[2][0]
    assert points[0][1] < points[1][1] < points[2][1]


def legend_boxes(svg: str) -> list[tuple[float, float, float, str]]:
    """Each name of the chart's key: its left and right edge as :func:`text_width` estimates them, its line, its
    text."""
    root = parse(svg)
    out = []
    for text in groups(root, "stats-legend")[0].iter(f"{SVG}text"):
        x, size, name = float(text.get("x", "")), float(text.get("font-size", "13")), text.text or ""
        out.append((x, x + text_width(name, size), float(text.get("y", "")), name))
    return out


LONG = (
    "Maximilian-Alexander von (red)",
    "Supercalifragilistic (green)",
    "Oma (yellow)",
    "W" * 24 + " (blue)",
    "Anna (black)",
    "Ben (purple)",
)


@pytest.mark.parametrize("count", [2, 3, 4, 6])
@pytest.mark.parametrize("names", [("Ann", "Bob", "Cid", "Dee", "Eve", "Fay"), LONG])
def test_the_key_gives_every_name_room_on_the_chart(names: tuple[str, ...], count: int) -> None:
    stats = Stats(seats=(), series=((10.0, 5.0, 0.0),) * count, turns=(0, 0), marks=())
    svg = chart_svg(stats, list(names[:count]), ["red", "green", "yellow", "blue", "black", "purple"][:count])
    boxes = legend_boxes(svg)
    assert [name for *_, name in boxes] == list(names[:count])
    width = float((parse(svg).get("viewBox") or "").split()[2])
    assert all(left >= 0 and right <= width for left, right, *_ in boxes)
    for i, (left, right, y, _) in enumerate(boxes):
        assert all(y != y2 or right <= left2 or right2 <= left for left2, right2, y2, _ in boxes[i + 1 :])
    rows = len({y for *_, y, _ in boxes})
    if names[0] == "Ann":
        assert rows == -(-count // 2)  # short names: two to a line
    else:
        assert rows == count  # long ones: a line each, the longest set smaller
        sizes = [float(t.get("font-size", "13")) for t in groups(parse(svg), "stats-legend")[0].iter(f"{SVG}text")]
        assert sizes[0] == 13 and (count < 4 or 9 <= sizes[3] < 13)


HOSTILE = "<script>alert(1)</script>"


def hostile_game() -> Session:
    names = quote(f'{HOSTILE},"Bob" & <b>', safe="")
    s = Session.from_address(f"?game=maedn&seats=bot:easy,bot:easy&names={names}&seed=9", REGISTRY)
    for _ in range(200):
        s.bot_step()
    return s


def test_names_are_escaped_in_the_chart_and_the_table() -> None:
    s = hostile_game()
    stats = game_stats(s)
    names = names_of(s)
    assert HOSTILE[:10] in names[0]
    for text in (chart_svg(stats, names, ["yellow", "<evil>"]), table_html(stats, names), report_html(s)):
        assert "<script" not in text and "<b>" not in text
        assert "&lt;script&gt;" in text
    root = parse(chart_svg(stats, names, ["yellow", '"/><script>']))
    assert [t.text for t in groups(root, "stats-legend")[0].iter(f"{SVG}text")] == names
    assert HOSTILE[:10] in (root.get("aria-label") or "")


@pytest.mark.parametrize("address", GAMES)
def test_the_table_has_a_column_a_seat_and_a_row_a_count(address: str) -> None:
    s = played(address)
    stats = game_stats(s)
    names = names_of(s)
    table = ET.fromstring(table_html(stats, names))
    assert table.get("class") == "stats-table"
    assert table.findtext("caption") == "Rolls, sixes, captures and barricades per player"
    head = [th.text for th in table.iter("th") if th.get("scope") == "col"]
    assert head == names
    rows = table.findall("tbody/tr")
    assert [row.findtext("th") for row in rows] == ["Rolls", "Sixes", "Captures", "Captured", "Barricades moved"]
    for row, key in zip(rows, ("rolls", "sixes", "captures", "captured", "barricades"), strict=True):
        th = row.find("th")
        assert th is not None and th.get("scope") == "row"
        assert [td.text for td in row.findall("td")] == [str(getattr(counts, key)) for counts in stats.seats]
    short = ET.fromstring(table_html(stats, names, barricades=False, t=Translator("de")))
    assert [row.findtext("th") for row in short.findall("tbody/tr")] == ["Würfe", "Sechsen", "Geschlagen", "Verloren"]
    assert short.findtext("caption") == "Würfe, Sechsen und geschlagene Figuren je Spieler"


@pytest.mark.parametrize(
    ("names", "where"),
    [
        (["Red", "Green", "Yellow", "Blue"], ""),
        (["Rot", "Grün", "Gelb", "Blau"], ""),
        (["Supercalifragilistic (red)", "Ben (blue)"], ""),  # fitted a 320 px phone, measured
        (["Anna (red)", "Ben (blue)", "Cleo (yellow)", "Dora (green)"], "phone"),  # a pixel too wide there
        (["Red", "Green", "Yellow", "Blue", "Black"], "phone"),  # five columns: upright on a phone, as ever
        (["Maximilian (red)", "Alexander (blue)", "Cleo (yellow)", "Dora (green)"], "phone"),  # fitted a 432 px panel
        (["Maximilian (red)", "Alexander (blue)", "Christiane (yellow)", "Dora (green)"], "always"),  # 2 px too wide
        (["W" * 24 + " (red)", "Ben (blue)"], "always"),
    ],
)
def test_names_are_written_upwards_where_lying_they_would_not_fit(names: list[str], where: str) -> None:
    # Lying, four players with long names made the table 776 px wide, in a panel of 432 (a phone's: 326): it
    # scrolled sideways in its box, its caption cut off. Upright, a column is a line or two of type wide.
    assert upright(names) == where
    width = names_width(names)
    assert (width > PANEL_ROOM) == (where == "always")
    assert (width > PHONE_ROOM) <= (where != "")
    stats = game_stats(played(GAMES[4]))
    stats = replace(stats, seats=stats.seats[:1] * len(names))
    kind = ET.fromstring(table_html(stats, names)).get("class")
    classes = {"": "", "phone": " stats-upright-phone", "always": " stats-upright"}
    assert kind == "stats-table" + classes[where]


def test_the_report_holds_the_chart_and_the_table() -> None:
    maedn = ET.fromstring(report_html(played(GAMES[0])))
    assert maedn.get("class") == "stats-report"
    assert maedn.find(f"{SVG}svg") is not None and maedn.find("table") is not None
    assert "Barricades moved" not in ET.tostring(maedn, encoding="unicode")
    assert "Barricades moved" in report_html(played(GAMES[4]))


def test_a_game_not_yet_begun_has_one_point_and_no_counts() -> None:
    s = Session.from_address("?game=malefiz&seats=human,human&seed=1", REGISTRY)
    stats = game_stats(s)
    assert stats.series == ((40.0,), (40.0,)) and stats.turns == () and stats.marks == ()
    assert all(c.rolls == c.moves == 0 for c in stats.seats)
    assert len(groups(parse(chart_svg(stats, names_of(s), ["red", "yellow"])), "stats-line")) == 2


@pytest.mark.parametrize(
    ("language", "capture", "barricade", "measure"),
    [
        ("en", "pawn sent back", "barricade moved", "leading pawn"),
        ("de", "Figur geschlagen", "Sperrstein versetzt", "vordersten Figur"),
    ],
)
def test_the_chart_says_what_its_marks_and_its_distance_mean(
    language: str, capture: str, barricade: str, measure: str
) -> None:
    """A visible key for the marks and a line saying what is counted, lower being better (issue 25, point 6)."""
    s = played(GAMES[4])
    s.set_language(language)
    try:
        root = ET.fromstring(report_html(s)).find(f"{SVG}svg")
    finally:
        s.set_language("en")  # the game is shared by the tests
    assert root is not None
    (marks,) = groups(root, "stats-marks")
    keys = {g.get("data-kind"): "".join(g.itertext()) for g in groups(marks, "stats-mark-key")}
    assert keys.keys() == {"capture", "barricade"}
    assert keys["capture"].startswith(capture) and keys["barricade"] == barricade
    # each key entry draws the same shape as the marks on the lines
    shapes = {
        kind: [el.tag for el in g if el.tag != f"{SVG}text"]
        for kind, g in zip(keys, groups(marks, "stats-mark-key"), strict=True)
    }
    assert shapes["capture"] == [el.tag for el in groups(root, "stats-capture")[0] if el.tag != f"{SVG}title"]
    assert shapes["barricade"] == [el.tag for el in groups(root, "stats-barricade")[0] if el.tag != f"{SVG}title"]
    (note,) = groups(root, "stats-measure")
    text = " ".join(t.text or "" for t in note.iter(f"{SVG}text"))
    assert measure in text and ("Lower is better" in text or "Je weniger, desto besser" in text)
    height = float(root.get("viewBox", "").split()[3])
    assert all(float(t.get("y") or 0) < height for t in root.iter(f"{SVG}text"))
    assert all(len(t.text or "") <= 60 for t in note.iter(f"{SVG}text"))  # wrapped to the chart's width


def test_a_maedn_chart_keys_only_the_captures_and_counts_every_piece() -> None:
    s = played(GAMES[0])
    root = ET.fromstring(report_html(s)).find(f"{SVG}svg")
    assert root is not None
    assert [g.get("data-kind") for g in groups(root, "stats-mark-key")] == ["capture"]
    assert "all of a player's pieces" in " ".join(t.text or "" for t in root.iter(f"{SVG}text"))


# -- progress of the tables ----------------------------------------------------


@pytest.mark.parametrize(("board", "players", "each"), [("classic", 2, 40), ("classic", 4, 40), ("fast", 3, 26)])
def test_malefiz_progress_at_the_start_counts_the_leading_pawn_from_its_house(
    board: str, players: int, each: int
) -> None:
    colours = MALEFIZ.seat_colours(board, players, frozenset())
    state = MALEFIZ.new_game(board, colours)
    assert MALEFIZ.face.progress(state) == [each] * players


def test_malefiz_progress_one_step_from_the_goal_and_on_it() -> None:
    state = MALEFIZ.new_game("classic", ("red", "yellow"))
    below = field(8, 1)
    assert state.board.distance[below] == 1
    near = state._replace(pawns=((HOUSE,) * 4 + (below,), (HOUSE,) * 5))
    assert MALEFIZ.face.progress(near) == [1, 40]
    home = state._replace(pawns=((HOUSE,) * 4 + (state.board.goal,), (HOUSE,) * 5))
    assert MALEFIZ.face.progress(home) == [0, 40]


def test_malefiz_progress_counts_a_pawn_in_the_forest_from_the_forest_exit() -> None:
    state = MALEFIZ.new_game("fast", ("red", "green"))
    b = state.board
    assert b.forest_exit is not None
    forest = b.distance[b.forest_exit] + 1
    moved = state._replace(pawns=((FOREST, HOUSE, HOUSE, HOUSE), (HOUSE,) * 4))
    assert MALEFIZ.face.progress(moved) == [forest, 26]
    assert forest < 26


@pytest.mark.parametrize(("board", "players", "each"), [("cross", 2, 169), ("cross", 4, 169), ("star", 6, 201)])
def test_maedn_progress_at_the_start_counts_the_piece_on_a_and_those_on_b(board: str, players: int, each: int) -> None:
    colours = MAEDN.seat_colours(board, players, frozenset())
    state = MAEDN.new_game(board, colours)
    assert MAEDN.face.progress(state) == [each] * players


def test_maedn_progress_one_step_from_the_goal_and_home() -> None:
    state = MAEDN.new_game("cross", ("yellow", "red"))
    start = tuple(state.pieces)
    near = state._replace(pieces=((39, 41, 42, 43), start[1]))
    assert MAEDN.face.progress(near) == [1, 169]
    assert MAEDN.face.progress(state._replace(pieces=((40, 41, 42, 43), start[1]))) == [0, 169]
    low = state._replace(pieces=((-1, 40, 41, 42), start[1]))  # three home on a..c: they move up one each
    assert MAEDN.face.progress(low) == [41 + 3, 169]
    all_on_b = state._replace(pieces=((-1, -1, -1, -1), start[1]))  # a piece on B counts its step onto A
    assert MAEDN.face.progress(all_on_b) == [170, 169]


def test_maedn_progress_adds_a_seats_two_colours_and_leaves_out_the_neutral_one() -> None:
    two = MAEDN.new_game("cross", ("yellow", "green"), {"two_colours"})
    assert MAEDN.face.progress(two) == [338, 338]
    slot = two.seating.slot_of["red"]  # yellow's partner colour
    pieces = list(two.pieces)
    pieces[slot] = (40, 41, 42, 43)
    assert MAEDN.face.progress(two._replace(pieces=tuple(pieces))) == [169, 338]
    neutral = MAEDN.new_game("cross", ("yellow", "green", "red"), {"neutral"})
    assert neutral.seating.neutral is not None
    assert MAEDN.face.progress(neutral) == [169, 169, 169]


CROWDED = "?game=maedn&board=star&seats=" + ",".join(["bot:medium"] * 6) + "&seed=9"
"""A game of six colours on the star: some hundred pieces sent back."""


def mark_radii(address: str) -> tuple[int, list[float]]:
    """The marks of the game ``address`` and the radius of each capture's circle on its chart."""
    s = played(address)
    stats = game_stats(s)
    root = parse(chart_svg(stats, names_of(s), [seat.colour for seat in s.setup.seats]))
    circles = [c for g in groups(root, "stats-capture") for c in g.iter(f"{SVG}circle")]
    return len(stats.marks), [float(c.get("r", "0")) for c in circles]


def test_many_marks_are_drawn_smaller_so_the_lines_show_between_them() -> None:
    few, few_radii = mark_radii(GAMES[0])
    many, many_radii = mark_radii(CROWDED)
    assert few <= 24 and few_radii and set(few_radii) == {5.0}  # a short 2-player game: full size
    assert many > 90 and set(many_radii) == {2.5}  # six colours on the star: half size, the smallest
    key = [c for g in groups(parse(chart_svg(game_stats(played(CROWDED)), [], [])), "stats-mark-key") for c in g]
    assert any(c.get("r") == "5" for c in key)  # the key's mark stays full size


def test_a_long_game_draws_thinner_lines_so_six_of_them_stay_apart() -> None:
    def widths(address: str) -> set[str]:
        s = played(address)
        root = parse(chart_svg(game_stats(s), names_of(s), [seat.colour for seat in s.setup.seats]))
        return {p.get("stroke-width", "") for g in groups(root, "stats-line") for p in g.iter(f"{SVG}polyline")}

    assert widths(GAMES[0]) == {"2.5", "4.5"}  # a short 2-player game
    assert widths(CROWDED) == {"1.6", "3.0"}  # six colours on the star, over a thousand turns
